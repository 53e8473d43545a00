"""Opening the operator window and driving it by key, as the window tests in every room do."""

from pathlib import Path

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.journal import Journal
from station.ui.operator.controller import CountController
from station.ui.operator.window import OperatorWindow

KEYS = {
    Call.FOR: Qt.Key.Key_F,
    Call.AGAINST: Qt.Key.Key_A,
    Call.CHALLENGE: Qt.Key.Key_C,
    Call.VOID: Qt.Key.Key_V,
}


def open_window(qtbot: QtBot, path: Path) -> OperatorWindow:
    window = OperatorWindow(CountController(Journal.open(path)))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def figures(window: OperatorWindow) -> dict[Call, str]:
    return {call: button.figure() for call, button in window.pad.buttons.items()}


def key(
    window: OperatorWindow, qt_key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier, repeat=False
) -> None:
    printable = modifiers == Qt.KeyboardModifier.NoModifier and qt_key < 0x110000
    text = chr(qt_key).lower() if printable else ""
    press = QKeyEvent(QEvent.Type.KeyPress, qt_key, modifiers, text, repeat)
    release = QKeyEvent(QEvent.Type.KeyRelease, qt_key, modifiers, text, repeat)
    QApplication.sendEvent(window, press)
    QApplication.sendEvent(window, release)


# A ballot of three choices: a union, an intervenor and Neither.
THREE = ElectionSetup.validated(
    case_number="10-RC-000017", employer="Acme", union="Machinists",
    intervenors=["Carpenters"], eligible=40, ballots=6, pile=0,
)  # fmt: skip


def type_key(
    qtbot: QtBot,
    window: OperatorWindow,
    qt_key: Qt.Key,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """One key press and release on the active window, delivered where Qt sends keys."""
    active = QApplication.activeWindow() or window
    handle = active.windowHandle()
    assert handle is not None
    QTest.keyClick(handle, qt_key, modifiers)


def in_the_file(window: OperatorWindow) -> dict[Call, int]:
    """The tally folded from the election file by a reader of its own, not the window's."""
    with Journal.open(window.controller.journal.path, read_only=True) as reader:
        tally = reader.fold().tally
    return {
        Call.FOR: tally.for_union,
        Call.AGAINST: tally.against,
        Call.VOID: tally.void,
        Call.CHALLENGE: tally.challenged,
    }
