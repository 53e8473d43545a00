"""Count.extend_calls folds a run of plain calls exactly as applying each one would."""

import pytest

from station.domain import Action, Call, Count, Event, ReplayError, SheetKind
from tests.domain.random_operator import random_events, state

CODES = {call: code for code, call in enumerate(Call)}


def _plain(event: Event) -> bool:
    return event.action is Action.CALL and event.target is None and event.detail is None


def fold_in_runs(events: list[Event], pile_size: int) -> Count:
    """Fold `events` with every run of plain calls given to `extend_calls` in one go."""
    count = Count(pile_size)
    run: list[Event] = []
    for event in [*events, None]:
        if event is not None and _plain(event):
            run.append(event)
            continue
        if run:
            count.extend_calls(run[0].seq, bytes(CODES[e.call] for e in run if e.call))
            run = []
        if event is not None:
            count.apply(event)
    return count


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("pile_size", [0, 5])
def test_runs_fold_as_single_calls(seed: int, pile_size: int) -> None:
    one_by_one = Count(pile_size)
    events = list(random_events(one_by_one, 600, seed))
    assert state(fold_in_runs(events, pile_size)) == state(one_by_one)


def test_a_run_forgets_what_could_be_redone_and_registers_challenges() -> None:
    count = Count()
    count.apply(Event(1, Action.CALL, Call.FOR))
    count.apply(Event(2, Action.UNDO, Call.FOR, 1))
    count.extend_calls(3, bytes([3, 0, 3, 2]))
    assert count.next_redo() is None
    assert [c.seq for c in count.challenges.counting()] == [3, 5]
    assert (count.tally.for_union, count.tally.void, count.tally.challenged) == (1, 1, 2)
    assert count.next_undo() == (6, Call.VOID) and count.last_seq == 6


@pytest.mark.parametrize(
    ("first", "codes", "why"),
    [
        (3, bytes([0]), "expected event 2"),
        (2, bytes([0, 7]), "event 3: not a plain call"),
    ],
)
def test_a_run_that_may_not_come_next_changes_nothing(first: int, codes: bytes, why: str) -> None:
    count = Count()
    count.apply(Event(1, Action.CALL, Call.AGAINST))
    before = state(count)
    with pytest.raises(ReplayError, match=why):
        count.extend_calls(first, codes)
    assert state(count) == before


def test_a_locked_count_refuses_a_run() -> None:
    count = Count()
    count.apply(Event(1, Action.CALL, Call.FOR))
    count.apply(Event(2, Action.SIGN, target=1, detail={"kind": SheetKind.INTERIM.value}))
    with pytest.raises(ReplayError, match="locked"):
        count.extend_calls(3, bytes([0]))
    assert count.last_seq == 2 and count.tally.for_union == 1
