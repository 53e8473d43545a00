"""A file kept as evidence is read, never rewritten: not even the WAL beside it is merged.

A count copied with its -wal (commits a station made before it was killed) but without
the -shm must keep both files byte for byte through a reading command such as `station
tally`: SQLite checkpoints the -wal into the file on the last close of a connection
that could write, which would keep the contents and change the bytes of both files.
"""

import io
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from station import app
from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from tests.faults.helpers import read_only_mount
from tests.helpers import JFK8


def station(*argv: str | Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*map(str, argv)])
    return code, out.getvalue() + err.getvalue()


@pytest.fixture
def kept_with_its_wal(tmp_path: Path) -> Path:
    """A count whose last commits are only in its -wal, copied without the -shm (as
    a station killed mid-count, its folder copied by hand)."""
    counting = tmp_path / "counting" / "jfk8.station"
    counting.parent.mkdir()
    Journal.create(counting, JFK8)
    journal = Journal.open(counting)
    try:
        journal.start_session()
        for call in (Call.FOR, Call.AGAINST, Call.FOR, Call.CHALLENGE):
            journal.append(Action.CALL, call)
        kept = tmp_path / "kept" / "jfk8.station"
        kept.parent.mkdir()
        shutil.copyfile(counting, kept)  # nothing is written meanwhile: one state
        shutil.copyfile(f"{counting}-wal", f"{kept}-wal")
    finally:
        journal.close()
    assert Path(f"{kept}-wal").stat().st_size > 0 and not Path(f"{kept}-shm").exists()
    return kept


def on_disk(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in (path, Path(f"{path}-wal"))}


@pytest.mark.parametrize(
    "command",
    [["tally"], ["tally", "--json"], ["log"], ["verify"], ["challenges"]],
    ids=" ".join,
)
def test_reading_a_kept_file_changes_neither_it_nor_its_wal(
    kept_with_its_wal: Path, command: list[str]
) -> None:
    before = on_disk(kept_with_its_wal)
    code, said = station(*command, kept_with_its_wal)
    assert code == 0, said
    assert on_disk(kept_with_its_wal) == before, f"`station {' '.join(command)}` changed it"


def test_the_commits_in_the_wal_are_read(kept_with_its_wal: Path) -> None:
    code, said = station("tally", kept_with_its_wal)
    assert code == 0 and "Ballots counted:                       4 of 4,852" in said, said


@pytest.fixture
def on_a_write_protected_stick(kept_with_its_wal: Path, tmp_path: Path) -> Iterator[Path]:
    """The kept count and its -wal (no -shm) on a file system mounted read-only (root)."""
    wal = kept_with_its_wal.with_name(f"{kept_with_its_wal.name}-wal")
    with read_only_mount(tmp_path / "stick", kept_with_its_wal, wal) as stick:
        yield stick / kept_with_its_wal.name


def test_a_kept_file_with_its_wal_on_read_only_media_is_copied_whole(
    on_a_write_protected_stick: Path, tmp_path: Path
) -> None:
    """SQLite cannot read a -wal on read-only media without a -shm it cannot make there:
    every command says so in one line and points to `station copy`, which copies the
    file and its -wal whole, never just "the disk is read-only"."""
    kept = on_a_write_protected_stick
    before = on_disk(kept)
    code, said = station("tally", kept)
    assert code == 2 and said.count("\n") == 1, said
    assert f"`station copy {kept} FOLDER` copies both whole to a writable folder" in said
    folder = tmp_path / "copied"
    folder.mkdir()
    code, said = station("copy", kept, folder)
    assert code == 0, said
    assert sorted(p.name for p in folder.iterdir()) == [kept.name]  # no scratch left
    code, said = station("tally", folder / kept.name)
    assert code == 0 and "Ballots counted:                       4 of 4,852" in said, said
    assert on_disk(kept) == before
    # Into a folder that cannot be written either: one line, no traceback.
    code, said = station("copy", kept, kept.with_name("copy.station"))
    assert code == 2 and said.count("\n") == 1 and "cannot be written" in said, said


_ALTER_IN_THE_WAL = """
import os, sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("DROP TRIGGER events_no_update")
conn.execute("UPDATE events SET call = 'void' WHERE seq = 3")
os._exit(0)  # no close: the change stays in the -wal, as an attacker's copy may hold it
"""


def test_a_refused_file_keeps_its_wal(
    kept_with_its_wal: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`station open`, `sign`, `reopen`, `decide` and the start window refuse an altered
    count in one line and let it go without merging its -wal into the file: a refused
    file may be evidence."""
    subprocess.run([sys.executable, "-c", _ALTER_IN_THE_WAL, str(kept_with_its_wal)], check=True)
    before = on_disk(kept_with_its_wal)
    monkeypatch.setattr(app, "run_loop", lambda _app: 99)  # a window that opened: exit 99
    for command in (["open"], ["sign", "--agent", "R. Agent"], ["reopen", "--reason", "x"]):
        code, said = station(command[0], kept_with_its_wal, *command[1:])
        assert code == 2 and "event 3 was altered (its hash does not match)" in said, said
        assert on_disk(kept_with_its_wal) == before, f"`station {command[0]}` changed it"
