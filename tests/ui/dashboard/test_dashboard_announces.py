"""What a screen reader hears of the dashboard: its figures, and the count as it moves."""

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.description import Vote
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui import announce
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.tables import TablesDashboard
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from tests.ui.announcing import Said
from tests.ui.dashboard.helpers import FINAL, table
from tests.ui.operator.helpers import GROUPS


def open_dashboard(qtbot: QtBot, controller: CountController) -> DashboardWindow:
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def described(window: DashboardWindow) -> dict[str, str]:
    figures = [*window.choice_figures, window.void_figure, window.challenged_figure]
    return {figure.accessibleName(): figure.accessibleDescription() for figure in figures}


def test_a_one_union_ballots_figures_are_named_as_shown_and_zero_is_said(
    qtbot: QtBot, controller: CountController
) -> None:
    window = open_dashboard(qtbot, controller)
    assert described(window) == {"FOR": "0", "AGAINST": "0", "VOID": "0", "CHALLENGED": "0"}
    controller.record(Call.AGAINST)
    assert described(window)["AGAINST"] == "1"


def test_a_ballot_of_several_unions_names_each_choice(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "three.station"
    Journal.create(
        path,
        ElectionSetup.validated(
            case_number="10-RC-000017",
            employer="Acme",
            union="Machinists",
            intervenors=["Carpenters"],
            eligible=40,
            ballots=6,
            pile=0,
        ),
    )
    controller = CountController(Journal.open(path))
    try:
        window = open_dashboard(qtbot, controller)
        controller.record(Vote(Call.FOR, choice=2))
        assert described(window) == {
            "Machinists": "0", "Carpenters": "1", "Neither": "0", "VOID": "0", "CHALLENGED": "0",
        }  # fmt: skip
    finally:
        controller.close()


def test_progress_is_said_as_a_summary_at_most_every_few_seconds(
    qtbot: QtBot, controller: CountController, said: Said, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(announce, "PROGRESS_EVERY_S", 0.3)
    open_dashboard(qtbot, controller)
    assert said == []  # nothing counted: nothing to say
    controller.record(Call.FOR)
    assert said == [("Ballot 1: FOR 1, AGAINST 0", False)]
    for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID):
        controller.record(call)
    assert len(said) == 1  # a burst of calls is not a burst of speech
    qtbot.waitUntil(lambda: len(said) == 2)
    assert said[1] == ("Ballot 5: FOR 2, AGAINST 1, VOID 1, CHALLENGED 1", False)


def test_the_result_decided_is_said_at_once(qtbot: QtBot, tmp_path: Path, said: Said) -> None:
    path = tmp_path / "small.station"
    Journal.create(
        path,
        ElectionSetup(
            case_number="10-RC-269250",
            employer="Acme",
            union="RWDSU",
            eligible=5,
            ballots=3,
            agent="R. Agent",
            pile=0,
        ),
    )
    controller = CountController(Journal.open(path))
    try:
        window = open_dashboard(qtbot, controller)
        controller.record(Call.FOR)
        assert [text for text, _ in said] == ["Ballot 1: FOR 1, AGAINST 0"]
        controller.record(Call.FOR)  # 2 of 3 for the union: the result is decided
        decided = window.decision_label.text()
        assert decided.startswith("Result decided")
        assert (decided, False) in said
    finally:
        controller.close()


def test_a_prepared_sheet_and_a_lost_feed_are_said_at_once(
    qtbot: QtBot, controller: CountController, said: Said
) -> None:
    window = open_dashboard(qtbot, controller)
    controller.record(Call.FOR)
    said.clear()
    window.feed.failed.emit("the disk is gone")
    assert said == [
        (
            "\u26a0 JOURNAL UNAVAILABLE \u2014 retrying. the disk is gone."
            " Figures shown are the last known.",
            True,
        )
    ]
    window.feed.polled.emit()
    assert said[-1] == ("LIVE", False)
    said.clear()
    sheet = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)
    controller.prepare_sheet(sheet)
    qtbot.waitUntil(lambda: any(text.startswith("COUNT PAUSED") for text, _ in said))


def test_voting_groups_say_the_group_counted_last_never_the_piles_together(
    qtbot: QtBot, tmp_path: Path, said: Said
) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, GROUPS)
    controller = CountController(Journal.open(path))
    try:
        open_dashboard(qtbot, controller)
        controller.record(Vote(Call.AGAINST, group="B"))
        assert said == [
            ("Ballot 1: Group B \u2014 Nonprofessional employees, FOR 0 \u00b7 AGAINST 1,"
             " void 0 \u00b7 challenged 0 \u00b7 1 of 3 ballots counted", False)
        ]  # fmt: skip
    finally:
        controller.close()


def test_the_tables_dashboard_says_the_sums_then_the_consolidated_result(
    qtbot: QtBot, tmp_path: Path, said: Said
) -> None:
    paths = [table(tmp_path, "1", [1, 2, 0], sign=True), table(tmp_path, "2", [1], sign=False)]
    followers = [JournalFollower(path, interval_ms=10, retry_ms=20) for path in paths]
    for follower in followers:
        follower.start()
    try:
        window = TablesDashboard(followers)
        qtbot.addWidget(window)
        assert said == [("Ballot 4: U1 2, U2 1, Neither 1", False)]
        with Journal.open(paths[1]) as journal:
            session = CountSession.resume(journal, keep=0)
            prepare_sheet(session, FINAL, key_fingerprint="0" * 64)
        qtbot.waitUntil(lambda: len(said) == 2)
        stated, assertive = said[1]
        assert stated.startswith(window.challenges_label.text()) and not assertive
        assert window.majority_label.text() in stated
        assert "not yet determined" not in stated
    finally:
        for follower in followers:
            follower.close()
