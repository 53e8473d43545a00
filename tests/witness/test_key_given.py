"""`station dashboard URL --key FINGERPRINT` and `station witness --key`: the key written
down is the key used; without it, both say plainly that the signer was not checked."""

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication

from station.cli import main
from station.cli import witnessing as witnessing_cli
from station.sheet.keys import create_key
from tests.witness.helpers import Served

NOT_CHECKED = "(NOT checked against a fingerprint written down; add --key FINGERPRINT)"


def one_line_exit_2(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    assert main([str(arg) for arg in args]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err, captured.err
    assert "following" not in captured.out  # no window was opened
    return captured.err


@pytest.fixture
def no_window_loop(monkeypatch: pytest.MonkeyPatch, qapp: object) -> None:
    """The dashboard's loop runs the window's first turn (which prints what it follows)
    and returns at once."""
    from station import app

    def one_turn(application: object) -> int:
        QCoreApplication.processEvents()
        return 0

    monkeypatch.setattr(app, "run_loop", one_turn)


def test_the_dashboard_refuses_a_feed_signed_by_another_key(
    served: Served, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = create_key(tmp_path / "other.pem").fingerprint
    err = one_line_exit_2(capsys, "dashboard", served.url, "--key", other)
    assert f"the feed's heads are signed by key {served.key.fingerprint}" in err
    assert f"not by the expected key {other}" in err


def test_the_dashboard_refuses_what_is_not_a_fingerprint(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    err = one_line_exit_2(capsys, "dashboard", served.url, "--key", "7be2-0c1d")
    assert "--key '7be2-0c1d' is not a key fingerprint" in err


def test_the_dashboard_wants_a_key_per_feed(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    err = one_line_exit_2(
        capsys, "dashboard", served.url, served.url, "--key", served.key.fingerprint
    )
    assert "give one --key per feed, in the order of the URLs (2 feeds, 1 key)" in err


def test_the_dashboard_of_a_file_takes_no_key(
    election_file: Path, served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    err = one_line_exit_2(capsys, "dashboard", election_file, "--key", served.key.fingerprint)
    assert "--key holds a feed's signed heads to a key written down" in err


@pytest.mark.usefixtures("no_window_loop")
def test_the_dashboard_follows_a_feed_signed_by_the_key_given(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    upper = served.key.fingerprint.upper().replace("-", " ")  # as someone may copy it
    assert main(["dashboard", served.url, "--key", upper]) == 0
    out = capsys.readouterr().out
    assert f"heads signed by key {served.key.fingerprint})\n" in out
    assert "NOT checked" not in out


@pytest.mark.usefixtures("no_window_loop")
def test_the_dashboard_without_a_key_says_the_signer_is_not_checked(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["dashboard", served.url]) == 0
    out = capsys.readouterr().out
    assert f"heads signed by key {served.key.fingerprint}) {NOT_CHECKED}\n" in out


def test_the_witness_without_a_key_says_the_signer_is_not_checked(
    served: Served,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(witnessing_cli, "_witness", lambda follower, wait_s: 0)
    assert main(["witness", served.url, "--out", str(tmp_path / "a.witness")]) == 0
    assert capsys.readouterr().out.endswith(
        f"heads signed by key {served.key.fingerprint} {NOT_CHECKED}\n"
    )
    key = served.key.fingerprint
    assert main(["witness", served.url, "--out", str(tmp_path / "b.witness"), "--key", key]) == 0
    assert capsys.readouterr().out.endswith(f"heads signed by key {key}\n")
