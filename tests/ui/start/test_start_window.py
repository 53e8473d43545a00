"""The start window (`station` alone): new, open, demo and recent files, wired by `Station`."""

from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QEvent, QObject, QPoint, Qt
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from station.app import Station
from station.domain.election import DEMO_CASE
from station.journal import Journal
from station.settings import Settings
from station.ui.start.new_election import NewElectionDialog
from station.ui.start.window import StartDialog


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "config" / "station.ini")


def open_station(qtbot: QtBot, settings: Settings) -> tuple[Station, StartDialog]:
    station = Station(settings=settings)
    start = station.show_start()
    qtbot.addWidget(start)
    qtbot.waitExposed(start)
    return station, start


def close(station: Station) -> None:
    if station.window is not None:
        station.window.close()
    station.remove_demo_files()


def double_click(qtbot: QtBot, widget: QWidget, pos: QPoint) -> None:
    # A real double-click is a press and release, then the double-click.
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def test_the_buttons_ask_for_what_the_user_wants(qtbot: QtBot) -> None:
    start = StartDialog()
    qtbot.addWidget(start)
    for button, signal in (
        (start.new_button, start.new_election_requested),
        (start.open_button, start.open_requested),
        (start.demo_button, start.demo_requested),
    ):
        with qtbot.waitSignal(signal, timeout=1000):
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert button.toolTip()
    assert start.recent_list.isHidden()  # nothing opened yet: no empty list


def test_recent_files_open_by_double_click_or_enter_and_missing_ones_cannot(
    qtbot: QtBot, tmp_path: Path, election_file: Path
) -> None:
    gone = tmp_path / "moved-away.station"
    start = StartDialog([election_file, gone])
    qtbot.addWidget(start)
    start.show()
    qtbot.waitExposed(start)
    assert start.recent_files() == [(election_file, True), (gone, False)]
    assert "missing" in start.recent_list.item(1).text()

    viewport = start.recent_list.viewport()
    item_rect = start.recent_list.visualItemRect(start.recent_list.item(0))
    with qtbot.waitSignal(start.recent_file_requested, timeout=1000) as opened:
        double_click(qtbot, viewport, item_rect.center())
    assert opened.args == [election_file]

    start.recent_list.setFocus()
    start.recent_list.setCurrentRow(0)
    with qtbot.waitSignal(start.recent_file_requested, timeout=1000) as opened:
        qtbot.keyClick(start.recent_list, Qt.Key.Key_Return)
    assert opened.args == [election_file]
    assert start.isVisible()  # Enter opened the file, it did not press a button

    gone_rect = start.recent_list.visualItemRect(start.recent_list.item(1))
    with qtbot.assertNotEmitted(start.recent_file_requested, wait=100):
        double_click(qtbot, viewport, gone_rect.center())


def test_opening_a_recent_file_counts_into_it_and_keeps_it_first(
    qtbot: QtBot, settings: Settings, election_file: Path, tmp_path: Path
) -> None:
    other = tmp_path / "other.station"
    settings.add_recent_file(election_file)
    settings.add_recent_file(other)  # newest first, and since gone
    station, start = open_station(qtbot, settings)
    assert start.recent_files() == [(other, False), (election_file.resolve(), True)]
    start.recent_file_requested.emit(election_file)
    try:
        assert station.window is not None and station.window.isVisible()
        assert "29-RC-288020" in station.window.windowTitle()
        assert not station.window.demo_badge.isVisible()
        assert station.start is None and not start.isVisible()
        assert settings.recent_files()[0] == election_file.resolve()
    finally:
        close(station)


def test_the_demo_opens_marked_demo_and_is_not_a_recent_file(
    qtbot: QtBot, settings: Settings
) -> None:
    station, start = open_station(qtbot, settings)
    qtbot.mouseClick(start.demo_button, Qt.MouseButton.LeftButton)
    window = station.window
    assert window is not None
    try:
        assert window.windowTitle().startswith("DEMO")
        assert DEMO_CASE in window.windowTitle()
        assert window.demo_badge.isVisible()
        assert window.controller.count.tally.counted > 0  # part-way through
        folder = station.demo_folders[0]
        assert window.controller.journal.path.parent == folder
        assert settings.recent_files() == []
        window.toggle_dashboard()
        assert window.dashboard is not None
        assert window.dashboard.windowTitle().startswith("DEMO")
        assert window.dashboard.demo_badge.isVisible()
    finally:
        close(station)
    assert not folder.exists()  # the temporary file went with the window


def test_window_placement_and_theme_are_remembered(
    qtbot: QtBot, settings: Settings, election_file: Path
) -> None:
    station = Station(settings=settings)
    station.open_path(election_file)
    window = station.window
    assert window is not None
    window.move(QPoint(140, 90))
    window.resize(720, 560)
    window.toggle_dashboard()
    assert window.dashboard is not None and window.dashboard.theme.name == "dark"
    window.dashboard.toggle_theme()  # the T key
    QApplication.processEvents()
    window.close()
    saved = settings.geometry("operator")
    assert isinstance(saved, QByteArray)
    assert settings.theme() == "light"

    again = Station(settings=Settings(settings.path))  # the next day
    again.open_path(election_file)
    assert again.window is not None
    try:
        assert again.window.size().toTuple() == (720, 560)
        again.window.toggle_dashboard()
        assert again.window.dashboard is not None
        assert again.window.dashboard.theme.name == "light"
    finally:
        close(again)


def test_the_new_election_dialog_offers_the_pile_size_last_used(
    qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = NewElectionDialog(folder=tmp_path, pile=50, create=Journal.create)
    qtbot.addWidget(dialog)
    assert dialog.pile.value() == 50
    for field, text in (
        (dialog.case, "29-RC-288020"),
        (dialog.employer, "Amazon.com Services LLC"),
        (dialog.union, "Amazon Labor Union"),
        (dialog.eligible, "8325"),
    ):
        field.setText(text)
    dialog.pile.setValue(25)
    assert dialog.setup().pile == 25


class _CloseWatch(QObject):
    """Counts the close events a window receives (hiding it is not closing it)."""

    def __init__(self) -> None:
        super().__init__()
        self.closes = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Close:
            self.closes += 1
        return False


@pytest.mark.parametrize(
    ("key", "modifier"),
    [
        (Qt.Key.Key_Escape, Qt.KeyboardModifier.NoModifier),
        (Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier),
        (Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier),
    ],
)
def test_esc_ctrl_q_and_ctrl_w_close_the_start_window(
    qtbot: QtBot, tmp_path: Path, key: Qt.Key, modifier: Qt.KeyboardModifier
) -> None:
    existing = tmp_path / "jfk8.station"
    existing.write_bytes(b"")
    start = StartDialog([existing])
    qtbot.addWidget(start)
    watch = _CloseWatch()
    start.installEventFilter(watch)
    start.show()
    qtbot.waitExposed(start)
    start.activateWindow()
    start.recent_list.setFocus()
    qtbot.keyClick(start.recent_list, key, modifier)
    # Closed (the last window closing quits the application), not merely hidden.
    assert watch.closes == 1
    assert not start.isVisible()


def test_a_recent_file_is_listed_by_its_case_number(
    qtbot: QtBot, settings: Settings, election_file: Path
) -> None:
    """Files named count.station in every case's folder are told apart by their case."""
    station = Station(settings=settings)
    station.open_path(election_file)
    try:
        assert station.window is not None
    finally:
        close(station)
    station, start = open_station(qtbot, settings)
    try:
        assert (
            start.recent_list.item(0)
            .text()
            .startswith(f"29-RC-288020  \u2014  {election_file.name}  \u2014  ")
        )
    finally:
        close(station)


def test_enter_presses_the_focused_button_as_space_does(qtbot: QtBot) -> None:
    start = StartDialog([])
    qtbot.addWidget(start)
    start.show()
    qtbot.waitExposed(start)
    pressed: list[str] = []
    start.new_election_requested.connect(lambda: pressed.append("new"))
    start.open_requested.connect(lambda: pressed.append("open"))
    start.demo_requested.connect(lambda: pressed.append("demo"))
    for button, key in (
        (start.new_button, Qt.Key.Key_Return),
        (start.open_button, Qt.Key.Key_Enter),
        (start.demo_button, Qt.Key.Key_Return),
    ):
        button.setFocus()
        qtbot.keyClick(button, key)
    assert pressed == ["new", "open", "demo"]
    assert start.isVisible()
