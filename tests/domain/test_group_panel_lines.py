"""What a group's dashboard panel says under its title, in three lines at most."""

from station.domain.group_statements import (
    group_panel_lines,
    unit_panel_lines,
    unit_statement,
    unit_title,
)
from station.domain.groups import GroupSpec, GroupTally, Rule, UnitResult

PROFESSIONALS = GroupSpec("A", "Professional employees", 30, 28, Rule.SONOTONE)
CHOICES = ("FOR", "AGAINST")


def test_a_group_of_its_own_has_its_votes_and_its_progress() -> None:
    spec = GroupSpec("B", "Nonprofessional employees", 80, None)
    lines = group_panel_lines(spec, GroupTally((30, 25), void=2, challenged=3), CHOICES, True)
    assert lines == (
        "FOR 30 \u00b7 AGAINST 25",
        "void 2 \u00b7 challenged 3 \u00b7 60 ballots counted",
    )


def test_a_sonotone_group_says_where_question_1_stands() -> None:
    open_tally = GroupTally((3, 1), yes=2, no=2, remaining=5)
    *_, line = group_panel_lines(PROFESSIONALS, open_tally, CHOICES, False)
    assert line == "Inclusion yes 2 \u00b7 no 2: no majority yes so far, not yet determined"
    pooled = GroupTally((12, 8), yes=14, no=6)
    lines = group_panel_lines(PROFESSIONALS, pooled, CHOICES, True)
    assert (
        lines[1] == "void 0 \u00b7 challenged 0 \u00b7 20 of 28 ballots counted"
    )  # no figures twice
    assert lines[2] == "Inclusion yes 14 \u00b7 no 6: voted for inclusion, pooled"
    alone = GroupTally((12, 8), yes=6, no=14)
    assert group_panel_lines(PROFESSIONALS, alone, CHOICES, True)[2] == (
        "Inclusion yes 6 \u00b7 no 14: not for inclusion, a unit of its own"
    )


def test_withheld_challenges_leave_the_challenged_figure_out() -> None:
    spec = GroupSpec("B", "Nonprofessional employees", 80, None)
    tally = GroupTally((30, 25), void=2, challenged=3)
    lines = group_panel_lines(spec, tally, CHOICES, True, withheld=True)
    assert lines == ("FOR 30 \u00b7 AGAINST 25", "void 2 \u00b7 60 ballots counted")


def test_a_pooled_unit_states_its_figures_with_its_result() -> None:
    pooled = UnitResult(
        "Professional employees and Nonprofessional employees", ("A", "B"), (27, 17),
        challenged=2, majority=0, determinative=False, decided=True, over=True, void=1,
    )  # fmt: skip
    assert unit_title(pooled) == (
        "Unit A + B \u2014 Professional employees and Nonprofessional employees"
    )
    assert unit_panel_lines(pooled, CHOICES, 1) == (
        "FOR 27 \u00b7 AGAINST 17",
        "void 1 \u00b7 challenged 2",
    )
    assert unit_panel_lines(pooled, CHOICES, 1, withheld=True)[1] == "void 1"
    names = ("Nurses United", "Neither")
    assert unit_statement(pooled, names, 1) == (
        "Unit A + B (Professional employees and Nonprofessional employees): FOR 27"
        " \u00b7 AGAINST 17 \u00b7 void 1 \u00b7 challenged 2 \u2014 challenges are not"
        " sufficient to affect the result \u2014 a majority for Nurses United"
    )
    # Beside its panel, its result alone; a unit of one group is its group's figures.
    assert unit_statement(pooled, names, 1, False).endswith(
        "employees): challenges are not"
        " sufficient to affect the result"
        " \u2014 a majority for Nurses United"
    )
    alone = UnitResult("Nonprofessional employees", ("B",), (20, 13), 1, 0, False, True)
    assert unit_statement(alone, names, 1).startswith("Unit B: a majority")
