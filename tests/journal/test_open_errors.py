"""Files that are not Station journals give one clear line and are left untouched."""

import hashlib
import sqlite3
from pathlib import Path

import pytest

from station.journal import (
    CorruptJournal,
    Journal,
    JournalNotFound,
    NewerJournal,
    NotAJournal,
    schema,
)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def foreign_sqlite(path: Path) -> Path:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()
    return path


def future_journal(path: Path, election_file: Path) -> Path:
    path.write_bytes(election_file.read_bytes())
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("read_only", [False, True])
@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda p, e: p.write_bytes(b""), NotAJournal, "is empty"),
        (
            lambda p, e: p.write_bytes(b"\x89PNG garbage" * 50),
            NotAJournal,
            "not a Station election file",
        ),
        (lambda p, e: foreign_sqlite(p), NotAJournal, "another program"),
        (lambda p, e: future_journal(p, e), NewerJournal, "newer Station"),
        (
            lambda p, e: p.write_bytes(e.read_bytes()[:100] + b"\x00" * 300),
            CorruptJournal,
            "damaged",
        ),
    ],
)
def test_bad_files_are_refused_untouched(
    tmp_path: Path, election_file: Path, make, error, message, read_only: bool
) -> None:
    path = tmp_path / "bad.station"
    make(path, election_file)
    before = digest(path)
    with pytest.raises(error, match=message) as raised:
        Journal.open(path, read_only=read_only)
    assert "\n" not in str(raised.value)
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.station", "jfk8.station"]


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(JournalNotFound, match="no such file"):
        Journal.open(tmp_path / "missing.station")
    assert list(tmp_path.iterdir()) == []


def test_a_folder(tmp_path: Path) -> None:
    with pytest.raises(NotAJournal, match="folder"):
        Journal.open(tmp_path)


def test_a_reader_tidies_the_files_it_made_unless_told_not_to(election_file: Path) -> None:
    sidecars = [Path(f"{election_file}-wal"), Path(f"{election_file}-shm")]
    for sidecar in sidecars:
        sidecar.unlink(missing_ok=True)
    Journal.open(election_file, read_only=True).close()
    assert not any(sidecar.exists() for sidecar in sidecars)
    # The dashboard's way: it never opens the file for writing, not even to tidy.
    Journal.open(election_file, read_only=True, tidy=False).close()
    assert all(sidecar.exists() for sidecar in sidecars)
