"""Both dashboards are built from the election's description: a figure per choice, in
ballot order, the unions left of the small figures and Neither right of them, and one
race bar over every choice, for each kind of ballot alike."""

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.domain.description import Vote, describe
from station.journal import Journal
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.tables import TablesDashboard
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed

BALLOTS = {
    "one union": {"union": "ALU"},
    "RD": {"union": "Local 1", "petitioner": "J. Worker"},
    "UD": {"union": "Local 1", "petitioner": "J. Worker"},
    "three choices": {"union": "Machinists", "intervenors": ["Carpenters"]},
    "runoff of two unions": {
        "union": "Machinists",
        "unions": ["Carpenters"],
        "runoff_of": "10-RC-000001",
        "runoff_neither": False,
    },
}


def setup_of(ballot: str, **more: object) -> ElectionSetup:
    case = f"10-{ballot}-000017" if ballot in ("RD", "UD") else "10-RC-000017"
    fields: dict[str, object] = {"case_number": case, "employer": "Acme", "eligible": 40}
    return ElectionSetup.validated(**{**fields, **BALLOTS[ballot], **more})  # type: ignore[arg-type]


def left_to_right(window: DashboardWindow | TablesDashboard) -> list[str]:
    """The words of the large figures and of the small ones' column, as laid out."""
    window.resize(1280, 720)
    window.show()
    figures = [*window.choice_figures, window.void_figure]
    placed = sorted(figures, key=lambda figure: figure.mapTo(window, figure.rect().topLeft()).x())
    return ["small" if figure is window.void_figure else figure.word for figure in placed]


@pytest.mark.parametrize("ballot", sorted(BALLOTS))
def test_the_dashboard_shows_each_choice_of_the_description(
    qtbot: QtBot, tmp_path: Path, ballot: str
) -> None:
    setup = setup_of(ballot, ballots=4)
    choices = describe(setup).ballot.choices
    path = tmp_path / "count.station"
    Journal.create(path, setup)
    controller = CountController(Journal.open(path))
    try:
        window = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(window)
        words = [choice.label.upper() for choice in choices]
        unions = [choice.label.upper() for choice in choices if choice.for_side]
        neither = [choice.label.upper() for choice in choices if not choice.for_side]
        assert left_to_right(window) == [*unions, "small", *neither]
        for choice in choices:
            call, number = choice.vote
            controller.record(Vote(call, choice=number)) if number else controller.record(call)
        controller.record(Call.CHALLENGE)
        assert [figure.word for figure in window.choice_figures] == words
        assert [figure.value() for figure in window.choice_figures] == [1] * len(choices)
        shares = window.race.segments()
        # A bar of the ballots, or in UD of the 40 eligible (its majority is theirs).
        whole = setup.eligible if describe(setup).ballot.majority_of_eligible else len(shares)
        assert len(shares) == len(choices) + 1 and shares[-2] == pytest.approx(1 / whole)
    finally:
        controller.close()


@pytest.mark.parametrize("ballot", sorted(BALLOTS))
def test_the_tables_dashboard_shows_each_choice_of_the_description(
    qtbot: QtBot, tmp_path: Path, ballot: str
) -> None:
    feeds = []
    for label in ("A", "B"):
        path = tmp_path / f"table-{label}.station"
        Journal.create(path, setup_of(ballot, table=label))
        feed = JournalFollower(path)
        feed.follower.close()
        feeds.append(feed)
    window = TablesDashboard(feeds)
    qtbot.addWidget(window)
    choices = describe(feeds[0].setup).ballot.choices
    unions = [choice.label.upper() for choice in choices if choice.for_side]
    neither = [choice.label.upper() for choice in choices if not choice.for_side]
    assert left_to_right(window) == [*unions, "small", *neither]


def test_a_ud_dashboard_asks_the_deauthorization_question_and_counts_the_eligible(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """10 YES of 16 valid votes is a majority of the votes, not of the 20 eligible: the
    authority stays unless the 2 challenged ballots are YES (NLRA 8(a)(3), 9(e)(1))."""
    setup = setup_of("UD", eligible=20, ballots=18)
    path = tmp_path / "count.station"
    Journal.create(path, setup)
    controller = CountController(Journal.open(path))
    try:
        window = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(window)
        assert "rescind the authority of your employer and Local 1" in (
            window.question_label.text()
        )
        for call, times in ((Call.FOR, 10), (Call.AGAINST, 6), (Call.CHALLENGE, 2)):
            for _ in range(times):
                controller.record(call)
        assert window.majority_label.text().startswith(
            "A majority of the employees eligible to vote have not voted to rescind"
        )
        assert window.challenges_label.text().startswith("Challenges are sufficient")
    finally:
        controller.close()
