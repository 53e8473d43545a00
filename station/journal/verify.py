"""Checking a journal: the setup hash, every link of the chain, and the replay.

`verify` reads the file read-only and stops at the first thing that is wrong, naming it,
because the first break is the one that matters: everything after it is suspect.
"""

import sqlite3

from station.domain import Action, Change, Count
from station.files import file_identity
from station.journal import schema
from station.journal.chain import setup_hash
from station.journal.chain_check import ChainCheck
from station.journal.checks import SheetTrail, detail_is_canonical, sheet_problem, snapshot_problem
from station.journal.errors import JournalError
from station.journal.records import Record
from station.journal.store import Journal
from station.journal.stream_check import Verdict, verify_records
from station.journal.times import Backwards
from station.journal.voters import voter_list_problem
from station.progress import Progress


def verify_journal(journal: Journal, progress: Progress | None = None) -> Verdict:
    """Check an open journal from its setup to its last event.

    A sound journal is checked the fast way (`_sound_verdict`); if that finds anything
    in doubt, every event is checked again one at a time, which names the first thing
    wrong. `progress`, if given, is called now and then with (events checked, events
    in all).
    """
    missing = set(schema.guards(journal.version)) - schema.trigger_names(journal.database)
    altered = schema.altered_guards(journal.database, journal.version)
    foreign = schema.foreign_triggers(journal.database, journal.version)
    guards_problem = (
        f"the append-only guards were removed from the file ({', '.join(sorted(missing))})"
        if missing
        else f"the append-only guards were altered ({', '.join(altered)})"
        if altered
        else f"triggers that are not Station's were added to the file ({', '.join(foreign)})"
        if foreign
        else None
    ) or voter_list_problem(journal)  # a mail ballot's list, and the voters its rulings name
    if guards_problem is None and setup_hash(journal.election.row) == journal.election.setup_hash:
        verdict = _sound_verdict(journal, progress)
        if verdict is not None:
            return verdict
    return verify_records(
        journal.election,
        journal.records(),
        guards_problem=guards_problem,
        progress=progress,
        total=journal.head_seq,
        snapshots=journal,
        damaged=(sqlite3.DatabaseError,),
    )


_FOLD_SHARE = 40  # percent of the fast way's time this process spends folding the count


class _Doubt(Exception):
    """Something is not as it should be: check one event at a time to say what."""


# What makes the fast way hand over to the careful way: a doubt of its own, a file
# the fold or the snapshots refuse (JournalError), an event missing (KeyError from
# `hash_of`), a damaged page (sqlite3.DatabaseError), a file gone or replaced (OSError).
# Anything else is a bug, raised as one rather than hidden as slowness.
_DOUBTS = (_Doubt, JournalError, KeyError, sqlite3.DatabaseError, OSError)


def _sound_verdict(journal: Journal, progress: Progress | None) -> Verdict | None:
    """The verdict on a journal in which every check holds, or None if any does not."""
    checked = _checked_count(journal, journal.head_seq, progress)
    if checked is None:
        return None
    count, backwards = checked
    last = count.last_seq
    if progress is not None:
        progress(last, last)
    head = journal.hash_of(last)
    return Verdict(True, None, None, last, head, count.tally, tuple(count.sheets), backwards)


def checked_count(journal: Journal, last: int, progress: Progress | None = None) -> Count | None:
    """The count of events 1 to `last` if every check of `verify_records` holds, else None.

    The same checks, made in bulk: other processes check the numbering, types and
    hashes of the events (`ChainCheck`) while this one folds the count (`Journal.fold`),
    checking each tally sheet and snapshot on the way, then checks its own share of the
    hashes. None says only that something is in doubt: checking one event at a time
    names it. `progress`, if given, hears how far this process got, never the end.
    """
    checked = _checked_count(journal, last, progress)
    return None if checked is None else checked[0]


def _checked_count(
    journal: Journal, last: int, progress: Progress | None
) -> tuple[Count, Backwards | None] | None:
    """`checked_count`, and the first event dated before the one before it (the walk of
    the chain compares their times as it passes)."""
    if not journal.canonical:
        return None  # tables not as Station defines them: SQLite's answers prove nothing
    trail = SheetTrail()

    def check_sheet(record: Record, change: Change) -> None:
        if not detail_is_canonical(record, change.event.detail):
            raise _Doubt
        sheet = change.sheet
        signed = change.event.action is Action.SIGN and sheet is not None
        if signed and sheet is not None and sheet_problem(journal.election, record, sheet, trail):
            raise _Doubt
        trail.note(record, change)

    try:
        chain = ChainCheck(journal.path, last, journal.hash_of, identity=journal.identity)
    except _DOUBTS:  # an event missing, a damaged page: the careful way says which
        return None
    try:
        count = journal.new_count()
        for seq in journal.snapshot_seqs():
            if not 1 <= seq <= journal.head_seq:
                return None
            if seq > last:
                break
            count = journal.fold(seq, count, on_other_event=check_sheet)
            if snapshot_problem(journal.snapshot(seq), seq, count, journal.hash_of(seq)):
                return None
        count = journal.fold(last, count, on_other_event=check_sheet)
        folded = last * _FOLD_SHARE // 100  # of the work this process does, about
        if progress is not None:
            progress(folded, last)

        def checked(events: int) -> None:
            if progress is not None:
                progress(folded + (last - 1 - folded) * events // max(chain.own, 1), last)

        if chain.first_break(journal.connection, checked) is not None:
            return None
        if file_identity(journal.path) != journal.identity:
            return None  # another file has its name now: the other processes read that one
    except _DOUBTS:  # the careful way decides, and names what is wrong
        return None
    finally:
        chain.close()
    return count, chain.backwards
