"""A seeded random operator: streams of events the rules of the count accept.

Calls of every kind (a few with an over-count confirmation), undos and redos, amended
challenges, disputed voids, pile recounts right and wrong, interim sheets followed by a
reopening, and sessions closed and opened again. Used to check that the fast ways of
folding a journal end exactly where folding it one event at a time does.
"""

import random
from collections.abc import Iterator

from station.domain import Action, Call, Count, Event, SheetKind


def random_events(count: Count, events: int, seed: int) -> Iterator[Event]:
    """Yield `events` events after `count.last_seq`, applying each to `count` in turn."""
    rng = random.Random(seed)
    for seq in range(count.last_seq + 1, count.last_seq + events + 1):
        event = _next_event(rng, count, seq)
        count.apply(event)
        yield event


def _next_event(rng: random.Random, count: Count, seq: int) -> Event:
    if count.locked_by is not None:
        return Event(seq, Action.REOPEN, detail={"reason": "resumed"})
    roll = rng.random()
    last, redo = count.next_undo(), count.next_redo()
    to_check = count.piles_to_check()
    if roll < 0.10 and last:
        return Event(seq, Action.UNDO, last[1], last[0])
    if roll < 0.14 and redo:
        return Event(seq, Action.REDO, redo[1], redo[0])
    if roll < 0.17 and last and last[1] is Call.VOID:
        return Event(seq, Action.DISPUTE, Call.VOID, last[0], {"party": "employer"})
    if roll < 0.20 and last and last[1] is Call.CHALLENGE:
        challenge = count.challenges.get(last[0])
        if challenge is not None and not challenge.disputed_void:
            return Event(seq, Action.AMEND, None, last[0], {"reason": "supervisor"})
    if roll < 0.25 and to_check:
        ref = to_check[0]
        found = count.piles.size if rng.random() < 0.8 else count.piles.size - 1
        return Event(seq, Action.PILE, ref.call, ref.pile, {"found": found})
    if roll < 0.26:
        return Event(seq, Action.SIGN, target=seq - 1, detail={"kind": SheetKind.INTERIM.value})
    if roll < 0.27:
        return Event(seq, Action.CLOSE if rng.random() < 0.5 else Action.OPEN)
    detail = {"over_count": True} if roll < 0.28 else None
    return Event(seq, Action.CALL, rng.choice(list(Call)), detail=detail)


def state(count: Count) -> tuple[object, ...]:
    """Everything a count shows or decides with, for comparing two folds."""
    return (
        count.last_seq,
        count.tally,
        count.done(),
        count.undone(),
        count.sheets,
        count.locked_by,
        count.challenges.counting(),
        count.challenges.by_party(),
        count.piles_to_check(),
        count.piles.mismatches(),
        [count.piles.describe(call, count.total(call)) for call in Call],
    )
