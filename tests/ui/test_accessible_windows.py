"""Every window and dialog read through Qt's accessibility tree, as a screen reader reads
it: each control a user can reach has a name, and each text field a label."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.journal import Journal
from station.ui.dashboard.feed import JournalFollower
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
from station.ui.operator.work_progress import WorkProgress
from station.ui.start.new_election import NewElectionDialog
from station.ui.start.window import StartDialog
from tests.ui.accessibility import problems
from tests.ui.dashboard.helpers import dashboard as tables_dashboard
from tests.ui.dashboard.helpers import table
from tests.ui.operator.helpers import GROUPS, small_election
from tests.ui.windows import THREE, key, open_window


def shown(qtbot: QtBot, widget: QWidget) -> QWidget:
    qtbot.addWidget(widget)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def assert_named(widget: QWidget) -> None:
    found = problems(widget)
    assert not found, f"{type(widget).__name__}:\n  " + "\n  ".join(found)


@pytest.fixture
def operator_on(
    qtbot: QtBot, tmp_path: Path
) -> Iterator[Callable[[ElectionSetup], OperatorWindow]]:
    windows: list[OperatorWindow] = []

    def opened(setup: ElectionSetup) -> OperatorWindow:
        path = tmp_path / "election.station"
        Journal.create(path, setup)
        windows.append(open_window(qtbot, path))
        return windows[-1]

    yield opened
    for window in windows:
        window.close()


# -- the operator window and what it shows --------------------------------------


def test_the_operator_window_of_a_plain_count(window: OperatorWindow) -> None:
    assert_named(window)


def test_the_operator_window_of_several_unions(
    operator_on: Callable[[ElectionSetup], OperatorWindow],
) -> None:
    assert_named(operator_on(THREE))


def test_the_operator_window_of_voting_groups(
    operator_on: Callable[[ElectionSetup], OperatorWindow],
) -> None:
    assert_named(operator_on(GROUPS))


def test_the_operator_windows_key_prompts(window: OperatorWindow) -> None:
    key(window, Qt.Key.Key_C)
    assert window.prompts.challenge.isVisible()
    assert_named(window)
    key(window, Qt.Key.Key_U)  # the Union challenged: its reason is asked next
    assert_named(window)
    key(window, Qt.Key.Key_F)
    key(window, Qt.Key.Key_D)  # the Union disputes the FOR: who joins is asked
    assert window.prompts.dispute.isVisible()
    assert_named(window)


def test_the_pile_prompt(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, small_election(tmp_path, pile=3))
    try:
        for _ in range(3):
            key(window, Qt.Key.Key_F)
        assert window.prompts.pile.isVisible()
        assert_named(window)
    finally:
        window.close()


def test_the_help_overlay(window: OperatorWindow, qtbot: QtBot) -> None:
    key(window, Qt.Key.Key_F1)
    qtbot.waitUntil(window.help_overlay.isVisible)
    assert_named(window)


def test_the_envelope_window(qtbot: QtBot, mail_file: Path) -> None:
    window = EnvelopeWindow(EnvelopeController(Journal.open(mail_file)))
    try:
        assert_named(shown(qtbot, window))
    finally:
        window.close()


# -- dialogs the operator reaches -------------------------------------------------


def test_the_prepare_sheet_dialog(qtbot: QtBot, controller: CountController) -> None:
    dialog = PrepareSheetDialog(controller.setup, controller.count.tally, "Final")
    assert_named(shown(qtbot, dialog))


def test_the_reopen_dialog(qtbot: QtBot) -> None:
    assert_named(shown(qtbot, ReopenDialog("final tally sheet of event 9")))


def test_the_pile_count_dialog(qtbot: QtBot) -> None:
    assert_named(shown(qtbot, PileCountDialog(Call.FOR, 1, 100)))


def test_the_challenge_register(qtbot: QtBot, window: OperatorWindow) -> None:
    for call in (Call.CHALLENGE, Call.FOR, Call.CHALLENGE):
        window.controller.record(call)
    assert_named(shown(qtbot, ChallengeRegisterDialog(window.controller, window)))


def test_the_decision_dialog(qtbot: QtBot, first_count: Path) -> None:
    with Journal.open(first_count, read_only=True) as journal:
        count, setup = journal.fold(), journal.election.setup
    assert_named(shown(qtbot, DecisionDialog(count, setup)))


def test_a_message_box_the_app_shows(qtbot: QtBot) -> None:
    box = QMessageBox(
        QMessageBox.Icon.Warning, "Cannot open the election file", "not an election file"
    )
    assert_named(shown(qtbot, box))


# -- the start window and the New election dialog ---------------------------------


def test_the_start_window(qtbot: QtBot, election_file: Path) -> None:
    assert_named(shown(qtbot, StartDialog([election_file])))


def test_the_new_election_dialog(qtbot: QtBot) -> None:
    dialog = NewElectionDialog(create=Journal.create)
    assert_named(shown(qtbot, dialog))


def test_the_new_election_dialogs_voting_groups(qtbot: QtBot) -> None:
    dialog = NewElectionDialog(create=Journal.create)
    shown(qtbot, dialog)
    dialog.voting_groups.add_group("Professional employees", "30", "28")
    assert_named(dialog)


# -- the dashboards --------------------------------------------------------------


def test_the_dashboard_of_a_plain_count(qtbot: QtBot, controller: CountController) -> None:
    controller.record(Call.FOR)
    assert_named(shown(qtbot, DashboardWindow(ControllerFeed(controller))))


def test_the_dashboard_of_voting_groups(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, GROUPS)
    controller = CountController(Journal.open(path))
    try:
        assert_named(shown(qtbot, DashboardWindow(ControllerFeed(controller))))
    finally:
        controller.close()


def test_the_dashboard_after_the_count(qtbot: QtBot, first_count: Path) -> None:
    feed = JournalFollower(first_count)
    feed.follower.close()
    assert_named(shown(qtbot, DashboardWindow(feed)))


def test_the_dashboard_of_several_tables(qtbot: QtBot, tmp_path: Path) -> None:
    paths = [table(tmp_path, "1", [1, 2, 0], sign=True), table(tmp_path, "2", [1], sign=False)]
    window = tables_dashboard(qtbot, paths)
    window.show()
    qtbot.waitExposed(window)
    assert_named(window)


def test_the_progress_of_an_export(qtbot: QtBot, window: OperatorWindow) -> None:
    progress = WorkProgress(window, "Exporting the signed tally sheet\u2026")
    progress.dialog.show()
    qtbot.waitExposed(progress.dialog)
    progress(1, 4)
    try:
        assert_named(progress.dialog)
    finally:
        progress.finish()
