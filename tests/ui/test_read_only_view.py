"""A file the operator window cannot count in (an event the count cannot be counted on
after) opens read-only for the agent to see: the count of the events before it, the
event named, nothing written, the file let go of at the end."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from station import app
from station.app import Station
from station.domain import Action, Call, Count
from station.journal import Journal
from station.ui.operator.window import OperatorWindow
from tests.helpers import Connections
from tests.journal.helpers import tamper
from tests.kinds_helpers import (
    THREE,
    disputed_then_undone_and_redone,
    new,
    redo_gives_the_vote_back,
)
from tests.ui.windows import key


@pytest.fixture
def cannot_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A file whose event 5 leaves a count that does not add up, under the rule given."""
    path = tmp_path / "count.station"
    disputed_then_undone_and_redone(path)
    monkeypatch.setattr(Count, "_set_counting", redo_gives_the_vote_back)
    return path


def actions(path: Path) -> list[str]:
    with Journal.open(path, read_only=True) as reader:
        return [record.action for record in reader.records()]


def test_the_command_names_the_event_and_shows_the_file_read_only(
    qtbot: QtBot,
    cannot_count: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    sqlite_connections: Connections,
) -> None:
    made: list[Station] = []
    monkeypatch.setattr(app, "Station", lambda: made.append(Station()) or made[-1])
    seen: list[tuple[str, int, str]] = []

    def look_then_leave() -> None:
        window, follower = made[0].read_only[0]
        seen.append((window.windowTitle(), follower.count.last_seq, str(follower.problem)))
        QApplication.exit(0)

    QTimer.singleShot(0, look_then_leave)
    before = actions(cannot_count)
    assert app.run_operator(Journal.open(cannot_count)) == 2
    assert made[0].window is None  # no operator window: nothing could be recorded
    title, last_seq, problem = seen[0]
    assert "read-only" in title
    assert last_seq == 4  # the count of the events before the one named
    assert "event 5: it leaves a count that does not add up" in problem
    first, second = capsys.readouterr().err.splitlines()
    assert "event 5: it leaves a count that does not add up" in first
    assert "shown read-only" in second
    assert "Traceback" not in first + second
    assert actions(cannot_count) == before  # nothing written, not even an OPEN
    assert sqlite_connections.left_open() == []


def test_opening_it_from_a_window_says_why_and_shows_it_read_only(
    qtbot: QtBot,
    cannot_count: Path,
    monkeypatch: pytest.MonkeyPatch,
    sqlite_connections: Connections,
) -> None:
    said: list[str] = []

    def warning(parent: QWidget | None, title: str, text: str) -> None:
        said.append(f"{title}: {text}")

    monkeypatch.setattr(QMessageBox, "warning", warning)
    found = sorted(cannot_count.parent.iterdir())
    station = Station()
    station.open_path(cannot_count)
    assert station.window is None
    window, follower = station.read_only[0]
    qtbot.addWidget(window)
    assert window.isVisible()
    qtbot.waitUntil(lambda: "event 5" in window.problem_label.text())
    assert follower.count.last_seq == 4
    assert len(said) == 1 and "Cannot count in the election file" in said[0]
    assert "event 5" in said[0] and "shown read-only" in said[0]
    station.close()
    assert not window.isVisible()
    assert sqlite_connections.left_open() == []
    assert sorted(cannot_count.parent.iterdir()) == found  # no -wal or -shm left beside it


def test_a_key_that_leaves_a_count_not_adding_up_shows_the_file_read_only(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sqlite_connections: Connections,
) -> None:
    path = tmp_path / "count.station"
    new(path, *THREE)
    with Journal.open(path) as journal:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR, detail={"choice": 2})
        journal.append(Action.DISPUTE, Call.FOR, 2, {"party": "employer"})
        journal.append(Action.UNDO, Call.CHALLENGE, 2)
    monkeypatch.setattr(Count, "_set_counting", redo_gives_the_vote_back)
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: said.append(text))
    station = Station()
    station.open_path(path)
    window = station.window
    assert isinstance(window, OperatorWindow)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.count_lost):
        key(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()  # no key records anything more in this file
    recorded = actions(path)
    assert recorded[-2:] == ["redo", "close"]  # the redo was recorded, nothing after it
    redo = len(recorded) - 1
    shown, follower = station.read_only[0]
    qtbot.addWidget(shown)
    assert shown.isVisible() and follower.count.last_seq == redo - 1  # the events before
    assert f"event {redo}: it leaves a count that does not add up" in said[0]
    assert "shown read-only" in said[0]
    station.close()
    assert sqlite_connections.left_open() == []


def test_the_badge_says_read_only_and_which_event_not_a_passing_outage(
    qtbot: QtBot,
    cannot_count: Path,
    monkeypatch: pytest.MonkeyPatch,
    sqlite_connections: Connections,
) -> None:
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: None)
    station = Station()
    station.open_path(cannot_count)
    window, _ = station.read_only[0]
    qtbot.addWidget(window)
    status = window.status_label  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: "EVENT 5" in status.text())
    assert status.text() == "READ-ONLY \N{EM DASH} EVENT 5 DOES NOT ADD UP"
    assert status.property("state") == "read-only"
    assert "nothing more can be counted in this file" in window.problem_label.text()  # type: ignore[attr-defined]
    station.close()


def test_an_altered_event_is_named_altered_on_the_badge(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sqlite_connections: Connections,
) -> None:
    path = tmp_path / "count.station"
    new(path, *THREE)
    with Journal.open(path) as journal:
        journal.start_session()
        for _ in range(3):
            journal.append(Action.CALL, Call.FOR, detail={"choice": 2})
    tamper(path, "UPDATE events SET call = 'against' WHERE seq = 4")
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: None)
    station = Station()
    station.open_path(path)
    window, follower = station.read_only[0]
    qtbot.addWidget(window)
    status = window.status_label  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: "EVENT" in status.text())
    assert status.text() == "READ-ONLY \N{EM DASH} EVENT 4 ALTERED"
    assert "retrying" not in status.text()
    assert follower.count.last_seq == 3
    station.close()
