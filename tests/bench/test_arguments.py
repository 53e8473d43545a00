"""The benchmarks' command lines: nonsense is refused before any measuring begins."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest
import run
from arguments import cache_folder, positive, whole

RUN = Path(run.__file__)


@pytest.mark.parametrize("text", ["0", "-1", "abc", "1.5", ""])
def test_a_count_below_its_minimum_or_not_whole_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        whole(1)(text)


def test_a_count_at_its_minimum_is_taken() -> None:
    assert whole(1)("1") == 1
    assert whole(0)("0") == 0


@pytest.mark.parametrize("text", ["0", "-2", "nan", "inf", "fast"])
def test_a_rate_must_be_a_number_above_zero(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        positive(text)


def test_the_cache_folder_is_made_with_its_parents(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b"
    assert cache_folder(str(folder)) == folder
    assert folder.is_dir()
    assert list(folder.iterdir()) == []  # the probe leaves nothing


def test_a_file_or_an_unwritable_place_cannot_be_the_cache(tmp_path: Path) -> None:
    afile = tmp_path / "file"
    afile.write_text("x")
    with pytest.raises(argparse.ArgumentTypeError, match="is a file, not a folder"):
        cache_folder(str(afile))
    with pytest.raises(argparse.ArgumentTypeError, match="cannot keep the fixtures"):
        cache_folder(str(afile / "below"))


@pytest.mark.parametrize("args", [["--rounds", "0"], ["--rounds", "-1"], ["--cache", os.devnull]])
def test_run_refuses_nonsense_in_one_line_before_measuring(args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(RUN), *args], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stdout == ""  # no benchmark began
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("run.py: error: argument")


def test_the_last_line_holds_what_was_measured_when_a_benchmark_failed() -> None:
    figures = {"commit_ratio": 1.1, "station_commit_ms": 0.11, "bare_commit_ms": 0.1}
    line = run.headline(figures)
    assert line == {"commit_ratio": 1.1}


def test_a_failed_benchmark_is_named_and_gives_no_figures(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run.run("no_such_bench.py") is None
    assert "no_such_bench.py failed (exit 2)" in capsys.readouterr().out
