"""A ballot of several unions in the count: each FOR names its union, Neither is AGAINST."""

import pytest

from station.domain import Action, Call, Count, Event, ReplayError
from station.domain.choices import Ballot, CaseKind

THREE = Ballot(CaseKind.RC, "Acme", ("Machinists", "Carpenters"), intervenors=("Carpenters",))
RUNOFF = Ballot(CaseKind.RC, "Acme", ("Machinists", "Carpenters"), neither=None, runoff_of="9:ab")


def vote(count: Count, call: Call, choice: int | None = None) -> int:
    seq = count.last_seq + 1
    count.apply(Event(seq, Action.CALL, call, None, None if choice is None else {"choice": choice}))
    return seq


def test_each_choice_counts_apart_through_undo_and_redo() -> None:
    count = Count(0, THREE)
    vote(count, Call.FOR, 1)
    second = vote(count, Call.FOR, 2)
    vote(count, Call.AGAINST)
    vote(count, Call.FOR, 2)
    assert count.choice_votes() == (1, 2, 1)
    last = count.last_seq
    count.apply(Event(last + 1, Action.UNDO, Call.FOR, last))
    assert count.choice_votes() == (1, 1, 1)
    count.apply(Event(last + 2, Action.REDO, Call.FOR, last))
    assert count.choice_votes() == (1, 2, 1)
    assert count.tally.for_union == 3 and count.tally.against == 1  # lines 5-7 as ever
    assert count.votes.choice_of(second) == 2


@pytest.mark.parametrize(
    ("ballot", "call", "detail"),
    [
        (THREE, Call.FOR, None),  # a vote for a union names it
        (THREE, Call.FOR, {"choice": 3}),  # no third union
        (THREE, Call.FOR, {"choice": True}),
        (THREE, Call.AGAINST, {"choice": 1}),
        (THREE, Call.FOR, {"choice": 1, "voter": "x"}),  # nothing else, ever
        (None, Call.FOR, {"choice": 1}),  # a one-union FOR is as it always was
        (RUNOFF, Call.AGAINST, None),  # a runoff of two unions has no Neither
    ],
)
def test_calls_the_ballot_does_not_allow_are_refused(
    ballot: Ballot | None, call: Call, detail: dict[str, object] | None
) -> None:
    count = Count(0, ballot)
    with pytest.raises(ReplayError):
        count.check(Event(1, Action.CALL, call, None, detail))


def test_a_plain_for_in_bulk_is_refused_on_a_ballot_of_several() -> None:
    count = Count(0, THREE)
    with pytest.raises(ReplayError, match="event 3"):
        count.extend_calls(1, bytes([1, 2, 0]))
    assert count.last_seq == 0
    count.extend_calls(1, bytes([1, 2, 3]))  # Neither, VOID, CHALLENGE are plain
    assert count.choice_votes() == (0, 0, 1)


def test_over_count_and_choice_together() -> None:
    count = Count(0, THREE)
    count.apply(Event(1, Action.CALL, Call.FOR, None, {"choice": 2, "over_count": True}))
    assert count.choice_votes() == (0, 1, 0)


def test_frozen_and_thawed_keeps_each_choice() -> None:
    count = Count(0, THREE)
    for choice in (1, 2, 2, 1, 2):
        vote(count, Call.FOR, choice)
    vote(count, Call.AGAINST)
    count.apply(Event(7, Action.UNDO, Call.AGAINST, 6))
    count.apply(Event(8, Action.UNDO, Call.FOR, 5))
    thawed = Count.thawed(count.freeze(), 0, THREE)
    assert thawed.choice_votes() == count.choice_votes() == (2, 2, 0)
    thawed.apply(Event(9, Action.REDO, Call.FOR, 5))
    assert thawed.choice_votes() == (2, 3, 0)


def test_a_one_union_snapshot_is_as_it_always_was() -> None:
    count = Count(0)
    vote(count, Call.FOR)
    assert '"choices"' not in count.freeze().summary


def dispute(count: Count, seq: int, call: Call = Call.FOR) -> None:
    count.apply(Event(count.last_seq + 1, Action.DISPUTE, call, seq, {"party": "employer"}))


def test_a_disputed_vote_for_a_union_is_no_union_s_vote_while_challenged() -> None:
    count = Count(0, THREE)
    vote(count, Call.FOR, 1)
    vote(count, Call.FOR, 1)
    disputed = vote(count, Call.FOR, 1)
    vote(count, Call.FOR, 2)
    dispute(count, disputed)
    assert count.choice_votes() == (2, 1, 0)
    assert sum(count.choice_votes()[:2]) == count.tally.for_union == 3
    assert count.tally.challenged == 1
    thawed = Count.thawed(count.freeze(), 0, THREE)
    assert thawed.choice_votes() == (2, 1, 0)
    # Withdrawn, the dispute gives the ballot back to the union it was called for.
    count.apply(
        Event(
            count.last_seq + 1,
            Action.RESOLVE,
            None,
            disputed,
            {"as": "withdrawn", "party": "employer"},
        )
    )
    assert count.choice_votes() == (3, 1, 0)
    assert count.tally.for_union == 4


def test_a_disputed_vote_undone_and_redone_stays_challenged_and_no_union_s() -> None:
    count = Count(0, THREE)
    vote(count, Call.FOR, 1)
    disputed = vote(count, Call.FOR, 2)
    dispute(count, disputed)  # carried as challenged
    for action in (Action.UNDO, Action.REDO, Action.UNDO, Action.REDO):
        count.apply(Event(count.last_seq + 1, action, Call.CHALLENGE, disputed))
    assert count.choice_votes() == (1, 0, 0)
    assert (count.tally.for_union, count.tally.challenged) == (1, 1)
    assert Count.thawed(count.freeze(), 0, THREE).choice_votes() == (1, 0, 0)
    # Withdrawn after all that, the dispute still gives the union its vote back.
    withdrawn = {"as": "withdrawn", "party": "employer"}
    count.apply(Event(count.last_seq + 1, Action.RESOLVE, None, disputed, withdrawn))
    assert count.choice_votes() == (1, 1, 0)
    assert (count.tally.for_union, count.tally.challenged) == (2, 0)
