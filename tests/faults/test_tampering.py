"""Every way to alter the record behind Station's back is caught by `station verify`.

One counted, signed and exported election is built once; each case copies it, alters
it the way a forger (or an accident) would, and runs `station verify` as a user runs it
(in-process for speed): exit 1, and the one line on stderr names the first bad place.
Library-level checks of the same kinds live in tests/journal/test_verify.py and
tests/sheet/test_verify_export.py; this table goes through the command, column by
column and event by event.
"""

import io
import json
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from station.journal.chain import OPTIONAL_SETUP_FIELDS, SETUP_FIELDS, event_hash
from station.journal.records import EVENT_FIELDS
from tests.cli_helpers import drop_events_after
from tests.faults.tampering import (
    EXPORT_CASES,
    Pristine,
    Row,
    assert_caught,
    rewrite,
    rows,
    setup,
    verify,
)
from tests.journal.helpers import restore_guards, tamper

# Every stored setup column (`id` is held to 1 by a CHECK: the row deleted is a case below).
ELECTION_COLUMNS = (*SETUP_FIELDS, *OPTIONAL_SETUP_FIELDS, "setup_hash")


def test_the_pristine_election_verifies_every_way(election: Pristine) -> None:
    for argv in (
        [election.file],
        [election.file, "--sheet", election.sheet, "--key", election.key],
        [election.file, "--head", election.head],
        [election.sheet, "--key", election.key],
    ):
        code, out, err = verify(*argv)
        assert (code, err) == (0, ""), err
        assert out.startswith("OK: ")


# -- a field of an event, every column, at the start, middle and end of the record --


def other_value(column: str, old: Any) -> object:
    """A plausible other value for `column`, of the type Station writes."""
    if column == "seq":
        return int(old) + 1000
    if column in ("mono_ns", "session"):
        return int(old) + 1
    if column == "target":
        return (old or 0) + 1
    return {
        "utc": "2020-01-01T00:00:00.000000+00:00",
        "action": "undo" if old == "call" else "call",
        "call": "against" if old == "for" else "for",
        "detail": '{"forged":true}',
        "prev_hash": "0" * 64,
        "hash": "f" * 64,
    }[column]


FIELD_CASES = [
    (column, seq) for column in EVENT_FIELDS for seq in (1, 4, 8, 10, 13, 14)
]  # open, a call, an undo, an amendment, the sheet, the last event


@pytest.mark.parametrize(
    ("column", "seq"), FIELD_CASES, ids=[f"{c}-of-{s}" for c, s in FIELD_CASES]
)
def test_a_changed_field_is_named(election: Pristine, column: str, seq: int) -> None:
    conn = sqlite3.connect(election.file)
    old = conn.execute(f"SELECT {column} FROM events WHERE seq = ?", (seq,)).fetchone()[0]
    conn.close()
    value = sql_literal(other_value(column, old))
    tamper(election.file, f"UPDATE events SET {column} = {value} WHERE seq = {seq}")
    restore_guards(election.file)  # a careful forger puts the guards back
    named = {"seq": "is missing", "prev_hash": "does not chain"}.get(column, "was altered")
    assert_caught([election.file], f"event {seq} {named}")


def sql_literal(value: object) -> str:
    return str(value) if isinstance(value, int) else "'" + str(value).replace("'", "''") + "'"


@pytest.mark.parametrize("column", ELECTION_COLUMNS)
def test_a_changed_setup_is_named(election: Pristine, column: str) -> None:
    conn = sqlite3.connect(election.file)
    old = conn.execute(f"SELECT {column} FROM election").fetchone()[0]
    new = (
        (old or 0) + 1
        if column in ("eligible", "ballots", "pile", "mail", "mail_rules", "polls")
        else f"{old}x"
    )
    conn.execute("DROP TRIGGER election_no_update")
    conn.execute(f"UPDATE election SET {column} = ?", (new,))
    conn.execute(
        "CREATE TRIGGER election_no_update BEFORE UPDATE ON election"
        " BEGIN SELECT RAISE(ABORT, 'x'); END"
    )
    conn.commit()
    conn.close()
    assert_caught([election.file], "election setup")


# -- events deleted, inserted, reordered, the guards dropped -------------------------


def forged_call(after: Row, call: str = "for") -> Row:
    """A call event that chains to `after`, hashed as Station would."""
    fields = [
        int(after[0]) + 1,
        after[1],
        int(after[2]) + 1,
        after[3],
        "call",
        call,
        None,
        None,
        after[9],
    ]
    return [*fields, event_hash(*fields)]


def delete(seq: int) -> Callable[[Path], None]:
    def change(path: Path) -> None:
        rewrite(path, [e for e in rows(path) if e[0] != seq])

    return change


def insert_and_renumber(path: Path) -> None:
    """A FOR slipped in after event 6, those after it renumbered, hashes left as they were."""
    events = rows(path)
    extra = forged_call(events[5])
    shifted = [[e[0] + 1, *e[1:]] if e[0] > 6 else e for e in events]
    rewrite(path, [*shifted[:6], extra, *shifted[6:]])


def insert_and_rehash(path: Path) -> None:
    """The same, with every later hash recomputed: the sheet's stated facts still tell."""
    events = rows(path)
    shifted = [[e[0] + 1, *e[1:]] if e[0] > 6 else e for e in events]
    for event in shifted:
        if event[4] in ("undo", "redo") and event[6] == 7:
            event[6] = 8  # the undo and redo of the FOR at 7 follow it to 8
    rewrite(path, [*shifted[:6], forged_call(events[5]), *shifted[6:]], rehash_from=7)


def change_a_call_and_rehash(path: Path) -> None:
    events = rows(path)
    events[2][5] = "for"  # event 3, AGAINST, becomes FOR
    rewrite(path, events, rehash_from=3)


def reorder(path: Path) -> None:
    events = rows(path)
    events[2][1:], events[3][1:] = events[3][1:], events[2][1:]  # contents of 3 and 4 swapped
    rewrite(path, events)


def append_unchained(path: Path) -> None:
    events = rows(path)
    extra = forged_call(events[-1])
    extra[8] = "0" * 64
    rewrite(path, [*events, extra])


def append_after_the_sheet(path: Path) -> None:
    """A correctly chained FOR after the final sheet, without reopening the count."""
    events = rows(path)
    rewrite(path, [*events, forged_call(events[-1])])


def drop_guards(path: Path) -> None:
    tamper(path)


def delete_the_setup(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER election_no_delete")
    conn.execute("DELETE FROM election")
    conn.execute(
        "CREATE TRIGGER election_no_delete BEFORE DELETE ON election"
        " BEGIN SELECT RAISE(ABORT, 'x'); END"
    )
    conn.commit()
    conn.close()


def setup_mistyped(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER election_no_update")
    conn.execute("UPDATE election SET eligible = 'lots'")
    conn.commit()
    conn.close()


def drop_a_setup_guard(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER election_no_delete")
    conn.close()


def key_twice(detail: str, key: str, forged: object) -> str:
    """The detail with `key` given twice, the first copy forged: Python keeps the last."""
    return (
        "{" + json.dumps(key) + ":" + json.dumps(forged, separators=(",", ":")) + "," + detail[1:]
    )


def sign_detail_key_twice(path: Path) -> None:
    events = rows(path)
    sign = events[12]  # event 13, the sheet
    lines = json.loads(sign[7])["lines"]
    sign[7] = key_twice(sign[7], "lines", {**lines, "3": lines["3"] + 100})
    rewrite(path, events, rehash_from=13)


def drop_replace_guards(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER election_no_replace")
    conn.execute("DROP TRIGGER snapshots_no_replace")
    conn.close()


FILE_CASES: list[tuple[str, Callable[[Path], None], str]] = [
    ("delete-first", delete(1), "event 1 is missing"),
    ("delete-middle", delete(6), "event 6 is missing"),
    ("delete-sheet", delete(13), "event 13 is missing"),
    ("insert-renumbered", insert_and_renumber, "event 8 does not chain"),
    ("insert-rehashed", insert_and_rehash, "event 14 breaks the rules of the count: a tally sheet"),
    ("change-and-rehash", change_a_call_and_rehash, "event 13 (the final tally sheet)"),
    ("reorder", reorder, "event 3 does not chain"),
    ("append-unchained", append_unchained, "event 15 does not chain"),
    ("append-after-sheet", append_after_the_sheet, "event 15 breaks the rules of the count"),
    ("delete-setup", delete_the_setup, "has no election setup"),
    ("setup-mistyped", setup_mistyped, "the election setup was altered"),
    ("drop-guards", drop_guards, "guards were removed"),
    (
        "drop-a-setup-guard",
        drop_a_setup_guard,
        "guards were removed from the file (election_no_delete)",
    ),
    ("sign-detail-key-twice", sign_detail_key_twice, "event 13 was altered (its detail"),
    (
        "drop-the-replace-guards",
        drop_replace_guards,
        "guards were removed from the file (election_no_replace, snapshots_no_replace)",
    ),
]


@pytest.mark.parametrize(
    ("change", "named"), [c[1:] for c in FILE_CASES], ids=[c[0] for c in FILE_CASES]
)
def test_a_changed_record_is_named(
    election: Pristine, change: Callable[[Path], None], named: str
) -> None:
    change(election.file)
    assert_caught([election.file], named)


# -- INSERT OR REPLACE deletes the row it replaces without firing a DELETE trigger --


def replaced_row(conn: sqlite3.Connection, table: str, key: str, value: int) -> list[Any]:
    row = list(conn.execute(f"SELECT * FROM {table} WHERE {key} = ?", (value,)).fetchone())
    names = [column[0] for column in conn.execute(f"SELECT * FROM {table}").description]
    flipped = {"for": "against", "against": "for"}
    changed = {"case_number": "29-RC-999999", "summary": '{"forged":1}'}
    return [
        flipped[old] if name == "call" else changed.get(name, old)
        for name, old in zip(names, row, strict=True)
    ]


@pytest.mark.parametrize(
    ("table", "key", "value"),
    [("election", "id", 1), ("events", "seq", 3), ("snapshots", "seq", 3)],
)
@pytest.mark.parametrize("verb", ["INSERT OR REPLACE", "REPLACE"])
def test_a_row_cannot_be_replaced(
    election: Pristine, table: str, key: str, value: int, verb: str
) -> None:
    conn = sqlite3.connect(election.file, isolation_level=None)
    if table == "snapshots":  # a snapshot to replace (a plain insert names its event: allowed)
        event_hash_ = conn.execute("SELECT hash FROM events WHERE seq = 3").fetchone()[0]
        conn.execute("INSERT INTO snapshots VALUES (3, ?, '{}', x'', x'', 'seal')", (event_hash_,))
    before = conn.execute(f"SELECT * FROM {table} WHERE {key} = ?", (value,)).fetchone()
    row = replaced_row(conn, table, key, value)
    assert tuple(row) != before
    marks = ", ".join("?" * len(row))
    with pytest.raises(sqlite3.IntegrityError, match=r"append-only|appended in order"):
        conn.execute(f"{verb} INTO {table} VALUES ({marks})", row)
    assert conn.execute(f"SELECT * FROM {table} WHERE {key} = ?", (value,)).fetchone() == before
    conn.close()


# -- what the file alone cannot tell: caught against a signed sheet or a written head --


def truncate(path: Path) -> None:
    drop_events_after(path, 9)


def truncate_and_carry_on(path: Path) -> None:
    """The tail and the sheet cut off, and new calls chained on in their place."""
    events = [e for e in rows(path) if e[0] <= 12]
    for _ in range(3):
        events.append(forged_call(events[-1], "against"))
    rewrite(path, events)


def swap_in_another_election(path: Path) -> None:
    path.unlink()
    Journal.create(path, setup("29-RC-999999"))
    journal = Journal.open(path)
    journal.start_session()
    for _ in range(20):
        journal.append(Action.CALL, Call.AGAINST)
    journal.close()


HEAD_CASES: list[tuple[str, Callable[[Path], None], str, str]] = [
    ("truncated", truncate, "events were removed", "events were removed"),
    (
        "truncated-and-carried-on",
        truncate_and_carry_on,
        "is not the sheet that",
        "is not the one written down",
    ),
    (
        "another-election",
        swap_in_another_election,
        "is another election's file",
        "is not the one written down",
    ),
]


@pytest.mark.parametrize(
    ("change", "by_sheet", "by_head"), [c[1:] for c in HEAD_CASES], ids=[c[0] for c in HEAD_CASES]
)
def test_what_the_file_alone_cannot_tell(
    election: Pristine, change: Callable[[Path], None], by_sheet: str, by_head: str
) -> None:
    change(election.file)
    code, _out, err = verify(election.file)
    # A consistent record, on its own (a tail cut off may leave a session with no
    # close: verify then warns that the file may be a copy without its -wal).
    assert code == 0 and (err == "" or err.startswith("warning: ")), err
    assert_caught([election.file, "--sheet", election.sheet, "--key", election.key], by_sheet)
    assert_caught([election.file, "--head", election.head], by_head)


# -- the exported sheet ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "named"), [c[1:] for c in EXPORT_CASES], ids=[c[0] for c in EXPORT_CASES]
)
def test_a_changed_export_is_named(
    election: Pristine,
    station_home: Path,
    change: Callable[[Path], None],
    named: str,
    pristine: Pristine,
) -> None:
    # The station's own key, for the forger who holds it.
    shutil.copytree(pristine.file.parent / "home", station_home, dirs_exist_ok=True)
    change(election.sheet)
    assert_caught([election.sheet, "--key", election.key], named)
    assert_caught([election.file, "--sheet", election.sheet, "--key", election.key], named)


# -- an altered setup is refused by every command, as a broken chain is ---------------


def forge_the_union(path: Path) -> None:
    """A forged setup: the petitioner renamed, the guard left dropped."""
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP TRIGGER election_no_update; UPDATE election SET union_name = 'X' WHERE id = 1;"
    )
    conn.close()


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*map(str, argv)])
    return code, out.getvalue(), err.getvalue()


ALTERED_SETUP = "the election setup was altered (its hash does not match)"


@pytest.mark.parametrize(
    "argv",
    [
        ["tally"],
        ["tally", "--json"],
        ["log"],
        ["log", "--json"],
        ["sign", "--interim"],
        ["reopen", "--reason", "recount"],
        ["export", "--out", "OUT"],
        ["dashboard"],
    ],
    ids=lambda argv: "-".join(argv[:2]),
)
def test_an_altered_setup_is_refused_by_every_command(
    election: Pristine, tmp_path: Path, argv: list[str]
) -> None:
    forge_the_union(election.file)
    before = election.file.read_bytes()
    argv = [str(tmp_path / "out") if arg == "OUT" else arg for arg in argv]
    code, out, err = run(argv[0], election.file, *argv[1:])
    assert (code, out) == (2, ""), (code, out, err)
    assert err.count("\n") == 1 and ALTERED_SETUP in err, err
    assert "nothing can be read or counted" in err, err
    assert "X" not in out
    assert election.file.read_bytes() == before  # nothing signed, reopened or recorded
    assert not (tmp_path / "out").exists()


def test_an_altered_setup_is_refused_by_the_journal_and_the_dashboard(
    election: Pristine,
) -> None:
    from station.journal.errors import CorruptJournal
    from station.journal.follow import Follower

    forge_the_union(election.file)
    for opening in (
        lambda: Journal.open(election.file),  # the operator window's way
        lambda: Journal.open(election.file, read_only=True),
        lambda: Follower(election.file),  # the observers' dashboard
    ):
        with pytest.raises(CorruptJournal, match=r"election setup was altered"):
            opening()
    # `verify` still names it in its own words, and a writer refused left no lock behind.
    assert_caught([election.file], ALTERED_SETUP)
    _, _, err = verify(election.file)
    assert "run `station verify`" not in err
    Journal.open(election.file, check_setup=False).close()
