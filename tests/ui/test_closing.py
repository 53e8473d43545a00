"""Windows and followers let go of the file they opened, however they go away."""

from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station import app
from station.app import Station
from station.journal import Journal
from station.ui.dashboard.feed import JournalFollower
from tests.helpers import Connections


def actions(path: Path) -> list[str]:
    with Journal.open(path, read_only=True) as reader:
        return [record.action for record in reader.records()]


def test_the_operator_window_ends_its_session_however_the_event_loop_ends(
    qtbot: QtBot,
    election_file: Path,
    sqlite_connections: Connections,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[app.Station] = []
    monkeypatch.setattr(app, "Station", lambda: made.append(Station()) or made[-1])
    # Leave the event loop without closing the window (QApplication.quit would close it).
    QTimer.singleShot(0, lambda: QApplication.exit(0))
    assert app.run_operator(Journal.open(election_file)) == 0
    assert made[0].window is not None
    qtbot.addWidget(made[0].window)  # deleted at the end, as every test's windows are
    assert not made[0].window.isVisible()
    assert sqlite_connections.left_open() == []
    assert actions(election_file) == ["open", "close"]
    with Journal.open(election_file):  # the lock was let go
        pass


def test_a_station_closes_the_window_and_its_journal(
    qtbot: QtBot, election_file: Path, sqlite_connections: Connections
) -> None:
    station = app.Station()
    station.open_path(election_file)
    assert station.window is not None
    qtbot.addWidget(station.window)
    station.close()
    assert not station.window.isVisible()
    assert sqlite_connections.left_open() == []
    assert actions(election_file) == ["open", "close"]


def test_a_dashboard_that_cannot_be_shown_lets_go_of_the_file(
    qtbot: QtBot,
    election_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    sqlite_connections: Connections,
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no window today")

    monkeypatch.setattr("station.ui.dashboard.window.DashboardWindow", broken)
    with pytest.raises(RuntimeError, match="no window today"):
        app.run_dashboard(election_file, None)
    assert sqlite_connections.left_open() == []


def test_a_follower_that_fails_to_start_lets_go_of_the_file(
    election_file: Path, monkeypatch: pytest.MonkeyPatch, sqlite_connections: Connections
) -> None:
    def broken(journal: Journal, after: int = 0) -> None:
        raise RuntimeError("a bug while catching up")

    monkeypatch.setattr(Journal, "records", broken)
    with pytest.raises(RuntimeError, match="a bug while catching up"):
        JournalFollower(election_file)
    assert sqlite_connections.left_open() == []
