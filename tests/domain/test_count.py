"""Folding events: the fold always equals a naive recount, and bad events are refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from station.domain import Action, Call, Count, Event, ReplayError

operations = st.lists(
    st.one_of(
        st.sampled_from(list(Call)).map(lambda call: ("call", call)),
        st.just(("undo", None)),
        st.just(("redo", None)),
    ),
    max_size=300,
)


def replay(events: list[Event], pile_size: int = 0) -> Count:
    """Fold a whole stream of events into a new Count."""
    count = Count(pile_size=pile_size)
    for event in events:
        count.apply(event)
    return count


def drive(ops: list[tuple[str, Call | None]]) -> tuple[list[Event], list[Call]]:
    """Events a station would write for these keypresses, and a naive list of what counts."""
    count = Count()
    events: list[Event] = []
    active: list[Call] = []  # the naive model: the pile of ballots that count
    redo: list[Call] = []
    for op, call in ops:
        seq = len(events) + 1
        if op == "call":
            assert call is not None
            event = Event(seq, Action.CALL, call)
            active.append(call)
            redo.clear()
        elif op == "undo":
            target = count.next_undo()
            if target is None:
                continue
            event = Event(seq, Action.UNDO, target[1], target[0])
            redo.append(active.pop())
        else:
            target = count.next_redo()
            if target is None:
                continue
            event = Event(seq, Action.REDO, target[1], target[0])
            active.append(redo.pop())
        count.apply(event)
        events.append(event)
    return events, active


@given(operations)
def test_fold_equals_naive_recount(ops: list[tuple[str, Call | None]]) -> None:
    events, active = drive(ops)
    tally = replay(events).tally
    assert tally.for_union == active.count(Call.FOR)
    assert tally.against == active.count(Call.AGAINST)
    assert tally.void == active.count(Call.VOID)
    assert tally.challenged == active.count(Call.CHALLENGE)
    assert tally.counted == len(active)


@given(operations)
def test_replay_restores_the_undo_history(ops: list[tuple[str, Call | None]]) -> None:
    events, active = drive(ops)
    count = replay(events)
    assert [call for _seq, call in count.done()] == active
    again = replay(events)
    assert again.done() == count.done()
    assert again.undone() == count.undone()


@given(operations, st.integers(min_value=0, max_value=400), st.sampled_from(list(Call)))
def test_an_undo_of_anything_but_the_last_call_is_refused(
    ops: list[tuple[str, Call | None]], target: int, call: Call
) -> None:
    events, _active = drive(ops)
    count = replay(events)
    expected = count.next_undo()
    bad = Event(len(events) + 1, Action.UNDO, call, target)
    if expected == (target, call):
        count.apply(bad)
        return
    before = count.tally
    with pytest.raises(ReplayError):
        count.apply(bad)
    assert count.tally == before


def test_ballot_numbers_follow_the_ballots_that_count() -> None:
    count = Count()
    assert count.apply(Event(1, Action.OPEN)).ballot is None
    assert count.apply(Event(2, Action.CALL, Call.FOR)).ballot == 1
    assert count.apply(Event(3, Action.CALL, Call.AGAINST)).ballot == 2
    assert count.apply(Event(4, Action.UNDO, Call.AGAINST, 3)).ballot == 2
    assert count.apply(Event(5, Action.CALL, Call.VOID)).ballot == 2
    assert count.next_redo() is None  # a new call forgets what could be redone


def test_sequence_gaps_are_refused() -> None:
    count = Count()
    count.apply(Event(1, Action.OPEN))
    with pytest.raises(ReplayError, match="expected event 2"):
        count.apply(Event(3, Action.CALL, Call.FOR))


def test_redo_with_nothing_undone_is_refused() -> None:
    count = Count()
    count.apply(Event(1, Action.CALL, Call.FOR))
    with pytest.raises(ReplayError, match="nothing to redo"):
        count.apply(Event(2, Action.REDO, Call.FOR, 1))


def test_a_call_without_its_call_is_refused() -> None:
    with pytest.raises(ReplayError):
        Count().apply(Event(1, Action.CALL))
