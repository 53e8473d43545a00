"""The revised count numbers its ballots on from the first count's, so `log` and the
ticker never read "Ballot 4 FOR" after "Ballot 4 VOID", and a pause names the ballot
last called."""

from station.domain import Action, Call, Count, Event
from station.domain.decision import call_number
from station.domain.describe import describe
from station.domain.statements import locked_statement


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


def test_a_pause_in_the_revised_count_names_the_last_ballot_called() -> None:
    count = Count()
    for call in (Call.FOR, Call.CHALLENGE, Call.CHALLENGE, Call.AGAINST):
        apply(count, Action.CALL, call)
    apply(count, Action.SIGN, target=count.last_seq, detail={"kind": "final"})
    apply(count, Action.DECIDE, detail={"open": [1, 2], "sustain": [], "by": "RD"})
    apply(count, Action.CALL, Call.FOR)
    sixth = apply(count, Action.CALL, Call.AGAINST)
    paused = apply(count, Action.SIGN, target=count.last_seq, detail={"kind": "interim"})
    assert describe(sixth) == "Ballot 6 AGAINST"
    assert describe(paused) == "Count paused after ballot 6; interim tally prepared"
    assert ", after ballot 6; resume it" in locked_statement(count.locked_by, call_number(count))
    resumed = apply(count, Action.REOPEN, detail={"reason": "count resumed after the pause"})
    assert describe(resumed) == "Count resumed at ballot 7"
