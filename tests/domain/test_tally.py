"""The NLRB arithmetic of docs/rules.md, on the public worked examples and the edge cases."""

import pytest

from station.domain import Outcome, Tally


@pytest.mark.parametrize(
    ("name", "tally", "determinative", "majority"),
    [
        ("Amazon BHM1, Bessemer 2021", Tally(738, 1798, 0, 505), False, False),
        ("Amazon JFK8, Staten Island 2022", Tally(2654, 2131, 0, 67), False, True),
        ("Amazon LDJ5, Staten Island 2022", Tally(380, 618, 2, 0), False, False),
    ],
)
def test_worked_examples(name: str, tally: Tally, determinative: bool, majority: bool) -> None:
    assert tally.challenges_determinative is determinative, name
    assert tally.majority_for_union is majority, name
    # Every ballot in the box counted: only the challenges could swing it.
    assert tally.outcome(tally.counted) is (Outcome.UNION_WINS if majority else Outcome.UNION_LOSES)


def test_lines_five_and_seven() -> None:
    tally = Tally(for_union=380, against=618, void=2, challenged=5)
    assert tally.valid == 998
    assert tally.valid_plus_challenged == 1003
    assert tally.counted == 1005


def test_a_tie_means_the_union_loses() -> None:
    tie = Tally(for_union=10, against=10)
    assert not tie.union_leads
    assert not tie.majority_for_union
    assert tie.outcome(tie.counted) is Outcome.UNION_LOSES
    assert not tie.challenges_determinative


def test_no_challenges_are_never_determinative() -> None:
    assert not Tally(for_union=1, against=0).challenges_determinative
    assert not Tally(for_union=0, against=0).challenges_determinative


@pytest.mark.parametrize(
    ("f", "a", "c", "determinative"),
    [
        (10, 8, 1, False),  # the lead survives one challenge going against
        (10, 8, 2, True),  # 8 + 2 = 10: a tie would make the union lose
        (8, 10, 2, False),  # 8 + 2 = 10 is a tie, still a loss
        (8, 10, 3, True),  # 8 + 3 > 10: the union could win
        (5, 5, 1, True),  # a tie; one challenge FOR would win it
    ],
)
def test_determinative_challenges(f: int, a: int, c: int, determinative: bool) -> None:
    assert Tally(for_union=f, against=a, challenged=c).challenges_determinative is determinative


def test_line_nine_needs_a_majority_of_valid_plus_challenged() -> None:
    # The union leads 10-8 but 3 sealed challenges could reverse it: no majority yet.
    tally = Tally(for_union=10, against=8, challenged=3)
    assert tally.union_leads
    assert tally.challenges_determinative
    assert not tally.majority_for_union


def test_result_decided_while_counting() -> None:
    # 100 ballots in the box; 60 FOR already is more than the other 40 could ever match.
    assert Tally(for_union=60, against=10).outcome(100) is Outcome.UNION_WINS
    assert Tally(for_union=60, against=10).result_decided(100)
    # 50 AGAINST of 100: at best 50-50, a tie, so the union has lost.
    assert Tally(for_union=0, against=50).outcome(100) is Outcome.UNION_LOSES
    # 49 AGAINST of 100: the union could still reach 51.
    assert not Tally(for_union=0, against=49).result_decided(100)
    # Challenges swing too: 55-35 with 5 left and 5 challenged: 35 + 10 < 55, decided.
    assert Tally(for_union=55, against=35, challenged=5).outcome(100) is Outcome.UNION_WINS
    # 50-40 with 5 left and 5 challenged: 40 + 10 = 50 would be a tie, so not decided.
    assert not Tally(for_union=50, against=40, challenged=5).result_decided(100)


def test_unknown_box_size_decides_nothing() -> None:
    assert Tally(for_union=1000, against=0).outcome(None) is Outcome.UNDECIDED
    assert Tally(for_union=3).remaining(None) is None


def test_remaining_never_negative() -> None:
    assert Tally(for_union=5).remaining(3) == 0
