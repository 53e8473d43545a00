"""Preparing a tally sheet locks the count; reopening needs a reason; later sheets are revisions."""

import pytest

from station.domain import Action, Call, Change, Count, Event, ReplayError, SheetKind
from station.domain.describe import describe


class Feed:
    """Feeds events into a Count with consecutive sequence numbers."""

    def __init__(self) -> None:
        self.count = Count()

    def __call__(
        self,
        action: Action,
        call: Call | None = None,
        target: int | None = None,
        info: str | None = None,
    ) -> Change:
        """`info` is a SIGN's kind or a REOPEN's reason."""
        seq = self.count.last_seq + 1
        if action is Action.SIGN and target is None:
            target = seq - 1  # a sheet certifies the event just before it
        detail = None
        if info is not None:
            detail = {"kind": info} if action is Action.SIGN else {"reason": info}
        return self.count.apply(Event(seq, action, call, target, detail))


def test_a_final_sheet_locks_the_count_until_reopened() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    feed(Action.CALL, Call.AGAINST)
    change = feed(Action.SIGN, info="final")
    assert change.sheet is not None
    assert (change.sheet.seq, change.sheet.head, change.sheet.title) == (4, 3, "Final")
    assert change.sheet.tally.counted == 2
    assert describe(change) == "Final tally prepared; the count is locked"
    for action, call, target in (
        (Action.CALL, Call.FOR, None),
        (Action.UNDO, Call.AGAINST, 3),
    ):
        with pytest.raises(ReplayError, match="locked by the tally sheet of event 4"):
            feed(action, call, target=target)
    with pytest.raises(ReplayError, match="reopened before another sheet"):
        feed(Action.SIGN, info="final")
    feed(Action.CLOSE)  # sessions still open and close on a locked count
    feed(Action.OPEN)
    reopened = feed(Action.REOPEN, info="agent found a ballot under the table")
    assert describe(reopened) == "Count reopened: agent found a ballot under the table"
    assert reopened.sheet is not None and reopened.sheet.seq == 4
    feed(Action.UNDO, Call.AGAINST, target=3)
    revision = feed(Action.SIGN, info="final").sheet
    assert revision is not None
    assert (revision.title, revision.revision, revision.supersedes) == ("Corrected", 1, 4)
    assert revision.tally.against == 0
    assert [sheet.seq for sheet in feed.count.sheets] == [4, 9]


def test_an_interim_sheet_can_be_followed_by_the_final_one() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    interim = feed(Action.SIGN, info="interim").sheet
    assert interim is not None and interim.title == "Interim"
    with pytest.raises(ReplayError, match="locked"):
        feed(Action.SIGN, info="interim")
    final = feed(Action.SIGN, info="final").sheet
    assert final is not None and (final.title, final.supersedes) == ("Final", None)


@pytest.mark.parametrize(
    ("action", "kwargs", "message"),
    [
        (Action.REOPEN, {"info": "why"}, "not locked"),
        (Action.SIGN, {"info": "final", "target": 1}, "certifies the event just before"),
        (Action.SIGN, {"info": "provisional"}, "unknown kind"),
        (Action.SIGN, {}, "unknown kind"),
    ],
)
def test_malformed_sheet_events_are_refused(
    action: Action, kwargs: dict[str, str | int], message: str
) -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.CALL, Call.FOR)
    call = Call.FOR if action is Action.CALL else None
    with pytest.raises(ReplayError, match=message):
        feed(action, call, **kwargs)  # type: ignore[arg-type]
    assert feed.count.tally.for_union == 1 and feed.count.locked_by is None


def test_reopening_needs_a_reason() -> None:
    feed = Feed()
    feed(Action.OPEN)
    feed(Action.SIGN, info=SheetKind.INTERIM.value)
    with pytest.raises(ReplayError, match="reason"):
        feed(Action.REOPEN, info="")
    assert feed.count.locked_by is not None
