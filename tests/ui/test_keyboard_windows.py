"""Every window and dialog worked by the keyboard alone: Tab reaches each control, the
focus is always drawn, and a control that never takes the focus names its key."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.journal import Journal
from station.resources import read_text
from station.ui.dashboard.window import DashboardWindow
from station.ui.envelopes.controller import EnvelopeController
from station.ui.envelopes.window import EnvelopeWindow
from station.ui.operator.challenge_register import ChallengeRegisterDialog
from station.ui.operator.controller import CountController
from station.ui.operator.decision_dialog import DecisionDialog
from station.ui.operator.feed import ControllerFeed
from station.ui.operator.prompts import PileCountDialog
from station.ui.operator.sheet_dialogs import PrepareSheetDialog, ReopenDialog
from station.ui.operator.window import OperatorWindow
from station.ui.start.new_election import NewElectionDialog
from station.ui.start.window import StartDialog
from tests.ui.keyboard import focus_unseen, not_reached
from tests.ui.operator.helpers import GROUPS
from tests.ui.windows import THREE, key, open_window


@pytest.fixture(autouse=True)
def styled(qapp: QApplication) -> Iterator[None]:
    """Station's style sheet on the application, as `app.ensure_app` sets it."""
    before = qapp.styleSheet()
    qapp.setStyleSheet(read_text("operator.qss"))
    yield
    qapp.setStyleSheet(before)


def active(qtbot: QtBot, window: QWidget) -> QWidget:
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def assert_keyboard_reaches_everything(window: QWidget) -> None:
    found = not_reached(window) + focus_unseen(window)
    assert not found, f"{type(window).__name__}:\n  " + "\n  ".join(found)


def test_the_operator_window_and_its_key_prompt(window: OperatorWindow) -> None:
    window.controller.record(Call.FOR)  # Undo is enabled
    key(window, Qt.Key.Key_C)
    assert window.prompts.challenge.isVisible()
    assert_keyboard_reaches_everything(window)


def test_the_envelope_window(qtbot: QtBot, mail_file: Path) -> None:
    window = EnvelopeWindow(EnvelopeController(Journal.open(mail_file)))
    try:
        assert_keyboard_reaches_everything(active(qtbot, window))
    finally:
        window.close()


def test_the_start_window(qtbot: QtBot, election_file: Path) -> None:
    assert_keyboard_reaches_everything(active(qtbot, StartDialog([election_file])))


def test_the_new_election_dialog_with_a_voting_group(qtbot: QtBot) -> None:
    dialog = NewElectionDialog(create=Journal.create)
    dialog.voting_groups.add_group("Professional employees", "30", "28")
    dialog.voters.setText("voters.csv")  # the polls box is enabled
    assert_keyboard_reaches_everything(active(qtbot, dialog))


def test_the_prepare_sheet_dialog(qtbot: QtBot, controller: CountController) -> None:
    dialog = PrepareSheetDialog(controller.setup, controller.count.tally, "Final")
    assert_keyboard_reaches_everything(active(qtbot, dialog))


def test_the_reopen_and_pile_count_dialogs(qtbot: QtBot) -> None:
    assert_keyboard_reaches_everything(active(qtbot, ReopenDialog("final tally sheet of event 9")))
    assert_keyboard_reaches_everything(active(qtbot, PileCountDialog(Call.FOR, 1, 100)))


def test_the_challenge_register(qtbot: QtBot, window: OperatorWindow) -> None:
    for call in (Call.CHALLENGE, Call.FOR):
        window.controller.record(call)
    register = ChallengeRegisterDialog(window.controller, window)
    active(qtbot, register)
    register.table.selectRow(0)  # its corrections are enabled
    assert_keyboard_reaches_everything(register)


def test_the_decision_dialog(qtbot: QtBot, first_count: Path) -> None:
    with Journal.open(first_count, read_only=True) as journal:
        count, setup = journal.fold(), journal.election.setup
    assert_keyboard_reaches_everything(active(qtbot, DecisionDialog(count, setup)))


def test_a_message_box_the_app_shows(qtbot: QtBot) -> None:
    box = QMessageBox(
        QMessageBox.Icon.Warning, "Cannot open the election file", "not an election file"
    )
    assert_keyboard_reaches_everything(active(qtbot, box))


def test_the_dashboard_has_nothing_the_keyboard_cannot_reach(
    qtbot: QtBot, controller: CountController
) -> None:
    dashboard = DashboardWindow(ControllerFeed(controller))
    active(qtbot, dashboard)
    assert_keyboard_reaches_everything(dashboard)
    theme = dashboard.theme.name
    QTest.keyClick(dashboard, Qt.Key.Key_T)  # its one key of its own: the theme
    assert dashboard.theme.name != theme


@pytest.mark.parametrize("setup", [THREE, GROUPS], ids=["several unions", "voting groups"])
def test_the_operator_window_of_other_ballots(
    qtbot: QtBot, tmp_path: Path, setup: ElectionSetup
) -> None:
    path = tmp_path / "election.station"
    Journal.create(path, setup)
    window = open_window(qtbot, path)
    try:
        assert_keyboard_reaches_everything(window)
    finally:
        window.close()
