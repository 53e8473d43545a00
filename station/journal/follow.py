"""Following an election file another process writes: read-only, incremental, Qt-free.

What an observers' dashboard knows of a count is `Followed`: the count folded by the
same rules as the operator's, the last changes for the ticker, the journal position
observers write down, whether the station closed the count, and the key its sheets
are signed with. `Follower` keeps a `Followed` up to date from the file itself, one
`poll()` at a time; the Qt part (`ui/dashboard/feed.py`) only owns the timer and turns
what a poll returned into signals.
"""

import itertools
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from station.domain import Change, Count
from station.domain.followed import TICKER_LENGTH, Followed
from station.domain.result_statements import objections_statement
from station.domain.statements import EventFault
from station.files import file_identity
from station.journal.checks import UNKNOWN, Previous, chain_problem
from station.journal.errors import JournalError
from station.journal.records import Record
from station.journal.session import earlier_key
from station.journal.store import Journal
from station.journal.verify import checked_count

BATCH = 2000  # records read per poll, so that one read transaction stays short


def objections_at(journal: Journal, count: Count) -> str | None:
    """When objections are due, in words, as the sheet locking `count` states it (None
    if none)."""
    locked = None if count.locked_by is None else journal.record(count.locked_by.seq)
    return None if locked is None else objections_statement(locked.details())


class Follower(Followed):
    """Follows an election file another process writes, read-only and incrementally.

    Each `poll()` asks SQLite's `data_version` (no page is read) and only when the
    writer committed does it read the new events, at most `BATCH` at a time, in one
    short statement; it keeps no read transaction open between polls, so the writer's
    WAL checkpoints are never held back. Each event's hash and its link to the
    previous one are checked before it is folded in.

    If the file disappears, is replaced or cannot be read, `problem` says why and the
    next poll after `retry_s` tries to open it again; when the same election comes back
    it carries on from where it was, or folds again from the start (`resets` goes up)
    if the history it had is not there any more.

    A file with an event that cannot be counted on (altered, or refused by the rules)
    cannot be followed from the start either (JournalError), unless `up_to_a_bad_event`:
    then the count is that of the events before it and `problem` names it, so that the
    agent can look at a file the operator window will not count in.

    Attributes:
        last_record: the last record folded in (its `mono_ns` measures the lag).
        problem: why the journal is unavailable, or None when it is readable.
        bad_event: the number of the event that cannot be counted on and why, when that
            is the problem (it will not pass: the file is to be read as it stands).
        resets: how many times the count was folded again from the start.
    """

    def __init__(
        self,
        path: Path,
        *,
        key_fingerprint: str | None = None,
        retry_s: float = 0.5,
        up_to_a_bad_event: bool = False,
    ) -> None:
        journal = Journal.open(path, read_only=True, tidy=False)
        try:  # on any error from here the follower lets go of the file before it is gone
            super().__init__(journal.election.setup, key_fingerprint)
            self.path = path
            self.election_id = journal.election.election_id
            self.last_record: Record | None = None
            self.problem: str | None = None
            self.bad_event: tuple[int, EventFault] | None = None
            self.resets = 0
            self._journal: Journal | None = journal
            self._identity = _identity(path)
            self._data_version: int | None = None
            self._more = True
            self._retry_after = 0.0
            self._retry_s = retry_s
            # The event (its hash) after which the count stopped adding up, and why.
            self._spoiled: tuple[str, str] | None = None
            self.head_hash = journal.election.setup_hash
            # Asked before reading: a commit in between only costs one more look.
            self._data_version = journal.data_version()
            try:
                self._catch_up_all()
            except _Unreadable as error:
                if not up_to_a_bad_event:
                    raise
                # The count of the events before it, and why.
                self._fail(str(error), error.bad_event)
        except _Unreadable as error:
            journal.close()
            raise JournalError(f"{path}: cannot be followed: {error}") from None
        except sqlite3.Error as error:
            journal.close()
            raise JournalError(f"{path}: cannot be followed ({error})") from None
        except BaseException:
            journal.close()
            raise

    @property
    def journal(self) -> Journal | None:
        """The read-only journal, or None while it is unavailable."""
        return self._journal

    def close(self) -> None:
        """Let go of the file."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    def poll(self) -> list[Change]:
        """Look once: fold in whatever the writer committed; return what each event changed.

        Afterwards `problem` is None if the journal was readable, or says why not (the
        changes folded before the problem are still returned).
        """
        changes: list[Change] = []
        try:
            if self._journal is None:
                if time.monotonic() < self._retry_after:
                    return changes
                self._reopen()
            assert self._journal is not None
            if _identity(self.path) != self._identity:
                raise _Unreadable("the election file was moved, deleted or replaced")
            version = self._journal.data_version()
            if version != self._data_version or self._more:
                self._data_version = version
                self._catch_up(changes)
        except _Unreadable as error:
            self._fail(str(error), error.bad_event)
            return changes
        except JournalError as error:
            self._fail(str(error))
            return changes
        except (sqlite3.Error, OSError) as error:
            self._fail(f"cannot be read ({error})")
            return changes
        self.problem = None
        self.bad_event = None
        return changes

    def _catch_up_all(self) -> None:
        """Fold everything there is, batch by batch, without keeping each change."""
        self._start_fast()
        self._more = True
        while self._more:
            self._catch_up(None)

    def _start_fast(self) -> None:
        """From the start of a journal, check and fold all but its last events in bulk.

        As `verify` does (`checked_count`): other processes check the hash chain while
        this one folds the count, so a long count is on screen in a second or two, not
        a minute. The last `TICKER_LENGTH` events are left to `_catch_up`,
        one by one, for the ticker. On any doubt nothing is kept, and `_catch_up`
        checks every event one by one, naming the first that is wrong.
        """
        journal = self._journal
        assert journal is not None
        journal.refresh()
        upto = journal.head_seq - TICKER_LENGTH
        if self.count.last_seq != 0 or upto <= 0:
            return
        count = checked_count(journal, upto)
        if count is None:
            return
        self.count = count
        self.head_seq, self.head_hash = upto, journal.hash_of(upto)
        self.last_record = journal.record(upto)
        self.key_fingerprint = earlier_key(journal, count) or self.key_fingerprint
        self.objections = objections_at(journal, count)

    def _catch_up(self, changes: list[Change] | None) -> None:
        assert self._journal is not None
        records = self._journal.records(after=self.count.last_seq)
        batch = _take(records, BATCH)
        self._more = len(batch) == BATCH
        for record in batch:
            # In `verify`'s words, so the dashboard and the check name the same event.
            expected = self.head_seq + 1
            problem = chain_problem(record, expected, self.head_hash, self._previous())
            if problem is not None:
                bad = expected, _fault_of(record, expected)
                raise _Unreadable(f"{problem}{RUN_VERIFY}", bad)
            if self._spoiled is not None and self._spoiled[0] == record.hash:
                # The same event: known, not folded again.
                raise _Unreadable(self._spoiled[1], (record.seq, EventFault.NOT_ADDING_UP))
            try:
                change = self.count.apply(record.event())
            except ValueError as error:
                problem = f"{error}{RUN_VERIFY}"
                fault = EventFault.AGAINST_THE_RULES
                if self.count.spoiled_by is not None:  # keep showing the events before it
                    self.count = self._journal.fold(record.seq - 1)
                    self._spoiled = record.hash, problem
                    fault = EventFault.NOT_ADDING_UP
                raise _Unreadable(problem, (record.seq, fault)) from None
            self.head_seq, self.head_hash = record.seq, record.hash
            self.last_record = record
            self.note(change)
            if changes is not None:
                changes.append(change)

    def _previous(self) -> Previous:
        """The event the next one is checked against (its session and clock)."""
        if self.head_seq == 0:
            return None
        last = self.last_record
        return last if last is not None and last.seq == self.head_seq else UNKNOWN

    def _reopen(self) -> None:
        journal = Journal.open(self.path, read_only=True, tidy=False)
        if journal.election.election_id != self.election_id:
            journal.close()
            raise _Unreadable("a different election file now has this name")
        self._journal = journal
        self._identity = _identity(self.path)
        self._data_version = None
        if not self._still_has_our_history(journal):
            self.count = Count.for_setup(self.setup)
            self.recent.clear()
            self.head_seq, self.head_hash = 0, journal.election.setup_hash
            self.closed = False
            self._catch_up_all()
            self.resets += 1

    def _still_has_our_history(self, journal: Journal) -> bool:
        if self.head_seq == 0:
            return True
        mine = _take(journal.records(after=self.head_seq - 1), 1)
        return bool(mine) and mine[0].hash == self.head_hash

    def _fail(self, problem: str, bad_event: tuple[int, EventFault] | None = None) -> None:
        # The dashboard may be streamed: name the file, not the folders it sits in.
        self.problem = problem.replace(str(self.path), self.path.name)
        self.bad_event = bad_event
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self._retry_after = time.monotonic() + self._retry_s


RUN_VERIFY = " \N{EM DASH} run `station verify`"


class _Unreadable(Exception):
    """The journal cannot be followed right now (one line saying why).

    `bad_event`: the event that cannot be counted on, if that is why: not a passing
    outage, it will be found there again.
    """

    def __init__(self, problem: str, bad_event: tuple[int, EventFault] | None = None) -> None:
        super().__init__(problem)
        self.bad_event = bad_event


def _fault_of(record: Record, expected: int) -> EventFault:
    """Why an event that breaks the chain breaks it, as a read-only badge says it."""
    return EventFault.MISSING if record.seq != expected else EventFault.ALTERED


def _take(records: Iterator[Record], limit: int) -> list[Record]:
    """At most `limit` records, then end the statement and with it the read transaction."""
    try:
        return list(itertools.islice(records, limit))
    finally:
        close = getattr(records, "close", None)  # a generator: closing resets its cursor
        if close is not None:
            close()


def _identity(path: Path) -> tuple[int, int]:
    try:
        return file_identity(path)
    except OSError:
        raise _Unreadable("the election file is gone (moved or deleted)") from None
