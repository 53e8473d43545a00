"""`verify` checks a sound journal the fast way, and agrees with the careful way on any other.

The fast way folds the count in bulk while other processes check the hashes; on the
least doubt it hands over to the careful way, one event at a time, which names the
first thing wrong. These tests hold the two to the same verdict.
"""

import contextlib
import itertools
import shutil
import sqlite3
from collections.abc import Iterable
from concurrent.futures import Future
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call
from station.journal import (
    CorruptJournal,
    Journal,
    Record,
    WriteFailed,
    chain_check,
    chain_walk,
    snapshots,
    verify,
)
from station.journal.bounded_json import is_canonical_detail
from station.journal.chain import event_hash
from station.journal.chain_check import ChainCheck
from station.journal.chain_walk import ChainWalk, chain_break_in
from station.journal.checks import detail_is_canonical, session_problem, well_typed
from station.journal.clock import first_backwards
from station.journal.schema import EVENT_GUARDS, NOT_PLAIN_CALL, SNAPSHOT_GUARD_STATEMENTS
from station.journal.seal import station_secret
from station.journal.stream_check import Verdict, verify_records
from station.journal.verify import verify_journal
from tests.helpers import JFK8, verify_file
from tests.journal.helpers import random_journal, restore_guards, tamper


def first_break(
    rows: Iterable[tuple[Any, ...]],
    first: int,
    last: int,
    before: str,
    before_session: tuple[int, int] | None = (1, 0),
) -> int | None:
    """The walk `chain_break_in` has SQLite make, made here over rows of any type (SQLite
    stores True as 1): the first of events `first` to `last` that breaks, or None.

    `before_session` is the session and monotonic clock of the event before `first`
    (none before event 1)."""
    walk = ChainWalk(first, before, "", before_session if first > 1 else None)
    for row in rows:
        if not walk.step(*row):
            break
    return walk.first_break(last)


EVENTS = 302  # OPEN, 300 random events, CLOSE
PLAIN = "target IS NULL AND detail IS NULL"


@pytest.fixture(scope="module")
def long_count_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The random count each `long_count` copies, built once for the module."""
    folder = tmp_path_factory.mktemp("long")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder / "home"))  # its station's own secret
        patch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
        patch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
        patch.setattr(snapshots, "SNAPSHOT_LAG", 20)
        random_journal(folder / "long.station", 300, seed=11)
    return folder / "long.station"


@pytest.fixture
def long_count(tmp_path: Path, long_count_once: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A random count checked by two processes, with a snapshot at event 282: a copy of
    this test's own (a closed station leaves one file)."""
    monkeypatch.setattr(chain_check, "PARALLEL_FROM", 50)
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 20)
    path = tmp_path / "long.station"
    shutil.copyfile(long_count_once, path)
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


def test_a_sound_journal_is_verified_the_fast_way(
    long_count: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A fast way that silently fell back would only be slow: here it is an error."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a sound journal was verified the careful way")

    with monkeypatch.context() as fast_only:
        fast_only.setattr(verify, "verify_records", refuse)
        fast_only.setattr(Journal, "fold_one_by_one", refuse)  # nor folded one event at a time
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
        (previous,) = conn.execute(
            "SELECT prev_hash FROM events WHERE seq = ?", (first,)
        ).fetchone()
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
        # Caught by the hashes, in this process's share and in the other's.
        (SWAP, 10, False),
        (SWAP, 200, False),
        # Caught by the types.
        ("UPDATE events SET utc = X'41'", 200, False),
        ("UPDATE events SET mono_ns = 'soon'", 250, False),
        ("UPDATE events SET detail = ''", 150, True),
        # Caught by the numbering: in the other process's share, and where the shares meet.
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


@pytest.mark.parametrize("other_file", ["gone", "a copy"])
def test_a_process_that_fails_is_made_up_for_here(
    long_count: Path, tmp_path: Path, other_file: str
) -> None:
    """The other process finds no file, or another file than this one's, under its name."""
    elsewhere = tmp_path / "elsewhere.station"
    if other_file == "a copy":
        elsewhere.write_bytes(long_count.read_bytes())
    journal = Journal.open(long_count, read_only=True)
    try:
        check = ChainCheck(elsewhere, EVENTS, journal.hash_of, identity=journal.identity)
        assert check.own < EVENTS and check.in_other_processes
        assert check.first_break(journal.connection) is None
        assert not check.in_other_processes  # this process checked their range too
    finally:
        journal.close()


class IdlePool:
    """A pool of processes that never begin anything they are given."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.given: list[Future[int | None]] = []

    def submit(self, *args: object) -> "Future[int | None]":
        self.given.append(Future())
        return self.given[-1]

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        pass


def test_no_range_of_a_long_journal_keeps_this_process_waiting_long(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The pool queues a range for a process before it is free, and that one can no
    longer be taken back: with ranges of 100,000 events, this process would sit idle for
    half a second of a two-second verify. Ranges of at most 12,500 events keep that wait
    to a few hundredths of a second."""
    monkeypatch.setattr(chain_check, "ProcessPoolExecutor", IdlePool)
    check = ChainCheck(
        tmp_path / "any", 1_000_000, lambda seq: f"h{seq}", identity=(0, 0), workers=1
    )
    ranges = [(first, end) for first, end, *_ in check._ranges]
    assert ranges[0][0] == check.own + 1 and ranges[-1][1] == 1_000_000
    assert all(end + 1 == first for (_, end), (first, _) in itertools.pairwise(ranges))
    assert max(end - first + 1 for first, end in ranges) <= 12_500
    check.close()


@pytest.mark.parametrize("swapped", [None, 250])
def test_ranges_no_other_process_began_are_checked_here(
    long_count: Path, monkeypatch: pytest.MonkeyPatch, swapped: int | None
) -> None:
    """On a busy machine this process may be done first: it takes the ranges back."""
    if swapped is not None:
        tamper(long_count, f"{SWAP} WHERE seq = {a_call(long_count, swapped)}")
    monkeypatch.setattr(chain_check, "ProcessPoolExecutor", IdlePool)
    journal = Journal.open(long_count, read_only=True)
    try:
        check = ChainCheck(long_count, EVENTS, journal.hash_of, workers=1)
        assert check.in_other_processes and check.own < EVENTS // 2
        found = check.first_break(journal.connection)  # waits on nothing: every range came back
        assert not check.in_other_processes
    finally:
        journal.close()
    assert found == (None if swapped is None else a_call(long_count, swapped))


def test_the_fast_hash_is_the_chain_hash() -> None:
    rows = [
        (1, "2022-03-25T14:00:00+00:00", 5, 1, "open", None, None, '{"a":"\u00e9"}', "s"),
        (2, "t", 6, 1, "call", "for", None, None),
        (3, "t", -7, 3, "open", None, None, None),
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


def hashed_as_read(*fields: object) -> str:
    """The hash of fields of any type, formatted as the written-out hash formats them."""
    seq, utc, mono_ns, session, action, call, target, detail, prev = fields
    return event_hash(
        str(seq),  # type: ignore[arg-type]
        str(utc),
        str(mono_ns),  # type: ignore[arg-type]
        str(session),  # type: ignore[arg-type]
        str(action),
        str(call) if call else None,
        None if target is None else str(target),  # type: ignore[arg-type]
        str(detail) if detail else None,
        str(prev),
    )


GOOD = (7, "2022-03-25T14:00:00+00:00", 5, 1, "call", "for", None, None, "p")
# Event 6, before GOOD: of session 1, at 0 on its station's monotonic clock.
PRIOR = (6, "2022-03-25T13:59:00+00:00", 0, 1, "call", "for", None, None, "o", "p")
WRONG = {  # for each field, values of a type Station never writes there
    0: [True, 7.0, "7"],
    1: [b"t", 3, None],
    2: [True, "5", 5.0, None],
    3: [False, "1", None],
    4: [b"call", None, 1],
    5: ["", b"for", 1],
    6: ["2", 2.0, True],
    7: ["", b"{}", 3],
    8: [b"p", None, 1],
}


# A good row, one with a target and a detail, and each field wrong in each way, as
# (field, row): field -1 for the good ones.
ROWS = [(-1, GOOD), (-1, (*GOOD[:6], 3, '{"a":1}', "p"))] + [
    (field, (*GOOD[:field], value, *GOOD[field + 1 :]))
    for field, values in WRONG.items()
    for value in values
]


@pytest.mark.parametrize("row", [row for _, row in ROWS])
def test_the_written_out_type_rule_is_the_type_rule(row: tuple[object, ...]) -> None:
    """`first_break` refuses a row exactly when `well_typed` does, its hash matching."""
    full = (*row, hashed_as_read(*row))
    assert (first_break([full], 7, 7, row[8]) is None) is well_typed(full)  # type: ignore[arg-type]
    wrong_hash = (*row, "0" * 64)
    assert first_break([wrong_hash], 7, 7, row[8]) is not None  # type: ignore[arg-type]


def as_stored(rows: list[tuple[object, ...]]) -> sqlite3.Connection:
    """An `events` table holding `rows` as SQLite stores them (no column types: each
    value keeps the type it was given, as in a file written outside Station)."""
    conn = sqlite3.connect(":memory:")
    conn.execute(
        "CREATE TABLE events (seq INTEGER PRIMARY KEY, utc, mono_ns, session, action,"
        " call, target, detail, prev_hash, hash)"
    )
    conn.executemany(f"INSERT INTO events VALUES ({', '.join('?' * 10)})", rows)
    return conn


# The number is the table's key: SQLite makes it an integer.
@pytest.mark.parametrize("row", [row for field, row in ROWS if field != 0])
def test_the_walk_sqlite_feeds_is_the_walk_over_rows(row: tuple[object, ...]) -> None:
    """`chain_break_in`, the check SQLite calls on each row, gives `first_break`'s answer
    on the same row as read back (True is stored as 1): `verify` and a station restoring
    use the first, and the second is held to `well_typed` above."""
    with contextlib.closing(as_stored([PRIOR, (*row, hashed_as_read(*row))])) as conn:
        read_back = conn.execute("SELECT * FROM events WHERE seq = 7").fetchall()
        assert chain_break_in(conn, 7, 7, "p") == first_break(read_back, 7, 7, "p")


def test_the_walk_sqlite_feeds_finds_what_is_missing_or_broken(tmp_path: Path) -> None:
    a_short_count(tmp_path / "count.station")
    journal = Journal.open(tmp_path / "count.station", read_only=True)
    try:
        rows = list(journal.rows(1, 7))
        before = journal.hash_of(0)
    finally:
        journal.close()
    altered = [*rows[:4], (*rows[4][:7], '{"over_count":true}', *rows[4][8:]), *rows[5:]]
    for stored, first, last, prior, found in [
        (rows, 1, 7, before, None),
        (rows, 1, 7, "0" * 64, 1),
        (rows, 1, 9, before, 8),  # missing at the end
        (rows[:3] + rows[4:], 1, 7, before, 4),  # missing in between
        (rows, 3, 7, rows[1][9], None),  # a range of them
        (altered, 1, 7, before, 5),
    ]:
        with contextlib.closing(as_stored(stored)) as conn:
            assert chain_break_in(conn, first, last, prior) == found


def test_a_bug_in_the_walk_is_raised_not_taken_for_a_broken_chain(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite reports what a function it calls raised only as 'user-defined function
    raised exception', a DatabaseError `verify` reads as a damaged file, and checks
    one event at a time, slowly but rightly: a bug would hide as slowness."""
    a_short_count(tmp_path / "count.station")
    journal = Journal.open(tmp_path / "count.station", read_only=True)
    try:
        rows = list(journal.rows(1, 7))
    finally:
        journal.close()

    def broken_sha256(data: bytes) -> object:
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(chain_walk.hashlib, "sha256", broken_sha256)
    with contextlib.closing(as_stored(rows)) as conn, pytest.raises(ZeroDivisionError):
        chain_break_in(conn, 1, 7, rows[0][8])


def a_short_count(path: Path) -> None:
    """FOR, AGAINST, FOR, then a FOR taken back and an AGAINST: FOR 2, AGAINST 2."""
    Journal.create(path, JFK8)
    journal = Journal.open(path, seal_secret=station_secret())
    journal.start_session()  # 1
    for call in (Call.FOR, Call.AGAINST, Call.FOR, Call.FOR):
        journal.append(Action.CALL, call)  # 2..5
    journal.append(Action.UNDO, Call.FOR, target=5)  # 6
    journal.append(Action.CALL, Call.AGAINST)  # 7
    journal.close()


def test_an_index_edited_behind_its_definition_changes_no_count(tmp_path: Path) -> None:
    """The index of other events only says where to look: the table has the last word."""
    path = tmp_path / "index.station"
    a_short_count(path)
    conn = sqlite3.connect(path)
    conn.execute("DROP INDEX events_not_plain")
    conn.execute(  # event 5 listed, the UNDO left out ...
        f"CREATE INDEX events_not_plain ON events (seq) WHERE (seq = 5 OR {NOT_PLAIN_CALL})"
        " AND seq != 6"
    )
    conn.execute("PRAGMA writable_schema = ON")  # ... behind the definition Station wrote
    conn.execute(
        "UPDATE sqlite_master SET sql = ? WHERE name = 'events_not_plain'",
        (f"CREATE INDEX events_not_plain ON events (seq) WHERE {NOT_PLAIN_CALL}",),
    )
    conn.commit()
    conn.close()
    journal = Journal.open(path, read_only=True)
    try:
        assert journal.canonical
        assert (
            journal.restore(secret=station_secret()).tally.for_union,
            journal.fold().tally.for_union,
        ) == (2, 2)
    finally:
        journal.close()
    verdict = verify_file(path)
    assert verdict.ok and verdict.tally.for_union == 2
    assert verdict == careful_verdict(path)


def test_a_table_defined_otherwise_is_read_one_event_at_a_time(tmp_path: Path) -> None:
    """Rebuilt with case-blind columns, 'CALL' would be a call to SQLite; not to the rules."""
    path = tmp_path / "nocase.station"
    a_short_count(path)
    conn = sqlite3.connect(path)
    conn.isolation_level = None
    conn.executescript(
        """
        DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete;
        DROP TRIGGER events_append_only; DROP INDEX events_not_plain;
        DROP TRIGGER snapshots_of_events;
        CREATE TABLE events_nocase (seq INTEGER PRIMARY KEY, utc TEXT NOT NULL,
            mono_ns INTEGER NOT NULL, session INTEGER NOT NULL,
            action TEXT NOT NULL COLLATE NOCASE, call TEXT COLLATE NOCASE, target INTEGER,
            detail TEXT, prev_hash TEXT NOT NULL, hash TEXT NOT NULL);
        INSERT INTO events_nocase SELECT * FROM events;
        DROP TABLE events; ALTER TABLE events_nocase RENAME TO events;
        UPDATE events SET action = 'CALL', call = 'FOR' WHERE seq = 3;
        """
    )
    conn.close()
    rehash_from(path, 3)
    conn = sqlite3.connect(path)
    conn.execute(f"CREATE INDEX events_not_plain ON events (seq) WHERE {NOT_PLAIN_CALL}")
    for guard in (*EVENT_GUARDS, SNAPSHOT_GUARD_STATEMENTS[-1]):
        conn.execute(guard)
    conn.commit()
    conn.close()
    journal = Journal.open(path, read_only=True)
    try:
        assert not journal.canonical
        with pytest.raises(CorruptJournal, match="'CALL' is not a valid Action"):
            journal.restore(secret=station_secret())
    finally:
        journal.close()
    verdict = verify_file(path)
    assert not verdict.ok and verdict.problem == "event 3 has an unknown action or call"
    assert verdict == careful_verdict(path)


def test_a_snapshot_of_no_event_is_refused(long_count: Path) -> None:
    conn = sqlite3.connect(long_count)
    try:
        with pytest.raises(sqlite3.IntegrityError, match="names an event"):
            conn.execute(
                "INSERT INTO snapshots (seq, event_hash, summary, done, undone, seal)"
                " SELECT 0, setup_hash, '{}', x'', x'', '' FROM election"
            )
    finally:
        conn.close()


def test_an_index_hidden_in_the_schema_changes_no_count(tmp_path: Path) -> None:
    """A stale covering index, shown to SQLite under another spelling of the table's name."""
    path = tmp_path / "hidden.station"
    random_journal(path, 300, seed=4)
    calls = f"SELECT seq FROM events WHERE action = 'call' AND call = 'for' AND {PLAIN}"
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete;"
        " DROP TRIGGER events_append_only;"
    )
    fors = [seq for (seq,) in conn.execute(calls)]
    in_fors = f"seq IN ({','.join(map(str, fors))})"
    conn.execute(f"UPDATE events SET call = 'against' WHERE {in_fors}")
    conn.execute("CREATE INDEX stale ON events (seq, action, call, target, detail)")
    conn.commit()
    row = conn.execute(
        "SELECT type, name, rootpage, sql FROM sqlite_master WHERE name = 'stale'"
    ).fetchone()
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("DELETE FROM sqlite_master WHERE name = 'stale'")
    conn.commit()
    conn.close()
    conn = sqlite3.connect(path)  # the table back as it was; the index, stale, shown again
    conn.execute(f"UPDATE events SET call = 'for' WHERE {in_fors}")
    for guard in EVENT_GUARDS:
        conn.execute(guard)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("INSERT INTO sqlite_master VALUES (?, ?, 'EVENTS', ?, ?)", row)
    conn.commit()
    conn.close()
    journal = Journal.open(path, read_only=True)
    try:
        assert not journal.canonical
        truth = careful_verdict(path)
        assert journal.restore(secret=station_secret()).tally == journal.fold().tally == truth.tally
    finally:
        journal.close()
    assert verify_file(path) == truth and truth.ok


@pytest.mark.parametrize(
    ("trigger", "problem"),
    [
        (
            "BEFORE INSERT ON events WHEN NEW.call = 'for' BEGIN SELECT RAISE(IGNORE); END",
            "triggers that are not Station's were added to the file (swallow)",
        ),
        (
            "AFTER INSERT ON events WHEN NEW.call = 'for'"
            " BEGIN DELETE FROM events WHERE seq = NEW.seq; END",
            "the append-only guards were removed from the file (events_no_delete)",
        ),
    ],
)
def test_a_call_a_trigger_swallows_is_never_acknowledged(
    election_file: Path, trigger: str, problem: str
) -> None:
    conn = sqlite3.connect(election_file)
    if "DELETE" in trigger:
        conn.execute("DROP TRIGGER events_no_delete")
    conn.execute(f"CREATE TRIGGER swallow {trigger}")
    conn.commit()
    conn.close()
    journal = Journal.open(election_file, seal_secret=station_secret())
    try:
        journal.start_session()
        head = journal.head_seq
        with pytest.raises(WriteFailed, match="a trigger that is not Station's"):
            journal.append(Action.CALL, Call.FOR)
        assert journal.head_seq == head
        assert journal.append(Action.CALL, Call.AGAINST).seq == head + 1
    finally:
        journal.close()
    verdict = verify_file(election_file)
    assert not verdict.ok and verdict.problem == problem


@pytest.mark.parametrize(
    "text",
    [
        '{"a":1,"b":[1,2]}',
        '{"b":1,"a":2}',  # keys not sorted
        '{"a":1,"a":2}',  # a key given twice
        '{"a": 1}',  # not compact
        '{"a":"\u00e9"}',  # not ASCII
        '{"a":"\\u00e9"}',
        "[1]",
        '"text"',
        "{}",
        "",
        "{",
        "[" * 40 + "]" * 40,
        '{"unreadable":"{"}',
    ],
)
def test_the_detail_rule_of_the_fast_way_is_the_detail_rule(text: str) -> None:
    """The fast way asks it of what the fold read; the careful way parses the text."""
    record = Record(1, "t", 1, 1, "sign", None, None, text, "p", "h")
    assert detail_is_canonical(record, record.event().detail) is is_canonical_detail(text)


@pytest.mark.parametrize(
    ("back", "pool"),
    [
        (None, "processes"),
        (20, "processes"),  # in this process's own share
        (46, "processes"),  # the first event of the other process's first range
        (78, "processes"),  # the first event of a later range
        (78, "taken back"),  # a range no other process began
    ],
)
def test_the_walk_finds_the_clock_set_back_where_sqlite_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, back: int | None, pool: str
) -> None:
    """The walk of the chain notes the first event dated before the one before it, which
    `verify` warns of: the event `clock.first_backwards` finds with a query of its own,
    wherever the ranges of the check begin."""
    start = datetime(2026, 11, 1, 17, tzinfo=UTC)
    appended = itertools.count(1)  # each event reads the clock once, in turn

    def now() -> str:
        seq = next(appended)
        return (start + timedelta(seconds=seq - (10 if seq == back else 0))).isoformat()

    path = tmp_path / "set-back.station"
    with monkeypatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path / "home"))
        patch.setattr("station.journal.store.utc_now", now)
        random_journal(path, 300, seed=11)
    monkeypatch.setattr(chain_check, "PARALLEL_FROM", 50)
    if pool == "taken back":
        monkeypatch.setattr(chain_check, "ProcessPoolExecutor", IdlePool)
    journal = Journal.open(path, read_only=True)
    try:
        found = first_backwards(journal.connection)
        assert (found and found[0]) == back
        check = ChainCheck(path, journal.head_seq, journal.hash_of, workers=1)
        assert check.own == 45 and check.in_other_processes
        assert check.first_break(journal.connection) is None
        assert check.in_other_processes == (pool == "processes")
        assert check.backwards == found
        assert verify_journal(journal).backwards == found
        assert verify_records(journal.election, journal.records()).backwards == found
    finally:
        journal.close()


# Event 7 as it may follow PRIOR (session 1, clock 0): (action, session, mono_ns).
AFTER_PRIOR = [
    ("call", 1, 0),  # the same reading: a coarse clock
    ("call", 1, 5),
    ("call", 1, -1),  # earlier in the same session
    ("call", 2, 5),  # another session than the event before's
    ("call", 7, 5),
    ("open", 7, -9),  # a new session: its clock starts anywhere
    ("open", 1, 5),  # an open names its own session
    ("close", 1, 0),
]


@pytest.mark.parametrize(("action", "session", "mono_ns"), AFTER_PRIOR)
def test_the_written_out_session_rule_is_the_session_rule(
    action: str, session: int, mono_ns: int
) -> None:
    """The walk SQLite feeds refuses an event out of its session's order exactly when
    `session_problem` does, reading the event before the walk from the file."""
    call = "for" if action == "call" else None
    row = (7, GOOD[1], mono_ns, session, action, call, None, None, "p")
    full = (*row, hashed_as_read(*row))
    refused = session_problem(Record(*full), Record(*PRIOR)) is not None  # type: ignore[arg-type]
    out_of_order = {("call", 1, -1), ("call", 2, 5), ("call", 7, 5), ("open", 1, 5)}
    assert refused is ((action, session, mono_ns) in out_of_order)
    with contextlib.closing(as_stored([PRIOR, full])) as conn:
        assert (chain_break_in(conn, 7, 7, "p") is not None) is refused


def test_a_journal_begins_with_an_open_event() -> None:
    row = (1, GOOD[1], 5, 1, "call", "for", None, None, "s")
    full = (*row, hashed_as_read(*row))
    assert session_problem(Record(*full), None) is not None  # type: ignore[arg-type]
    with contextlib.closing(as_stored([full])) as conn:
        assert chain_break_in(conn, 1, 1, "s") == 1


@pytest.mark.parametrize(
    ("statement", "seq", "problem"),
    [
        (
            "UPDATE events SET session = 9 WHERE seq = 4",
            4,
            "event 4 was altered (its session is 9, but the event before it is of session 1)",
        ),
        (
            "UPDATE events SET mono_ns = -1 WHERE seq = 4",
            4,
            "event 4 was altered (its monotonic clock reads -1, before the",
        ),
        (
            "UPDATE events SET session = 2 WHERE seq = 1",
            1,
            "event 1 was altered (it opens a session, so its session is 1, not 2)",
        ),
        (
            "UPDATE events SET action = 'close', detail = NULL WHERE seq = 1",
            1,
            "event 1 was altered (a journal begins with an open event, not close)",
        ),
    ],
)
def test_an_event_out_of_its_session_is_named_by_every_reader(
    tmp_path: Path, statement: str, seq: int, problem: str
) -> None:
    """Re-hashed as a forger would, it is refused by `verify` both ways and on opening."""
    path = tmp_path / "count.station"
    a_short_count(path)
    tamper(path, statement)
    rehash_from(path, seq)
    restore_guards(path)
    verdict = verify_file(path)
    assert not verdict.ok
    assert verdict.problem is not None and verdict.problem.startswith(problem)
    assert careful_verdict(path).problem == verdict.problem
    with Journal.open(path, read_only=True) as journal, pytest.raises(CorruptJournal) as opened:
        journal.restore()
    assert problem in str(opened.value)


def test_a_clock_taken_back_in_a_session_is_found_by_the_other_processes(
    long_count: Path,
) -> None:
    """The walk of a range reads the event before it from the file: the clock of an event
    past the first range is checked against it."""
    seq = a_call(long_count, 200)
    tamper(long_count, f"UPDATE events SET mono_ns = -1 WHERE seq = {seq}")
    rehash_from(long_count, seq)
    restore_guards(long_count)
    verdict = verify_file(long_count)
    assert verdict.seq == seq
    assert verdict.problem is not None and "monotonic clock reads -1" in verdict.problem
