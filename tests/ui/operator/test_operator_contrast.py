"""The operator window's colours read in a bright room, computed from where they are set.

Its style sheet (resources/operator.qss) and the colours the window paints itself
(the last calls' corrections and session rows, a form's refusal), which the dialogs and the start
window share (it is the application's style sheet): every text colour at least 7:1
against what it sits on, every border that carries meaning (the call buttons' edges,
a question's frame, a focus outline) at least 3:1 (station/ui/contrast.py).
"""

from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from station.resources import read_text
from station.ui.contrast import ERROR_INK, MARK_CONTRAST, TEXT_CONTRAST
from station.ui.operator.help_overlay import HelpOverlay
from station.ui.operator.recent_calls import (
    CORRECTION_BACKGROUND,
    CORRECTION_FOREGROUND,
    SESSION_FOREGROUND,
)
from tests.ui.contrast_helpers import Pair, failing, rules, sheet_pairs

SHEET = read_text("operator.qss")


def backdrops() -> tuple[str, ...]:
    """What a widget without a background of its own sits on: the operator window's
    own colour, the white of the call buttons and the list of last calls, and the
    style's window colour (the dialogs', the start window's: Fusion's grey)."""
    window = next(rule for rule in rules(SHEET) if "#operatorWindow" in rule.selector)
    colour = window.colour("background")
    assert colour is not None
    return colour, "#ffffff", QApplication.palette().window().color().name()


def test_every_text_reads_at_7_to_1_and_every_border_at_3_to_1(qapp: QApplication) -> None:
    sheet = sheet_pairs(SHEET, backdrops(), TEXT_CONTRAST, MARK_CONTRAST)
    assert len(sheet) > 20  # the sheet was read: its labels, banners and buttons
    painted = [
        Pair(
            "last calls: a correction",
            CORRECTION_FOREGROUND.name(),
            CORRECTION_BACKGROUND.name(),
            TEXT_CONTRAST,
        ),
        Pair(
            "last calls: the station opening or closing",
            SESSION_FOREGROUND.name(),
            "#ffffff",
            TEXT_CONTRAST,
        ),
    ]
    painted += [
        Pair("a form's or a dialog's refusal", ERROR_INK, under, TEXT_CONTRAST)
        for under in backdrops()
    ]
    assert failing(sheet + painted) == []


def test_the_call_buttons_edges_stand_out_from_the_button_and_the_window(
    qapp: QApplication,
) -> None:
    """FOR's and AGAINST's thick top edges are the colour cue beside their words."""
    edges = {
        rule.selector: colour
        for rule in rules(SHEET)
        for prop, colour in rule.borders()
        if rule.selector.startswith("QPushButton#call_") and prop == "border-top"
    }
    assert set(edges) == {
        "QPushButton#call_for",
        "QPushButton#call_against",
        "QPushButton#call_challenge",
        "QPushButton#call_void",
    }
    pairs = [
        Pair(selector, colour, under, MARK_CONTRAST)
        for selector, colour in edges.items()
        for under in backdrops()
    ]
    assert failing(pairs) == []


def test_the_keyboard_help_reads_at_7_to_1(qtbot: QtBot) -> None:
    """The help overlay has its own dark style sheet, over the whole window."""
    parent = QWidget()
    qtbot.addWidget(parent)
    sheet = HelpOverlay(parent).styleSheet()
    overlay = next(rule for rule in rules(sheet) if rule.selector == "QFrame#helpOverlay")
    background = overlay.colour("background")
    assert background is not None
    pairs = sheet_pairs(sheet, (background,), TEXT_CONTRAST, MARK_CONTRAST)
    assert pairs and failing(pairs) == []
