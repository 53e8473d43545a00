"""One counting station per election file.

The writer holds an exclusive advisory lock on the file for as long as it has it open.
The kernel drops the lock when the process dies, so a crash never leaves a stale lock
behind. Readers (dashboards, `station tally`) take no lock: SQLite's WAL lets them read
while the writer writes.
"""

import os
import sys
from pathlib import Path

from station.journal.errors import JournalLocked, JournalNotFound


class WriterLock:
    """An exclusive lock on an election file, taken without waiting."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.fd = os.open(path, os.O_RDWR)
        except PermissionError:
            raise JournalNotFound(f"{path}: is read-only; cannot count into it") from None
        except OSError as error:
            raise JournalNotFound(f"{path}: cannot be opened ({error.strerror})") from None
        try:
            _lock(self.fd)
        except OSError:
            os.close(self.fd)
            raise JournalLocked(
                f"{path}: another station has this election open for counting"
                " (close it there first; a dashboard may stay open)"
            ) from None

    def same_file_still_there(self) -> bool:
        """Whether the path still names the file we locked (not moved, deleted or replaced)."""
        try:
            now = os.stat(self.path)
        except OSError:
            return False
        held = os.fstat(self.fd)
        return (now.st_dev, now.st_ino) == (held.st_dev, held.st_ino)

    def release(self) -> None:
        """Give the file back; safe to call twice."""
        if self.fd >= 0:
            os.close(self.fd)  # closing the descriptor drops the lock
            self.fd = -1


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _lock(fd: int) -> None:
        # Lock a byte far beyond SQLite's own lock bytes (which sit at 1 GiB).
        os.lseek(fd, 0x7FFF0000, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)

else:
    import fcntl

    def _lock(fd: int) -> None:
        # flock() locks are independent of the POSIX record locks SQLite uses, so
        # holding one never interferes with SQLite's own locking.
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
