"""Voting groups: the Sonotone rule, units, and line 8 per unit against a brute force."""

import itertools
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from station.domain.groups import (
    GroupError,
    GroupSpec,
    GroupTally,
    Rule,
    checked_groups,
    units,
)
from station.domain.runoff import result

PROFESSIONALS = GroupSpec("A", "Professional employees", 30, None, Rule.SONOTONE)
OTHERS = GroupSpec("B", "Nonprofessional employees", 80, None)


def test_a_yes_majority_pools_the_professionals_with_the_others() -> None:
    pooled = units(
        (PROFESSIONALS, OTHERS),
        (GroupTally((10, 8), yes=12, no=6), GroupTally((30, 35))),
        unions=1,
    )
    assert [(u.groups, u.votes) for u in pooled] == [(("A", "B"), (40, 43))]
    assert pooled[0].name == "Professional employees and Nonprofessional employees"
    assert pooled[0].majority == 1 and not pooled[0].determinative


def test_a_tie_on_inclusion_is_no_majority_two_units() -> None:
    separate = units(
        (PROFESSIONALS, OTHERS),
        (GroupTally((10, 8), yes=9, no=9), GroupTally((30, 35))),
        unions=1,
    )
    assert [(u.groups, u.votes, u.majority) for u in separate] == [
        (("A",), (10, 8), 0),
        (("B",), (30, 35), 1),
    ]


def test_a_turn_of_inclusion_that_changes_no_outcome_is_not_determinative() -> None:
    # One challenged professional could tie question 1 (10 yes, 10 no) and split the
    # unit, but the union loses the pooled unit and both units apart: challenges that
    # will not determine the outcome are never opened (Form NLRB-5547).
    tallies = (GroupTally((5, 15), challenged=1, yes=10, no=9), GroupTally((2, 60)))
    (pooled,) = units((PROFESSIONALS, OTHERS), tallies, unions=1)
    assert not pooled.determinative


def test_a_turn_of_inclusion_that_moves_a_certification_is_determinative() -> None:
    # Pooled 45-35 the union wins the whole unit; split, it loses the professionals.
    tallies = (GroupTally((5, 15), challenged=1, yes=10, no=9), GroupTally((40, 20)))
    (pooled,) = units((PROFESSIONALS, OTHERS), tallies, unions=1)
    assert pooled.determinative


def test_a_unit_without_challenges_that_no_resolution_changes_is_not_determinative() -> None:
    # Question 1 is tied (no inclusion) and one challenged professional could carry it;
    # the union wins the professionals alone, loses the others alone and pooled.
    tallies = (GroupTally((15, 5), challenged=1, yes=10, no=10), GroupTally((2, 60)))
    professionals, others = units((PROFESSIONALS, OTHERS), tallies, unions=1)
    assert professionals.determinative  # pooled, the professionals would lose the union
    assert others.challenged == 0 and not others.determinative


def test_a_self_determination_group_is_tallied_on_its_own() -> None:
    globe = GroupSpec("R", "Residual employees", 12, None, Rule.SELF_DETERMINATION)
    (own, joining) = units((OTHERS, globe), (GroupTally((30, 35)), GroupTally((7, 4))), 1)
    assert joining.groups == ("R",) and joining.joins and joining.majority == 0
    assert not own.joins


def test_a_lone_self_determination_group_decides_whether_it_joins() -> None:
    globe = GroupSpec("A", "Maintenance employees", 5, 3, Rule.SELF_DETERMINATION)
    assert checked_groups((globe,)) == (globe,)
    (alone,) = units((globe,), (GroupTally((2, 1)),), 1)
    assert alone.groups == ("A",) and alone.joins and alone.majority == 0 and alone.decided
    (against,) = units((globe,), (GroupTally((1, 2)),), 1)
    assert against.joins and against.majority == 1


def test_bad_groups_are_refused_in_one_line() -> None:
    for groups, words in [
        ((OTHERS,), "at least two groups"),
        ((PROFESSIONALS,), "at least two groups"),
        ((PROFESSIONALS, GroupSpec("H", "Others", 3, None, Rule.SELF_DETERMINATION)), "Sonotone"),
        ((OTHERS, GroupSpec("B", "Others", 3, None)), "twice"),
        ((OTHERS, GroupSpec("b", "Others", 3, None)), "capital letter"),
    ]:
        try:
            checked_groups(groups)
        except GroupError as error:
            assert words in str(error) and "\n" not in str(error)
        else:
            raise AssertionError(groups)


def _outcome(votes: Sequence[int], unions: int) -> tuple[object, ...] | None:
    found = result(votes, unions)
    if found.certified is None and found.runoff is None and not found.rerun:
        return None  # no union: the same for these employees in whatever unit
    return found.certified, found.runoff, found.rerun


def _configuration(
    groups: Sequence[GroupSpec], tallies: Sequence[GroupTally], unions: int
) -> dict[str, object]:
    """Each group's outcome, straight from the rule (no challenges): the unit it is in
    and what that unit decides, or None where no union is certified, run off or rerun."""
    partner = next(g for g in groups if g.rule is Rule.OWN)
    by_key = {g.key: t for g, t in zip(groups, tallies, strict=True)}
    joined = [
        g.key for g in groups if g.rule is Rule.SONOTONE and by_key[g.key].yes > by_key[g.key].no
    ]
    found: dict[str, object] = {}
    for group in groups:
        if group.key in joined:
            continue
        keys = (
            tuple(g.key for g in groups if g.key in joined or g.key == partner.key)
            if group is partner
            else (group.key,)
        )
        votes = [sum(by_key[k].votes[i] for k in keys) for i in range(len(by_key[group.key].votes))]
        outcome = _outcome(votes, unions)
        for key in keys:
            found[key] = None if outcome is None else (keys, outcome)
    return found


def _resolutions(tally: GroupTally, sonotone: bool, choices: int) -> list[GroupTally]:
    """Every tally the group's challenged ballots could make once resolved: each set
    aside, or opened with each question answered or void (apart)."""
    answers = [None] + [
        (choice, q1)
        for choice in (*range(choices), None)
        for q1 in (("yes", "no", None) if sonotone else (None,))
    ]
    found = []
    for picks in itertools.combinations_with_replacement(answers, tally.challenged):
        votes, yes, no = list(tally.votes), tally.yes, tally.no
        for pick in picks:
            if pick is None:
                continue  # sustained
            if pick[0] is not None:
                votes[pick[0]] += 1
            yes += pick[1] == "yes"
            no += pick[1] == "no"
        found.append(GroupTally(tuple(votes), yes=yes, no=no))
    return found


group_figures = st.tuples(
    st.integers(0, 4), st.integers(0, 4), st.integers(0, 2), st.integers(0, 4), st.integers(0, 4)
)


@settings(max_examples=300, deadline=None)
@given(professionals=group_figures, others=group_figures, several=st.booleans())
def test_line_8_per_unit_matches_trying_every_resolution(
    professionals: tuple[int, ...], others: tuple[int, ...], several: bool
) -> None:
    unions = 2 if several else 1
    groups = (PROFESSIONALS, OTHERS)
    tallies = []
    for f, a, c, yes, no in (professionals, others):
        votes = (f, a, (f + a) % 3) if several else (f, a)
        tallies.append(GroupTally(votes, challenged=c, yes=yes, no=no))
    now = _configuration(groups, tallies, unions)
    possible = [
        _configuration(groups, (p, o), unions)
        for p in _resolutions(tallies[0], True, len(tallies[0].votes))
        for o in _resolutions(tallies[1], False, len(tallies[1].votes))
    ]
    for unit in units(groups, tallies, unions):
        changed = any(other[key] != now[key] for other in possible for key in unit.groups)
        assert unit.determinative is changed, (unit, now)


def test_two_sonotone_groups_are_told_which_group_they_lack_in_both_words() -> None:
    other = GroupSpec("Q", "More professionals", 3, None, Rule.SONOTONE)
    try:
        checked_groups((PROFESSIONALS, other))
    except GroupError as error:
        said = str(error)
    else:
        raise AssertionError("two Sonotone groups were taken")
    assert "its own unit" in said and "--group" in said  # the dialog's and the CLI's words
    assert "none is here" in said and "0 groups" not in said


def test_a_snapshot_keeps_question_1s_void_and_blank_answers() -> None:
    figures = GroupTally((3, 1), 1, 2, 2, 1, 4, inclusion_void=1, inclusion_blank=2)
    assert GroupTally.restored(figures.state()) == figures
    older = GroupTally((3, 1), 1, 2, 2, 1, 4, 0, 0, 1)  # stored before these were kept
    assert len(older.state()) == 9 and GroupTally.restored(older.state()) == older
