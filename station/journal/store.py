"""The election file: its setup and its append-only, hash-chained journal of events.

One SQLite file per election, in WAL mode with `synchronous=FULL`: every event is one
transaction, and `append` returns only after that transaction committed durably. That
return is the acknowledgement: the operator window shows a call only after it.

This module is the `Journal` class: opening, appending, reading, closing. What a row
is lives in `records.py`; the fast fold in `fold.py`; snapshots, restoring and
checkpoints in `snapshots.py`; SQLite's errors in words in `faults.py`; making a file
whole or not at all in `creating.py`; connecting in `connection.py`.
"""

import contextlib
import sqlite3
import time
from collections.abc import Callable, Generator, Iterator, Mapping
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from station import __version__
from station.domain import Action, Call, Change, Count, ElectionSetup
from station.domain.voters import VoterList
from station.files import file_identity
from station.journal import bounded_json, schema, snapshots
from station.journal import fold as folding
from station.journal.chain import event_hash, setup_hash
from station.journal.checkpointer import EVERY as CHECKPOINT_EVENTS
from station.journal.checkpointer import Checkpointer
from station.journal.checks import setup_altered
from station.journal.clock import first_backwards
from station.journal.connection import (
    CHECKPOINT_PAGES,
    check_version,
    checkpoint_wal,
    close_database,
    commit_durably,
    connect,
    ensure_wal,
    on_read_only_media,
    tidy_sidecars,
)
from station.journal.creating import create_election, utc_now
from station.journal.errors import (
    CorruptJournal,
    JournalError,
    JournalExists,
    JournalNotFound,
    JournalUnavailable,
    NotAJournal,
    WriteFailed,
)
from station.journal.faults import describe, environment_fault, write_problem
from station.journal.header import read_header
from station.journal.lock import WriterLock
from station.journal.records import (
    INSERT,
    ROWS_BETWEEN,
    SELECT,
    Election,
    Record,
    election_from_row,
)
from station.journal.snapshots import SNAPSHOTS_VERSION, Snapshot


class Journal:
    """An open election file.

    Open it with `Journal.open(path)` to count (one writer per file, enforced with a
    lock) or `Journal.open(path, read_only=True)` to follow it (any number of readers,
    which never block the writer).
    """

    def __init__(
        self, path: Path, db: Database, *, read_only: bool, lock: WriterLock | None
    ) -> None:
        self.path = path
        self.read_only = read_only
        # Read as it lies on read-only media, without the -shm WAL needs (see `open`).
        self.immutable = False
        self._db = db
        self._conn = db.conn
        self._lock = lock
        self.session: int | None = None
        self.seal_secret: bytes | None = None  # given by `open`; see there
        self._made_sidecars = False
        self.election = self._load_election()
        self.head_seq, self.head_hash = self._read_head()
        # When the last event is dated, and the first event this connection wrote dated
        # before the one before it (the station's clock set back while counting).
        self.head_utc = self._read_head_utc()
        self.clock_went_back: tuple[int, str, str] | None = None
        # The file this connection reads, as the file system knows it (for other
        # processes that check it too: see `chain_check`).
        self.identity = file_identity(path)
        self.version = int(self._conn.execute("PRAGMA user_version").fetchone()[0])
        self.has_snapshots = self.version >= SNAPSHOTS_VERSION
        self._canonical_at: tuple[int, bool] | None = None  # (schema_version, canonical)
        # The thread that checkpoints the -wal, for a station's window (see
        # `checkpoint_in_background`); None: SQLite does it in the commit that fills it.
        self.checkpointer: Checkpointer | None = None

    @property
    def canonical(self) -> bool:
        """Whether the file's tables, indexes and triggers are exactly Station's.

        Only then are the fast ways taken (see `schema.definitions`). Asked again
        whenever the schema changed since it was last asked (someone may edit the
        file while a station counts), which costs one PRAGMA otherwise.
        """
        changes = int(self._conn.execute("PRAGMA schema_version").fetchone()[0])
        if self._canonical_at is None or self._canonical_at[0] != changes:
            ours = schema.file_definitions(self._db) == schema.definitions(self.version)
            self._canonical_at = (changes, ours)
        return self._canonical_at[1]

    # -- creating and opening -----------------------------------------------------

    @classmethod
    def create(
        cls, path: Path | str, setup: ElectionSetup, voters: VoterList | None = None
    ) -> None:
        """Create a new election file at `path`; never overwrites, never leaves half a file.

        The file is built beside its destination under a temporary name and linked
        into place only once complete, so a full disk or a crash leaves nothing behind.
        """
        path = Path(path)
        folder = path.parent
        try:
            if not folder.is_dir():
                raise JournalNotFound(f"{folder}: no such folder")
            if path.exists() or path.is_symlink():
                raise JournalExists(f"{path}: already exists; Station never overwrites a file")
        except OSError as error:  # a name too long for the file system, and the like
            raise JournalNotFound(f"{path}: cannot be created ({error.strerror})") from None
        create_election(path, setup, voters)

    @classmethod
    def open(
        cls,
        path: Path | str,
        *,
        read_only: bool = False,
        tidy: bool = True,
        seal_secret: bytes | None = None,
        check_setup: bool = True,
    ) -> "Journal":
        """Open an existing election file, or raise a one-line JournalError.

        `seal_secret` (`seal.station_secret`), given by whoever opens it to count: a writer
        seals a snapshot as it closes (`checkpoint`), and `restore` may start from one.

        A reader that made the -wal takes it and the -shm away as it closes (not one it
        found: see `tidy_sidecars`), unless `tidy` is False (the dashboard never writes).

        The file's header is checked before SQLite opens it, so a foreign, garbage or
        newer file is refused without being touched. A file whose setup does not match
        its hash is refused too (CorruptJournal), for reading as for counting; only
        `verify` and `copy`, which must read it to say what is wrong or keep it as it
        is, pass `check_setup` False.
        """
        path = Path(path)
        header = read_header(path)
        if header.application_id != schema.APPLICATION_ID:
            raise NotAJournal(
                f"{path}: is an SQLite database of another program, not a Station election file"
            )
        check_version(path, header.user_version)
        lock = None if read_only else WriterLock(path)
        # SQLite makes -wal and -shm files beside a WAL database even to read it;
        # if the file turns out to be unreadable, take away any we caused.
        sidecars = [Path(f"{path}-wal"), Path(f"{path}-shm")]
        ours = [sidecar for sidecar in sidecars if not sidecar.exists()]
        wal_made = sidecars[0] in ours
        immutable = read_only and on_read_only_media(path)
        try:
            db = connect(path, read_only=read_only, immutable=immutable)
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                check_version(path, version)
                if not read_only:
                    ensure_wal(path, db)
                    commit_durably(db)
                    db.execute(f"PRAGMA wal_autocheckpoint = {CHECKPOINT_PAGES}")
                    if version < schema.SCHEMA_VERSION:
                        schema.upgrade(db)
                journal = cls(path, db, read_only=read_only, lock=lock)
                journal.immutable = immutable
                journal._made_sidecars = read_only and tidy and not immutable and wal_made
                election = journal.election
                if check_setup and setup_hash(election.row) != election.setup_hash:
                    lock = None  # `close` releases it, and takes away the sidecars made
                    journal.close()  # no secret yet: closing seals no snapshot
                    raise CorruptJournal(setup_altered(path))
                journal.seal_secret = seal_secret
                return journal
            except BaseException:
                db.close()
                raise
        except sqlite3.DatabaseError as error:
            if lock:
                lock.release()
            for sidecar in ours:
                with contextlib.suppress(OSError):
                    sidecar.unlink(missing_ok=True)
            if environment_fault(error):
                raise JournalUnavailable(
                    f"{path}: cannot be opened now ({write_problem(path, error)})"
                ) from None
            raise CorruptJournal(
                f"{path}: is damaged and cannot be read ({describe(error)})"
            ) from None
        except BaseException:
            if lock:
                lock.release()
            raise

    def _load_election(self) -> Election:
        try:
            # Every column there is: a reader may open a file of an older version.
            cursor = self._conn.execute("SELECT * FROM election WHERE id = 1")
            row = cursor.fetchone()
        except sqlite3.OperationalError as error:
            if environment_fault(error):
                raise  # the disk's fault, not the file's: `open` says which
            raise CorruptJournal(f"{self.path}: is incomplete ({describe(error)})") from None
        if row is None:
            raise CorruptJournal(f"{self.path}: has no election setup")
        names = [column[0] for column in cursor.description]
        return election_from_row(dict(zip(names, row, strict=True)), self.path)

    def _read_head_utc(self) -> str | None:
        row = self._conn.execute(
            "SELECT utc FROM events NOT INDEXED ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        return None if row is None or not isinstance(row[0], str) else row[0]

    def clock_backwards(self) -> tuple[int, str, str] | None:
        """The first event dated before the event before it, if any (`clock.py`)."""
        return first_backwards(self._conn)

    def _read_head(self) -> tuple[int, str]:
        row = self._conn.execute(
            "SELECT seq, hash FROM events NOT INDEXED ORDER BY seq DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return 0, self.election.setup_hash
        return int(row[0]), str(row[1])

    # -- writing ------------------------------------------------------------------

    def start_session(self) -> Record:
        """Record that a station opened the file; later events belong to this session."""
        last = self.last_records(1)
        if not last:
            previous = "none"
        elif last[0].action == Action.CLOSE:
            previous = "closed"
        else:
            previous = "interrupted"  # the last station crashed, was killed or lost power
        self.session = self.head_seq + 1
        detail = {"station": __version__, "previous_session": previous}
        return self.append(Action.OPEN, detail=detail)

    def end_session(self) -> Record | None:
        """Record that the station closed the file cleanly (if a session is open)."""
        if self.session is None:
            return None
        record = self.append(Action.CLOSE)
        self.session = None
        return record

    def append(
        self,
        action: Action,
        call: Call | None = None,
        target: int | None = None,
        detail: Mapping[str, object] | None = None,
        *,
        utc: str | None = None,
    ) -> Record:
        """Commit one event durably and return it; raise WriteFailed if it was not recorded.

        `utc` is its time as `utc_now` read it for the caller (None: read now).

        The in-memory head moves only after the commit returned, so a failed write
        leaves the journal, and everything shown from it, exactly as it was.
        """
        if self.read_only or self._lock is None:
            raise WriteFailed(f"{self.path}: is open read-only")
        if self.session is None:
            raise WriteFailed(f"{self.path}: no station session is open")
        if not self._lock.same_file_still_there():
            raise WriteFailed(
                f"{self.path}: the election file was moved, deleted or replaced; nothing was recorded"
            )
        seq = self.head_seq + 1
        detail_text = None if detail is None else bounded_json.canonical_detail(detail)
        now = utc_now() if utc is None else utc
        fields = (
            seq,
            now,
            time.monotonic_ns(),
            self.session,
            action.value,
            None if call is None else call.value,
            target,
            detail_text,
            self.head_hash,
        )
        record = Record(*fields, hash=event_hash(*fields))
        try:
            with self._db.atomic():
                before = self._conn.total_changes
                self._conn.execute(INSERT, (*fields, record.hash))
                # Exactly one row: Station's triggers change nothing, so a trigger
                # someone added that skips the row or writes anything is caught here.
                if self._conn.total_changes - before != 1:
                    raise _NotStored
        except _NotStored:
            reason = (
                "the election file did not store the event as written"
                " (a trigger that is not Station's acts on it; run `station verify`)"
            )
            raise WriteFailed(f"not recorded: {reason}", reason) from None
        except sqlite3.Error as error:
            if self._conn.in_transaction:
                # Neither COMMIT nor ROLLBACK went through: what this connection sees is
                # not durable, so it proves nothing. Try once more to roll back.
                with contextlib.suppress(sqlite3.Error):
                    self._conn.execute("ROLLBACK")
            elif self._committed_after_all(record):
                return record
            reason = write_problem(self.path, error)
            raise WriteFailed(f"not recorded: {reason}", reason) from None
        self.head_seq, self.head_hash = seq, record.hash
        if self.head_utc is not None and now < self.head_utc and self.clock_went_back is None:
            self.clock_went_back = (seq, now, self.head_utc)
        self.head_utc = now
        if action in (Action.OPEN, Action.SIGN):
            checkpoint_wal(self._conn)
        elif self.checkpointer is not None:
            self.checkpointer.appended()
        return record

    def checkpoint_in_background(self, every: int = CHECKPOINT_EVENTS) -> None:
        """From now on, move the -wal into the file from a thread of its own, every
        `every` events, never in a commit (`checkpointer.py`): for a station's window,
        where every commit is a keypress the operator waits for. Where the thread
        cannot be had, SQLite goes on checkpointing as before."""
        if self.read_only or self.checkpointer is not None:
            return
        try:
            self.checkpointer = Checkpointer(self.path, every)
        except sqlite3.Error:
            return
        self._conn.execute("PRAGMA wal_autocheckpoint = 0")

    def _committed_after_all(self, record: Record) -> bool:
        """After an error, whether the event is in the file anyway (the file is the truth)."""
        try:
            seq, head = self._read_head()
        except sqlite3.Error:
            return False
        if seq == record.seq and head == record.hash:
            self.head_seq, self.head_hash = seq, head
            return True
        return False

    # -- reading ------------------------------------------------------------------

    def refresh(self) -> None:
        """Re-read the head (readers: to see what the writer committed since)."""
        self.head_seq, self.head_hash = self._read_head()

    def data_version(self) -> int:
        """A number that changes whenever another connection commits to the file.

        Cheap enough to ask twenty times a second: it reads no page, so a follower can
        tell "nothing new" without starting a read of the events table.
        """
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def records(self, after: int = 0) -> Generator[Record, None, None]:
        """Every event after `after`, in order."""
        cursor = self._conn.execute(f"{SELECT} WHERE seq > ? ORDER BY seq", (after,))
        for row in cursor:
            yield Record(*row)

    def first_record(self, action: Action, after: int = 0) -> Record | None:
        """The first event with this action (after event `after`), if any."""
        row = self._conn.execute(
            f"{SELECT} WHERE action = ? AND seq > ? ORDER BY seq LIMIT 1", (action.value, after)
        ).fetchone()
        return None if row is None else Record(*row)

    def record(self, seq: int) -> Record | None:
        """The event numbered `seq`, or None."""
        row = self._conn.execute(f"{SELECT} WHERE seq = ?", (seq,)).fetchone()
        return None if row is None else Record(*row)

    def last_records(self, count: int) -> list[Record]:
        """The last `count` events, oldest first."""
        rows = self._conn.execute(f"{SELECT} ORDER BY seq DESC LIMIT ?", (count,)).fetchall()
        return [Record(*row) for row in reversed(rows)]

    def fold_one_by_one(
        self, count: Count, until: int | None = None
    ) -> Iterator[tuple[Record, Change]]:
        """Fold the events after `count.last_seq` (up to `until`) into `count`, one by one,
        yielding each with what it changed: see `fold.one_by_one`."""
        return folding.one_by_one(self, count, until)

    def unreadable_error(self, error: sqlite3.DatabaseError, after: int) -> JournalError:
        """The one-line error to raise when reading the events after `after` failed."""
        if environment_fault(error):
            return JournalUnavailable(f"{self.path}: cannot be read now ({describe(error)})")
        return CorruptJournal(
            f"{self.path}: is damaged after event {after:,}"
            f" ({describe(error)}; run `station verify`)"
        )

    def stored_hash(self, seq: int) -> str | None:
        """The hash stored with event `seq`, or None if there is no such event."""
        row = self._conn.execute(
            "SELECT hash FROM events NOT INDEXED WHERE seq = ?", (seq,)
        ).fetchone()
        return None if row is None else str(row[0])

    def hash_of(self, seq: int) -> str:
        """The stored hash of event `seq`; of 0, the setup hash (KeyError if no such event)."""
        if seq == 0:
            return self.election.setup_hash
        found = self.stored_hash(seq)
        if found is None:
            raise KeyError(seq)
        return found

    def backup_to(self, target: sqlite3.Connection) -> None:
        """Copy the whole file, with what its -wal holds, into `target` (SQLite's backup)."""
        self._conn.backup(target)

    def last_session_closed(self) -> bool:
        """Whether the last event is a station closing the file (or there is none)."""
        last = self.last_records(1)
        return not last or last[0].action == Action.CLOSE

    def rows(self, first: int, last: int) -> Iterator[tuple[Any, ...]]:
        """Events `first` to `last` as bare rows (EVENT_FIELDS), for checking hashes fast."""
        return iter(self._conn.execute(ROWS_BETWEEN, (first, last)))

    def new_count(self) -> Count:
        """An empty Count with this election's rules (its pile size)."""
        return Count.for_setup(self.election.setup)

    def fold(
        self,
        until: int | None = None,
        count: Count | None = None,
        on_other_event: Callable[[Record, Change], None] | None = None,
    ) -> Count:
        """The count of every event up to `until` (the head), folded fast: see `fold.fold`."""
        return folding.fold(self, until, count, on_other_event)

    def restore(
        self, until: int | None = None, *, secret: bytes | None = None, trust_snapshots: bool = True
    ) -> Count:
        """The count of every event up to `until` (the head), every hash folded checked.

        Starts from the latest snapshot at or before `until` that a station with
        `secret` sealed for that very event (see `seal.py`), and folds the events after
        it; without one (or without a secret), or with `trust_snapshots` False (to
        prepare or export a sheet), folds them all. This is how a station opens a file. `verify` takes no snapshot on trust:
        it replays every event and checks each snapshot. Raises CorruptJournal on an
        event the rules refuse or whose hash or link does not hold.
        """
        return snapshots.restore(self, until, secret=secret, trust_snapshots=trust_snapshots)

    def checkpoint(self, secret: bytes) -> bool:
        """Store a snapshot sealed with `secret`, if one is worth it: see `snapshots.checkpoint`."""
        return snapshots.checkpoint(self, secret)

    def snapshot_seqs(self) -> list[int]:
        """The events the stored snapshots were folded up to, oldest first."""
        return snapshots.stored_seqs(self)

    def snapshot(self, seq: int) -> Snapshot | None:
        """The snapshot folded up to event `seq`, as stored, or None."""
        return snapshots.stored(self, seq)

    def holds_the_file(self) -> bool:
        """Whether this is the writer, and the file it locked still has its name."""
        return not self.read_only and self._lock is not None and self._lock.same_file_still_there()

    @property
    def connection(self) -> sqlite3.Connection:
        """The SQLite connection (for the modules that read and write beside this one)."""
        return self._conn

    @property
    def database(self) -> Database:
        """The sqlite-utils database (its `atomic()` transactions)."""
        return self._db

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        # A connection left to the garbage collector is a ResourceWarning from Python
        # 3.13 on, and a writer's lock held until then: `with` closes on every path.
        self.close()

    def close(self) -> None:
        """Close the file (a writer records the end of its session first)."""
        counted = not self.read_only and self.session is not None
        try:
            if counted:
                # If the file is gone or the disk full, the next opening records the
                # interruption instead.
                with contextlib.suppress(JournalError):
                    self.end_session()
            # A snapshot spares the next opening a long replay (no failure here matters
            # more). Only a station that counted stores one: a file it refused, perhaps
            # kept as evidence, is left as it was found.
            if counted and self.seal_secret is not None:
                with contextlib.suppress(JournalError, sqlite3.Error):
                    self.checkpoint(self.seal_secret)
        finally:
            if self.checkpointer is not None:
                # Before the writer closes: SQLite checkpoints as the last connection closes.
                self.checkpointer.stop()
                self.checkpointer = None
            close_database(self._db, self.path, keep_wal=not counted and not self.read_only)
            if self._lock:
                self._lock.release()
                self._lock = None
            if self._made_sidecars:
                self._made_sidecars = False
                tidy_sidecars(self.path)


class _NotStored(Exception):
    """The INSERT of an event stored no row."""
