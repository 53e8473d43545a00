"""A UD election's windows call its votes YES and NO, as its ballot does, and the
dashboard's majority line sits at a majority of the employees eligible to vote
(docs/rules.md, "Deauthorization (UD)")."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup, Tally
from station.journal import Journal
from station.ui.dashboard.race_bar import RaceBar
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.feed import ControllerFeed
from station.ui.operator.sheet_dialogs import PrepareSheetDialog
from tests.ui.windows import key, open_window

UD = ElectionSetup.validated(
    case_number="10-UD-000051", employer="Acme Co", union="Local 9",
    petitioner="J. Worker", eligible=20, ballots=19, pile=0,
)  # fmt: skip


def test_the_calls_are_yes_and_no_in_every_window(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "ud.station"
    Journal.create(path, UD)
    window = open_window(qtbot, path)
    try:
        dashboard = DashboardWindow(ControllerFeed(window.controller))
        qtbot.addWidget(dashboard)
        key(window, Qt.Key.Key_Y)
        assert window.recent.texts()[0] == "Ballot 1 YES"
        key(window, Qt.Key.Key_N)
        assert window.recent.texts()[0] == "Ballot 2 NO"
        assert dashboard.flash.text() == "Ballot 2 NO"
        controller = window.controller
        controller.dispute(
            controller.journal.head_seq, Call.AGAINST, "employer", left_as_called=True
        )
        said = "Ballot 2 NO disputed by the Employer: left as called, noted for objections"
        assert window.recent.texts()[0] == said
        assert dashboard.flash.text() == said
        key(window, Qt.Key.Key_Y)
        key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert window.recent.texts()[0] == "\u21b6 Ballot 3 YES \u2014 undone"
        dialog = PrepareSheetDialog(UD, window.controller.count.tally, "Final", window)
        qtbot.addWidget(dialog)
        assert "(1 YES, 1 NO, 0 CHALLENGED, 0 VOID)" in dialog.reconciliation.text()
    finally:
        window.close()


def test_the_majority_line_is_a_majority_of_the_eligible(qtbot: QtBot) -> None:
    """20 eligible, 10 YES, 6 NO, 2 challenged: 10 of 18 is past half the ballots, but
    the line is at half of the 20 eligible, which 10 YES only reach."""
    bar = RaceBar(("YES", "NO"), eligible=20)
    qtbot.addWidget(bar)
    bar.resize(800, 90)
    bar.set_votes((10, 6), 2)
    assert bar.segments() == (10 / 20, 2 / 20, 6 / 20)
    assert bar.majority_at() == 10 / 20
    assert bar.majority_label() == "MAJORITY: 11 OF 20 ELIGIBLE"
    assert not bar.grab().isNull()
    plain = RaceBar(("FOR", "AGAINST"))
    plain.set_votes((10, 6), 2)
    assert plain.majority_at() == 0.5 and plain.segments()[0] == 10 / 18
    assert Tally(10, 6, 1, 2).valid_plus_challenged == 18


def test_the_dashboard_draws_the_ud_bar_against_the_eligible(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "ud.station"
    Journal.create(path, UD)
    window = open_window(qtbot, path)
    try:
        dashboard = DashboardWindow(ControllerFeed(window.controller))
        qtbot.addWidget(dashboard)
        for _ in range(3):
            window.controller.record(Call.FOR)
        assert dashboard.race.segments() == (3 / 20, 0.0, 0.0)
        assert dashboard.race.majority_label() == "MAJORITY: 11 OF 20 ELIGIBLE"
    finally:
        window.close()
