"""The events a count is made of.

Every keypress the operator makes is one event, and so is every opening and closing of
the election file. The tally is never stored: it is always the fold of these events.
"""

from collections.abc import Mapping
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
    AMEND = "amend"  # the party, reason or note of the challenged ballot `target`
    DISPUTE = "dispute"  # a party disputes the call `target`: carried as challenged or noted
    PILE = "pile"  # pile number `target` of `call` was recounted; detail says what was found
    # The envelope stage of a mail ballot (see envelopes.py): rulings, their undo and
    # redo, and its end, after which the ballots are opened and called.
    ENVELOPE = "envelope"
    ENVELOPE_UNDO = "envelope_undo"
    ENVELOPE_REDO = "envelope_redo"
    END_ENVELOPES = "end_envelopes"
    # An envelope received once a final tally sheet exists: recorded, never opened.
    AFTER_TALLY = "after_tally"
    # After the count (domain/resolution.py): a challenge settled, a dispute joined, the
    # decision after the hearing.
    RESOLVE = "resolve"  # the challenge (or dispute) of call `target` is settled: detail `as`
    JOIN = "join"  # the other party joins the dispute of call `target`: detail `party`
    DECIDE = "decide"  # the decision: register numbers `open` and `sustain`, and `by`


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
        target: for UNDO, REDO, AMEND and DISPUTE, the `seq` of the CALL event they act
            on; for SIGN, the `seq` of the last event the sheet certifies (always the
            event before); for PILE, the pile's number.
        detail: what else the event says, for the actions that need it: SIGN `kind`;
            REOPEN `reason`; AMEND `party`, `reason`, `note`; DISPUTE `party`; PILE
            `found`; a CALL over the number of ballots in the box `over_count`.
    """

    seq: int
    action: Action
    call: Call | None = None
    target: int | None = None
    detail: Mapping[str, object] | None = None
