"""The revised count numbers its ballots on from the first count's, so `log` and the
ticker never read "Ballot 4 FOR" after "Ballot 4 VOID"."""

from station.domain import Action, Call, Count, Event
from station.domain.describe import describe


def apply(count: Count, action: Action, call=None, target=None, detail=None):  # type: ignore[no-untyped-def]
    return count.apply(Event(count.last_seq + 1, action, call, target, detail))


def test_the_revised_count_numbers_its_ballots_after_the_first_counts() -> None:
    count = Count()
    changes = [apply(count, Action.CALL, call) for call in (Call.FOR, Call.CHALLENGE)]
    changes += [apply(count, Action.CALL, call) for call in (Call.AGAINST, Call.VOID)]
    apply(count, Action.SIGN, target=count.last_seq, detail={"kind": "final"})
    apply(count, Action.DECIDE, detail={"open": [1], "sustain": [], "by": "RD"})
    first = [change.ballot for change in changes]
    opened = apply(count, Action.CALL, Call.FOR)
    assert first == [1, 2, 3, 4]
    assert opened.ballot == 5 and describe(opened).startswith("Ballot 5 FOR")
    assert count.counted == 4  # the ballots handled: the opened one was ballot 2, sealed
    undone = apply(count, Action.UNDO, Call.FOR, target=opened.event.seq)
    assert describe(undone).startswith("Ballot 5 FOR")
    redone = apply(count, Action.REDO, Call.FOR, target=opened.event.seq)
    assert redone.ballot == 5
