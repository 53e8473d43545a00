"""What one event did to the count (`Change`), the sheets it records, a frozen count.

These are the values the rules in `count.py` hand out: every window, the CLI and the
journal read them, and none of them needs the rules themselves.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from station.domain.challenges import Challenge
from station.domain.events import Event, SheetKind
from station.domain.groups import GroupTally
from station.domain.piles import PileCheck
from station.domain.tally import Tally

if TYPE_CHECKING:
    from station.domain.envelopes import Envelope, EnvelopeFigures


class ReplayError(ValueError):
    """An event that the rules of the count do not allow at this point."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(f"event {seq}: {reason}")
        self.seq = seq
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Decided:
    """What a sheet prepared after a decision states besides its tally.

    Attributes:
        original: the first count's final tally (the "Original tally" column).
        decisions: each decision in words, as the sheet names it.
        unresolved: the register numbers of the challenges still open.
        opened_envelopes: a mail ballot's challenged envelopes ordered opened: their
            ballots joined the accepted envelopes in the box.
        original_groups: in an election of voting groups, each group's figures on the
            first count's final tally (each group's "Original tally" column).
    """

    original: Tally
    decisions: tuple[str, ...]
    unresolved: tuple[int, ...]
    opened_envelopes: int = 0
    original_groups: tuple[GroupTally, ...] = ()


@dataclass(frozen=True, slots=True)
class Sheet:
    """A tally sheet prepared during the count, as its SIGN event records it.

    Attributes:
        seq: the SIGN event.
        head: the last event the sheet certifies (the one before `seq`).
        kind: final or interim.
        revision: for a final sheet, 0 for the first and n for the n-th one prepared
            after a reopen or a decision; 0 for an interim sheet.
        supersedes: the SIGN event of the final sheet a revision replaces, or None.
        tally: the tally the sheet certifies.
        envelopes: a mail ballot's envelope figures (the stage has ended: a sheet is
            never prepared before), printed above lines 1-9; None otherwise.
    """

    seq: int
    head: int
    kind: SheetKind
    revision: int
    supersedes: int | None
    tally: Tally
    envelopes: EnvelopeFigures | None = None
    revised: bool = False  # the first final sheet after a decision: the Revised Tally
    decided: Decided | None = None  # for a final sheet after a decision: three columns
    # In an election of voting groups, each group's figures (setup order); else none.
    groups: tuple[GroupTally, ...] = ()

    @property
    def title(self) -> str:
        """ "Final", "Interim", "Revised", "Corrected" or "Corrected 2": the Board's words.

        A *revised* tally counts the challenged ballots a decision ordered opened; a
        *corrected* one is prepared after a reopening to correct a mistake.
        """
        if self.kind is SheetKind.INTERIM:
            return "Interim"
        if self.revised:
            return "Revised"
        if not self.revision:
            return "Final"
        return "Corrected" if self.revision == 1 else f"Corrected {self.revision}"


@dataclass(frozen=True, slots=True)
class Change:
    """What one event did to the count, as the operator and observers should see it.

    Attributes:
        event: the event applied.
        ballot: for CALL, UNDO and REDO, the ballot number of the call concerned: its
            position among the ballots that count (an undone ballot 1,563 frees the
            number 1,563 for the next call); for an interim SIGN, the last ballot called,
            and for the REOPEN that resumes it, the next one.
        sheet: for SIGN, the sheet prepared; for REOPEN, the sheet that locked the count.
        challenge: for AMEND and DISPUTE, the challenge as it now stands.
        pile: for PILE, the recount.
        envelope: for an envelope event, the ruling it records, takes back or reinstates.
        figures: for the end of the envelope stage, the stage's figures as it ended.
    """

    event: Event
    ballot: int | None = None
    sheet: Sheet | None = None
    challenge: Challenge | None = None
    pile: PileCheck | None = None
    envelope: Envelope | None = None
    figures: EnvelopeFigures | None = None


# The form of a frozen count, and of the rules it was folded by: a Station whose rules
# or form change raises it, and so never starts from a count folded the old way.
FROZEN_FORMAT = 4


@dataclass(frozen=True, slots=True)
class FrozenCount:
    """A count as stored in a snapshot: the same count always gives the same bytes.

    Attributes:
        summary: canonical JSON of everything but the two stacks: its format, the last
            event, the totals, the sheets, the lock, the challenge register and the piles.
        done: the calls that count, oldest first, and
        undone: the redo stack: each entry `seq << 2 | call code` (its place in
            `Call`), as 8-byte little-endian integers.
    """

    summary: str
    done: bytes
    undone: bytes

    def made_before(self) -> bool:
        """Whether an earlier Station froze it, in a format before FROZEN_FORMAT: never
        started from (`Count.thawed` refuses it), and no replay now gives its bytes."""
        try:
            stored = json.loads(self.summary).get("format")
        except (ValueError, AttributeError):
            return False  # unreadable: not an earlier format, so checked (and named) as is
        return isinstance(stored, int) and not isinstance(stored, bool) and stored < FROZEN_FORMAT
