"""Snapshots of the count: a long journal opens from one, and `verify` checks each one."""

import dataclasses
import json
import sqlite3
from pathlib import Path

import pytest

from station.domain import Count
from station.journal import Journal, snapshots
from station.journal.chain import snapshot_digest
from station.journal.schema import SNAPSHOT_GUARD_STATEMENTS
from station.journal.seal import seal, station_secret
from tests.domain.random_operator import state
from tests.helpers import verify_file
from tests.journal.helpers import LAG, random_journal


def test_closing_a_long_count_stores_a_snapshot(long_count: Path) -> None:
    journal = Journal.open(long_count, read_only=True)
    try:
        assert journal.head_seq == 302
        assert journal.snapshot_seqs() == [302 - LAG]
        assert state(journal.restore(secret=station_secret())) == state(journal.fold())
        assert state(journal.restore(until=100, secret=station_secret())) == state(
            journal.fold(until=100)
        )
    finally:
        journal.close()
    assert verify_file(long_count).ok


def test_a_short_count_has_none(tmp_path: Path) -> None:
    path = tmp_path / "short.station"
    random_journal(path, 300, seed=5)
    journal = Journal.open(path, read_only=True)
    try:
        assert journal.snapshot_seqs() == []
    finally:
        journal.close()


def test_snapshots_are_only_ever_appended(long_count: Path) -> None:
    conn = sqlite3.connect(long_count)
    try:
        for statement in ("UPDATE snapshots SET summary = '{}'", "DELETE FROM snapshots"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                conn.execute(statement)
    finally:
        conn.close()


def rewrite_snapshot(path: Path, summary: str, *, reseal: bool) -> None:
    """Change the stored snapshot's summary; with `reseal`, seal it with this station's secret."""
    conn = sqlite3.connect(path)
    try:
        seq, event_hash, done, undone = conn.execute(
            "SELECT seq, event_hash, done, undone FROM snapshots"
        ).fetchone()
        secret = station_secret()
        assert secret is not None
        digest = snapshot_digest(seq, event_hash, summary, done, undone)
        conn.executescript("DROP TRIGGER snapshots_no_update")
        conn.execute(
            "UPDATE snapshots SET summary = ?, seal = ?",
            (summary, seal(secret, digest) if reseal else "0" * 64),
        )
        conn.execute(SNAPSHOT_GUARD_STATEMENTS[0])  # put back word for word
        conn.commit()
    finally:
        conn.close()


def stored_summary(path: Path) -> dict[str, object]:
    conn = sqlite3.connect(path)
    try:
        return dict(json.loads(conn.execute("SELECT summary FROM snapshots").fetchone()[0]))
    finally:
        conn.close()


def started_from(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Where `restore` began folding the events of the file at `path`."""
    begun = []
    fold = Journal.fold

    def spy(journal: Journal, until: int | None = None, count: Count | None = None) -> Count:
        begun.append(0 if count is None else count.last_seq)
        return fold(journal, until, count)

    monkeypatch.setattr(Journal, "fold", spy)
    journal = Journal.open(path, read_only=True)
    try:
        assert state(journal.restore(secret=station_secret())) == state(fold(journal))
    finally:
        journal.close()
        monkeypatch.setattr(Journal, "fold", fold)
    return begun


def test_opening_starts_from_the_snapshot(
    long_count: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert started_from(long_count, monkeypatch) == [302 - LAG]


def test_an_altered_snapshot_is_not_started_from_and_verify_names_it(
    long_count: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = stored_summary(long_count)
    challenges = summary["challenges"]
    assert isinstance(challenges, list) and challenges
    challenges[0][1] = "petitioner" if challenges[0][1] != "petitioner" else "employer"
    rewrite_snapshot(long_count, json.dumps(summary), reseal=False)
    assert started_from(long_count, monkeypatch) == [0]
    verdict = verify_file(long_count)
    assert not verdict.ok
    assert verdict.problem == (
        f"the snapshot of the count at event {302 - LAG} was altered"
        " (it differs from the replay of the journal)"
    )


def test_verify_needs_no_seal_to_catch_a_sealed_forgery(long_count: Path) -> None:
    """Even with this station's secret, a forged snapshot does not pass `verify`."""
    summary = stored_summary(long_count)
    rewrite_snapshot(long_count, json.dumps({**summary, "sheets": []}), reseal=True)
    verdict = verify_file(long_count)
    assert not verdict.ok and "it differs from the replay" in (verdict.problem or "")


def test_a_snapshot_that_does_not_add_up_is_not_started_from(
    long_count: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    summary = stored_summary(long_count)
    rewrite_snapshot(long_count, json.dumps({**summary, "totals": [0, 0, 0, 0]}), reseal=True)
    assert started_from(long_count, monkeypatch) == [0]


def test_another_station_starts_from_its_own_snapshots_only(
    long_count: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "another-station"))
    assert started_from(long_count, monkeypatch) == [0]
    journal = Journal.open(
        long_count, seal_secret=station_secret()
    )  # counts on, and closes: its own snapshot
    journal.start_session()
    journal.close()
    journal = Journal.open(long_count, read_only=True)
    try:
        assert journal.snapshot_seqs() == [302 - LAG, 304 - LAG]
    finally:
        journal.close()
    assert started_from(long_count, monkeypatch) == [304 - LAG]
    assert verify_file(long_count).ok


def test_each_close_adds_a_snapshot_once_enough_events_came(long_count: Path) -> None:
    journal = Journal.open(long_count, seal_secret=station_secret())
    journal.start_session()
    count = journal.restore(secret=station_secret())
    for seq in range(count.last_seq + 1, count.last_seq + 60):
        journal.append(*_any_call(count, seq))
    journal.close()
    journal = Journal.open(long_count, read_only=True)
    try:
        seqs = journal.snapshot_seqs()
        assert seqs == [302 - LAG, journal.head_seq - LAG]
        assert state(journal.restore(secret=station_secret())) == state(journal.fold())
    finally:
        journal.close()
    assert verify_file(long_count).ok


def _any_call(count: Count, seq: int) -> tuple[object, ...]:
    """A call the count accepts at `seq` (reopening it first if a sheet locks it)."""
    from station.domain import Action, Call, Event

    event = (
        Event(seq, Action.REOPEN, detail={"reason": "more ballots"})
        if count.locked_by is not None
        else Event(seq, Action.CALL, Call.AGAINST)
    )
    count.apply(event)
    return (event.action, event.call, event.target, event.detail)


def test_a_snapshot_is_frozen_exactly_and_sealed(long_count: Path) -> None:
    journal = Journal.open(long_count, read_only=True)
    try:
        snapshot = journal.snapshot(302 - LAG)
        assert snapshot is not None
        assert snapshot.frozen == journal.fold(until=302 - LAG).freeze()
        secret = station_secret()
        assert snapshot.trusted(secret, snapshot.event_hash)
        assert not snapshot.trusted(secret, "another event")
        assert not snapshot.trusted(b"x" * 32, snapshot.event_hash)
        assert not dataclasses.replace(snapshot, seal="x").trusted(secret, snapshot.event_hash)
    finally:
        journal.close()


def test_an_index_added_while_a_station_counts_is_noticed(long_count: Path) -> None:
    """The file is asked again when its schema changes: no fast way, no snapshot, then."""
    journal = Journal.open(long_count, seal_secret=station_secret())
    try:
        journal.start_session()
        assert journal.canonical
        conn = sqlite3.connect(long_count)
        conn.execute("CREATE INDEX extra ON events (call, seq)")
        conn.commit()
        conn.close()
        count = journal.restore(secret=station_secret())
        for seq in range(count.last_seq + 1, count.last_seq + 60):
            journal.append(*_any_call(count, seq))
        assert not journal.canonical
    finally:
        journal.close()
    journal = Journal.open(long_count, read_only=True)
    try:
        assert journal.snapshot_seqs() == [302 - LAG]  # none sealed from the altered file
    finally:
        journal.close()


def test_statistics_from_analyze_change_nothing(long_count: Path) -> None:
    conn = sqlite3.connect(long_count)
    conn.execute("ANALYZE")
    conn.commit()
    conn.close()
    journal = Journal.open(long_count, read_only=True)
    try:
        assert journal.canonical
        started = snapshots.start_from(journal, journal.head_seq, station_secret())
        assert started is not None and started.seq == 302 - LAG
    finally:
        journal.close()


def test_a_snapshot_an_earlier_station_froze_is_left_alone(long_count: Path) -> None:
    # A snapshot stored by an earlier Station (frozen count format 1, without the
    # challenges' resolutions) is inert, never started from: verify must not call it
    # "altered", as a million-event file kept from that Station would hold one.
    summary = stored_summary(long_count)
    earlier = {key: value for key, value in summary.items() if key != "resolutions"}
    sheets = earlier["sheets"]
    assert isinstance(sheets, list)
    earlier |= {"format": 1, "sheets": [sheet[:6] for sheet in sheets]}
    rewrite_snapshot(long_count, json.dumps(earlier, sort_keys=True), reseal=True)
    verdict = verify_file(long_count)
    assert verdict.ok, verdict.problem
    journal = Journal.open(long_count, read_only=True)
    try:  # and it is not started from: the count is the replay's
        assert state(journal.restore(secret=station_secret())) == state(journal.fold())
    finally:
        journal.close()
