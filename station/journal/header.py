"""Identify a file from its first 100 bytes, before SQLite opens (and perhaps changes) it."""

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from station.journal.errors import JournalNotFound, NotAJournal

SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100


@dataclass(frozen=True, slots=True)
class Header:
    """The two numbers of an SQLite header that say whose file it is."""

    application_id: int
    user_version: int


def read_header(path: Path) -> Header:
    """Read the SQLite header of `path`, or raise a one-line JournalError."""
    try:
        mode = path.stat().st_mode
        if stat.S_ISDIR(mode):
            raise NotAJournal(f"{path}: is a folder, not an election file")
        if not stat.S_ISREG(mode):  # a FIFO or device would block or never end
            raise NotAJournal(f"{path}: is not a regular file")
        with open(path, "rb") as file:
            head = file.read(HEADER_SIZE)
    except FileNotFoundError:
        raise JournalNotFound(f"{path}: no such file") from None
    except PermissionError:
        raise JournalNotFound(f"{path}: permission denied") from None
    except OSError as error:
        raise JournalNotFound(f"{path}: cannot be read ({os.strerror(error.errno or 0)})") from None
    if not head:
        raise NotAJournal(f"{path}: is empty, not a Station election file")
    if len(head) < HEADER_SIZE or not head.startswith(SQLITE_MAGIC):
        raise NotAJournal(f"{path}: is not a Station election file")
    return Header(
        application_id=int.from_bytes(head[68:72], "big"),
        user_version=int.from_bytes(head[60:64], "big"),
    )
