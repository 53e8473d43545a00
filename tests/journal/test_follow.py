"""Following a journal another station writes, without Qt: read-only, incremental, checked."""

import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.domain import Action, Call, Count, ElectionSetup
from station.journal import Journal, JournalError, Record, WriteFailed, chain_check
from station.journal.follow import TICKER_LENGTH, Follower
from station.journal.verify import verify_journal
from tests.domain.random_operator import state
from tests.journal.helpers import random_journal, restore_guards, tamper
from tests.kinds_helpers import (
    THREE,
    disputed_then_undone_and_redone,
    new,
    redo_gives_the_vote_back,
)


@pytest.fixture
def follower(election_file: Path, journal: Journal) -> Iterator[Follower]:
    """A follower of the file the `journal` fixture is counting into (its writer lock held)."""
    follower = Follower(election_file, retry_s=0)
    yield follower
    follower.close()


def test_the_follower_needs_no_qt() -> None:
    code = (
        "import sys, station.journal.follow, station.journal.session;"
        "sys.exit(any(name.startswith('PySide6') for name in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_poll_returns_what_each_new_event_changed(journal: Journal, follower: Follower) -> None:
    assert follower.poll() == []
    for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE):
        journal.append(Action.CALL, call)
    changes = follower.poll()
    assert [(c.event.call, c.ballot) for c in changes] == [
        (Call.FOR, 1),
        (Call.AGAINST, 2),
        (Call.CHALLENGE, 3),
    ]
    assert follower.problem is None
    assert (follower.head_seq, follower.head_hash) == (journal.head_seq, journal.head_hash)


def test_reads_only_what_is_new(
    journal: Journal, follower: Follower, monkeypatch: pytest.MonkeyPatch
) -> None:
    reader = follower.journal
    assert reader is not None
    asked: list[int] = []
    original = reader.records

    def spy(after: int = 0) -> Iterator[object]:
        asked.append(after)
        return original(after)

    monkeypatch.setattr(reader, "records", spy)
    follower.poll()
    follower.poll()
    assert asked == []  # nothing committed: data_version alone answered
    seen = follower.count.last_seq
    journal.append(Action.CALL, Call.VOID)
    follower.poll()
    assert follower.count.tally.void == 1
    assert asked == [seen]


def test_the_ticker_keeps_a_bounded_history(journal: Journal, follower: Follower) -> None:
    for _ in range(TICKER_LENGTH + 25):
        journal.append(Action.CALL, Call.FOR)
    follower.poll()
    assert follower.count.tally.for_union == TICKER_LENGTH + 25
    assert len(follower.recent) == TICKER_LENGTH


def test_cannot_write_even_by_mistake(
    election_file: Path, journal: Journal, follower: Follower
) -> None:
    reader = follower.journal
    assert reader is not None and reader.read_only
    with pytest.raises(WriteFailed, match="read-only"):
        reader.append(Action.CALL, Call.FOR)
    connection = reader._conn
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        connection.execute("CREATE TABLE mischief (x)")
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        connection.execute("PRAGMA user_version = 99")
    # The operator kept counting the whole time.
    journal.append(Action.CALL, Call.FOR)
    follower.poll()
    assert follower.head_seq == journal.head_seq
    assert follower.count.tally.for_union == 1


def test_says_when_the_file_is_gone_by_its_name_only_then_recovers(
    election_file: Path, journal: Journal, follower: Follower
) -> None:
    journal.append(Action.CALL, Call.FOR)
    follower.poll()
    moved = election_file.with_name("moved.station")
    election_file.rename(moved)
    assert follower.poll() == []
    assert follower.problem == "the election file is gone (moved or deleted)"
    follower.poll()  # tries to open it again (retry_s=0): it says which file is missing
    assert follower.problem is not None and "jfk8.station: no such file" in follower.problem
    assert str(election_file.parent) not in follower.problem
    assert follower.count.tally.for_union == 1  # the last known figures stay
    moved.rename(election_file)
    journal.append(Action.CALL, Call.AGAINST)
    changes = follower.poll()
    assert follower.problem is None and [c.event.call for c in changes] == [Call.AGAINST]
    assert follower.resets == 0


def test_another_election_under_the_same_name_is_not_followed(
    election_file: Path, journal: Journal, follower: Follower
) -> None:
    other = election_file.with_name("other.station")
    Journal.create(other, ElectionSetup("01-RC-000001", "Acme", "Union", eligible=10))
    election_file.rename(election_file.with_name("kept.station"))
    other.rename(election_file)
    follower.poll()
    assert follower.problem == "the election file was moved, deleted or replaced"
    follower.poll()  # opened again: another election
    assert follower.problem is not None and "different election" in follower.problem


def test_a_garbage_file_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "garbage.station"
    path.write_bytes(b"not a database at all" * 100)
    with pytest.raises(JournalError, match=r"garbage\.station"):
        Follower(path)


def test_holds_no_read_snapshot_between_polls(
    election_file: Path, journal: Journal, follower: Follower
) -> None:
    for _ in range(30):
        journal.append(Action.CALL, Call.AGAINST)
    follower.poll()
    assert follower.count.tally.against == 30
    follower.poll()
    reader = follower.journal
    assert reader is not None and not reader._conn.in_transaction
    # A reader holding a snapshot would make a full checkpoint report itself busy.
    other = sqlite3.connect(election_file, timeout=0.5)
    try:
        busy, wal_pages, checkpointed = other.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
    finally:
        other.close()
    assert busy == 0 and wal_pages == checkpointed


def _followed(path: Path, monkeypatch: pytest.MonkeyPatch, *, fast: bool) -> Follower:
    """A follower that starts the fast way (checked in bulk) or one event at a time."""
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(Follower, "_start_fast", lambda follower: None)
        return Follower(path)


def _seen(follower: Follower) -> tuple[object, ...]:
    return (
        state(follower.count),
        follower.head_seq,
        follower.head_hash,
        follower.last_record,
        follower.key_fingerprint,
        follower.closed,
        [(change.event, change.ballot) for change in follower.recent],
    )


def test_a_long_count_is_checked_and_folded_in_bulk_to_the_same_view(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chain_check, "PARALLEL_FROM", 50)  # another process checks too
    path = tmp_path / "long.station"
    random_journal(path, 300, seed=3)
    hashed_one_by_one = []
    computed_hash = Record.computed_hash
    with monkeypatch.context() as patch:
        patch.setattr(Journal, "fold_one_by_one", None)  # the bulk fold may not fall back
        patch.setattr(
            Record,
            "computed_hash",
            lambda record: hashed_one_by_one.append(record.seq) or computed_hash(record),
        )
        fast = _followed(path, monkeypatch, fast=True)
    assert hashed_one_by_one == list(range(303 - TICKER_LENGTH, 303))  # the ticker's only
    slow = _followed(path, monkeypatch, fast=False)
    try:
        assert fast.head_seq == 302
        assert _seen(fast) == _seen(slow)
    finally:
        fast.close()
        slow.close()


def test_a_broken_chain_in_a_long_count_is_named_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.station"
    random_journal(path, 300, seed=3)
    tamper(path, "UPDATE events SET utc = 'then' WHERE seq = 120")
    restore_guards(path)
    problems = []
    for fast in (True, False):
        with pytest.raises(JournalError) as refused:
            _followed(path, monkeypatch, fast=fast)
        problems.append(str(refused.value))
    assert problems[0] == problems[1]
    # In `verify`'s words, and with no parentheses inside parentheses.
    assert "cannot be followed: event 120 was altered (its hash does not match)" in problems[0]


def test_a_deleted_event_is_named_as_verify_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dashboard names a deleted event as `station verify` does ("event 1500 is
    missing"), never by the event that follows it ("event 1,501 does not match")."""
    path = tmp_path / "long.station"
    random_journal(path, 300, seed=3)
    tamper(path, "DELETE FROM events WHERE seq = 150")
    restore_guards(path)
    with pytest.raises(JournalError) as refused:
        _followed(path, monkeypatch, fast=False)
    assert "cannot be followed: event 150 is missing (the next one found is 151)" in str(
        refused.value
    )
    with Journal.open(path, read_only=True) as journal:
        assert "event 150 is missing (the next one found is 151)" in str(
            verify_journal(journal).problem
        )


def test_a_file_followed_up_to_a_bad_event_shows_the_count_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "count.station"
    disputed_then_undone_and_redone(path)
    monkeypatch.setattr(Count, "_set_counting", redo_gives_the_vote_back)
    with pytest.raises(JournalError, match="cannot be followed: event 5: it leaves a count"):
        Follower(path)
    follower = Follower(path, retry_s=0, up_to_a_bad_event=True)
    try:
        assert follower.count.last_seq == 4 and follower.count.spoiled_by is None
        assert follower.count.tally.challenged == 0  # as the four events before it leave it
        assert "event 5: it leaves a count that does not add up" in str(follower.problem)
        assert follower.poll() == []  # looked again: the same event, the same count
        assert follower.count.last_seq == 4 and follower.problem is not None
    finally:
        follower.close()


def test_a_bad_event_written_while_followed_leaves_the_count_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "count.station"
    new(path, *THREE)
    monkeypatch.setattr(Count, "_set_counting", redo_gives_the_vote_back)
    with Journal.open(path) as journal:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR, detail={"choice": 2})
        journal.append(Action.DISPUTE, Call.FOR, 2, {"party": "employer"})
        journal.append(Action.UNDO, Call.CHALLENGE, 2)
        follower = Follower(path, retry_s=0)
        try:
            assert follower.poll() == [] and follower.problem is None
            journal.append(Action.REDO, Call.CHALLENGE, 2)  # the count no longer adds up
            assert follower.poll() == []
            assert "event 5: it leaves a count that does not add up" in str(follower.problem)
            assert follower.count.last_seq == 4
            assert follower.count.tally.counted == 0  # readable: the events before it
            folds: list[int | None] = []
            monkeypatch.setattr(Journal, "fold", lambda _self, until=None: folds.append(until))
            for _ in range(3):  # looked at again and again: the same event, not refolded
                assert follower.poll() == [] and "event 5" in str(follower.problem)
            assert folds == [] and follower.count.last_seq == 4
        finally:
            follower.close()
