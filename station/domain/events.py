"""The events a count is made of.

Every keypress the operator makes is one event, and so is every opening and closing of
the election file. The tally is never stored: it is always the fold of these events.
"""

from dataclasses import dataclass
from enum import StrEnum

from station.domain.calls import Call


class Action(StrEnum):
    """What an event does."""

    OPEN = "open"  # a station session began (new file, reopen, or recovery after a crash)
    CLOSE = "close"  # a station session ended cleanly
    CALL = "call"  # the operator recorded a call for one ballot
    UNDO = "undo"  # a compensating event: the call named by `target` no longer counts
    REDO = "redo"  # the call named by `target`, undone before, counts again
    SIGN = "sign"  # a tally sheet was prepared for the head `target`; the count is locked
    REOPEN = "reopen"  # the count, locked by a tally sheet, is opened again, with a reason


class SheetKind(StrEnum):
    """What a prepared tally sheet is (a later final sheet is numbered as a revision)."""

    FINAL = "final"
    INTERIM = "interim"  # the count paused, e.g. overnight; it will resume


@dataclass(frozen=True, slots=True)
class Event:
    """The part of a journal event that the rules of the count look at.

    Attributes:
        seq: gap-free sequence number, starting at 1.
        action: what the event does.
        call: for CALL the call made; for UNDO and REDO the call of `target`, repeated
            so that the tally can be aggregated from one column.
        target: for UNDO and REDO, the `seq` of the CALL event they act on; for SIGN,
            the `seq` of the last event the sheet certifies (always the event before).
        info: for SIGN the sheet's kind (a `SheetKind` value); for REOPEN the reason.
    """

    seq: int
    action: Action
    call: Call | None = None
    target: int | None = None
    info: str | None = None
