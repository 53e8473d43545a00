"""Folding a journal's events into a count, fast: plain calls as one digit each.

Most events of a count are plain calls: no target, no detail. Folding them one Python
object at a time is what made a long journal slow to open, so `fold` has SQLite hand
over every event as one digit, read from the table itself (NOT INDEXED): a plain
call's place in `Call`, or 8 for any other event, which is then read whole through
the index of those (`schema.NOT_PLAIN_CALL`). The two must agree: the index only
says where to look.

The fast fold is held equal to the plain one (`Journal.fold_one_by_one`, one event at a
time) by tests/journal/test_fold.py, with the plain one forbidden.
"""

import contextlib
import operator
import sqlite3
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from station.domain import Call, Change, Count
from station.journal import schema
from station.journal.checks import chain_broken, chain_problem
from station.journal.errors import CorruptJournal
from station.journal.records import EVENT_COLUMNS, Record

if TYPE_CHECKING:
    from station.journal.store import Journal

OnOtherEvent = Callable[[Record, Change], None]
"""Told of each event that is not a plain call, with what it changed."""

_OTHER = 8
_CALL_NUMBER = " ".join(f"WHEN '{call.value}' THEN {code}" for code, call in enumerate(Call))
_CODES = f"""
    SELECT group_concat(code, ''), ifnull(sum(seq * (code + 1)), 0)
    FROM (SELECT seq, CASE WHEN {schema.NOT_PLAIN_CALL} THEN {_OTHER}
                      ELSE CASE call {_CALL_NUMBER} ELSE 9 END END AS code
          FROM events NOT INDEXED WHERE seq > ? AND seq <= ? ORDER BY seq)"""
_OTHER_EVENTS = (
    f"SELECT {EVENT_COLUMNS} FROM events INDEXED BY events_not_plain"
    f" WHERE seq > ? AND seq <= ? AND {schema.NOT_PLAIN_CALL} ORDER BY seq"
)
_WEIGHTS = bytes((byte + 1) % 256 for byte in range(256))  # a digit weighs its value + 1
_DIGITS = bytes.maketrans(b"0123456789", bytes(range(10)))

# What makes the fast fold doubt, and fold again one event at a time: its own checks
# and the rules of the count (ValueError, ReplayError among them), fields of a type
# the rules do not expect in an event written outside Station (TypeError, KeyError),
# and a damaged page or rebuilt table (sqlite3.DatabaseError). Anything else is a bug,
# and is raised as one rather than hidden as slowness.
DOUBTS = (ValueError, TypeError, KeyError, sqlite3.DatabaseError)


class _RaisedByCaller(Exception):
    """What the caller's `on_other_event` raised, carried through the fold as it is."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def is_plain_call(record: Record) -> bool:
    """Whether `fold` takes this event in a run of calls (see `schema.NOT_PLAIN_CALL`)."""
    return record.action == "call" and record.target is None and record.detail is None


def fold(
    journal: "Journal",
    until: int | None = None,
    count: Count | None = None,
    on_other_event: OnOtherEvent | None = None,
) -> Count:
    """The count of every event up to `until` (the head), folded fast.

    Continues `count` if one is given (from its `last_seq` on), else starts a new
    one. The result is exactly what `fold_one_by_one` gives, but no Change is made for
    each event: runs of plain calls go in through `Count.extend_calls`, every other
    event through `Count.apply`, so a million events fold in a fraction of a
    second. `on_other_event`, if given, is called with every event that is not a
    plain call and what it changed; what it raises ends the fold.

    On the least doubt (a file whose tables are not as Station defines them, an
    event the rules refuse, digits that do not fit the events: `fold.DOUBTS`), the
    events are folded again one by one from the first, in a new count
    (`on_other_event` hears of them all again): that names the first bad event,
    raising CorruptJournal exactly as `fold_one_by_one` does, and is the truth whatever
    SQLite did. The hashes are not checked here: `restore` checks them.
    """
    count = journal.new_count() if count is None else count
    until = journal.head_seq if until is None else until
    if journal.canonical:
        try:
            return _fold_fast(journal, count, until, on_other_event)
        except _RaisedByCaller as stopped:  # the caller wants the fold to stop: so be it
            raise stopped.error from None
        except DOUBTS:  # fold one by one, below, which names what is wrong
            pass
    count = journal.new_count()
    for record, change in journal.fold_one_by_one(count, until):
        if on_other_event is not None and not is_plain_call(record):
            on_other_event(record, change)
    return count


def _fold_fast(
    journal: "Journal", count: Count, until: int, on_other_event: OnOtherEvent | None
) -> Count:
    after = count.last_seq
    conn = journal.connection
    with _one_read(conn):
        if not journal.canonical:  # asked within the read: what is read is what was asked of
            raise ValueError("the file's tables are not Station's")
        text, checksum = conn.execute(_CODES, (after, until)).fetchone()
        codes = (text or "").encode("ascii").translate(_DIGITS)  # a digit an event
        # SQLite hands the digits over in the order it scans the table: make sure it
        # was the journal's, with no event missing.
        if len(codes) != until - after or checksum != sum(
            map(operator.mul, range(after + 1, until + 1), codes.translate(_WEIGHTS))
        ):
            raise ValueError("the events are not numbered in order")
        others = 0
        for row in conn.execute(_OTHER_EVENTS, (after, until)):
            record = Record(*row)
            # The plain calls since the last event folded (an 8 among them, an
            # event the index left out, is refused as no call), then this one.
            first = count.last_seq + 1
            count.extend_calls(first, codes[first - after - 1 : record.seq - after - 1])
            if codes[record.seq - after - 1] != _OTHER:
                raise ValueError(f"event {record.seq} is a plain call")
            change = count.apply(record.event())
            if on_other_event is not None:
                try:
                    on_other_event(record, change)
                except Exception as error:  # the caller's, whatever it is: passed on
                    raise _RaisedByCaller(error) from error
            others += 1
        count.extend_calls(count.last_seq + 1, codes[count.last_seq - after :])
    if count.last_seq != until or codes.count(_OTHER) != others:
        raise ValueError("the other events are not where the index says")
    return count


@contextlib.contextmanager
def _one_read(conn: sqlite3.Connection) -> Iterator[None]:
    """Make the SELECTs inside read one and the same state of the file."""
    if conn.in_transaction:
        yield
        return
    conn.execute("BEGIN")
    try:
        yield
    finally:
        conn.execute("COMMIT")


def one_by_one(
    journal: "Journal", count: Count, until: int | None = None
) -> Iterator[tuple[Record, Change]]:
    """Fold the events after `count.last_seq` (up to `until`) into `count`, one by one.

    Yields each record with what it changed.

    Raises CorruptJournal at the first event the rules of the count refuse: such a
    file can be read by `station verify`, which names the problem, but not counted on.
    """
    try:
        before = journal.hash_of(count.last_seq)
    except KeyError:
        before = None  # the event is missing: replaying names it
    previous = journal.record(count.last_seq) if count.last_seq else None
    records = journal.records(after=count.last_seq)  # one statement: one snapshot
    try:
        while True:
            try:
                record = next(records, None)
            except sqlite3.DatabaseError as error:
                raise journal.unreadable_error(error, count.last_seq) from None
            if record is None or (until is not None and record.seq > until):
                return
            # Before the rules, in `verify`'s words: a missing event, a broken link, a
            # field of the wrong type, an altered event.
            problem = (
                None
                if before is None
                else chain_problem(record, count.last_seq + 1, before, previous)
            )
            if problem is not None:
                raise CorruptJournal(chain_broken(journal.path, record.seq, problem))
            try:
                event = record.event()
            except ValueError as error:  # an unknown action or call, its hash its own
                raise CorruptJournal(
                    f"{journal.path}: event {record.seq}: {error} (run `station verify`)"
                ) from None
            try:
                change = count.apply(event)
            except ValueError as error:  # ReplayError: the rules refuse it
                raise CorruptJournal(f"{journal.path}: {error} (run `station verify`)") from None
            before, previous = record.hash, record
            yield record, change
    finally:
        # The statement is finished even when an error leaves this early: a statement
        # left open keeps the connection alive past `close`, and the -wal and -shm
        # its opening made would be left beside a file perhaps kept as evidence.
        records.close()
