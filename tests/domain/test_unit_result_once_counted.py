"""A unit's lines 8-9 are stated as final once its ballots are all counted, or once a
final sheet declares the count over, determinative challenges or not; before that (or
while opened ballots wait for the revised count) they are not yet determined."""

from station.domain.group_statements import unit_statement
from station.domain.groups import GroupSpec, GroupTally, Rule, units

CHOICES = ("Nurses United", "Neither")
PROFESSIONALS = GroupSpec("A", "Professional employees", 30, 25, Rule.SONOTONE)
OTHERS = GroupSpec("B", "Nonprofessional employees", 80, 70)
DRIVERS = GroupSpec("A", "Drivers", 30, 25)


def _said(tallies: tuple[GroupTally, ...], declared: bool | None = None) -> list[str]:
    specs = (PROFESSIONALS if tallies[0].yes + tallies[0].no else DRIVERS, OTHERS)
    return [unit_statement(u, CHOICES, 1) for u in units(specs, tallies, 1, declared)]


# Unit A won 13 to 12; unit B is tied 34 to 34 with one challenged ballot.
WON = GroupTally((13, 12))
TIED = GroupTally((34, 34), void=1, challenged=1)


def test_every_ballot_counted_states_line_8_even_when_challenges_are_determinative() -> None:
    assert _said((WON, TIED)) == [
        "Unit A: challenges are not sufficient to affect the result \u2014 a majority for"
        " Nurses United",
        "Unit B: challenges are sufficient to affect the result \u2014 no choice has a majority",
    ]


def test_a_ballot_left_in_the_box_leaves_the_unit_not_yet_determined() -> None:
    left = GroupTally((34, 34), void=1, challenged=1, remaining=1)
    assert _said((WON, left))[1] == (
        "Unit B: not yet determined \u2014 challenges could affect the result so far"
    )


def test_a_final_sheet_states_the_result_where_no_box_size_was_given() -> None:
    unknown = GroupTally((34, 34), void=1, challenged=1, remaining=None)
    assert "not yet determined" in _said((WON, unknown))[1]
    assert _said((WON, unknown), declared=True)[1].startswith(
        "Unit B: challenges are sufficient to affect the result"
    )
    # An interim sheet pauses the count: nothing is stated, whatever is counted.
    assert "not yet determined" in _said((WON, TIED), declared=False)[1]


def test_opened_ballots_not_yet_counted_again_leave_the_unit_open() -> None:
    reopened = GroupTally((34, 34), void=1, challenged=1, opened=1)
    assert "not yet determined" in _said((WON, reopened), declared=True)[1]
    assert _said((WON, reopened))[0].startswith("Unit A: challenges are not sufficient")


def test_the_nonprofessionals_unit_waits_for_the_professionals_box() -> None:
    # Group B is all counted; not for inclusion so far (4 yes, 8 no), but 5 professional
    # ballots are left: enough to turn question 1 and pool them with group B.
    counting = GroupTally((8, 4), yes=4, no=8, remaining=5)
    assert ["not yet determined" in said for said in _said((counting, GroupTally((40, 30))))] == [
        True,
        True,
    ]
    done = GroupTally((9, 8), yes=4, no=13)
    assert _said((done, GroupTally((40, 30))))[1] == (
        "Unit B: challenges are not sufficient to affect the result \u2014 a majority for"
        " Nurses United"
    )


def test_a_group_with_opened_ballots_keeps_them_through_a_frozen_state() -> None:
    tally = GroupTally((3, 1), challenged=2, remaining=0, set_aside=1, opened=2)
    assert GroupTally.restored(tally.state()) == tally
    plain = GroupTally((3, 1), challenged=2)
    assert plain.state() == [[3, 1], 0, 2, 0, 0, 0]  # as every earlier snapshot stored it
