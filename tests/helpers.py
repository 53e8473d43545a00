"""Helpers shared by tests of every package: the JFK8 election and a count of it to sign,
verifying a file, folders in RAM, the SQLite connections a test opened."""

import os
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from station.domain import Call, ElectionSetup, SheetKind
from station.journal import Journal
from station.journal.session import CountSession
from station.journal.stream_check import Verdict
from station.journal.verify import verify_journal
from station.sheet.prepare import SheetRequest


class Connections:
    """Every SQLite connection made in this process during one test, and where."""

    def __init__(self) -> None:
        self.made: list[tuple[sqlite3.Connection, str]] = []

    def left_open(self) -> list[str]:
        """Where each connection still open was made (the innermost frames of ours)."""
        return [where for conn, where in self.made if _is_open(conn)]

    def close_all(self) -> None:
        for conn, _ in self.made:
            conn.close()


def _is_open(conn: sqlite3.Connection) -> bool:
    try:
        conn.total_changes  # noqa: B018 - any use of a closed connection raises
    except sqlite3.ProgrammingError:
        return False
    return True


# A folder in RAM, where the system has one (Linux).
RAM = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else None


@contextmanager
def built_in_ram(path: Path) -> Iterator[Path]:
    """A scratch copy of `path` in RAM, to build a test's file in; copied back at the end.

    Each event a journal appends is one fsync (synchronous=FULL): 300 events take
    1.4 s on this project's disk and 0.07 s in RAM. A test that needs a long count to
    read gains nothing from those fsyncs, so it builds the count here; the file it
    then reads is back at `path`, on the disk, byte for byte.
    """
    with ram_folder() as folder:
        scratch = folder / path.name
        if path.exists():
            shutil.copyfile(path, scratch)
        yield scratch
        assert not Path(f"{scratch}-wal").exists(), "close the journal before leaving"
        shutil.copyfile(scratch, path)


@contextmanager
def ram_folder() -> Iterator[Path]:
    """A new folder in RAM (or the usual temporary folder without one), removed after."""
    folder = Path(tempfile.mkdtemp(dir=RAM))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# The JFK8 election (Staten Island, 2022) as a realistic setup; tests that need another
# box size or agent take `dataclasses.replace(JFK8, ...)`.
JFK8 = ElectionSetup(
    case_number="29-RC-288020",
    employer="Amazon.com Services LLC",
    union="Amazon Labor Union",
    eligible=8325,
    ballots=4852,
    agent="R. Agent",
)


def verify_file(path: Path | str) -> Verdict:
    """Open `path` read-only and verify it, as `station verify FILE` does."""
    with Journal.open(path, read_only=True, check_setup=False) as journal:
        return verify_journal(journal)


F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE


SIGN = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)


def session_on(path: Path) -> tuple[Journal, CountSession]:
    journal = Journal.open(path)
    return journal, CountSession.resume(journal, keep=0)
