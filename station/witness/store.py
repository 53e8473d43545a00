"""The witness file: every event and signed head a witness received, append-only and durable.

A small SQLite file of its own (never an election file): `meta` holds the election's
setup row as the feed served it, the public key its heads are signed with and the feed
address (without its token); `events` holds each event exactly as the export's
`journal.jsonl` has it; `heads` each signed note in the order received, beside its event
number, Merkle root and time (`station-witness-v2`; a `v1` file, made by a Station whose
heads named a chain hash, is refused with what to do). Triggers refuse
any UPDATE or DELETE, every batch is one transaction, and `synchronous=FULL` makes a
batch durable before the witness says it saw it. Only what was verified is written, so
a restart resumes after the last event stored, losing and doubling nothing.
"""

import json
import sqlite3
from collections.abc import Iterator, Sequence
from pathlib import Path

from station.journal.connection import commit_durably
from station.journal.cosigner_state import FORMAT as COSIGNER_FORMAT
from station.journal.errors import JournalError, JournalLocked
from station.journal.header import read_header
from station.journal.lock import WriterLock
from station.journal.records import EVENT_COLUMNS, EVENT_FIELDS, Record
from station.paths import sqlite_uri
from station.witness.heads import Head
from station.witness.statements import A_COSIGNERS_STATE, EARLIER_WITNESS_FILE

FORMAT = "station-witness-v2"
EARLIER_FORMATS = ("station-witness-v1",)

_TABLES = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY, utc TEXT, mono_ns INTEGER, session INTEGER, action TEXT,
    call TEXT, target INTEGER, detail TEXT, prev_hash TEXT, hash TEXT
);
CREATE TABLE heads (
    n INTEGER PRIMARY KEY, seq INTEGER NOT NULL, root TEXT NOT NULL, time TEXT NOT NULL,
    note TEXT NOT NULL, received_utc TEXT NOT NULL
);
"""
_GUARDS = [
    f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table}"
    " BEGIN SELECT RAISE(ABORT, 'the witness file is append-only'); END;"
    for table in ("meta", "events", "heads")
    for verb in ("UPDATE", "DELETE")
]
_SCHEMA = _TABLES + "\n".join(_GUARDS)


class WitnessFileError(Exception):
    """The witness file cannot be made, read or written (one line)."""


class WitnessFile:
    """An open witness file.

    Attributes:
        path: where it is.
        meta: what `meta` holds (format, election, setup_hash, public_key, key, url).
    """

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self._conn = conn
        self._lock: WriterLock | None = None
        try:
            self.meta = dict(conn.execute("SELECT name, value FROM meta").fetchall())
        except sqlite3.Error as error:
            conn.close()
            raise WitnessFileError(f"{path}: is not a witness file ({error})") from None
        if self.meta.get("format") in EARLIER_FORMATS:
            conn.close()
            raise WitnessFileError(f"{path}: {EARLIER_WITNESS_FILE}")
        if self.meta.get("format") == COSIGNER_FORMAT:
            conn.close()
            raise WitnessFileError(f"{path}: {A_COSIGNERS_STATE}")
        if self.meta.get("format") != FORMAT:
            conn.close()
            raise WitnessFileError(f"{path}: is not a witness file")
        if not _meta_is_whole(self.meta):  # edited outside Station: a traceback before
            conn.close()
            raise WitnessFileError(
                f"{path}: the witness file was altered (its election or key is not as stored)"
            )

    @classmethod
    def create(cls, path: Path, meta: dict[str, str]) -> "WitnessFile":
        """Make a new witness file holding `meta`; never over an existing file."""
        if path.exists():
            raise WitnessFileError(f"{path}: already exists")
        try:
            conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise WitnessFileError(f"{path}: cannot be created ({error})") from None
        try:
            lock = _one_writer(path)
        except WitnessFileError:
            conn.close()  # another witness made it this instant: it is that one's file
            raise
        try:
            _durable(conn)
            conn.execute("BEGIN IMMEDIATE")
            for statement in _statements(_SCHEMA):
                conn.execute(statement)
            conn.executemany(
                "INSERT INTO meta (name, value) VALUES (?, ?)",
                sorted({**meta, "format": FORMAT}.items()),
            )
            conn.execute("COMMIT")
        except sqlite3.Error as error:
            conn.close()
            path.unlink(missing_ok=True)
            lock.release()
            raise WitnessFileError(f"{path}: cannot be written ({error})") from None
        witness = cls(path, conn)
        witness._lock = lock
        return witness

    @classmethod
    def open(cls, path: Path, *, read_only: bool = False) -> "WitnessFile":
        """Open an existing witness file (read-only for `verify`)."""
        if not path.is_file():
            raise WitnessFileError(f"{path}: no such witness file")
        try:
            read_header(path)  # an empty or foreign file: refused before SQLite touches it
        except JournalError:
            raise WitnessFileError(f"{path}: is not a witness file") from None
        uri = sqlite_uri(path, f"mode={'ro' if read_only else 'rw'}")
        try:
            conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise WitnessFileError(f"{path}: cannot be opened ({error})") from None
        witness = cls(path, conn)  # a witness file (its meta says so) before any write
        if read_only:
            return witness
        try:
            witness._lock = _one_writer(path)
            _durable(conn)
        except WitnessFileError:
            witness.close()
            raise
        except sqlite3.Error as error:
            witness.close()
            raise WitnessFileError(f"{path}: cannot be opened ({error})") from None
        return witness

    def election_row(self) -> dict[str, object]:
        return _election_row(self.meta) or {}

    def records(self) -> Iterator[Record]:
        """Every event stored, in order."""
        for row in self._conn.execute(f"SELECT {EVENT_COLUMNS} FROM events ORDER BY seq"):
            yield Record(*row)

    def heads(self) -> list[tuple[str, str]]:
        """Every signed head stored, in the order received: (note, received_utc)."""
        return list(self._conn.execute("SELECT note, received_utc FROM heads ORDER BY n"))

    def stored_heads(self) -> list[tuple[int, str, str, str]]:
        """Every head as stored beside its note, in order: (seq, root, time, note), for
        the file's own check to hold the stored columns to the signed note."""
        return list(self._conn.execute("SELECT seq, root, time, note FROM heads ORDER BY n"))

    def append(self, records: Sequence[Record], heads: Sequence[Head], received: str) -> None:
        """Store verified events and heads, all or none, durably before returning."""
        if not records and not heads:
            return
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.executemany(
                f"INSERT INTO events ({EVENT_COLUMNS}) VALUES ({', '.join('?' * len(EVENT_FIELDS))})",
                [tuple(getattr(record, field) for field in EVENT_FIELDS) for record in records],
            )
            self._conn.executemany(
                "INSERT INTO heads (seq, root, time, note, received_utc) VALUES (?, ?, ?, ?, ?)",
                [(head.seq, head.root, head.time, head.note, received) for head in heads],
            )
            self._conn.execute("COMMIT")
        except sqlite3.Error as error:
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise WitnessFileError(f"{self.path}: cannot be written ({error})") from None

    def close(self) -> None:
        self._conn.close()
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> "WitnessFile":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _election_row(meta: dict[str, str]) -> dict[str, object] | None:
    try:
        row = json.loads(meta.get("election", ""))
    except (TypeError, ValueError):
        return None
    return row if isinstance(row, dict) else None


def _meta_is_whole(meta: dict[str, str]) -> bool:
    """Whether `meta` holds what a witness file is made with: the election's row (a JSON
    object) and the public key, as text."""
    return _election_row(meta) is not None and isinstance(meta.get("public_key"), str)


def _one_writer(path: Path) -> WriterLock:
    """The witness file's writer lock: two witnesses writing one file stored every head
    twice, and `verify --witness` then refused the file as replaying heads."""
    try:
        return WriterLock(path)
    except JournalLocked:
        raise WitnessFileError(
            f"{path}: another `station witness` is writing this file; give this one a file"
            " of its own (--out)"
        ) from None
    except JournalError:  # read-only, or gone since it was opened
        raise WitnessFileError(f"{path}: cannot be written (read-only?)") from None


def _durable(conn: sqlite3.Connection) -> None:
    # A power cut must not take back a batch the witness already printed a line for.
    conn.execute("PRAGMA journal_mode = WAL")
    commit_durably(conn)
    conn.execute("PRAGMA busy_timeout = 5000")


def _statements(script: str) -> list[str]:
    """The schema's statements one by one (a trigger's body holds a `;` of its own)."""
    statements: list[str] = []
    current = ""
    for line in script.strip().splitlines():
        current += line + "\n"
        if sqlite3.complete_statement(current):
            statements.append(current.strip())
            current = ""
    return statements
