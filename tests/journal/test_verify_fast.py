"""`verify` checks a sound journal the fast way, and agrees with the careful way on any other.

The fast way folds the count in bulk while other processes check the hashes; on the
least doubt it hands over to the careful way, one event at a time, which names the
first thing wrong. These tests hold the two to the same verdict.
"""

import sqlite3
from pathlib import Path

import pytest

from station.journal import Journal, chain_check, store
from station.journal.chain import event_hash
from station.journal.chain_check import ChainCheck, first_break
from station.journal.verify import Verdict, verify_file, verify_records
from tests.journal.test_fold import random_journal
from tests.journal.test_verify import restore_guards, tamper

EVENTS = 302  # OPEN, 300 random events, CLOSE


@pytest.fixture
def long_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A random count checked by two processes, with a snapshot at event 282."""
    monkeypatch.setattr(chain_check, "PARALLEL_FROM", 50)
    monkeypatch.setattr(store, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(store, "SNAPSHOT_LAG", 20)
    path = tmp_path / "long.station"
    random_journal(path, 300, seed=11)
    return path


def careful_verdict(path: Path) -> Verdict:
    journal = Journal.open(path, read_only=True)
    try:
        return verify_records(journal.election, journal.records(), snapshots=journal)
    finally:
        journal.close()


def test_a_sound_journal_gets_the_same_verdict_both_ways(long_count: Path) -> None:
    fast = verify_file(long_count)
    assert fast.ok and fast.events == EVENTS
    assert fast == careful_verdict(long_count)


def rehash_from(path: Path, first: int) -> None:
    """Recompute the chain from event `first` on, as a forger would."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(
            "SELECT seq, utc, mono_ns, session, action, call, target, detail FROM events"
            " WHERE seq >= ? ORDER BY seq",
            (first,),
        ).fetchall()
        (previous,) = conn.execute("SELECT hash FROM events WHERE seq = ?", (first - 1,)).fetchone()
        for row in rows:
            new = event_hash(*row, previous)
            conn.execute(
                "UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?", (previous, new, row[0])
            )
            previous = new
        conn.commit()
    finally:
        conn.close()


def a_call(path: Path, after: int) -> int:
    """The first plain call after event `after`."""
    conn = sqlite3.connect(path)
    try:
        (seq,) = conn.execute(
            "SELECT min(seq) FROM events WHERE seq > ? AND action = 'call' AND detail IS NULL",
            (after,),
        ).fetchone()
        return int(seq)
    finally:
        conn.close()


SWAP = "UPDATE events SET call = CASE call WHEN 'for' THEN 'against' ELSE 'for' END"


@pytest.mark.parametrize(
    ("change", "near", "rehash"),
    [
        # Found by the hashes, in this process's share and in the other's.
        (SWAP, 10, False),
        (SWAP, 200, False),
        # Found by the types.
        ("UPDATE events SET utc = X'41'", 200, False),
        ("UPDATE events SET mono_ns = 'soon'", 250, False),
        ("UPDATE events SET detail = ''", 150, True),
        # Found by the numbering: in the other process's share, and where the shares meet.
        ("DELETE FROM events", 150, False),
        ("DELETE FROM events", 97, False),
        ("DELETE FROM events", 249, False),
        # A forger who rehashes: the snapshot, the sheets or the rules give it away.
        (SWAP, 200, True),
        (SWAP, 290, True),
        ("UPDATE events SET action = 'redo'", 100, True),
    ],
)
def test_any_other_journal_gets_the_careful_verdict(
    long_count: Path, change: str, near: int, rehash: bool
) -> None:
    seq = a_call(long_count, near) if change != "DELETE FROM events" else near + 1
    tamper(long_count, f"{change} WHERE seq = {seq}")
    if rehash:
        rehash_from(long_count, seq)
    restore_guards(long_count)
    fast = verify_file(long_count)
    assert not fast.ok
    assert fast == careful_verdict(long_count)


def test_no_other_process_to_be_had_costs_only_time(
    long_count: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(chain_check, "ProcessPoolExecutor", refuse)
    verdict = verify_file(long_count)
    assert verdict.ok and verdict == careful_verdict(long_count)


def test_a_process_that_fails_is_made_up_for_here(long_count: Path, tmp_path: Path) -> None:
    journal = Journal.open(long_count, read_only=True)
    try:
        # The other process is given a file it cannot open: this one checks its share.
        check = ChainCheck(tmp_path / "gone.station", EVENTS, journal.hash_of)
        assert check.own < EVENTS
        assert check.first_break(journal.rows) is None
    finally:
        journal.close()


def test_the_fast_hash_is_the_chain_hash() -> None:
    rows = [
        (1, "2022-03-25T14:00:00+00:00", 5, 1, "open", None, None, '{"a":"\u00e9"}', "s"),
        (2, "t", 6, 1, "call", "for", None, None),
        (3, "t", -7, 1, "undo", "for", 2, None),
    ]
    before, chained = "s", []
    for row in rows:
        fields = (*row[:8], before)
        before = event_hash(*fields)  # type: ignore[arg-type]
        chained.append((*fields, before))
    assert first_break(chained, 1, 3, "s") is None
    assert first_break(chained, 1, 3, "t") == 1
    assert first_break(chained[:2], 1, 3, "s") == 3  # missing at the end
    assert first_break([chained[0], chained[2]], 1, 3, "s") == 2  # missing in between
