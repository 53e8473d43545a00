"""Checking a stream of events against their election: chain, types, rules, sheets.

Pure, reading nothing itself: the election file's records (`verify`), an exported
`journal.jsonl` (the verification core, `station.verification`) and a witness's copy
are all checked here, one event at a time, stopping at the first thing wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Protocol

from station.domain import Action, Count, ReplayError, Sheet, Tally
from station.domain.tally_sheet import DECIDING_FACTS
from station.journal.chain import setup_hash
from station.journal.checks import SheetTrail, event_problem, sheet_fault, snapshot_problem
from station.journal.errors import CorruptJournal
from station.journal.records import Election, Record
from station.progress import EVERY, Progress

if TYPE_CHECKING:  # pragma: no cover
    from station.journal.snapshots import Snapshot
    from station.journal.times import Backwards


class Snapshots(Protocol):
    """Where the snapshots of the count are kept (the election file, `Journal`)."""

    def snapshot_seqs(self) -> Iterable[int]: ...

    def snapshot(self, seq: int) -> Snapshot | None: ...


class Fault(Enum):
    """Which kind of check a stream of events failed: a reader that numbers its steps
    (the export's, docs/format.md) names the step from it."""

    SETUP = "setup"  # the setup's own hash
    CHAIN = "chain"  # an event's number, link to the one before, field types or hash
    RULES = "rules"  # the rules of the count, as the event is replayed
    FACTS = "facts"  # what a tally sheet states, but lines 8-9
    DECIDED = "decided"  # a tally sheet's lines 8-9 and the sentences printed for them
    STORED = "stored"  # the election file around the events: snapshots, damage


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of a verification.

    Attributes:
        ok: True only if every check held.
        problem: the first thing found wrong, one line, or None.
        seq: the first bad event, when the problem is an event.
        events: how many events were checked and found good.
        head: the hash of the last good event (the setup hash if there is none).
        tally: the tally replayed from the good events (nothing, when the bad event
            left a count that does not add up: `Count.spoiled_by`).
        sheets: the tally sheets prepared among the good events.
        backwards: when every check held, the first event dated before the event
            before it (`clock.first_backwards`: a clock set back), or None.
        fault: which kind of check failed, when one did.
    """

    ok: bool
    problem: str | None
    seq: int | None
    events: int
    head: str
    tally: Tally
    sheets: tuple[Sheet, ...] = ()
    backwards: Backwards | None = None
    fault: Fault | None = None


def verify_records(
    election: Election,
    records: Iterable[Record],
    *,
    guards_problem: str | None = None,
    progress: Progress | None = None,
    total: int = 0,
    snapshots: Snapshots | None = None,
    damaged: tuple[type[Exception], ...] = (),
) -> Verdict:
    """Check a stream of events against their election, wherever they were read from.

    Used on the election file and on an exported `journal.jsonl` alike. `progress`, if
    given, is called every few hundred events with (events checked, `total`). The
    snapshots of the count stored in `snapshots`, the election file, are each checked
    against the replay at their event.
    """
    count = Count.for_setup(election.setup)
    head = election.setup_hash
    checked = 0
    utc = ""  # of the event before: the first event has none
    backwards: Backwards | None = None
    trail = SheetTrail()  # SIGN events, by seq: a revision names its predecessor
    previous: Record | None = None  # the event before: its session and clock

    def fail(problem: str, seq: int | None = None, fault: Fault = Fault.STORED) -> Verdict:
        # A count the bad event left not adding up states no figures.
        tally = Tally() if count.spoiled_by is not None else count.tally
        sheets = tuple(count.sheets)
        return Verdict(False, problem, seq, checked, head, tally, sheets, fault=fault)

    if setup_hash(election.row) != election.setup_hash:
        return fail("the election setup was altered (its hash does not match)", None, Fault.SETUP)
    if guards_problem:
        return fail(guards_problem)
    try:
        snapshot_seqs = set(snapshots.snapshot_seqs()) if snapshots is not None else set()
    except CorruptJournal:
        return fail("the snapshots of the count were altered (one names no event)")
    try:
        for record in records:
            problem = event_problem(record, checked + 1, head, previous)
            if problem:
                return fail(problem, checked + 1, Fault.CHAIN)
            try:
                change = count.apply(record.event())
            except ReplayError as error:
                problem = f"event {record.seq} breaks the rules of the count: {error.reason}"
                return fail(problem, record.seq, Fault.RULES)
            except ValueError:
                problem = f"event {record.seq} has an unknown action or call"
                return fail(problem, record.seq, Fault.RULES)
            if change.event.action is Action.SIGN and change.sheet is not None:
                wrong = sheet_fault(election, record, change.sheet, trail)
                if wrong:
                    fact, problem = wrong
                    kind = Fault.DECIDED if fact in DECIDING_FACTS else Fault.FACTS
                    return fail(problem, record.seq, kind)
            trail.note(record, change)
            if record.seq in snapshot_seqs and snapshots is not None:
                snapshot_seqs.discard(record.seq)
                problem = snapshot_problem(
                    snapshots.snapshot(record.seq), record.seq, count, record.hash
                )
                if problem:
                    return fail(problem)
            checked = record.seq
            head = record.hash
            previous = record
            if backwards is None and record.utc < utc:
                backwards = (record.seq, record.utc, utc)
            utc = record.utc
            if progress is not None and checked % EVERY == 0:
                progress(checked, max(total, checked))
    except damaged as error:
        return fail(f"the file is damaged after event {checked} ({error})", checked + 1)
    if snapshot_seqs:
        return fail(
            f"a snapshot of the count names event {min(snapshot_seqs):,},"
            " which is not in the journal"
        )
    if progress is not None:
        progress(checked, checked)
    sheets = tuple(count.sheets)
    return Verdict(True, None, None, checked, head, count.tally, sheets, backwards)
