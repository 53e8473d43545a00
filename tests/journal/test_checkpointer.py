"""A station's window never checkpoints in a commit: the keypress that fills the -wal
does not wait while it is written into the file. A thread of the writer's own does
that, and the file keeps up (a copy of it alone holds all but the last hundred events
or so); closing checkpoints the rest."""

import shutil
import threading
from pathlib import Path

from station.domain import Action, Call
from station.journal import Journal
from station.journal.checkpointer import EVERY
from tests.helpers import JFK8


def _calls(journal: Journal, count: int) -> None:
    for index in range(count):
        journal.append(Action.CALL, Call.FOR if index % 2 else Call.AGAINST)


def _events_in_the_file_alone(path: Path, folder: Path) -> int:
    """The events a copy of the file without its -wal holds (what some copies take)."""
    copy = folder / "alone.station"
    shutil.copyfile(path, copy)
    with Journal.open(copy, read_only=True) as alone:
        return alone.head_seq


def test_a_station_s_commits_never_write_the_file_itself(tmp_path: Path) -> None:
    for background in (False, True):
        path = tmp_path / f"{background}.station"
        Journal.create(path, JFK8)
        with Journal.open(path) as journal:
            journal.start_session()
            if background:
                journal.checkpoint_in_background(every=1_000_000)  # asked for never
            before = path.read_bytes()
            _calls(journal, 600)  # past SQLite's own checkpoint, at 256 pages
            # Left to SQLite, one of the commits wrote the file; in the background none.
            assert (path.read_bytes() == before) is background


def test_the_file_keeps_up_and_closing_checkpoints_the_rest(
    tmp_path: Path, election_file: Path
) -> None:
    journal = Journal.open(election_file)
    try:
        journal.start_session()
        journal.checkpoint_in_background()
        assert journal.checkpointer is not None
        _calls(journal, 450)
        assert journal.checkpointer.wait(timeout=30)
        assert _events_in_the_file_alone(election_file, tmp_path) >= journal.head_seq - EVERY
    finally:
        journal.close()
    assert not [each for each in threading.enumerate() if each.name == "wal-checkpoints"]
    assert _events_in_the_file_alone(election_file, tmp_path) == journal.head_seq
