"""The cosignatures the parties' witnesses returned: a small append-only file beside the
election file, `<election file>.cosigned`.

`station serve --witness` writes it: each checkpoint it sent, exactly as the station
signed it, and each cosignature a witness returned on that very text, once the serve
process has checked it with the witness's key. The station reads it when the agent signs
a sheet, to record in the sign event the checkpoint of the count as it stands with every
cosignature received (`cosigned_checkpoint`), and the export reads it for `log/checkpoint`.

It holds nothing the journal does not commit to already (a checkpoint is the journal's
root, a cosignature a statement about that root), so it is not part of the election file
and losing it loses no call: only the witnesses' word, which each witness also keeps.
Triggers refuse UPDATE and DELETE; `synchronous=FULL` makes each record durable before
the serve process counts it as kept.
"""

import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from station.journal.connection import commit_durably
from station.paths import sqlite_uri

FORMAT = "station-cosigned-v1"
SUFFIX = ".cosigned"

_TABLES = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS checkpoints (
    n INTEGER PRIMARY KEY, size INTEGER NOT NULL, note TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS cosignatures (
    n INTEGER PRIMARY KEY, checkpoint INTEGER NOT NULL REFERENCES checkpoints (n),
    name TEXT NOT NULL, key_id TEXT NOT NULL, timestamp INTEGER NOT NULL,
    line TEXT NOT NULL, UNIQUE (checkpoint, line)
);
CREATE INDEX IF NOT EXISTS checkpoints_size ON checkpoints (size);
"""
_GUARDS = [
    f"CREATE TRIGGER IF NOT EXISTS {table}_no_{verb.lower()} BEFORE {verb} ON {table}"
    " BEGIN SELECT RAISE(ABORT, 'the cosignatures file is append-only'); END;"
    for table in ("meta", "checkpoints", "cosignatures")
    for verb in ("UPDATE", "DELETE")
]


class CosignedError(Exception):
    """The cosignatures file cannot be read or written (one line)."""


@dataclass(frozen=True, slots=True)
class Cosignature:
    """One cosignature as kept: the witness key's name and ID (hex), its time (POSIX
    seconds) and its signature line, ending in its newline."""

    name: str
    key_id: str
    timestamp: int
    line: str


def cosigned_path(election: Path) -> Path:
    return election.with_name(election.name + SUFFIX)


class CosignedStore:
    """The cosignatures file of one election, open for writing (serve) or reading."""

    def __init__(self, path: Path, origin: str, *, create: bool) -> None:
        self.path = path
        self._lock = threading.Lock()
        if not create and not path.exists():
            raise CosignedError(f"{path}: no cosignatures file")
        try:
            mode = "rwc" if create else "ro"
            self._conn = sqlite3.connect(
                sqlite_uri(path, f"mode={mode}"), uri=True, check_same_thread=False
            )
            self._conn.execute("PRAGMA busy_timeout = 5000")
            if create:
                self._conn.execute("PRAGMA journal_mode = WAL")
                commit_durably(self._conn)
                with self._conn:
                    self._conn.executescript(_TABLES + ";".join(_GUARDS))
                    self._conn.execute(
                        "INSERT OR IGNORE INTO meta VALUES ('format', ?), ('origin', ?)",
                        (FORMAT, origin),
                    )
            meta = dict(self._conn.execute("SELECT name, value FROM meta").fetchall())
        except sqlite3.Error as error:
            raise CosignedError(f"{path}: not a cosignatures file ({error})") from None
        if meta.get("format") != FORMAT:
            raise CosignedError(f"{path}: not a cosignatures file")
        if meta.get("origin") != origin:
            raise CosignedError(f"{path}: the cosignatures of another election")

    def close(self) -> None:
        self._conn.close()

    def record(self, size: int, note: str, cosignatures: Sequence[Cosignature]) -> None:
        """Keep a checkpoint (the note as the station signed it) and cosignatures on it,
        durably; what is already kept is kept once."""
        with self._lock:
            try:
                with self._conn:
                    self._conn.execute(
                        "INSERT OR IGNORE INTO checkpoints (size, note) VALUES (?, ?)",
                        (size, note),
                    )
                    (number,) = self._conn.execute(
                        "SELECT n FROM checkpoints WHERE note = ?", (note,)
                    ).fetchone()
                    self._conn.executemany(
                        "INSERT OR IGNORE INTO cosignatures"
                        " (checkpoint, name, key_id, timestamp, line) VALUES (?, ?, ?, ?, ?)",
                        [(number, c.name, c.key_id, c.timestamp, c.line) for c in cosignatures],
                    )
            except sqlite3.Error as error:
                raise CosignedError(
                    f"{self.path}: the cosignatures were not kept ({error})"
                ) from None

    def witnesses(self) -> int:
        """How many witnesses (key name and ID) have a cosignature kept here."""
        with self._lock:
            try:
                (count,) = self._conn.execute(
                    "SELECT COUNT(*) FROM (SELECT DISTINCT name, key_id FROM cosignatures)"
                ).fetchone()
            except sqlite3.Error as error:
                raise CosignedError(f"{self.path}: cannot be read ({error})") from None
        return int(count)

    def of_size(self, size: int) -> list[tuple[str, list[Cosignature]]]:
        """Each checkpoint kept of tree size `size`, oldest first, with its cosignatures."""
        with self._lock:
            try:
                rows = self._conn.execute(
                    "SELECT n, note FROM checkpoints WHERE size = ? ORDER BY n", (size,)
                ).fetchall()
                found = []
                for number, note in rows:
                    signed = self._conn.execute(
                        "SELECT name, key_id, timestamp, line FROM cosignatures"
                        " WHERE checkpoint = ? ORDER BY n",
                        (number,),
                    ).fetchall()
                    found.append((note, [Cosignature(*row) for row in signed]))
            except sqlite3.Error as error:
                raise CosignedError(f"{self.path}: cannot be read ({error})") from None
        return found


def cosigned_checkpoint(election: Path, origin: str, size: int) -> str | None:
    """The checkpoint of tree size `size` with the most cosignatures (the newest of those
    with as many), its cosignature lines after the station's, or None when the file or
    such a checkpoint is missing. What it says is checked by whoever uses it."""
    path = cosigned_path(election)
    if not path.exists():
        return None
    store = CosignedStore(path, origin, create=False)
    try:
        kept = store.of_size(size)
    finally:
        store.close()
    if not kept:
        return None
    note, cosignatures = max(reversed(kept), key=lambda item: len(item[1]))
    return note + "".join(c.line for c in cosignatures)


def cosigners(path: Path, origin: str) -> int:
    """How many witnesses have cosigned some checkpoint of this count, as kept in the
    cosignatures file at `path`."""
    store = CosignedStore(path, origin, create=False)
    try:
        return store.witnesses()
    finally:
        store.close()
