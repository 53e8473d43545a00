"""The state of a party's witness (`station witness --cosign FILE`): its key, and every
checkpoint it cosigned, in one SQLite file.

A witness promises never to cosign two checkpoints of one log that are not consistent
(c2sp.org/tlog-witness). That promise is only as good as its memory: the latest
checkpoint cosigned for each log must survive a crash, a power cut and a restart, and
two requests arriving together must never both be checked against the same old
checkpoint and then both be kept (the later write would roll the log back). So:

* `synchronous=FULL` in WAL mode: a cosignature is on the disk before it is answered;
* `Exclusive` is one `BEGIN IMMEDIATE` transaction holding SQLite's write lock while the
  caller reads the latest checkpoint, checks the new one against it and records the
  outcome: no other request, thread or process reads in between;
* the history is append-only: every checkpoint cosigned (with its cosignature), and every
  validly signed checkpoint refused as inconsistent (evidence of a log that forked),
  each a row; triggers refuse UPDATE and DELETE. The latest checkpoint of a log is its
  newest row.

The file also holds the witness's private key (made once, when the file is made, by the
caller) and its name, so that a witness restarted on its file is the same witness. The
file is made whole under a temporary name and linked into place, readable by its owner
only: a crash while making it leaves no half-made state.
"""

import contextlib
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from station.files import create_new, fsync_folder
from station.journal.connection import commit_durably
from station.paths import sqlite_uri

FORMAT = "station-cosigner-v1"

_TABLES = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cosigned (
    n INTEGER PRIMARY KEY, origin TEXT NOT NULL, size INTEGER NOT NULL, root BLOB NOT NULL,
    note TEXT NOT NULL, timestamp INTEGER NOT NULL, cosignature TEXT NOT NULL
);
CREATE INDEX cosigned_origin ON cosigned (origin, n);
CREATE TABLE refused (
    n INTEGER PRIMARY KEY, origin TEXT NOT NULL, old_size INTEGER NOT NULL,
    size INTEGER NOT NULL, request TEXT NOT NULL, why TEXT NOT NULL, at INTEGER NOT NULL
);
"""
_GUARDS = "".join(
    f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table}"
    " BEGIN SELECT RAISE(ABORT, 'the witness state is append-only'); END;"
    for table in ("meta", "cosigned", "refused")
    for verb in ("UPDATE", "DELETE")
)


class StateError(Exception):
    """The state file cannot be made, read or written (one line)."""


@dataclass(frozen=True, slots=True)
class Cosigned:
    """A checkpoint the witness cosigned: the note as the log signed it (its verified
    signature lines only), the root (32 bytes), and the witness's cosignature line."""

    origin: str
    size: int
    root: bytes
    note: str
    timestamp: int
    cosignature: str


@dataclass(frozen=True, slots=True)
class Identity:
    """Who the witness is: its key name and raw Ed25519 private key (32 bytes)."""

    name: str
    private_key: bytes


class CosignerState:
    """A witness's state file, open. Thread-safe: every use goes through `exclusive`."""

    def __init__(self, path: Path, conn: sqlite3.Connection, identity: Identity) -> None:
        self.path = path
        self.identity = identity
        self._conn = conn
        self._lock = threading.Lock()

    @classmethod
    def create(cls, path: Path, identity: Identity) -> "CosignerState":
        """Make a new state file at `path` for `identity`; StateError if one is there."""
        if path.exists():
            raise StateError(f"{path}: a file is already there")
        temporary = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
        try:
            os.close(create_new(temporary, 0o600))  # the key inside: its owner's only
            conn = sqlite3.connect(sqlite_uri(temporary, "mode=rw"), uri=True)
            try:
                commit_durably(conn)
                with conn:
                    conn.executescript(_TABLES + _GUARDS)
                    conn.executemany(
                        "INSERT INTO meta VALUES (?, ?)",
                        [
                            ("format", FORMAT),
                            ("name", identity.name),
                            ("private_key", identity.private_key.hex()),
                        ],
                    )
            finally:
                conn.close()
            os.link(temporary, path)  # never over a file made meanwhile
            fsync_folder(path.absolute().parent)
        except FileExistsError:
            raise StateError(f"{path}: a file is already there") from None
        except OSError as error:
            raise StateError(
                f"{path}: the witness state could not be made ({error.strerror or error})"
            ) from None
        except sqlite3.Error as error:
            raise StateError(f"{path}: the witness state could not be made ({error})") from None
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink()
        return cls.open(path)

    @classmethod
    def open(cls, path: Path) -> "CosignerState":
        """Open an existing state file; StateError if it is not one."""
        if not path.is_file():
            raise StateError(f"{path}: no such witness state file")
        if not _of_this_format(path):  # looked at without a lock or a file made beside it
            raise StateError(f"{path}: not a witness state file")
        try:
            conn = sqlite3.connect(
                sqlite_uri(path, "mode=rw"),
                uri=True,
                check_same_thread=False,
                isolation_level=None,  # transactions are begun here, explicitly
            )
        except sqlite3.Error as error:
            raise StateError(f"{path}: cannot be opened ({error})") from None
        try:
            conn.execute("PRAGMA busy_timeout = 10000")
            meta = dict(conn.execute("SELECT name, value FROM meta").fetchall())
            if meta.get("format") != FORMAT:
                raise StateError(f"{path}: not a witness state file")
            conn.execute("PRAGMA journal_mode = WAL")
            commit_durably(conn)
            identity = Identity(meta["name"], bytes.fromhex(meta["private_key"]))
        except (sqlite3.Error, KeyError, ValueError):
            conn.close()
            raise StateError(f"{path}: not a witness state file") from None
        except StateError:
            conn.close()
            raise
        return cls(path, conn, identity)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextlib.contextmanager
    def exclusive(self) -> Iterator["Exclusive"]:
        """One transaction holding the write lock: what is read in it stays true until
        what is recorded in it is committed (durably) at the end of the block."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as error:
                raise StateError(f"{self.path}: cannot be written ({error})") from None
            try:
                yield Exclusive(self._conn)
            except BaseException:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.execute("ROLLBACK")
                raise
            try:
                self._conn.execute("COMMIT")
            except sqlite3.Error as error:
                with contextlib.suppress(sqlite3.Error):
                    self._conn.execute("ROLLBACK")
                raise StateError(f"{self.path}: cannot be written ({error})") from None

    def latest(self, origin: str) -> Cosigned | None:
        """The latest checkpoint cosigned for `origin` (a read of its own)."""
        with self.exclusive() as held:
            return held.latest(origin)


def _of_this_format(path: Path) -> bool:
    """Whether `path` says it is a witness state file, read as immutable: another kind
    of file (an election file given by mistake) is left as it was, no -wal or -shm made
    beside it. Its format row is in the main file from the first (it is made whole)."""
    try:
        probe = sqlite3.connect(sqlite_uri(path, "mode=ro&immutable=1"), uri=True)
    except sqlite3.Error:
        return False
    try:
        row = probe.execute("SELECT value FROM meta WHERE name = 'format'").fetchone()
    except sqlite3.Error:
        return False
    finally:
        probe.close()
    return row is not None and row[0] == FORMAT


class Exclusive:
    """What can be done inside `CosignerState.exclusive`."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def latest(self, origin: str) -> Cosigned | None:
        row = self._conn.execute(
            "SELECT origin, size, root, note, timestamp, cosignature FROM cosigned"
            " WHERE origin = ? ORDER BY n DESC LIMIT 1",
            (origin,),
        ).fetchone()
        return None if row is None else Cosigned(*row)

    def cosigned(self, checkpoint: Cosigned) -> None:
        c = checkpoint
        self._execute(
            "INSERT INTO cosigned (origin, size, root, note, timestamp, cosignature)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (c.origin, c.size, c.root, c.note, c.timestamp, c.cosignature),
        )

    def refused(
        self, origin: str, old_size: int, size: int, request: str, why: str, at: int
    ) -> None:
        """Keep a validly signed request refused as inconsistent: evidence of a fork."""
        self._execute(
            "INSERT INTO refused (origin, old_size, size, request, why, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (origin, old_size, size, request, why, at),
        )

    def _execute(self, sql: str, values: tuple[object, ...]) -> None:
        try:
            self._conn.execute(sql, values)
        except sqlite3.Error as error:
            raise StateError(f"the witness state cannot be written ({error})") from None
