"""Appending events: durable, chained, append-only, one station at a time."""

import sqlite3
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal, JournalLocked, WriteFailed


def test_events_are_numbered_and_chained(journal: Journal) -> None:
    first = journal.last_records(1)[0]
    assert first.seq == 1 and first.action == "open"
    assert first.prev_hash == journal.election.setup_hash
    second = journal.append(Action.CALL, Call.FOR)
    assert second.seq == 2
    assert second.prev_hash == first.hash
    assert second.hash == second.computed_hash()
    assert second.session == first.seq
    assert second.utc.endswith("+00:00")
    assert second.mono_ns > first.mono_ns


def test_the_connection_is_durable(journal: Journal) -> None:
    conn = journal._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE events SET call = 'for' WHERE seq = 2",
        "DELETE FROM events WHERE seq = 2",
        "DELETE FROM events",
        "UPDATE election SET union_name = 'Someone else'",
        "DELETE FROM election",
        "INSERT INTO events VALUES (9, 't', 0, 1, 'call', 'for', NULL, NULL, 'x', 'y')",
    ],
)
def test_the_database_refuses_to_change_the_record(
    journal: Journal, election_file: Path, sql: str
) -> None:
    journal.append(Action.CALL, Call.AGAINST)
    other = sqlite3.connect(election_file)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            other.execute(sql)
            other.commit()
    finally:
        other.close()


def test_a_second_station_is_refused(journal: Journal, election_file: Path) -> None:
    with pytest.raises(JournalLocked, match="another station"):
        Journal.open(election_file)


def test_readers_see_the_writer_without_blocking_it(journal: Journal, election_file: Path) -> None:
    reader = Journal.open(election_file, read_only=True)
    try:
        cursor = reader.records()
        next(cursor)  # a reader in the middle of a read
        journal.append(Action.CALL, Call.FOR)  # the writer is not blocked
        reader.refresh()
        assert reader.head_seq == journal.head_seq
        with pytest.raises(WriteFailed, match="read-only"):
            reader.append(Action.CALL, Call.FOR)
    finally:
        reader.close()


def test_a_failed_commit_changes_nothing(journal: Journal) -> None:
    journal.append(Action.CALL, Call.FOR)
    before = (journal.head_seq, journal.head_hash)
    pages = journal._conn.execute("PRAGMA page_count").fetchone()[0]
    journal._conn.execute(f"PRAGMA max_page_count = {pages}")  # the disk is now "full"
    with pytest.raises(WriteFailed, match="disk is full"):
        for _ in range(200):  # fill the last free page, then fail
            journal.append(Action.CALL, Call.AGAINST)
    failed_at = journal.head_seq
    assert journal.head_seq >= before[0]
    journal._conn.execute("PRAGMA max_page_count = 1073741823")  # the fault is cleared
    record = journal.append(Action.CALL, Call.VOID)
    assert record.seq == failed_at + 1
    assert journal.restore(trust_snapshots=False).tally.void == 1


def test_a_file_moved_away_is_noticed_and_counting_resumes(
    journal: Journal, election_file: Path
) -> None:
    journal.append(Action.CALL, Call.FOR)
    away = election_file.with_name("away.station")
    election_file.rename(away)
    with pytest.raises(WriteFailed, match="moved, deleted or replaced"):
        journal.append(Action.CALL, Call.FOR)
    away.rename(election_file)
    assert journal.append(Action.CALL, Call.FOR).seq == 3


def test_reopening_records_whether_the_last_session_ended_cleanly(election_file: Path) -> None:
    first = Journal.open(election_file)
    first.start_session()
    first.close()
    second = Journal.open(election_file)
    opened = second.start_session()
    assert opened.details()["previous_session"] == "closed"
    # Simulate a crash: let go of the file without recording a close.
    second.session = None
    second.close()
    third = Journal.open(election_file)
    assert third.start_session().details()["previous_session"] == "interrupted"
    third.close()
