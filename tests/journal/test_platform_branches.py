"""The journal's platform branches: how commits reach the disk, how many cores check the
chain, what a refused write is blamed on. Tests marked `stand_in` take another
platform's branch here (see tests/platforms.py)."""

import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from station.journal import Journal, chain_check, faults
from station.witness.store import WitnessFile
from tests.platforms import Calls, pretend


def durability(conn: sqlite3.Connection) -> tuple[int, int, int]:
    return tuple(  # type: ignore[return-value]
        conn.execute(f"PRAGMA {name}").fetchone()[0]
        for name in ("synchronous", "fullfsync", "checkpoint_fullfsync")
    )


def test_a_station_counting_commits_with_a_full_flush(journal: Journal) -> None:
    """synchronous=FULL (2) everywhere, and on macOS F_FULLFSYNC for every flush and
    checkpoint: SQLite keeps the two pragmas on every platform and uses them where the
    system has F_FULLFSYNC."""
    assert durability(journal.connection) == (2, 1, 1)


def test_a_witness_file_commits_with_a_full_flush(tmp_path: Path, journal: Journal) -> None:
    meta = {"election": json.dumps(journal.election.row), "public_key": "AAAA", "url": ""}
    witness = WitnessFile.create(tmp_path / "w.witness", meta)
    try:
        assert durability(witness._conn) == (2, 1, 1)
    finally:
        witness.close()


@pytest.mark.stand_in("darwin")
def test_cores_are_counted_without_an_affinity_call_on_macos_and_windows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delattr(os, "sched_getaffinity", raising=False)  # neither has one
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    for platform in ("darwin", "win32"):
        pretend(monkeypatch, platform)
        assert chain_check._spare_cores() == 2


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's affinity call")
def test_cores_on_linux_are_those_this_process_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: {0})  # taskset -c 0
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert chain_check._spare_cores() == 0


@pytest.mark.stand_in("win32")
def test_windows_has_no_file_size_limit_to_blame(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resource", None)  # `import resource` fails there
    pretend(monkeypatch, "win32")
    assert faults._near_size_limit([10**12]) is False


@pytest.mark.stand_in("win32")
def test_a_refused_write_on_windows_asks_the_volume_whether_it_is_read_only(
    monkeypatch: pytest.MonkeyPatch, election_file: Path
) -> None:
    asked = Calls()
    monkeypatch.setattr(faults, "on_read_only_volume", asked.recorder("volume", True))
    error = sqlite3.OperationalError("disk I/O error")
    error.sqlite_errorname = "SQLITE_IOERR_WRITE"  # as SQLite sets it
    pretend(monkeypatch, "win32")
    words = faults.write_problem(election_file, error)
    assert words == "the disk is read-only (removed, or made read-only?)"
    assert asked.made == [("volume", (election_file.parent,))]
