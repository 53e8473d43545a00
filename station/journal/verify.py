"""Checking a journal: the setup hash, every link of the chain, and the replay.

`verify` reads the file read-only and stops at the first thing that is wrong, naming it,
because the first break is the one that matters: everything after it is suspect.
"""

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from station.domain import Action, Count, ReplayError, Sheet, Tally
from station.domain.tally_sheet import computed_facts, facts_problem
from station.journal import schema
from station.journal.chain import setup_hash
from station.journal.store import Election, Journal, Record
from station.progress import EVERY, Progress


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of a verification.

    Attributes:
        ok: True only if every check held.
        problem: the first thing found wrong, one line, or None.
        seq: the first bad event, when the problem is an event.
        events: how many events were checked and found good.
        head: the hash of the last good event (the setup hash if there is none).
        tally: the tally replayed from the good events.
        sheets: the tally sheets prepared among the good events.
    """

    ok: bool
    problem: str | None
    seq: int | None
    events: int
    head: str
    tally: Tally
    sheets: tuple[Sheet, ...] = ()


def verify_journal(journal: Journal, progress: Progress | None = None) -> Verdict:
    """Check an open journal from its setup to its last event.

    `progress`, if given, is called now and then with (events checked, events in all).
    """
    missing = set(schema.GUARD_TRIGGERS) - journal.triggers()
    guards_problem = (
        f"the append-only guards were removed from the file ({', '.join(sorted(missing))})"
        if missing
        else None
    )
    return verify_records(
        journal.election,
        journal.records(),
        guards_problem=guards_problem,
        progress=progress,
        total=journal.head_seq,
    )


def verify_records(
    election: Election,
    records: Iterable[Record],
    *,
    guards_problem: str | None = None,
    progress: Progress | None = None,
    total: int = 0,
) -> Verdict:
    """Check a stream of events against their election, wherever they were read from.

    Used on the election file and on an exported `journal.jsonl` alike. `progress`, if
    given, is called every few hundred events with (events checked, `total`).
    """
    count = Count(pile_size=election.setup.pile)
    head = election.setup_hash
    checked = 0
    sheet_hashes: dict[int, str] = {}  # SIGN events, by seq: a revision names its predecessor

    def fail(problem: str, seq: int | None = None) -> Verdict:
        return Verdict(False, problem, seq, checked, head, count.tally, tuple(count.sheets))

    if setup_hash(election.row) != election.setup_hash:
        return fail("the election setup was altered (its hash does not match)")
    if guards_problem:
        return fail(guards_problem)
    try:
        for record in records:
            expected = checked + 1
            if record.seq != expected:
                return fail(
                    f"event {expected} is missing (the next one found is {record.seq})", expected
                )
            if record.prev_hash != head:
                return fail(f"event {record.seq} does not chain to the event before it", record.seq)
            if not _well_typed(record):
                return fail(
                    f"event {record.seq} was altered (a field has the wrong type)", record.seq
                )
            if record.computed_hash() != record.hash:
                return fail(f"event {record.seq} was altered (its hash does not match)", record.seq)
            try:
                change = count.apply(record.event())
            except ReplayError as error:
                return fail(
                    f"event {record.seq} breaks the rules of the count: {error.reason}", record.seq
                )
            except ValueError:
                return fail(f"event {record.seq} has an unknown action or call", record.seq)
            if change.event.action is Action.SIGN and change.sheet is not None:
                problem = _sheet_problem(election, record, change.sheet, sheet_hashes)
                if problem:
                    return fail(problem, record.seq)
                sheet_hashes[record.seq] = record.hash
            checked = record.seq
            head = record.hash
            if progress is not None and checked % EVERY == 0:
                progress(checked, max(total, checked))
    except sqlite3.DatabaseError as error:
        return fail(f"the file is damaged after event {checked} ({error})", checked + 1)
    if progress is not None:
        progress(checked, checked)
    return Verdict(True, None, None, checked, head, count.tally, tuple(count.sheets))


def verify_file(path: Path | str) -> Verdict:
    """Open `path` read-only and verify it (raises JournalError if it cannot be opened)."""
    journal = Journal.open(path, read_only=True)
    try:
        return verify_journal(journal)
    finally:
        journal.close()


def _sheet_problem(
    election: Election, record: Record, sheet: Sheet, sheet_hashes: dict[int, str]
) -> str | None:
    """Whether a SIGN event states exactly the facts the journal gives at its head."""
    superseded = None if sheet.supersedes is None else sheet_hashes[sheet.supersedes]
    facts = computed_facts(election.setup, sheet, record.prev_hash, superseded)
    problem = facts_problem(record.details(), facts)
    if problem:
        return f"event {record.seq} (the {sheet.title.lower()} tally sheet) {problem}"
    return None


def _well_typed(record: Record) -> bool:
    """Whether every field has the type Station writes (hashing assumes it)."""
    texts = (record.utc, record.action, record.prev_hash, record.hash)
    optional_texts = (record.call, record.detail)
    return (
        all(isinstance(value, str) for value in texts)
        and all(value is None or (isinstance(value, str) and value) for value in optional_texts)
        and all(isinstance(value, int) for value in (record.seq, record.mono_ns, record.session))
        and (record.target is None or isinstance(record.target, int))
    )
