"""`station --self-test`: the installation proves itself, and says in one line what is wrong."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from station import selftest
from station.cli import main


def test_the_self_test_passes_in_a_fresh_process(tmp_path: Path) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    env = {**os.environ, "XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(config)}
    env.pop("QT_QPA_PLATFORM", None)  # the self-test needs no display of its own
    env.pop("DISPLAY", None)
    result = subprocess.run(
        [sys.executable, "-m", "station", "--self-test"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "self-test passed" in result.stdout
    assert "exported sheet verified" in result.stdout
    assert result.stderr == ""
    assert not data.exists() and not config.exists()  # never the user's key or settings


def test_a_failed_check_is_one_line_and_exit_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in ("QT_QPA_PLATFORM", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(name, os.environ.get(name, ""))  # restored after the test
    monkeypatch.setattr("station.resources.resource_dir", lambda: tmp_path / "nothing")
    assert selftest.run_self_test() == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("station: self-test failed: resource operator.qss not found")


def test_self_test_takes_no_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--self-test", "key"]) == 2
    assert "--self-test takes no command" in capsys.readouterr().err
