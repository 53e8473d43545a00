"""Keys typed into the envelope window, as the operator types them."""

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain.envelopes import EnvelopeFigures
from station.ui.envelopes.window import EnvelopeWindow

CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def key(
    qtbot: QtBot, window: EnvelopeWindow, k: Qt.Key, mods=Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(window.search, k, mods)


def figures(window: EnvelopeWindow) -> EnvelopeFigures:
    return window.controller.count.envelopes.figures


def pick(qtbot: QtBot, window: EnvelopeWindow, text: str) -> None:
    """Search for `text` and take the first match with Enter."""
    qtbot.keyClicks(window.search, text)
    key(qtbot, window, Qt.Key.Key_Return)


def rule(qtbot: QtBot, window: EnvelopeWindow, text: str, ruling: Qt.Key) -> None:
    """Pick the envelope `text` finds and rule it with one key."""
    pick(qtbot, window, text)
    key(qtbot, window, ruling)
