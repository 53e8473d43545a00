"""Station's promises held against someone who handles copies of real election files.

Each test here is one thing such a person does (a planted link, a short head, a deeply
nested detail, a huge manifest, an altered event or setup, a forged snapshot, a copy
without its -wal, read-only media), run the way they would run it: through the
`station` command or the window, on real files.
"""

import dataclasses
import io
import json
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from station import app
from station.app import READ_ONLY_TITLE, Station
from station.cli import main
from station.domain import Action, Call, ElectionSetup, SheetKind
from station.domain.statements import cannot_count_statement
from station.domain.tally_sheet import SheetError
from station.journal import CorruptJournal, Journal, JournalError, chain_check, snapshots
from station.journal.chain import event_hash, snapshot_digest
from station.journal.schema import SNAPSHOT_GUARD_STATEMENTS
from station.journal.seal import seal, station_secret
from station.journal.session import CountSession
from station.sheet.export import ExportError
from station.sheet.keys import key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet, reopen_count
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.window import DashboardWindow
from station.ui.envelopes.window import EnvelopeWindow
from station.ui.operator import controller as count_controller
from station.ui.operator.controller import CountController
from station.ui.operator.window import OperatorWindow
from tests.faults.helpers import read_only_mount
from tests.faults.tampering import Pristine
from tests.helpers import JFK8, verify_file
from tests.journal.helpers import random_journal, restore_guards, tamper

HOUR_AGO = time.time() - 3600


def station(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*map(str, argv)])
    return code, out.getvalue(), err.getvalue()


def one_line_usage_error(result: tuple[int, str, str], named: str) -> None:
    code, out, err = result
    assert code == 2, result
    assert err.startswith("station: ") and err.count("\n") == 1, err
    assert named in err, err
    assert "NOT INTACT" not in out + err


def age(path: Path) -> None:
    os.utime(path, (HOUR_AGO, HOUR_AGO), follow_symlinks=False)


# -- 1. the sweep of an export's leftovers follows no link -----------------------------


def victim_folder(tmp_path: Path) -> tuple[Path, list[Path]]:
    victim = tmp_path / "someone-else"
    victim.mkdir()
    files = [victim / name for name in ("tally.pdf", "manifest.json", "thesis.txt")]
    for file in files:
        file.write_text("not Station's")
        age(file)
    age(victim)
    return victim, files


def test_export_never_deletes_through_a_planted_link(
    pristine: Pristine,
    election: Pristine,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(pristine.file.parent / "home"))  # its key
    victim, files = victim_folder(tmp_path)
    for shared in (tmp_path / "shared", tmp_path / "existing"):
        shared.mkdir()
        planted = shared / ".station-export-0badc0de"
        planted.symlink_to(victim, target_is_directory=True)
        age(planted)
        out = shared / "sheet" if shared.name == "shared" else shared  # a new or existing folder
        code, _out, err = station("export", election.file, "--out", out)
        assert code == 0, err
        assert all(file.read_text() == "not Station's" for file in files)
        assert planted.is_symlink()


def test_export_sweeps_only_its_own_files_from_a_leftover(tmp_path: Path) -> None:
    from station.sheet.export import write_folder

    shared = tmp_path / "shared"
    shared.mkdir()
    planted = shared / ".station-export-0badc0de"
    planted.mkdir()
    notes = planted / "notes.txt"
    notes.write_text("someone's")
    age(notes)
    _victim, files = victim_folder(tmp_path)
    (planted / "tally.pdf").symlink_to(files[0])
    age(planted / "tally.pdf")
    age(planted)
    write_folder(shared / "sheet", {"tally.json": b"{}\n"})
    assert notes.read_text() == "someone's"
    assert files[0].read_text() == "not Station's"
    # A leftover of Station's own (only an export's files, old) still goes.
    own = shared / ".station-export-0123abcd"
    own.mkdir()
    (own / "tally.json").write_bytes(b"half")
    age(own / "tally.json")
    age(own)
    write_folder(shared / "sheet2", {"tally.json": b"{}\n"})
    assert not own.exists()


def test_creating_an_election_sweeps_only_its_own_leftovers(
    tmp_path: Path, setup: ElectionSetup
) -> None:
    _victim, files = victim_folder(tmp_path)
    lookalike = tmp_path / ".station-my-notes.creating.txt"  # not a name `create` gives
    lookalike.write_text("someone's")
    age(lookalike)
    link = tmp_path / ".station-0a1b2c3d4e5f.creating"
    link.symlink_to(files[2])
    age(link)
    Journal.create(tmp_path / "new.station", setup)
    assert lookalike.read_text() == "someone's"
    assert files[2].read_text() == "not Station's"


# -- 2. a head written down is long enough not to be forged ---------------------------


def test_a_short_head_is_refused_in_one_line(election: Pristine) -> None:
    events, digest = election.head.split(":")
    assert len(digest) == 16
    for short in (8, 12, 15):
        one_line_usage_error(
            station("verify", election.file, "--head", f"{events}:{digest[:short]}"),
            "16 hex digits",
        )
    code, out, err = station("verify", election.file, "--head", election.head)
    assert (code, err) == (0, ""), err
    assert digest in out


def test_the_operator_window_shows_a_head_long_enough(qtbot: QtBot, election_file: Path) -> None:
    from tests.ui.windows import open_window

    window = open_window(qtbot, election_file)
    try:
        head = window.controller.journal.head_hash
        assert f"head {head[:16]}" in window.journal_label.text()
    finally:
        window.close()


# -- 9. --sheet without --key: the same note as `verify FOLDER` ------------------------


def test_sheet_without_key_says_the_key_was_not_checked(election: Pristine) -> None:
    code, out, err = station("verify", election.file, "--sheet", election.sheet)
    assert (code, err) == (0, ""), err
    assert "NOT checked against a fingerprint written down" in out
    code, out, err = station(
        "verify", election.file, "--sheet", election.sheet, "--key", election.key
    )
    assert (code, err) == (0, ""), err
    assert "NOT checked" not in out


# -- usage errors are not tampering ---------------------------------------------------


def test_a_malformed_fingerprint_is_a_usage_error(election: Pristine) -> None:
    for key in ("abc", "g" * 32, election.key + "00"):
        one_line_usage_error(station("verify", election.sheet, "--key", key), "fingerprint")
        one_line_usage_error(
            station("verify", election.file, "--sheet", election.sheet, "--key", key),
            "fingerprint",
        )


def test_a_folder_that_is_no_export_is_a_usage_error(election: Pristine, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    one_line_usage_error(station("verify", empty), "not an exported sheet")
    one_line_usage_error(
        station("verify", election.file, "--sheet", empty), "not an exported sheet"
    )
    # An export with a file missing is damage, not a mistake.
    (election.sheet / "manifest.json").unlink()
    code, _out, err = station("verify", election.sheet)
    assert code == 1 and err.startswith("NOT INTACT: "), err


def test_a_path_the_system_refuses_is_one_line(election: Pristine, tmp_path: Path) -> None:
    too_long = tmp_path / ("x" * 300) / "sheet"
    one_line_usage_error(station("verify", too_long), "cannot be read")
    one_line_usage_error(station("verify", election.file, "--sheet", too_long), "")


def test_a_folder_that_cannot_be_searched_is_one_line(
    election: Pristine,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # What a folder without search permission gives a user who is not root (the tests
    # may run as root, whom no permission stops): looking inside it is refused.
    def refused(path: Path) -> bool:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(Path, "is_dir", refused)
    one_line_usage_error(station("verify", election.sheet), "Permission denied")
    one_line_usage_error(station("verify", election.file, "--sheet", election.sheet), "denied")


# -- JSON nested deeper than Python's stack: one line everywhere, never RecursionError --

DEEP = "[" * 100_000 + "]" * 100_000


def append_forged(path: Path, action: str, target: int | None, detail: str) -> int:
    """Append an event chained and hashed as Station would, with plain sqlite3."""
    conn = sqlite3.connect(path)
    seq, utc, mono_ns, session, last_hash = conn.execute(
        "SELECT seq, utc, mono_ns, session, hash FROM events ORDER BY seq DESC LIMIT 1"
    ).fetchone()
    fields = (seq + 1, utc, mono_ns + 1, session, action, None, target, detail, last_hash)
    conn.execute(
        f"INSERT INTO events VALUES ({', '.join('?' * 10)})", (*fields, event_hash(*fields))
    )
    conn.commit()
    conn.close()
    return int(seq + 1)


@pytest.mark.parametrize("detail", [DEEP, '{"party":' + DEEP + "}"])
def test_deeply_nested_detail_is_one_line_everywhere(
    pristine: Pristine,
    election: Pristine,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    detail: str,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(pristine.file.parent / "home"))  # its key
    seq = append_forged(election.file, "amend", 5, detail)
    code, _out, err = station("verify", election.file)
    assert code == 1 and err.count("\n") == 1, err
    assert f"event {seq} was altered" in err
    for argv in (
        ["tally", election.file],
        ["tally", election.file, "--json"],
        ["log", election.file],
        ["log", election.file, "--json"],
        ["export", election.file, "--out", tmp_path / "out"],
    ):
        code, _out, err = station(*argv)
        assert code in (0, 2) and err.count("\n") <= 1, (argv, err)
    journal = Journal.open(
        election.file, seal_secret=station_secret()
    )  # as `station open` does, before its window
    try:
        journal.restore(secret=station_secret())
    except JournalError as error:
        assert "\n" not in str(error)
    finally:
        journal.close()


def test_a_running_dashboard_goes_on_past_a_deeply_nested_detail(
    qtbot: QtBot,
    election: Pristine,
) -> None:
    follower = JournalFollower(election.file, interval_ms=10, retry_ms=20)
    try:
        before = follower.head_seq
        append_forged(election.file, "amend", 5, DEEP)
        follower.poll()  # raises nothing: it reports, and keeps polling
        assert follower.head_seq == before + 1 or follower.problem
        follower.poll()
    finally:
        follower.close()


def test_a_huge_or_deep_manifest_is_refused_unread(election: Pristine) -> None:
    manifest = election.sheet / "manifest.json"
    manifest.write_text('{"a":' + DEEP + "}")
    code, _out, err = station("verify", election.sheet)
    assert code == 1 and err.count("\n") == 1 and "manifest.json" in err, err
    with manifest.open("wb") as file:  # 3 GB, sparse: reading it whole would take minutes
        file.truncate(3 << 30)
    code, _out, err = station("verify", election.sheet)
    assert code == 1 and "manifest.json: is larger than any Station writes" in err, err
    one_line = err.count("\n") == 1
    assert one_line


# -- 4. a station never counts on past an event whose own hash is wrong ---------------


def append_misshashed(path: Path) -> int:
    """An event that chains to the last (so the guards let it in) under a wrong hash."""
    conn = sqlite3.connect(path)
    seq, utc, mono_ns, _session, last_hash = conn.execute(
        "SELECT seq, utc, mono_ns, session, hash FROM events ORDER BY seq DESC LIMIT 1"
    ).fetchone()
    row = (seq + 1, utc, mono_ns + 1, seq + 1, "open", None, None, None, last_hash, "e" * 64)
    conn.execute(f"INSERT INTO events VALUES ({', '.join('?' * 10)})", row)
    conn.commit()
    conn.close()
    return int(seq + 1)


def on_disk(path: Path) -> object:
    """The election file and its WAL, byte for byte (the -shm index is SQLite's scratch)."""
    return {
        p.name: p.read_bytes() for p in (path, path.with_name(path.name + "-wal")) if p.exists()
    }


class Warnings:
    """The warnings the start window's Open shows, as (title, text), the user's view of them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[tuple[str, str]] = []
        monkeypatch.setattr(QMessageBox, "warning", self._warning)

    def _warning(self, _parent: object, title: str, text: str) -> QMessageBox.StandardButton:
        self.shown.append((title, text))
        return QMessageBox.StandardButton.Ok


def as_verify_names_it(path: Path, seq: int) -> str:
    """How opening must name the first bad event: in `station verify`'s own words."""
    stored = on_disk(path)
    verdict = verify_file(path)
    assert not verdict.ok and verdict.seq == seq, verdict
    assert on_disk(path) == stored, "`verify` changed the file"
    return f"{verdict.problem}; nothing can be counted into this file"


def refuses_to_count(
    qtbot: QtBot,
    path: Path,
    seq: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every way into the operator window refuses to count in the file, naming event
    `seq`, and shows it read-only instead (the observers' dashboard of the events before
    it); the file is left as it was, byte for byte: nothing appended, no snapshot stored."""
    stored = on_disk(path)
    with Journal.open(path, read_only=True) as reader:
        head = reader.head_seq
    refused = as_verify_names_it(path, seq)
    # `station open FILE`: the event named, then that the file is shown read-only, exit
    # 2. What is on screen is looked at where the event loop would run (it is not run,
    # so a test of a broken station fails here instead of hanging).
    made: list[Station] = []
    monkeypatch.setattr(app, "Station", lambda: made.append(Station()) or made[-1])
    looked: list[Station] = []

    def look_instead_of_running(_app: object) -> int:
        shown_read_only(made[-1], seq)
        looked.append(made[-1])
        return 99

    monkeypatch.setattr(app, "run_loop", look_instead_of_running)
    code, out, err = station("open", path)
    assert (code, out) == (2, ""), (code, out, err)
    assert looked == made and len(made) == 1  # the read-only view was on screen
    assert err == (
        f"station: {path}: {refused} (run `station verify`)\n"
        f"station: {cannot_count_statement(True)}\n"
    ), err
    assert "NOT INTACT" not in err
    assert made[0].read_only == []  # let go of when the window closed
    assert on_disk(path) == stored, "`station open` changed the file"
    # File ▸ Open in the start window (and a recent file, the same call): a warning
    # that says why, and the file shown read-only, no window that counts.
    warnings = Warnings(monkeypatch)
    opener = Station()
    try:
        opener.open_path(path)
        shown_read_only(opener, seq)
        assert len(warnings.shown) == 1, warnings.shown
        title, text = warnings.shown[0]
        assert title == "Cannot count in the election file"
        said = f"{path}: {refused} (run `station verify`)\n\n{cannot_count_statement(True)}"
        assert text == said, text
    finally:
        opener.close()
    assert on_disk(path) == stored, "the start window's Open changed the file"
    journal = Journal.open(path, seal_secret=station_secret())
    try:
        with pytest.raises(CorruptJournal) as controlled:
            CountController(journal)
        assert refused in str(controlled.value)
        with pytest.raises(CorruptJournal) as restored:
            journal.restore(trust_snapshots=False)
        assert refused in str(restored.value)
    finally:
        journal.close()
    assert on_disk(path) == stored, "a count controller changed the file"
    with Journal.open(path, read_only=True) as reader:
        assert reader.head_seq == head  # nothing was appended


def shown_read_only(shown: Station, seq: int) -> None:
    """`shown` has no window that counts, only the observers' dashboard of the file: the
    count of the events before event `seq`, naming it."""
    assert shown.window is None
    counting = [
        widget
        for widget in QApplication.topLevelWidgets()
        if isinstance(widget, (OperatorWindow, EnvelopeWindow)) and widget.isVisible()
    ]
    assert counting == []
    assert len(shown.read_only) == 1, shown.read_only
    window, follower = shown.read_only[0]
    assert isinstance(window, DashboardWindow) and window.isVisible()
    assert window.windowTitle().endswith(READ_ONLY_TITLE)
    assert follower.count.last_seq == seq - 1  # the events before the one named
    assert follower.problem is not None and f"event {seq} " in follower.problem, follower.problem


def test_opening_refuses_a_wrong_hash(
    qtbot: QtBot,
    election: Pristine,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seq = append_misshashed(election.file)
    refuses_to_count(qtbot, election.file, seq, monkeypatch)
    stored = on_disk(election.file)
    for argv in (
        ["sign", election.file, "--agent", "R. Agent"],
        ["reopen", election.file, "--reason", "a test"],
        ["tally", election.file],
    ):
        one_line_usage_error(station(*argv), as_verify_names_it(election.file, seq))
        assert on_disk(election.file) == stored, f"`station {argv[0]}` changed the file"
    # `station verify` says what is wrong with it, in one line, exit 1 (not a usage error).
    code, out, err = station("verify", election.file)
    assert code == 1 and out == "", (code, out, err)
    assert (
        err == f"NOT INTACT: {election.file}: event {seq} was altered (its hash does not match)\n"
    )
    assert on_disk(election.file) == stored, "`station verify` changed the file"


@pytest.mark.parametrize("start", ["from-its-snapshot", "from-the-first-in-parallel"])
def test_opening_a_long_count_checks_every_event_it_folds(
    qtbot: QtBot,
    long_count: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    start: str,
) -> None:
    if start == "from-the-first-in-parallel":
        # Another station: the snapshot is not its own. The hashes are checked by
        # another process while this one folds.
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "another-station"))
        monkeypatch.setattr(chain_check, "PARALLEL_FROM", 10)
        monkeypatch.setattr(chain_check, "_spare_cores", lambda: 1)
    journal = Journal.open(long_count, read_only=True)
    expected = 0 if start != "from-its-snapshot" else 282
    started = snapshots.start_from(journal, journal.head_seq, station_secret())
    assert (0 if started is None else started.seq) == expected
    journal.close()
    seq = append_misshashed(long_count)
    # Another station, which has no snapshot of its own here, stores none as it lets
    # the refused file go either (it stored one of the sound events before the break,
    # changing a file perhaps kept as evidence): byte for byte, whoever opened it.
    refuses_to_count(qtbot, long_count, seq, monkeypatch)


@pytest.mark.parametrize(
    "alteration",
    [
        "UPDATE events SET call = CASE call WHEN 'for' THEN 'against' ELSE 'for' END"
        " WHERE seq = {seq}",
        "UPDATE events SET utc = CAST(utc AS BLOB) WHERE seq = {seq}",
        "UPDATE events SET action = CAST(action AS BLOB) WHERE seq = {seq}",
    ],
    ids=["a-call", "a-field-made-a-blob", "its-action-made-a-blob"],
)
def test_an_event_altered_before_the_stations_own_snapshot_is_refused(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    alteration: str,
) -> None:
    """A count altered before the snapshot its station sealed at close is refused, never
    opened ready to count nor tallied from the snapshot's figures: the events before a
    snapshot are not taken on the seal's word in a file shorter than
    `snapshots.TRUSTED_FROM`, which is checked whole."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 20)
    path = tmp_path / "long.station"
    random_journal(path, 300, seed=5)
    with Journal.open(path, read_only=True) as journal:
        started = snapshots.start_from(journal, journal.head_seq, station_secret())
        assert started is not None and started.seq == 282  # its station's own, sealed
        seq = next(  # a plain call well before it
            record.seq for record in journal.records() if record.seq > 100 and record.call
        )
    tamper(path, alteration.format(seq=seq))
    restore_guards(path)
    refuses_to_count(qtbot, path, seq, monkeypatch)
    stored = on_disk(path)
    one_line_usage_error(station("tally", path), as_verify_names_it(path, seq))
    assert on_disk(path) == stored, "`station tally` changed the file"


@pytest.mark.parametrize("field", ["employer", "union_name", "agent", "format", "case_number"])
def test_a_setup_field_stored_as_a_blob_is_an_altered_setup_not_a_traceback(
    election: Pristine,
    field: str,
) -> None:
    """A setup field stored as a blob is an altered setup, said in one line: hashing the
    setup must not fail with `TypeError: Object of type bytes is not JSON serializable`."""
    conn = sqlite3.connect(election.file)
    conn.execute("DROP TRIGGER election_no_update")
    conn.execute(f"UPDATE election SET {field} = CAST({field} AS BLOB)")
    conn.commit()
    conn.close()
    stored = on_disk(election.file)
    code, out, err = station("verify", election.file)
    assert (code, out) == (1, ""), (code, out, err)
    assert err == f"NOT INTACT: {election.file}: the election setup was altered\n"
    for command in ("tally", "log", "open"):
        one_line_usage_error(station(command, election.file), "the election setup was altered")
    assert on_disk(election.file) == stored


# -- 7. a file in rollback mode is put back into WAL before a station counts into it --


def journal_mode(path: Path) -> str:
    conn = sqlite3.connect(path)
    try:
        return str(conn.execute("PRAGMA journal_mode").fetchone()[0])
    finally:
        conn.close()


def test_a_vacuumed_copy_is_counted_into_in_wal_mode(
    qtbot: QtBot,
    election: Pristine,
    tmp_path: Path,
) -> None:
    copy = tmp_path / "vacuumed.station"
    conn = sqlite3.connect(election.file)
    conn.execute("VACUUM INTO ?", (str(copy),))
    conn.close()
    assert journal_mode(copy) == "delete"
    assert station("reopen", copy, "--reason", "a recount")[0] == 0
    assert journal_mode(copy) == "wal"
    # A reader holding a read open never blocks the station's next call.
    reader = sqlite3.connect(copy)
    reader.execute("BEGIN")
    reader.execute("SELECT COUNT(*) FROM events").fetchone()
    try:
        controller = CountController(Journal.open(copy, seal_secret=station_secret()))
        changes = controller.count.counted
        controller.record(Call.FOR)
        assert controller.count.counted == changes + 1
        controller.journal.close()
    finally:
        reader.close()


# -- 8. the file alone holds the count: checkpoints, a warning, and `station copy` ----


def copy_alone(path: Path, to: Path) -> Path:
    """What a file manager copies: the file, not the -wal beside it."""
    shutil.copyfile(path, to)
    return to


def events_in(path: Path) -> int:
    journal = Journal.open(path, read_only=True)
    try:
        return journal.head_seq
    finally:
        journal.close()


def test_the_file_alone_never_lags_far_behind(election_file: Path, tmp_path: Path) -> None:
    journal = Journal.open(election_file, seal_secret=station_secret())
    try:
        journal.start_session()
        for _ in range(5):
            journal.append(Action.CALL, Call.FOR)
        sign = prepare_sheet(
            CountSession(journal, journal.restore(trust_snapshots=False)),
            SheetRequest(SheetKind.INTERIM, "R. Agent", [], None),
            key_fingerprint=key_for_signing().fingerprint,
        )
        # A copy made right after a sheet (or a pause) holds it.
        assert events_in(copy_alone(election_file, tmp_path / "a.station")) >= sign.event.seq
        reopen_count(CountSession(journal, journal.restore(trust_snapshots=False)), "next morning")
        for _ in range(600):
            journal.append(Action.CALL, Call.AGAINST)
        lag = journal.head_seq - events_in(copy_alone(election_file, tmp_path / "b.station"))
        assert lag <= 300
    finally:
        journal.close()


def test_verify_warns_of_a_copy_without_its_wal(election_file: Path, tmp_path: Path) -> None:
    journal = Journal.open(election_file, seal_secret=station_secret())
    try:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR)
        copy = copy_alone(election_file, tmp_path / "copy.station")
        code, _out, err = station("verify", copy)
        assert code == 0 and err.count("\n") == 1, err
        assert "the count may go on in a -wal file that was not copied" in err
        code, _out, err = station("verify", election_file)  # the original, its -wal beside it
        assert (code, err) == (0, "")
    finally:
        journal.close()
    code, _out, err = station("verify", election_file)  # closed: nothing more to copy
    assert (code, err) == (0, "")


def test_station_copy_takes_the_wal_too_and_never_overwrites(
    election_file: Path, tmp_path: Path
) -> None:
    journal = Journal.open(election_file, seal_secret=station_secret())
    try:
        journal.start_session()
        for _ in range(3):
            journal.append(Action.CALL, Call.FOR)
        head = (journal.head_seq, journal.head_hash)
        code, out, err = station("copy", election_file, tmp_path / "copy.station")
        assert code == 0 and err.count("\n") == 1 and "is still open" in err, err
        assert head[1][:16] in out
        assert events_in(tmp_path / "copy.station") == head[0]  # while it counts on
        assert journal_mode(tmp_path / "copy.station") == "wal"
    finally:
        journal.close()
    before = (tmp_path / "copy.station").read_bytes()
    one_line_usage_error(
        station("copy", election_file, tmp_path / "copy.station"), "never overwrites"
    )
    assert (tmp_path / "copy.station").read_bytes() == before
    folder = tmp_path / "stick"
    folder.mkdir()
    assert station("copy", election_file, folder)[0] == 0
    code, _out, err = station("verify", folder / election_file.name)
    assert (code, err) == (0, ""), err
    one_line_usage_error(station("copy", tmp_path / "missing.station", folder), "missing")
    assert sorted(p.name for p in folder.iterdir()) == [election_file.name]


# -- 10. a file on read-only media is read where it lies ------------------------------


@pytest.fixture
def write_protected(election: Pristine, tmp_path: Path) -> Iterator[Path]:
    """The closed election file on a file system mounted read-only (root only)."""
    with read_only_mount(tmp_path / "stick", election.file) as stick:
        yield stick / election.file.name


def test_a_file_on_read_only_media_is_read_where_it_lies(
    qtbot: QtBot,
    pristine: Pristine,
    write_protected: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(pristine.file.parent / "home"))  # its key
    for argv in (
        ["verify", write_protected],
        ["tally", write_protected],
        ["log", write_protected],
        ["export", write_protected, "--out", tmp_path / "out"],
    ):
        code, _out, err = station(*argv)
        assert code == 0, (argv, err)
        assert "read-only media" in err and err.count("\n") == 1, err
    assert "OK: " in station("verify", write_protected)[1]
    follower = JournalFollower(write_protected)  # the dashboard
    try:
        assert follower.head_seq == pristine.events
    finally:
        follower.close()
    assert sorted(p.name for p in write_protected.parent.iterdir()) == [write_protected.name]


# -- 3. the window certifies and exports what the journal says, not a snapshot ------


def forge_sealed_snapshot(path: Path) -> None:
    """With this station's seal secret: the snapshot says one FOR was an AGAINST.

    Consistent in itself (its totals add up), sealed as the station seals: the station
    starts from it.
    """
    conn = sqlite3.connect(path)
    try:
        seq, event_hash_, summary, done = conn.execute(
            "SELECT seq, event_hash, summary, done FROM snapshots"
        ).fetchone()
        stack, state = bytearray(done), json.loads(summary)
        for_, against = list(Call).index(Call.FOR), list(Call).index(Call.AGAINST)
        entry = next(i for i in range(0, len(stack), 8) if stack[i] & 3 == for_)
        stack[entry] = stack[entry] & ~3 | against
        state["totals"][for_] -= 1
        state["totals"][against] += 1
        forged = json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        secret = station_secret()
        assert secret is not None
        undone = conn.execute("SELECT undone FROM snapshots").fetchone()[0]
        digest = snapshot_digest(seq, event_hash_, forged, bytes(stack), undone)
        conn.execute("DROP TRIGGER snapshots_no_update")
        conn.execute(
            "UPDATE snapshots SET summary = ?, done = ?, seal = ?",
            (forged, bytes(stack), seal(secret, digest)),
        )
        conn.execute(SNAPSHOT_GUARD_STATEMENTS[0])
        conn.commit()
    finally:
        conn.close()


@pytest.fixture
def signed_long_count(tmp_path: Path, often: None) -> Path:
    """300 calls and an interim sheet, closed by a station: it stored a snapshot."""
    path = tmp_path / "long.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=None, pile=0))
    journal = Journal.open(path, seal_secret=station_secret())
    journal.start_session()
    for number in range(300):
        journal.append(Action.CALL, Call.FOR if number % 3 else Call.AGAINST)
    request = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)
    prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        request,
        key_fingerprint=key_for_signing().fingerprint,
    )
    journal.close()
    return path


def test_the_window_refuses_to_certify_or_export_a_forged_snapshot(
    qtbot: QtBot,
    signed_long_count: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The window replays its last few events one by one: fewer than the snapshot's lag.
    monkeypatch.setattr(count_controller, "RECENT_CHANGES", 5)
    journal = Journal.open(signed_long_count, read_only=True)
    truth = journal.restore(trust_snapshots=False)
    journal.close()
    forge_sealed_snapshot(signed_long_count)
    controller = CountController(Journal.open(signed_long_count, seal_secret=station_secret()))
    try:
        shown = controller.count.tally
        assert (shown.for_union, shown.against) == (
            truth.tally.for_union - 1,
            truth.tally.against + 1,
        )
        assert controller.count.locked_by is not None  # by the interim sheet
        controller.reopen("the next morning")
        head = controller.journal.head_seq
        request = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)
        with pytest.raises(SheetError, match="is not what the journal gives") as refused:
            controller.prepare_sheet(request)
        assert "\n" not in str(refused.value)
        assert controller.journal.head_seq == head  # nothing was signed
        with pytest.raises(ExportError, match="is not what the journal gives"):
            controller.export(tmp_path / "out", "letter")  # the interim sheet
        assert not (tmp_path / "out").exists()
    finally:
        controller.close()


def test_the_window_certifies_and_exports_a_count_opened_from_its_own_snapshot(
    qtbot: QtBot,
    signed_long_count: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(count_controller, "RECENT_CHANGES", 5)
    journal = Journal.open(signed_long_count, read_only=True)
    assert snapshots.start_from(journal, journal.head_seq - 5, station_secret()) is not None
    journal.close()
    controller = CountController(Journal.open(signed_long_count, seal_secret=station_secret()))
    try:
        controller.reopen("the next morning")
        controller.record(Call.FOR)
        sheet = controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        exported = controller.export(tmp_path / "out", "letter")
        assert exported.sheet == sheet
    finally:
        controller.close()
    assert station("verify", tmp_path / "out")[0] == 0
