"""The election file: its setup and its append-only, hash-chained journal of events.

One SQLite file per election, in WAL mode with `synchronous=FULL`: every event is one
transaction, and `append` returns only after that transaction committed durably. That
return is the acknowledgement: the operator window shows a call only after it.
"""

import contextlib
import operator
import os
import re
import secrets
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from station import __version__
from station.domain import Action, Call, Change, Count, ElectionSetup, Event
from station.domain.count import FrozenCount
from station.files import file_identity, fsync_file, fsync_folder, sweep_stale
from station.journal import bounded_json, schema
from station.journal.chain import (
    OPTIONAL_SETUP_FIELDS,
    SETUP_FIELDS,
    event_hash,
    setup_hash,
    snapshot_digest,
)
from station.journal.errors import (
    CorruptJournal,
    JournalError,
    JournalExists,
    JournalNotFound,
    JournalUnavailable,
    NewerJournal,
    NotAJournal,
    WriteFailed,
)
from station.journal.header import read_header
from station.journal.lock import WriterLock
from station.journal.seal import seal, sealed_by

EVENT_FIELDS = (
    "seq",
    "utc",
    "mono_ns",
    "session",
    "action",
    "call",
    "target",
    "detail",
    "prev_hash",
    "hash",
)
EVENT_COLUMNS = ", ".join(EVENT_FIELDS)
_INSERT = f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
# Events are read from the table itself, never through an index someone else might
# have added to a file (the index of other events below is only a pointer, checked).
_SELECT = f"SELECT {EVENT_COLUMNS} FROM events NOT INDEXED"
ROWS_BETWEEN = f"{_SELECT} WHERE seq >= ? AND seq <= ? ORDER BY seq"
_ELECTION_COLUMNS = (*SETUP_FIELDS, "setup_hash")

# Most events of a count are plain calls: no target, no detail. Folding them one Python
# object at a time is what made a long journal slow to open, so `fold` has SQLite hand
# over every event as one digit, read from the table itself (NOT INDEXED): a plain
# call's place in `Call`, or 8 for any other event, which is then read whole through
# the index of those (`schema.NOT_PLAIN_CALL`). The two must agree: the index only
# says where to look.
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


@dataclass(frozen=True, slots=True)
class Record:
    """One journal event exactly as stored, hash included."""

    seq: int
    utc: str
    mono_ns: int
    session: int
    action: str
    call: str | None
    target: int | None
    detail: str | None
    prev_hash: str
    hash: str

    def event(self) -> Event:
        """The event as the rules of the count see it (raises ValueError if malformed)."""
        return Event(
            seq=self.seq,
            action=Action(self.action),
            call=None if self.call is None else Call(self.call),
            target=self.target,
            # Most events (every plain call) have no detail: no JSON to parse on replay.
            detail=None if self.detail is None else self.details(),
        )

    def details(self) -> dict[str, object]:
        """The event's free-form detail (JSON object), or an empty dict."""
        if not self.detail:
            return {}
        try:
            value = bounded_json.loads(self.detail)
        except (TypeError, ValueError):
            return {"unreadable": str(self.detail)}  # `verify` says what is wrong
        return value if isinstance(value, dict) else {"unreadable": str(self.detail)}

    def computed_hash(self) -> str:
        """The hash this event should have, given its fields and `prev_hash`."""
        return event_hash(
            self.seq,
            self.utc,
            self.mono_ns,
            self.session,
            self.action,
            self.call,
            self.target,
            self.detail,
            self.prev_hash,
        )


@dataclass(frozen=True, slots=True)
class Election:
    """The stored election setup and what identifies this particular file."""

    setup: ElectionSetup
    election_id: str
    created_utc: str
    setup_hash: str
    row: dict[str, object]


# A snapshot is the count as of this many events before the head when the file was
# closed: opening replays those one by one, and the recent-calls list is made of them.
SNAPSHOT_LAG = 256
SNAPSHOT_EVERY = 1_000  # events since the last snapshot that make a new one worth it
_SNAPSHOTS_VERSION = 4  # the schema version that brought them


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A stored snapshot of the count: the count folded up to event `seq`.

    Attributes:
        seq: the last event folded in.
        event_hash: that event's hash, as the snapshot states it.
        frozen: the count.
        seal: the seal of the station that stored it (see `seal.py`).
    """

    seq: int
    event_hash: str
    frozen: FrozenCount
    seal: str

    def digest(self) -> str:
        """The snapshot's digest (`chain.snapshot_digest`), which its seal seals."""
        frozen = self.frozen
        return snapshot_digest(
            self.seq, self.event_hash, frozen.summary, frozen.done, frozen.undone
        )

    def trusted(self, secret: bytes | None, event_hash: str | None) -> bool:
        """Whether a station with `secret` may start from it: it sealed it, for this event."""
        frozen = self.frozen
        return (
            event_hash is not None
            and event_hash == self.event_hash
            and all(isinstance(part, str) for part in (frozen.summary, self.event_hash))
            and all(isinstance(part, bytes) for part in (frozen.done, frozen.undone))
            and sealed_by(secret, self.digest(), self.seal)
        )


def election_from_row(values: Mapping[str, object], where: Path | str) -> Election:
    """The election described by a stored setup row (raises CorruptJournal if malformed)."""
    missing = [column for column in _ELECTION_COLUMNS if column not in values]
    eligible, ballots, pile = values.get("eligible"), values.get("ballots"), values.get("pile")
    if (
        missing
        or not isinstance(eligible, int)
        or not (ballots is None or isinstance(ballots, int))
        or not (pile is None or (isinstance(pile, int) and pile >= 0))
        or not all(isinstance(values[field], str) for field in ("case_number", "setup_hash"))
    ):
        raise CorruptJournal(f"{where}: the election setup was altered")
    setup = ElectionSetup(
        case_number=str(values["case_number"]),
        employer=str(values["employer"]),
        union=str(values["union_name"]),
        eligible=eligible,
        ballots=ballots,
        agent=None if values["agent"] is None else str(values["agent"]),
        pile=pile or 0,  # files from before pile checks have none
    )
    return Election(
        setup=setup,
        election_id=str(values["election_id"]),
        created_utc=str(values["created_utc"]),
        setup_hash=str(values["setup_hash"]),
        row={
            column: values.get(column)
            for column in (*_ELECTION_COLUMNS, *OPTIONAL_SETUP_FIELDS)
            if column in _ELECTION_COLUMNS or values.get(column) is not None
        },
    )


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
        # The file this connection reads, as the file system knows it (for other
        # processes that check it too: see `chain_check`).
        self.identity = file_identity(path)
        self.version = int(self._conn.execute("PRAGMA user_version").fetchone()[0])
        self.has_snapshots = self.version >= _SNAPSHOTS_VERSION
        self._canonical_at: tuple[int, bool] | None = None  # (schema_version, canonical)

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
    def create(cls, path: Path | str, setup: ElectionSetup) -> None:
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
        _remove_stale_creations(folder)
        temp = folder / f"{_CREATING_PREFIX}{secrets.token_hex(6)}{_CREATING_SUFFIX}"
        try:
            conn = sqlite3.connect(temp)
            try:
                db = Database(conn, execute_plugins=False)
                with db.ensure_autocommit_on():
                    db.execute("PRAGMA journal_mode = WAL")
                db.execute("PRAGMA synchronous = FULL")
                schema.upgrade(db)
                row: dict[str, object] = {
                    "format": schema.FORMAT,
                    "election_id": str(uuid.uuid4()),
                    "created_utc": _utc_now(),
                    "case_number": setup.case_number,
                    "employer": setup.employer,
                    "union_name": setup.union,
                    "eligible": setup.eligible,
                    "ballots": setup.ballots,
                    "agent": setup.agent,
                    "pile": setup.pile,
                }
                row["setup_hash"] = setup_hash(row)
                with db.atomic():
                    db.table("election").insert({"id": 1, **row})
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                conn.close()
            fsync_file(temp)
            _link_into_place(temp, path)
            fsync_folder(folder)
        except sqlite3.Error as error:
            raise WriteFailed(f"{path}: could not be created ({_describe(error)})") from None
        except OSError as error:
            raise WriteFailed(f"{path}: could not be created ({error.strerror})") from None
        finally:
            for leftover in (temp, Path(f"{temp}-wal"), Path(f"{temp}-shm")):
                with contextlib.suppress(OSError):
                    leftover.unlink(missing_ok=True)

    @classmethod
    def open(
        cls,
        path: Path | str,
        *,
        read_only: bool = False,
        tidy: bool = True,
        seal_secret: bytes | None = None,
    ) -> "Journal":
        """Open an existing election file, or raise a one-line JournalError.

        `seal_secret` is this station's sealing secret (`seal.station_secret`), handed
        down by whoever opens the file to count: a writer given one seals a snapshot as
        it closes (`checkpoint`), and `restore(secret=journal.seal_secret)` may start
        from one. Without it the journal reads no secret of its own.

        A reader that had to make the -wal and -shm files beside the file takes them
        away when it closes (see `_tidy_sidecars`), unless `tidy` is False: the
        observers' dashboard never opens the file for writing, not even to tidy.

        The file's header is checked before SQLite opens it, so a foreign, garbage or
        newer file is refused without being touched.
        """
        path = Path(path)
        header = read_header(path)
        if header.application_id != schema.APPLICATION_ID:
            raise NotAJournal(
                f"{path}: is an SQLite database of another program, not a Station election file"
            )
        _check_version(path, header.user_version)
        lock = None if read_only else WriterLock(path)
        # SQLite makes -wal and -shm files beside a WAL database even to read it;
        # if the file turns out to be unreadable, take away any we caused.
        sidecars = [Path(f"{path}-wal"), Path(f"{path}-shm")]
        ours = [sidecar for sidecar in sidecars if not sidecar.exists()]
        immutable = read_only and _on_read_only_media(path)
        try:
            db = _connect(path, read_only=read_only, immutable=immutable)
            try:
                version = db.execute("PRAGMA user_version").fetchone()[0]
                _check_version(path, version)
                if not read_only:
                    _ensure_wal(path, db)
                    db.execute("PRAGMA synchronous = FULL")
                    db.execute("PRAGMA fullfsync = ON")  # macOS: a real flush to the platter
                    db.execute(f"PRAGMA wal_autocheckpoint = {_CHECKPOINT_PAGES}")
                    if version < schema.SCHEMA_VERSION:
                        schema.upgrade(db)
                journal = cls(path, db, read_only=read_only, lock=lock)
                journal.immutable = immutable
                journal.seal_secret = seal_secret
                journal._made_sidecars = read_only and tidy and bool(ours) and not immutable
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
            if _environment_fault(error):
                raise JournalUnavailable(
                    f"{path}: cannot be opened now ({_write_problem(path, error)})"
                ) from None
            raise CorruptJournal(
                f"{path}: is damaged and cannot be read ({_describe(error)})"
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
            if _environment_fault(error):
                raise  # the disk's fault, not the file's: `open` says which
            raise CorruptJournal(f"{self.path}: is incomplete ({_describe(error)})") from None
        if row is None:
            raise CorruptJournal(f"{self.path}: has no election setup")
        names = [column[0] for column in cursor.description]
        return election_from_row(dict(zip(names, row, strict=True)), self.path)

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
    ) -> Record:
        """Commit one event durably and return it; raise WriteFailed if it was not recorded.

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
        fields = (
            seq,
            _utc_now(),
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
                self._conn.execute(_INSERT, (*fields, record.hash))
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
            reason = _write_problem(self.path, error)
            raise WriteFailed(f"not recorded: {reason}", reason) from None
        self.head_seq, self.head_hash = seq, record.hash
        if action in (Action.OPEN, Action.SIGN):
            self._checkpoint_wal()
        return record

    def _checkpoint_wal(self) -> None:
        """Move what the -wal holds into the file itself, as far as no reader prevents it.

        After a station opened the file (a copy of the file alone then shows a session
        not closed, which `verify` warns of) and after a tally sheet (and so at every
        pause: the copy holds the sheet). What it costs is a flush; if it cannot be done
        now, SQLite does it later.
        """
        with contextlib.suppress(sqlite3.Error):
            self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()

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

    def records(self, after: int = 0) -> Iterator[Record]:
        """Every event after `after`, in order."""
        cursor = self._conn.execute(f"{_SELECT} WHERE seq > ? ORDER BY seq", (after,))
        for row in cursor:
            yield Record(*row)

    def first_record(self, action: Action) -> Record | None:
        """The first event with this action, if any."""
        row = self._conn.execute(
            f"{_SELECT} WHERE action = ? ORDER BY seq LIMIT 1", (action.value,)
        ).fetchone()
        return None if row is None else Record(*row)

    def record(self, seq: int) -> Record | None:
        """The event numbered `seq`, or None."""
        row = self._conn.execute(f"{_SELECT} WHERE seq = ?", (seq,)).fetchone()
        return None if row is None else Record(*row)

    def last_records(self, count: int) -> list[Record]:
        """The last `count` events, oldest first."""
        rows = self._conn.execute(f"{_SELECT} ORDER BY seq DESC LIMIT ?", (count,)).fetchall()
        return [Record(*row) for row in reversed(rows)]

    def replay_into(
        self, count: Count, until: int | None = None
    ) -> Iterator[tuple[Record, Change]]:
        """Fold the events after `count.last_seq` (up to `until`) into `count`, one by one.

        Yields each record with what it changed.

        Raises CorruptJournal at the first event the rules of the count refuse: such a
        file can be read by `station verify`, which names the problem, but not counted on.
        """
        try:
            before = self.hash_of(count.last_seq)
        except KeyError:
            before = None  # the event is missing: replaying names it
        records = self.records(after=count.last_seq)  # one statement: one snapshot
        while True:
            try:
                record = next(records, None)
            except sqlite3.DatabaseError as error:
                raise self.unreadable(error, count.last_seq) from None
            if record is None or (until is not None and record.seq > until):
                return
            try:
                change = count.apply(record.event())
            except ValueError as error:  # ReplayError, or an unknown action or call
                raise CorruptJournal(f"{self.path}: {error} (run `station verify`)") from None
            # After the rules (which name a missing event as such), before anyone hears
            # of the change: the count it went into is not to be counted on.
            if before is not None and (
                record.prev_hash != before or record.computed_hash() != record.hash
            ):
                raise CorruptJournal(_chain_broken(self.path, record.seq))
            before = record.hash
            yield record, change

    def unreadable(self, error: sqlite3.DatabaseError, after: int) -> JournalError:
        """The one-line error to raise when reading the events after `after` failed."""
        if _environment_fault(error):
            return JournalUnavailable(f"{self.path}: cannot be read now ({_describe(error)})")
        return CorruptJournal(
            f"{self.path}: is damaged after event {after:,}"
            f" ({_describe(error)}; run `station verify`)"
        )

    def fold(
        self,
        until: int | None = None,
        count: Count | None = None,
        each: Callable[[Record, Change], None] | None = None,
    ) -> Count:
        """The count of every event up to `until` (the head), folded fast.

        Continues `count` if one is given (from its `last_seq` on), else starts a new
        one. The result is exactly what `replay_into` gives, but no Change is made for
        each event: runs of plain calls go in through `Count.extend_calls`, every other
        event through `Count.apply`, so a million events fold in a fraction of a
        second. `each`, if given, is called with every event that is not a plain call
        and what it changed; what it raises ends the fold.

        On the least doubt (a file whose tables are not as Station defines them, an
        event the rules refuse, digits that do not fit the events), the events are
        folded again one by one from the first, in a new count (`each` hears of them
        all again): that names the first bad event, raising CorruptJournal exactly as
        `replay_into` does, and is the truth whatever SQLite did.
        """
        count = self.new_count() if count is None else count
        until = self.head_seq if until is None else until
        if self.canonical:
            try:
                return self._fold_fast(count, until, each)
            except _StoppedByEach as stopped:  # `each` wants the fold to stop: so be it
                raise stopped.error from None
            except Exception:  # any doubt: fold one by one, below
                pass
        count = self.new_count()
        for record, change in self.replay_into(count, until):
            if each is not None and not _is_plain_call(record):
                each(record, change)
        return count

    def _fold_fast(
        self, count: Count, until: int, each: Callable[[Record, Change], None] | None
    ) -> Count:
        after = count.last_seq
        with self._one_read():
            if not self.canonical:  # asked within the read: what is read is what was asked of
                raise ValueError("the file's tables are not Station's")
            text, checksum = self._conn.execute(_CODES, (after, until)).fetchone()
            codes = (text or "").encode("ascii").translate(_DIGITS)  # a digit an event
            # SQLite hands the digits over in the order it scans the table: make sure it
            # was the journal's, with no event missing.
            if len(codes) != until - after or checksum != sum(
                map(operator.mul, range(after + 1, until + 1), codes.translate(_WEIGHTS))
            ):
                raise ValueError("the events are not numbered in order")
            others = 0
            for row in self._conn.execute(_OTHER_EVENTS, (after, until)):
                record = Record(*row)
                # The plain calls since the last event folded (an 8 among them, an
                # event the index left out, is refused as no call), then this one.
                first = count.last_seq + 1
                count.extend_calls(first, codes[first - after - 1 : record.seq - after - 1])
                if codes[record.seq - after - 1] != _OTHER:
                    raise ValueError(f"event {record.seq} is a plain call")
                change = count.apply(record.event())
                if each is not None:
                    try:
                        each(record, change)
                    except Exception as error:
                        raise _StoppedByEach(error) from error
                others += 1
            count.extend_calls(count.last_seq + 1, codes[count.last_seq - after :])
        if count.last_seq != until or codes.count(_OTHER) != others:
            raise ValueError("the other events are not where the index says")
        return count

    @contextlib.contextmanager
    def _one_read(self) -> Iterator[None]:
        """Make the SELECTs inside read one and the same state of the file."""
        if self._conn.in_transaction:
            yield
            return
        self._conn.execute("BEGIN")
        try:
            yield
        finally:
            self._conn.execute("COMMIT")

    def restore(self, until: int | None = None, *, secret: bytes | None = None) -> Count:
        """The count of every event up to `until` (the head), the fastest sound way.

        Starts from the latest snapshot at or before `until` that a station with
        `secret` sealed for that very event (see `seal.py`), and folds the events after
        it; without one (or without a secret), folds them all. This is how a station opens a file. `verify` takes no
        snapshot on trust: it replays every event and checks each snapshot.
        """
        until = self.head_seq if until is None else until
        snapshot = self._snapshot_to_start_from(until, secret)
        if snapshot is not None:
            with contextlib.suppress(ValueError, RecursionError):
                count = Count.thawed(snapshot.frozen, self.election.setup.pile)
                if count.last_seq == snapshot.seq:
                    return self._chain_checked(snapshot.seq, until, lambda: self.fold(until, count))
        return self._chain_checked(0, until, lambda: self.fold(until))

    def _chain_checked(self, after: int, until: int, fold: Callable[[], Count]) -> Count:
        """`fold()`, once the hash and link of every event after `after` up to `until` hold.

        The guards inside SQLite check an event's number and link, never its own hash
        (SQLite has no SHA-256): an event written with plain sqlite3 under a wrong hash
        is accepted, so a station must look before it counts on. From the first event,
        the hashes are checked by other processes while this one folds (as `verify`
        does); from a snapshot, the few events after it are checked here.
        """
        from station.journal.chain_check import PARALLEL_FROM, ChainCheck, first_break

        try:
            if after == 0 and until >= PARALLEL_FROM:
                chain = ChainCheck(self.path, until, self.hash_of, identity=self.identity)
                try:
                    count = fold()
                    broken = chain.first_break(self.rows)
                finally:
                    chain.close()
            else:
                count = fold()
                broken = first_break(
                    self.rows(after + 1, until), after + 1, until, self.hash_of(after)
                )
        except KeyError:
            broken = None  # an event missing: the fold names it
            count = fold()
        except sqlite3.DatabaseError as error:
            raise self.unreadable(error, after) from None
        if broken is not None:
            raise CorruptJournal(_chain_broken(self.path, broken))
        return count

    def trusted_snapshot_seq(
        self, until: int | None = None, *, secret: bytes | None = None
    ) -> int | None:
        """The event `restore(until, secret=secret)` would start from (None: the first)."""
        snapshot = self._snapshot_to_start_from(self.head_seq if until is None else until, secret)
        return None if snapshot is None else snapshot.seq

    def _snapshot_to_start_from(self, until: int, secret: bytes | None) -> Snapshot | None:
        """The latest snapshot at or before `until` a station may start from, if any."""
        if not self.canonical:
            return None
        return self._trusted_snapshot(until, secret)

    def _trusted_snapshot(self, until: int, secret: bytes | None) -> Snapshot | None:
        """The latest snapshot at or before `until` that a station with `secret` sealed."""
        if secret is None:
            return None
        try:
            seqs = self.snapshot_seqs()
        except CorruptJournal:
            return None
        for seq in reversed(seqs):
            snapshot = self.snapshot(seq) if seq <= until else None
            try:
                event_hash_ = self._event_hash(seq) if snapshot is not None else None
            except sqlite3.DatabaseError as error:
                if _environment_fault(error):
                    raise self.unreadable(error, 0) from None
                return None  # a damaged page: replaying names it
            if snapshot is not None and snapshot.trusted(secret, event_hash_):
                return snapshot
        return None

    def snapshot_seqs(self) -> list[int]:
        """The events the stored snapshots were folded up to, oldest first."""
        if not self.has_snapshots:
            return []
        try:
            seqs = [seq for (seq,) in self._conn.execute("SELECT seq FROM snapshots ORDER BY seq")]
        except sqlite3.DatabaseError as error:
            if _environment_fault(error):
                raise
            seqs = [None]  # a rebuilt or damaged table
        if not all(type(seq) is int for seq in seqs):
            raise CorruptJournal(f"{self.path}: the snapshots of the count were altered")
        return seqs

    def snapshot(self, seq: int) -> Snapshot | None:
        """The snapshot folded up to event `seq`, as stored, or None."""
        try:
            row = self._conn.execute(
                "SELECT seq, event_hash, summary, done, undone, seal FROM snapshots WHERE seq = ?",
                (seq,),
            ).fetchone()
        except sqlite3.DatabaseError as error:  # a rebuilt or damaged table
            if _environment_fault(error):
                raise
            return None
        if row is None:
            return None
        seq, event_hash_, summary, done, undone, stored_seal = row
        return Snapshot(seq, event_hash_, FrozenCount(summary, done, undone), stored_seal)

    def checkpoint(self, secret: bytes) -> bool:
        """Store a snapshot, sealed with `secret`, of the count `SNAPSHOT_LAG` events back.

        Only when `SNAPSHOT_EVERY` events or more came since the last snapshot this
        station sealed, so a short count never has one. A station does this when it
        closes the file; it writes no event and changes none (raises JournalError or
        sqlite3.Error if it cannot, which costs the next opening time, nothing else).
        True if a snapshot was stored.
        """
        seq = self.head_seq - SNAPSHOT_LAG
        if (
            self.read_only
            or self._lock is None
            or not self.canonical
            or seq < SNAPSHOT_EVERY
            or not self._lock.same_file_still_there()
        ):
            return False
        latest = self._trusted_snapshot(seq, secret)
        if seq - (latest.seq if latest is not None else 0) < SNAPSHOT_EVERY:
            return False
        if seq in self.snapshot_seqs():
            return False  # another station's, for this very event: one per event
        event_hash_ = self.hash_of(seq)
        frozen = self.restore(seq, secret=secret).freeze()
        snapshot = Snapshot(seq, event_hash_, frozen, "")
        with self._db.atomic():
            self._conn.execute(
                "INSERT INTO snapshots (seq, event_hash, summary, done, undone, seal)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (
                    seq,
                    event_hash_,
                    frozen.summary,
                    frozen.done,
                    frozen.undone,
                    seal(secret, snapshot.digest()),
                ),
            )
        return True

    def _event_hash(self, seq: int) -> str | None:
        row = self._conn.execute(
            "SELECT hash FROM events NOT INDEXED WHERE seq = ?", (seq,)
        ).fetchone()
        return None if row is None else str(row[0])

    def hash_of(self, seq: int) -> str:
        """The stored hash of event `seq`; of 0, the setup hash (KeyError if no such event)."""
        if seq == 0:
            return self.election.setup_hash
        found = self._event_hash(seq)
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
        return Count(pile_size=self.election.setup.pile)

    def replay(self) -> Count:
        """A new Count of every event, each one's hash checked (raises CorruptJournal on
        an event the rules refuse or whose hash or link does not hold)."""
        return self._chain_checked(0, self.head_seq, self.fold)

    def altered_guards(self) -> list[str]:
        """Station's guard triggers that the file has, but worded otherwise."""
        return schema.altered_guards(self._db, self.version)

    def foreign_triggers(self) -> list[str]:
        """Triggers in the file that are not Station's."""
        return schema.foreign_triggers(self._db, self.version)

    def triggers(self) -> set[str]:
        """Names of the triggers present in the file."""
        rows = self._conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        return {str(name) for (name,) in rows}

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        # A connection left to the garbage collector is a ResourceWarning from Python
        # 3.13 on, and a writer's lock held until then: `with` closes on every path.
        self.close()

    def close(self) -> None:
        """Close the file (a writer records the end of its session first)."""
        try:
            if not self.read_only and self.session is not None:
                # If the file is gone or the disk full, the next opening records the
                # interruption instead.
                with contextlib.suppress(JournalError):
                    self.end_session()
            if not self.read_only and self.seal_secret is not None:
                # A snapshot spares the next opening a long replay; without one it
                # only takes longer, so no failure here is worth more than that.
                with contextlib.suppress(JournalError, sqlite3.Error):
                    self.checkpoint(self.seal_secret)
        finally:
            self._db.close()
            if self._lock:
                self._lock.release()
                self._lock = None
            if self._made_sidecars:
                self._made_sidecars = False
                _tidy_sidecars(self.path)


class _StoppedByEach(Exception):
    """What the `each` of a fold raised, to go through the fold as it is."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class _NotStored(Exception):
    """The INSERT of an event stored no row."""


def _chain_broken(path: Path, seq: int) -> str:
    return (
        f"{path}: event {seq:,} does not match the hash chain (it was altered, or written"
        " outside Station); nothing can be counted into this file (run `station verify`)"
    )


def _is_plain_call(record: Record) -> bool:
    """Whether `fold` takes this event in a run of calls (see `schema.NOT_PLAIN_CALL`)."""
    return record.action == "call" and record.target is None and record.detail is None


def _on_read_only_media(path: Path) -> bool:
    """Whether a file can only be read as it lies: on a write-protected stick or disc.

    Reading a WAL database needs a -shm file beside it, which cannot be made there. With
    no -wal beside it (a file a station closed cleanly) nothing can be missing from the
    file itself, and SQLite reads it as immutable: no -shm, no lock, no change expected.

    Only a file system mounted read-only: a folder merely not writable by this user may
    hold a file a station is about to count into, which an immutable reader (the
    observers' dashboard) would never see change.
    """
    folder = path.absolute().parent
    if Path(f"{path}-wal").exists():
        return False
    try:
        if hasattr(os, "statvfs"):
            return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
        return not os.access(folder, os.W_OK)  # pragma: no cover - Windows
    except OSError:
        return False


def _connect(path: Path, *, read_only: bool, immutable: bool = False) -> Database:
    uri = f"{path.absolute().as_uri()}?mode={'ro' if read_only else 'rw'}"
    if immutable:
        uri += "&immutable=1"
    try:
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.OperationalError as error:
        raise JournalNotFound(f"{path}: cannot be opened ({_describe(error)})") from None
    conn.execute("PRAGMA busy_timeout = 5000")
    return Database(conn, execute_plugins=False)


# The main file never lags far behind the -wal: a copy of it alone (all that some ways
# of copying take) still holds all but the last hundred events or so. SQLite moves the
# -wal's pages into the file once it holds this many (its default is 1,000).
_CHECKPOINT_PAGES = 256


def _ensure_wal(path: Path, db: Database) -> None:
    """Put a file back into WAL mode before counting into it.

    A copy made with `VACUUM INTO` (or by an older tool) is in rollback mode, in which a
    reader blocks the writer: the station would refuse calls while a dashboard reads.
    """
    mode = str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower()
    if mode == "wal":
        return
    with db.ensure_autocommit_on():
        mode = str(db.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
    if mode != "wal":
        raise JournalUnavailable(
            f"{path}: cannot be counted into: it is in {mode} mode and could not be put"
            " back into WAL mode (is another program using it?)"
        )


def _tidy_sidecars(path: Path) -> None:
    """Let SQLite take away the -wal and -shm files a reader's opening made beside the file.

    A read-only connection may create them but can never remove them, so `station tally`
    or `verify` would leave two files behind in the election's folder. A read-write
    connection that is the last one to close removes them, and SQLite's own locks make
    it leave them alone if any other connection (a station counting, a dashboard) is
    still open. It reads the header only and writes nothing: the WAL it closes is empty,
    or holds commits a station made meanwhile, which its checkpoint keeps.
    """
    try:
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=rw", uri=True)
        try:
            conn.execute("PRAGMA busy_timeout = 100")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # a read-only file or folder, or a busy writer: the files stay, harmless


def _check_version(path: Path, version: int) -> None:
    if version > schema.SCHEMA_VERSION:
        raise NewerJournal(
            f"{path}: was written by a newer Station (format {version});"
            f" this Station {__version__} reads formats up to {schema.SCHEMA_VERSION}"
        )
    if version < 1:
        raise CorruptJournal(f"{path}: is an unfinished Station election file")


def _describe(error: sqlite3.Error) -> str:
    name = getattr(error, "sqlite_errorname", "")
    if name == "SQLITE_FULL":
        return "the disk is full"
    if name.startswith("SQLITE_READONLY"):
        return "the file or its folder is read-only"
    if name.startswith("SQLITE_IOERR"):
        return "the disk reported an input/output error"
    if name in ("SQLITE_BUSY", "SQLITE_LOCKED"):
        return "the file is locked by another program"
    if name == "SQLITE_NOTADB":
        return "not a database"
    if name == "SQLITE_CANTOPEN":
        return "the file or its folder cannot be opened"
    return str(error)


_ENVIRONMENT_FAULTS = (
    "SQLITE_IOERR",
    "SQLITE_FULL",
    "SQLITE_READONLY",
    "SQLITE_CANTOPEN",
    "SQLITE_BUSY",
    "SQLITE_LOCKED",
)


def _environment_fault(error: sqlite3.Error) -> bool:
    """Whether SQLite failed because of the machine (disk, locks), not the file's content."""
    return getattr(error, "sqlite_errorname", "").startswith(_ENVIRONMENT_FAULTS)


def _write_problem(path: Path, error: sqlite3.Error) -> str:
    """Why a write failed, in words the operator can act on.

    SQLite reports most refusals by the machine as a bare input/output error (a file
    made immutable, a disk remounted read-only, a file-size limit, a USB stick pulled
    out); the file system can tell which, so ask it before giving up on words.
    """
    name = getattr(error, "sqlite_errorname", "")
    if not name.startswith(_ENVIRONMENT_FAULTS[:4]):  # busy or locked: SQLite's words say it
        return _describe(error)
    folder = path.parent
    files = (path, Path(f"{path}-wal"))
    try:
        disk = os.statvfs(folder) if hasattr(os, "statvfs") else None
        writable = os.access(folder, os.W_OK) and all(
            os.access(file, os.W_OK) for file in files if file.exists()
        )
        sizes = [file.stat().st_size for file in files if file.exists()]
    except OSError:
        return "the election file's folder cannot be reached (was the disk removed?)"
    if disk is not None and disk.f_flag & os.ST_RDONLY:
        return "the disk is read-only (removed, or made read-only?)"
    if not writable:
        return "the file or its folder was made read-only"
    if disk is not None and disk.f_bavail * disk.f_frsize < _LOW_SPACE:
        return "the disk is full"
    if _near_size_limit(sizes):
        return (
            "the file reached the largest size this computer lets Station write (a file-size limit)"
        )
    return _describe(error)


_LOW_SPACE = 256 * 1024  # less than this free: a WAL frame and its checkpoint may not fit


def _near_size_limit(sizes: list[int]) -> bool:
    """Whether a file is within reach of the process's file-size limit (RLIMIT_FSIZE)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows has no such limit
        return False
    soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    return soft != resource.RLIM_INFINITY and any(size + _LOW_SPACE > soft for size in sizes)


def _utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


_CREATING_PREFIX = ".station-"
_CREATING_SUFFIX = ".creating"
_CREATING_NAME = re.compile(  # secrets.token_hex(6), and SQLite's own files beside it
    f"{re.escape(_CREATING_PREFIX)}[0-9a-f]{{12}}{re.escape(_CREATING_SUFFIX)}(-wal|-shm|-journal)?"
)
_STALE_AFTER_S = 600  # a creation takes milliseconds: older leftovers are abandoned


def _remove_stale_creations(folder: Path) -> None:
    """Remove what a `create` killed half-way left behind (its temp file, -wal, -shm).

    Only leftovers older than ten minutes: a younger one may be another station's
    creation in progress. What is left never has an election file's name, so this is
    tidiness, not safety: only regular files of this user's with exactly the names
    `create` gives, never through a link (see `sweep_stale`).
    """
    sweep_stale(folder, _CREATING_NAME, older_than_s=_STALE_AFTER_S)


def _link_into_place(temp: Path, path: Path) -> None:
    """Give the finished file its name, refusing (atomically) if the name was taken."""
    try:
        os.link(temp, path)
    except FileExistsError:
        raise JournalExists(f"{path}: already exists; Station never overwrites a file") from None
    except OSError:
        # Some file systems (FAT on a USB stick) have no hard links.
        if path.exists():
            raise JournalExists(
                f"{path}: already exists; Station never overwrites a file"
            ) from None
        os.rename(temp, path)
