"""Connecting to an election file: the URI, WAL mode, its version, and the files beside it.

What `Journal.open` and `Journal.close` need of SQLite and the file system, apart from
reading the journal itself.
"""

import contextlib
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from station import __version__
from station.files import on_read_only_volume
from station.journal import schema
from station.journal.errors import (
    CorruptJournal,
    JournalNotFound,
    JournalUnavailable,
    NewerJournal,
    WalUnreadableHere,
)
from station.journal.faults import describe
from station.paths import sqlite_uri


def on_read_only_media(path: Path) -> bool:
    """Whether a file can only be read as it lies: on a write-protected stick or disc.

    Reading a WAL database needs a -shm file beside it, which cannot be made there. With
    no -wal beside it (a file a station closed cleanly) nothing can be missing from the
    file itself, and SQLite reads it as immutable: no -shm, no lock, no change expected.

    Only a file system mounted read-only: a folder merely not writable by this user may
    hold a file a station is about to count into, which an immutable reader (the
    observers' dashboard) would never see change.
    """
    if Path(f"{path}-wal").exists():
        return False
    try:
        return on_read_only_volume(path.absolute().parent)
    except OSError:
        return False


def close_database(db: Database, path: Path, *, keep_wal: bool) -> None:
    """Close `db`; with `keep_wal`, without SQLite merging the -wal into the file.

    The last connection that could write checkpoints the -wal into the file as it
    closes. A station that opened a file to count and refused it (a broken chain) must
    leave it as it found it, a file perhaps kept as evidence, -wal and all: a refusal
    that merged the -wal would change the very file it refused. While
    another connection is open SQLite does not checkpoint on close, and a read-only one
    never does: one is held open across the close.
    """
    try:
        found = keep_wal and Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        found = False
    if not found:
        db.close()  # no -wal, or an empty one (this opening's): nothing to merge
        return
    guard: sqlite3.Connection | None = None
    try:
        guard = sqlite3.connect(sqlite_uri(path, "mode=ro"), uri=True)
        guard.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        pass  # no guard: the -wal may be merged, which changes no event
    try:
        db.close()
    finally:
        if guard is not None:
            guard.close()


def wal_unreadable_here(path: Path) -> bool:
    """Whether a -wal is beside the file on read-only media with no -shm: SQLite cannot
    read it there, so every command, `station copy` too, would otherwise fail with only
    "the disk is read-only" and no way forward."""
    if not Path(f"{path}-wal").exists() or Path(f"{path}-shm").exists():
        return False
    try:
        return on_read_only_volume(path.absolute().parent)
    except OSError:  # no such folder (said later)
        return False


def connect(path: Path, *, read_only: bool, immutable: bool = False) -> Database:
    if read_only and not immutable and wal_unreadable_here(path):
        raise WalUnreadableHere(
            f"{path}: holds calls in its -wal, and SQLite cannot read a -wal on read-only"
            f" media; `station copy {path} FOLDER` copies both whole to a writable folder"
        )
    query = f"mode={'ro' if read_only else 'rw'}{'&immutable=1' if immutable else ''}"
    uri = sqlite_uri(path, query)
    try:
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
    except sqlite3.OperationalError as error:
        raise JournalNotFound(f"{path}: cannot be opened ({describe(error)})") from None
    conn.execute("PRAGMA busy_timeout = 5000")
    return Database(conn, execute_plugins=False)


def commit_durably(conn: sqlite3.Connection | Database) -> None:
    """Make every commit on `conn` reach the disk itself before it returns.

    `synchronous=FULL` flushes the -wal at each commit. How SQLite flushes is the
    platform's: `fsync` on Linux, `FlushFileBuffers` on Windows, and on macOS, whose
    `fsync` leaves the data in the drive's cache, `fcntl(F_FULLFSYNC)`, which SQLite uses
    only when asked: `fullfsync` for every flush, `checkpoint_fullfsync` for the
    checkpoints (named as well, though `fullfsync` covers them). Elsewhere the two
    pragmas change nothing.
    """
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("PRAGMA fullfsync = ON")
    conn.execute("PRAGMA checkpoint_fullfsync = ON")


# The main file never lags far behind the -wal: a copy of it alone (all that some ways
# of copying take) still holds all but the last hundred events or so. SQLite moves the
# -wal's pages into the file once it holds this many (its default is 1,000); a station's
# window does it every hundred events from a thread instead (`checkpointer.py`).
CHECKPOINT_PAGES = 256


def ensure_wal(path: Path, db: Database) -> None:
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


def has_sidecars(path: Path) -> bool:
    """Whether a -wal or -shm file is beside the election file `path` (a reader that
    finds none and makes them is the one to take them away: `tidy_sidecars`)."""
    return any(Path(f"{path}{end}").exists() for end in ("-wal", "-shm"))


def tidy_sidecars(path: Path) -> None:
    """Let SQLite take away the -wal and -shm files a reader's opening made beside the file.

    A read-only connection may create them but can never remove them, so `station tally`
    or `verify` would leave two files behind in the election's folder. A read-write
    connection that is the last one to close removes them, and SQLite's own locks make
    it leave them alone if any other connection (a station counting, a dashboard) is
    still open. It reads the header only and writes nothing: the WAL it closes is empty,
    or holds commits a station made meanwhile, which its checkpoint keeps. Only a reader
    that made the -wal calls it: closing a -wal found beside the file would merge its
    commits into the file (the same count, other bytes: a file kept as evidence changed).
    """
    try:
        conn = sqlite3.connect(sqlite_uri(path, "mode=rw"), uri=True)
        try:
            conn.execute("PRAGMA busy_timeout = 100")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.Error:
        pass  # a read-only file or folder, or a busy writer: the files stay, harmless


def check_version(path: Path, version: int) -> None:
    if version > schema.SCHEMA_VERSION:
        raise NewerJournal(
            f"{path}: was written by a newer Station (format {version});"
            f" this Station {__version__} reads formats up to {schema.SCHEMA_VERSION}"
        )
    if version < 1:
        raise CorruptJournal(f"{path}: is an unfinished Station election file")


def checkpoint_wal(conn: sqlite3.Connection) -> None:
    """Move what the -wal holds into the file itself, as far as no reader prevents it.

    After a station opened the file (a copy of the file alone then shows a session
    not closed, which `verify` warns of) and after a tally sheet (and so at every
    pause: the copy holds the sheet). What it costs is a flush; if it cannot be done
    now, SQLite does it later.
    """
    with contextlib.suppress(sqlite3.Error):
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
