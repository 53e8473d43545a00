"""Creating an election file: complete or not at all, and never over another file."""

from pathlib import Path

import pytest

from station.domain import ElectionSetup
from station.journal import Journal, JournalExists, JournalNotFound


def test_a_new_file_holds_the_setup_and_no_events(
    election_file: Path, setup: ElectionSetup
) -> None:
    journal = Journal.open(election_file, read_only=True)
    try:
        assert journal.election.setup == setup
        assert journal.head_seq == 0
        assert journal.head_hash == journal.election.setup_hash
    finally:
        journal.close()


def test_an_existing_file_is_never_overwritten(tmp_path: Path, setup: ElectionSetup) -> None:
    path = tmp_path / "precious.station"
    path.write_bytes(b"somebody's work")
    with pytest.raises(JournalExists, match="never overwrites"):
        Journal.create(path, setup)
    assert path.read_bytes() == b"somebody's work"


def test_creating_in_a_missing_folder_fails_cleanly(tmp_path: Path, setup: ElectionSetup) -> None:
    with pytest.raises(JournalNotFound, match="no such folder"):
        Journal.create(tmp_path / "nowhere" / "e.station", setup)
    assert list(tmp_path.iterdir()) == []


def test_no_temporary_file_is_left_behind(tmp_path: Path, setup: ElectionSetup) -> None:
    Journal.create(tmp_path / "e.station", setup)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.station"]


def test_the_file_is_in_wal_mode(election_file: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(election_file)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        conn.close()
