"""Copying an election file whole, whatever is still in its -wal.

A station in WAL mode commits each event to the `-wal` file beside the election file;
SQLite moves them into the file itself now and then. A copy of the file alone (a file
manager, `cp`, a backup tool taking one file) may therefore miss the latest events,
or every event of a short count: it verifies, with fewer events. `copy_election` reads
the file through SQLite (its backup API: one consistent read of the file and its
-wal, while a station may go on counting) into a new file beside the destination,
checks that the copy holds the same head, and only then gives it its name, never
over an existing file.
"""

import contextlib
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

from station.files import fsync_file, fsync_folder
from station.journal.connection import wal_unreadable_here
from station.journal.creating import built_beside, link_into_place, refuse_leftovers
from station.journal.errors import JournalExists, JournalNotFound, WriteFailed
from station.journal.store import Journal


def copy_election(source: Path, destination: Path) -> tuple[Path, int, str, bool]:
    """Copy the election file `source` whole to `destination` (a file, or a folder to
    put it in under its own name). Returns the copy's path, its events and head hash,
    and whether its last session was closed (False: a station may be counting on).

    Raises a one-line JournalError if the source cannot be read, the destination is
    taken, or the copy could not be written whole (then nothing is left behind).
    """
    try:
        if destination.is_dir():
            destination = destination / source.name
        folder = destination.parent
        if not folder.is_dir():
            raise JournalNotFound(f"{folder}: no such folder")
        if destination.exists() or destination.is_symlink():
            raise JournalExists(f"{destination}: already exists; Station never overwrites a file")
        refuse_leftovers(destination)
    except OSError as error:
        raise JournalNotFound(f"{destination}: cannot be written ({error.strerror})") from None
    with _readable(source, folder) as readable:
        return _copy(readable, destination, folder)


@contextlib.contextmanager
def _readable(source: Path, folder: Path) -> Iterator[Path]:
    """`source`, or, when SQLite cannot read its -wal where it lies (read-only media, no
    -shm), a copy of the file and its -wal in a scratch folder beside the destination,
    byte for byte (the original is read, never written), removed afterwards."""
    if not wal_unreadable_here(source):
        yield source
        return
    try:
        scratch = Path(tempfile.mkdtemp(prefix=".station-copy-", dir=folder))
    except OSError as error:
        raise JournalNotFound(f"{folder}: cannot be written ({error.strerror})") from None
    try:
        staged = scratch / source.name
        try:
            shutil.copyfile(source, staged)
            shutil.copyfile(f"{source}-wal", f"{staged}-wal")
        except OSError as error:
            raise JournalNotFound(f"{source}: cannot be read ({error.strerror})") from None
        yield staged
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _copy(source: Path, destination: Path, folder: Path) -> tuple[Path, int, str, bool]:
    # A foreign or damaged file: one line. An altered setup is copied as it is: the
    # copy is evidence, and `verify` names what is wrong with it.
    journal = Journal.open(source, read_only=True, check_setup=False)
    try:
        with built_beside(destination, "could not be written") as temp:
            target = sqlite3.connect(temp)
            try:
                journal.backup_to(target)
                target.execute("PRAGMA journal_mode = WAL")  # as a station counts into it
                target.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                target.close()
            fsync_file(temp)
            copied = Journal.open(temp, read_only=True, tidy=False, check_setup=False)
            try:
                head = (copied.head_seq, copied.head_hash)
                closed = copied.last_session_closed()
            finally:
                copied.close()
            if head[0] < journal.head_seq:  # pragma: no cover - the backup copies every page
                raise WriteFailed(f"{destination}: the copy is incomplete; nothing was left")
            link_into_place(temp, destination)
            fsync_folder(folder)
    finally:
        journal.close()
    return destination, head[0], head[1], closed
