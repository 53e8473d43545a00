"""F1: every key on one overlay; tooltips and screen-reader names on the controls."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QAbstractButton
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.journal import Journal
from station.ui.operator.help_overlay import SHORTCUTS
from station.ui.operator.window import OperatorWindow
from tests.ui.windows import figures, key


def listed_keys() -> set[str]:
    keys: set[str] = set()
    for _title, rows in SHORTCUTS:
        for text, _meaning in rows:
            for part in text.replace("after C:", "").replace(", then", ",").split(","):
                keys.update(word.strip() for word in part.split(" / "))
    return keys


def test_f1_shows_every_key_and_any_key_goes_back_without_recording(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    assert not window.help_overlay.isVisible()
    key(window, Qt.Key.Key_F1)
    assert window.help_overlay.isVisible()
    assert window.help_overlay.geometry() == window.rect()
    text = window.help_overlay.listed()
    for letter in "FACV":
        assert f"<b>{letter}</b>" in text
    before = figures(window)
    qtbot.keyClick(window.help_overlay, Qt.Key.Key_F)  # dismisses; records nothing
    assert not window.help_overlay.isVisible()
    assert figures(window) == before
    key(window, Qt.Key.Key_F)  # back to counting
    assert figures(window)[Call.FOR] == "1"


def test_the_overlay_lists_every_shortcut_of_the_window(window: OperatorWindow) -> None:
    listed = listed_keys()
    shortcuts = {
        sequence.toString(QKeySequence.SequenceFormat.PortableText)
        for action in window.actions()
        for sequence in action.shortcuts()
    }
    assert shortcuts  # the window has menu shortcuts
    assert shortcuts <= listed, shortcuts - listed
    # and the keys handled in keyPressEvent and by the prompts
    assert {"F", "A", "C", "V", "Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+Y", "D", "E", "U", "B"} <= listed
    assert {"Enter", "N", "Y", "Esc", "I", "S", "X", "M", "R", "O", "F11", "F1"} <= listed


def test_the_overlay_follows_the_window_size(qtbot: QtBot, window: OperatorWindow) -> None:
    window.help_action.trigger()
    window.resize(700, 560)
    qtbot.waitUntil(lambda: window.help_overlay.geometry() == window.rect())
    window.help_action.trigger()  # F1 again hides it
    assert not window.help_overlay.isVisible()


def test_every_button_explains_itself_and_calls_have_screen_reader_names(
    window: OperatorWindow,
) -> None:
    key(window, Qt.Key.Key_C)  # the challenge prompt's buttons appear too
    assert window.prompts.challenge.isVisibleTo(window)
    shown = [b for b in window.findChildren(QAbstractButton) if b.isVisibleTo(window)]
    assert len(shown) > 6
    for button in shown:
        assert button.toolTip(), button.text() or button.objectName()
    for call, button in window.pad.buttons.items():
        assert button.accessibleName() == f"Record {call.label}"
        assert "so far" in button.accessibleDescription()


def test_every_field_of_the_dialogs_explains_itself(qtbot: QtBot, window: OperatorWindow) -> None:
    from PySide6.QtWidgets import (
        QAbstractItemView,
        QComboBox,
        QDialogButtonBox,
        QLineEdit,
        QPlainTextEdit,
        QSpinBox,
        QWidget,
    )

    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from station.ui.operator.prompts import PileCountDialog
    from station.ui.operator.sheet_dialogs import PrepareSheetDialog, ReopenDialog
    from station.ui.start.new_election import NewElectionDialog

    controller = window.controller
    dialogs: list[QWidget] = [
        PrepareSheetDialog(controller.setup, controller.count.tally, "Final", window),
        ReopenDialog("final tally sheet of event 9", window),
        ChallengeRegisterDialog(controller, window),
        PileCountDialog(Call.FOR, 1, 100, window),
        NewElectionDialog(window, create=Journal.create),
    ]
    kinds = (QLineEdit, QPlainTextEdit, QComboBox, QSpinBox, QAbstractButton)
    for dialog in dialogs:
        boxes = dialog.findChildren(QDialogButtonBox)
        fields = [
            w
            for w in dialog.findChildren(QWidget)
            if isinstance(w, kinds)
            and not any(box.isAncestorOf(w) for box in boxes)  # OK and Cancel say it all
            and not isinstance(w.parentWidget(), (QComboBox, QSpinBox, QAbstractItemView))
        ]
        assert fields, dialog
        for field in fields:
            assert field.toolTip(), f"{type(dialog).__name__}: {type(field).__name__}"
        dialog.deleteLater()
