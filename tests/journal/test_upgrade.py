"""A version 1 file (before tally sheets) is upgraded in place with every hash intact."""

import sqlite3
from pathlib import Path
from unittest import mock

import pytest
from sqlite_utils import Database

from station.domain import Action, Call, ElectionSetup, SheetKind
from station.journal import Journal, schema
from station.journal.chain import setup_hash
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.helpers import verify_file


def make_version_1(path: Path, setup: ElectionSetup) -> None:
    """A file exactly as Station 0.1 made it: the first migration only, no pile size."""
    conn = sqlite3.connect(path)
    db = Database(conn)
    db.execute("PRAGMA journal_mode = WAL")
    schema.migrations.apply(db, stop_before="m002_any_action")
    row: dict[str, object] = {
        "format": schema.FORMAT,
        "election_id": "0e7c1d2a-0000-4000-8000-000000000001",
        "created_utc": "2022-03-30T13:00:00.000000+00:00",
        "case_number": setup.case_number,
        "employer": setup.employer,
        "union_name": setup.union,
        "eligible": setup.eligible,
        "ballots": setup.ballots,
        "agent": setup.agent,
    }
    row["setup_hash"] = setup_hash(row)
    db["election"].insert({"id": 1, **row})
    db.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def test_a_version_1_file_is_upgraded_with_its_hashes(
    tmp_path: Path, setup: ElectionSetup, qapp: object
) -> None:
    path = tmp_path / "old.station"
    make_version_1(path, setup)
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    conn.close()
    with Journal.open(path, read_only=True) as reader:
        setup_before = reader.election.setup_hash
    with mock.patch.object(schema, "SCHEMA_VERSION", 1):
        old = Journal.open(path)
        old.start_session()
        for call in (Call.FOR, Call.AGAINST, Call.FOR):
            old.append(Action.CALL, call)
        with pytest.raises(Exception, match="CHECK constraint"):
            old.append(Action.SIGN, target=old.head_seq, detail={"kind": "final"})
        old.close()
    with Journal.open(path, read_only=True) as reader:
        before = [(r.seq, r.hash) for r in reader.records()]

    journal = Journal.open(path)  # upgrades
    assert [(r.seq, r.hash) for r in journal.records()] == before
    assert journal.election.setup_hash == setup_before
    assert journal.election.setup.pile == 0  # no pile checks in a count begun without them
    journal.start_session()
    prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        SheetRequest(kind=SheetKind.INTERIM, agent="R. Agent", observers=[], place=None),
        key_fingerprint="test",
    )
    journal.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == schema.SCHEMA_VERSION
    conn.close()
    verdict = verify_file(path)
    assert verdict.ok, verdict.problem
    assert verdict.events == len(before) + 3  # open, sign, close
    # The guards are back after the rebuild.
    conn = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError, match="append-only"):
        conn.execute("DELETE FROM events WHERE seq = 1")
    conn.close()
