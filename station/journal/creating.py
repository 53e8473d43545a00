"""Making a new election file (or a copy) whole or not at all.

A file is built beside its destination under a temporary name and linked into place
only once complete, so a full disk or a crash leaves nothing behind under the real
name; what a process killed half-way leaves under the temporary name is swept away
later by `station.files.sweep_stale`, the one sweep the export uses too.
"""

import contextlib
import os
import re
import secrets
import sqlite3
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from sqlite_utils import Database

from station.domain import ElectionSetup
from station.domain.voters import VoterList
from station.files import fsync_file, fsync_folder, sweep_stale
from station.journal import schema
from station.journal.chain import ballot_text, setup_hash
from station.journal.connection import commit_durably
from station.journal.errors import JournalExists, WriteFailed
from station.journal.faults import describe

_CREATING_PREFIX = ".station-"
_CREATING_SUFFIX = ".creating"
_CREATING_NAME = re.compile(  # secrets.token_hex(6), and SQLite's own files beside it
    f"{re.escape(_CREATING_PREFIX)}[0-9a-f]{{12}}{re.escape(_CREATING_SUFFIX)}(-wal|-shm|-journal)?"
)
_STALE_AFTER_S = 600  # a creation takes milliseconds: older leftovers are abandoned


def utc_now() -> str:
    """The time now, as events and setups store it."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def temporary_beside(folder: Path) -> Path:
    """A new temporary name in `folder` to build a file under, once the folder is tidied.

    Tidying removes what a creation killed half-way left behind (its temp file, -wal,
    -shm), only leftovers older than ten minutes: a younger one may be another
    station's creation in progress. What is left never has an election file's name,
    so this is tidiness, not safety: only regular files of this user's with exactly
    the names given here, never through a link (see `sweep_stale`).
    """
    sweep_stale(folder, _CREATING_NAME, older_than_s=_STALE_AFTER_S)
    return folder / f"{_CREATING_PREFIX}{secrets.token_hex(6)}{_CREATING_SUFFIX}"


def remove_leftovers(temp: Path) -> None:
    """Remove a temporary file and SQLite's files beside it, whatever is there."""
    for leftover in (temp, Path(f"{temp}-wal"), Path(f"{temp}-shm")):
        with contextlib.suppress(OSError):
            leftover.unlink(missing_ok=True)


def refuse_leftovers(path: Path) -> None:
    """Refuse to make a file at `path` while SQLite's files of an earlier one lie beside it.

    A `-wal` left by a file deleted or moved away while a station counted would be
    taken by SQLite as the new file's own: its events, which do not chain to the new
    setup, would break the file (or make it unreadable). It may hold another count's
    last calls, so it is never deleted here: the user decides.
    """
    for suffix in ("-wal", "-shm", "-journal"):
        leftover = Path(f"{path}{suffix}")
        if os.path.lexists(leftover):
            raise JournalExists(
                f"{leftover}: is left beside the name from an earlier election file (it may"
                " hold that count's last calls); move it somewhere safe, or put its file back"
                " beside it, then try again"
            )


def link_into_place(temp: Path, path: Path) -> None:
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


@contextlib.contextmanager
def built_beside(path: Path, failing: str) -> Iterator[Path]:
    """A temporary name beside `path` to build a file under, then link into place.

    An error of SQLite or the file system in the block is one line (WriteFailed:
    "`path`: `failing` (why)"), and whatever the block left under the temporary
    name is removed, whether it got its real name or not.
    """
    temp = temporary_beside(path.parent)
    try:
        yield temp
    except sqlite3.Error as error:
        raise WriteFailed(f"{path}: {failing} ({describe(error)})") from None
    except OSError as error:
        raise WriteFailed(f"{path}: {failing} ({error.strerror})") from None
    finally:
        remove_leftovers(temp)


def create_election(path: Path, setup: ElectionSetup, voters: VoterList | None = None) -> None:
    """Create the election file `path` for `setup` (see `Journal.create`), with the
    voter list of a mail-ballot election."""
    from station.journal.voters import store_voters, voters_hash

    if setup.mail != (voters is not None):
        raise ValueError("a mail-ballot election, and only one, has a voter list")
    refuse_leftovers(path)
    with built_beside(path, "could not be created") as temp:
        conn = sqlite3.connect(temp)
        try:
            db = Database(conn, execute_plugins=False)
            with db.ensure_autocommit_on():
                db.execute("PRAGMA journal_mode = WAL")
            commit_durably(db)
            schema.upgrade(db)
            row: dict[str, object] = {
                "format": schema.FORMAT,
                "election_id": str(uuid.uuid4()),
                "created_utc": utc_now(),
                "case_number": setup.case_number,
                "employer": setup.employer,
                "union_name": setup.union,
                "eligible": setup.eligible,
                "ballots": setup.ballots,
                "agent": setup.agent,
                "pile": setup.pile,
                "table_label": setup.table,
            }
            if setup.choices is not None:  # the plain election's row is as it always was
                row["ballot"] = ballot_text(setup.choices)
            if voters is not None:
                row["mail"] = 1
                row["voters_hash"] = voters_hash(voters)
                row["mail_rules"] = setup.mail_rules
                row["polls"] = 1 if setup.polls else None
            row["setup_hash"] = setup_hash(row)
            with db.atomic():
                if voters is not None:
                    store_voters(db, voters)  # first: the list is closed once the setup is in
                db.table("election").insert({"id": 1, **row})
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            conn.close()
        fsync_file(temp)
        link_into_place(temp, path)
        fsync_folder(path.parent)
