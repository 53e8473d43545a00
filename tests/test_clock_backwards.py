"""The clock going backwards mid-count (an adjusted laptop clock): `verify`, `sign` and
the window warn, and the sheet never prints a date range that ends before it starts."""

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from tests.ui.windows import key, open_window

NEW = ["--case", "29-RC-200001", "--employer", "Acme", "--union", "ALU", "--eligible", "10"]


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def clock(monkeypatch: pytest.MonkeyPatch, times: list[str]) -> None:
    """Events are dated `times` in turn, then the last one for good."""
    stamps: Iterator[str] = iter(times)
    last = [times[-1]]

    def now() -> str:
        last[0] = next(stamps, last[0])
        return last[0]

    monkeypatch.setattr("station.journal.store.utc_now", now)


@pytest.fixture
def election(tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object) -> Path:
    path = tmp_path / "x.station"
    assert run(capsys, "new", path, *NEW, "--ballots", "3", "--agent", "R. Agent")[0] == 0
    return path


def count(path: Path, calls: int) -> None:
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        for _ in range(calls):
            session.record(Call.FOR)


def test_verify_and_sign_warn_when_event_times_run_backwards(
    election: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        clock(patch, [
            "2026-11-01T17:00:00.000000+00:00",  # the session opens
            "2026-11-01T17:00:01.000000+00:00",
            "2026-10-31T09:00:00.000000+00:00",  # the clock set back
            "2026-10-31T09:00:01.000000+00:00",
        ])  # fmt: skip
        count(election, 3)
    code, out, err = run(capsys, "verify", election)
    assert code == 0 and out.startswith("OK")
    assert err.startswith("warning: event times run backwards: event 3 is dated")
    assert "before event 2 (2026-11-01 17:00:01 UTC)" in err and err.count("\n") == 1
    code, _, err = run(capsys, "sign", election)
    assert code == 0 and "event times run backwards: event 3" in err
    code, _, err = run(capsys, "export", election, "--out", election.parent / "sheet")
    assert code == 0, err
    code, out, err = run(capsys, "verify", election.parent / "sheet")
    assert code == 0 and "event times run backwards: event 3" in err


def test_the_date_of_the_count_never_ends_before_it_starts(
    election: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:  # the clock a year ahead while counting
        clock(patch, ["2027-12-01T10:00:00.000000+00:00"])
        count(election, 3)
    code, _, err = run(capsys, "sign", election)  # signed with the clock put right
    assert code == 0
    assert "the clock reads" in err and "earlier than event 5" in err
    code, _, err = run(capsys, "export", election, "--out", election.parent / "sheet")
    sheet = json.loads((election.parent / "sheet" / "tally.json").read_bytes())["sheet"]
    first, _, last = str(sheet["count_date"]).partition(" to ")
    assert first == min(first, last or first) and "2027-12-01" in sheet["count_date"]


def test_the_window_warns_when_the_clock_goes_back(
    qtbot: QtBot, election: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock(monkeypatch, ["2026-11-01T17:00:00.000000+00:00", "2026-11-01T17:00:01.000000+00:00"])
    window = open_window(qtbot, election)
    try:
        key(window, Qt.Key.Key_F)
        assert not window.notice_banner.isVisible() or "clock" not in window.notice_banner.text()
        clock(monkeypatch, ["2026-10-31T09:00:00.000000+00:00"])
        key(window, Qt.Key.Key_F)
        assert window.notice_banner.isVisible()
        assert "Event times run backwards: event 3" in window.notice_banner.text()
    finally:
        window.close()
