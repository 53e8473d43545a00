"""Several choices and runoffs (29 CFR 102.70): worked examples and a brute-force model."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from station.domain import Tally
from station.domain.runoff import Result, determinative, final_result, majority_for, result
from tests.domain.helpers import brute_force_result


def test_fraser_and_johnston_the_challenges_were_determinative() -> None:
    # 45 / 9 / 33 with 7 challenged: 45 is a majority of the 87 valid votes, not of 94.
    votes, challenged = (45, 9, 33), 7
    assert majority_for(votes, 0) == 0
    assert majority_for(votes, challenged) is None  # line 9 names no choice
    assert result(votes, 2).certified == 0
    assert determinative(votes, 2, challenged)
    # With 2 challenged, 45 of 89 would still be a majority whatever they hold.
    assert not determinative(votes, 2, 2)
    assert determinative(votes, 2, 3)  # 45 of 90 is not


def test_no_majority_of_three_choices_is_a_runoff_between_the_first_two() -> None:
    # 102.70(a) and (c): the largest and second-largest numbers of votes.
    assert result((12, 10, 8), 2) == Result(None, None, (0, 1), False)
    assert result((3, 10, 8), 2) == Result(None, None, (1, 2), False)  # a union and Neither
    assert result((4, 5, 4, 6), 3) == Result(None, None, (1, 3), False)


def test_equal_division_or_a_tie_for_second_means_a_rerun() -> None:
    # 102.70(d): votes divided equally among the choices, or the second and third tie.
    assert result((10, 10, 10), 2).rerun
    assert result((12, 8, 8), 2).rerun
    assert result((8, 12, 8), 2).rerun
    # A tie for first with a lower third still names the two for the runoff.
    assert result((10, 10, 8), 2).runoff == (0, 1)


def test_the_exception_no_runoff_when_two_tie_and_the_third_has_none() -> None:
    # Every eligible voter (10) voted validly, no challenges: no runoff, results certified.
    outcome, decisive = final_result((5, 5, 0), 2, 0, eligible=10)
    assert outcome == Result(None, None, None, False, exception=True)
    assert not decisive
    # Not every eligible voter voted: the runoff is held.
    assert final_result((5, 5, 0), 2, 0, eligible=12)[0].runoff == (0, 1)
    # A challenge that could affect the result: the runoff is held.
    assert final_result((5, 5, 0), 2, 1, eligible=10)[0].runoff == (0, 1)
    # No tie: the ordinary runoff.
    assert final_result((4, 3, 2), 2, 0, eligible=9)[0].runoff == (0, 1)


def test_a_majority_for_a_union_or_for_neither() -> None:
    assert result((30, 9, 10), 2) == Result(0, 0, None, False)
    assert result((3, 9, 20), 2) == Result(None, 2, None, False)  # Neither: no union


def test_a_runoff_between_two_unions_has_no_neither_and_a_tie_certifies_none() -> None:
    assert result((20, 19), 2) == Result(0, 0, None, False)
    assert result((19, 19), 2) == Result(None, None, None, False)
    assert determinative((19, 19), 2, 1)  # one challenge could give either a majority


@pytest.mark.parametrize(
    ("name", "tally", "decisive", "wins"),
    [
        ("Amazon BHM1, Bessemer 2021", Tally(738, 1798, 0, 505), False, False),
        ("Amazon JFK8, Staten Island 2022", Tally(2654, 2131, 0, 67), False, True),
        ("Amazon LDJ5, Staten Island 2022", Tally(380, 618, 2, 0), False, False),
    ],
)
def test_the_one_union_worked_examples(name: str, tally: Tally, decisive: bool, wins: bool) -> None:
    votes = (tally.for_union, tally.against)
    outcome, determines = final_result(votes, 1, tally.challenged, eligible=None)
    assert determines is decisive, name
    assert (outcome.certified == 0) is wins, name
    assert (majority_for(votes, tally.challenged) == 0) is tally.majority_for_union


def brute_force_determinative(votes: tuple[int, ...], unions: int, swing: int) -> bool:
    """Every way of resolving `swing` ballots: each set aside or counted for any choice."""
    now = result(votes, unions)
    key = (now.certified, now.runoff, now.rerun)
    for extra in itertools.product(range(swing + 1), repeat=len(votes)):
        if sum(extra) > swing:
            continue
        then = result(tuple(v + x for v, x in zip(votes, extra, strict=True)), unions)
        if (then.certified, then.runoff, then.rerun) != key:
            return True
    return False


ballots = st.integers(min_value=2, max_value=4).flatmap(
    lambda size: st.tuples(
        st.lists(st.integers(0, 9), min_size=size, max_size=size).map(tuple),
        st.integers(size - 1, size),  # with Neither last, or a runoff of unions only
        st.integers(0, 4),
    )
)


@settings(max_examples=400, deadline=None)
@given(ballots)
def test_determinative_against_every_assignment(ballot: tuple[tuple[int, ...], int, int]) -> None:
    votes, unions, swing = ballot
    assert result(votes, unions) == brute_force_result(votes, unions)
    assert determinative(votes, unions, swing) is brute_force_determinative(votes, unions, swing)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 6), st.integers(0, 10))
def test_one_union_and_neither_is_tally_py(f: int, a: int, c: int, remaining: int) -> None:
    tally = Tally(for_union=f, against=a, challenged=c)
    assert determinative((f, a), 1, c) is tally.challenges_determinative
    assert (majority_for((f, a), c) == 0) is tally.majority_for_union
    assert (result((f, a), 1).certified == 0) is tally.union_leads
    ballots = tally.counted + remaining
    assert determinative((f, a), 1, c + remaining) is not tally.result_decided(ballots)
