"""SQLite's errors in words a user can act on, and whose fault each one is.

SQLite names an error by its result code (`sqlite_errorname`: SQLITE_FULL, or an
extended code such as SQLITE_IOERR_WRITE). The kinds Station tells apart are in one
table, `FAULTS`, so that describing an error and judging whose fault it is cannot
disagree.
"""

import os
import shutil
import sqlite3
import sys
from pathlib import Path
from typing import NamedTuple

from station.files import on_read_only_volume


class Fault(NamedTuple):
    """A kind of SQLite error Station words itself.

    Attributes:
        code: the primary result code's name.
        words: what it means, for the user.
        extended_too: whether its extended codes (`code` + "_…") take the same words.
        machine: the machine's fault (disk, locks), not the file's content: the file
            may be sound, and the user can fix it.
        refused: the disk or file system refused the work, which it can explain better
            than SQLite (see `write_problem`); busy and locked are said well enough.
    """

    code: str
    words: str
    extended_too: bool
    machine: bool
    refused: bool


FAULTS = (
    Fault("SQLITE_FULL", "the disk is full", False, machine=True, refused=True),
    Fault("SQLITE_READONLY", "the file or its folder is read-only", True, True, True),
    Fault("SQLITE_IOERR", "the disk reported an input/output error", True, True, True),
    Fault("SQLITE_CANTOPEN", "the file or its folder cannot be opened", False, True, True),
    Fault("SQLITE_BUSY", "the file is locked by another program", False, True, False),
    Fault("SQLITE_LOCKED", "the file is locked by another program", False, True, False),
    Fault("SQLITE_NOTADB", "not a database", False, machine=False, refused=False),
)


def fault_of(error: sqlite3.Error) -> Fault | None:
    """The kind of `error` in `FAULTS`, by its code or one of its extended codes."""
    name = getattr(error, "sqlite_errorname", "")
    for fault in FAULTS:
        if name == fault.code or name.startswith(f"{fault.code}_"):
            return fault
    return None


def describe(error: sqlite3.Error) -> str:
    """`error` in a few words (SQLite's own when Station has none)."""
    fault = fault_of(error)
    if fault is None:
        return str(error)
    exact = getattr(error, "sqlite_errorname", "") == fault.code
    return fault.words if exact or fault.extended_too else str(error)


def environment_fault(error: sqlite3.Error) -> bool:
    """Whether SQLite failed because of the machine (disk, locks), not the file's content."""
    fault = fault_of(error)
    return fault is not None and fault.machine


def write_problem(path: Path, error: sqlite3.Error) -> str:
    """Why a write failed, in words the operator can act on.

    SQLite reports most refusals by the machine as a bare input/output error (a file
    made immutable, a disk remounted read-only, a file-size limit, a USB stick pulled
    out); the file system can tell which, so ask it before giving up on words.
    """
    fault = fault_of(error)
    if fault is None or not fault.refused:
        return describe(error)
    folder = path.parent
    files = (path, Path(f"{path}-wal"))
    try:
        read_only_disk = on_read_only_volume(folder)
        free = shutil.disk_usage(folder).free
        writable = os.access(folder, os.W_OK) and all(
            os.access(file, os.W_OK) for file in files if file.exists()
        )
        sizes = [file.stat().st_size for file in files if file.exists()]
    except OSError:
        return "the election file's folder cannot be reached (was the disk removed?)"
    if read_only_disk:
        return "the disk is read-only (removed, or made read-only?)"
    if not writable:
        return "the file or its folder was made read-only"
    if free < _LOW_SPACE:
        return "the disk is full"
    if _near_size_limit(sizes):
        return (
            "the file reached the largest size this computer lets Station write (a file-size limit)"
        )
    return describe(error)


_LOW_SPACE = 256 * 1024  # less than this free: a WAL frame and its checkpoint may not fit


def _near_size_limit(sizes: list[int]) -> bool:
    """Whether a file is within reach of the process's file-size limit (RLIMIT_FSIZE).

    Linux and macOS have one per process (`ulimit -f`); Windows has none, only the file
    system's own (4 GiB on FAT32), which SQLite reports as a full disk or an I/O error.
    """
    if sys.platform == "win32":
        return False
    import resource

    soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    return soft != resource.RLIM_INFINITY and any(size + _LOW_SPACE > soft for size in sizes)
