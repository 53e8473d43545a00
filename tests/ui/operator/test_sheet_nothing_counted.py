"""A final sheet with nothing counted needs the agent's explicit confirmation."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Action
from station.ui.operator.window import OperatorWindow
from tests.ui.windows import open_window


def actions(window: OperatorWindow) -> list[str]:
    return [record.action for record in window.controller.journal.records()]


def test_a_final_sheet_of_no_ballots_needs_a_second_enter(
    qtbot: QtBot, election_file: Path
) -> None:
    window = open_window(qtbot, election_file)
    try:
        window.prepare_action.trigger()
        dialog = window.prepare_dialog
        qtbot.waitUntil(dialog.isVisible)
        qtbot.keyClick(dialog.agent, Qt.Key.Key_Return)
        assert dialog.isVisible() and dialog.request is None
        assert dialog.error_label.text() == (
            "Nothing is counted (0 of 4,852 ballots counted): a final tally would certify no"
            " ballots at all. Press Enter (Prepare and lock) again only if the agent confirms it."
        )
        assert Action.SIGN not in actions(window)
        qtbot.keyClick(dialog.agent, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not dialog.isVisible())
        assert actions(window)[-1] == Action.SIGN
    finally:
        window.close()


def test_an_interim_sheet_of_no_ballots_needs_no_confirmation(
    qtbot: QtBot, election_file: Path
) -> None:
    window = open_window(qtbot, election_file)
    try:
        window.prepare_action.trigger()
        dialog = window.prepare_dialog
        qtbot.waitUntil(dialog.isVisible)
        dialog.interim.setChecked(True)
        qtbot.keyClick(dialog.agent, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: not dialog.isVisible())
        assert actions(window)[-1] == Action.SIGN
    finally:
        window.close()
