"""`station dashboard`'s own keys: Ctrl+Q and Ctrl+W close it as they close the operator
window; F11 switches full screen; Escape leaves full screen and never enters it."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.standalone import standalone_dashboard, standalone_keys
from station.ui.dashboard.tables import TablesDashboard
from tests.tables.helpers import table_file


@pytest.fixture
def files(tmp_path: Path, qapp: object) -> list[Path]:
    return [table_file(tmp_path, "1", "FFA"), table_file(tmp_path, "2", "AC")]


@pytest.fixture
def followers(files: list[Path]) -> Iterator[list[JournalFollower]]:
    followers = [JournalFollower(path) for path in files]
    yield followers
    for follower in followers:
        follower.close()


def single(qtbot: QtBot, followers: list[JournalFollower]) -> QWidget:
    return standalone_dashboard(followers[0], "dark")


def tables(qtbot: QtBot, followers: list[JournalFollower]) -> QWidget:
    window = TablesDashboard(followers)
    standalone_keys(window)
    return window


def shown(qtbot: QtBot, window: QWidget) -> QWidget:
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


@pytest.mark.parametrize("make", [single, tables])
@pytest.mark.parametrize("key", [Qt.Key.Key_Q, Qt.Key.Key_W])
def test_ctrl_q_and_ctrl_w_close_the_dashboard(
    qtbot: QtBot, followers: list[JournalFollower], make, key: Qt.Key
) -> None:
    window = shown(qtbot, make(qtbot, followers))
    qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible())


@pytest.mark.parametrize("make", [single, tables])
def test_escape_leaves_full_screen_and_never_enters_it(
    qtbot: QtBot, followers: list[JournalFollower], make
) -> None:
    window = shown(qtbot, make(qtbot, followers))
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.isVisible() and not window.isFullScreen()
    qtbot.keyClick(window, Qt.Key.Key_F11)
    qtbot.waitUntil(window.isFullScreen)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not window.isFullScreen())
    assert window.isVisible()
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    assert window.isVisible() and not window.isFullScreen()
