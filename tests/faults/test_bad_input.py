"""Bad input never crashes Station, never writes, and is told in one line.

Files: garbage, empty, another program's SQLite and a newer Station's file, given to
every command that takes a file. Arguments: hypothesis draws command lines for every
subcommand from the options Station knows, files good and bad, and arbitrary text,
and runs them in-process (`station.cli.main`): the exit code is 0, 1 or 2, a 2 comes
with exactly one line on stderr, nothing is ever a traceback, and nothing in the folder
is created or changed unless the command succeeded at creating or changing it. The
"New election" dialog is fuzzed the same way.
"""

import hashlib
import io
import os
import shutil
import socket
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from station.cli import SUBCOMMANDS, main
from station.domain import Action, Call, ElectionSetup, SetupError, SheetKind
from station.journal import CorruptJournal, Journal, schema, snapshots
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.operator.controller import CountController
from station.ui.start.new_election import NewElectionDialog
from station.witness.serve import FeedServer
from tests.helpers import JFK8
from tests.journal.helpers import random_journal

# The README's test run draws the same examples every time (derandomized), so it turns
# red only on a defect new in the code under test; every draw that once failed is kept
# below as an @example. The wide random search is a run of its own, where a failure is
# reported rather than blocking a landing by chance:
#   STATION_FUZZ_EXAMPLES=5000 pytest tests/faults/test_bad_input.py -k fuzzed
WIDE = "STATION_FUZZ_EXAMPLES" in os.environ
EXAMPLES = int(os.environ.get("STATION_FUZZ_EXAMPLES", "250"))

SETUP = replace(JFK8, ballots=None)


def garbage(path: Path) -> None:
    path.write_bytes(bytes(range(256)) * 16)


def empty(path: Path) -> None:
    path.write_bytes(b"")


def foreign(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.commit()
    conn.close()


def future(path: Path) -> None:
    Journal.create(path, SETUP)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {schema.SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()


BAD_FILES = {"garbage": garbage, "empty": empty, "foreign": foreign, "future": future}
FILE_COMMANDS = [
    ["open", "{file}"],
    ["{file}"],
    ["tally", "{file}"],
    ["tally", "{file}", "--json"],
    ["log", "{file}", "--json"],
    ["verify", "{file}"],
    ["sign", "{file}", "--agent", "R. Agent"],
    ["reopen", "{file}", "--reason", "a ballot found"],
    ["export", "{file}", "--out", "{folder}/out"],
    ["dashboard", "{file}"],
]


def snapshot(folder: Path) -> dict[str, str]:
    """Every file and folder under `folder`, with a digest of each file's bytes."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        found[name] = "folder" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit:  # --help and --version end through argparse
            code = exit.code if isinstance(exit.code, int) else 2
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def no_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands that open a window check their file, then return instead of running."""
    from station.ui.dashboard.feed import JournalFollower

    def operator(journal: Journal, after_tally: bool = False) -> int:
        journal.close()
        return 0

    def dashboard(path: Path, theme: str, *, hide_challenges: bool = False) -> int:
        JournalFollower(path).close()  # refuses a bad file exactly as the real one does
        return 0

    monkeypatch.setattr("station.app.run_operator", operator)
    monkeypatch.setattr("station.app.run_dashboard", dashboard)
    monkeypatch.setattr("station.app.run_start", lambda: 0)
    monkeypatch.setattr("station.app.run_demo", lambda: 0)  # takes no file; tests/test_demo.py
    # `station serve FILE` checks its file, listens, then serves until stopped: here it
    # stops at once (the fuzzer drew `serve count.station`, and the run never ended).
    monkeypatch.setattr(FeedServer, "serve_forever", lambda _server, poll_interval=0.5: None)
    # Nor may it lower this test run's priority or take over its SIGTERM, as it does its own.
    monkeypatch.setattr("station.cli.witnessing._be_nice", lambda: None)
    monkeypatch.setattr("station.cli.witnessing._stop_on_sigterm", lambda: None)


@pytest.mark.parametrize("kind", sorted(BAD_FILES))
@pytest.mark.parametrize("argv", FILE_COMMANDS, ids=[" ".join(a) for a in FILE_COMMANDS])
def test_a_bad_file_is_refused_in_one_line_and_left_alone(
    tmp_path: Path, kind: str, argv: list[str]
) -> None:
    path = tmp_path / "bad.station"
    BAD_FILES[kind](path)
    before = snapshot(tmp_path)
    code, out, err = run([arg.format(file=path, folder=tmp_path) for arg in argv])
    assert (code, out) == (2, ""), err
    assert err.startswith(f"station: {path}: ") and err.count("\n") == 1, err
    assert snapshot(tmp_path) == before


def test_a_garbage_export_folder_is_not_intact_in_one_line(tmp_path: Path) -> None:
    for name in ("tally.pdf", "tally.json", "journal.jsonl", "manifest.json", "manifest.sig"):
        garbage(tmp_path / name)
    before = snapshot(tmp_path)
    code, out, err = run(["verify", str(tmp_path)])
    assert (code, out) == (1, "")
    assert err.startswith("NOT INTACT: ") and err.count("\n") == 1, err
    assert snapshot(tmp_path) == before


# -- fuzzing the command line --------------------------------------------------------


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A counted election, a signed one, its export and bad files, copied for each example."""
    folder = tmp_path_factory.mktemp("template")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder.parent / f"{folder.name}-home"))
        for name in ("count.station", "signed.station"):
            Journal.create(folder / name, SETUP)
            journal = Journal.open(folder / name)
            journal.start_session()
            for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.FOR):
                journal.append(Action.CALL, call)
            if name == "signed.station":
                key = key_for_signing()
                request = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
                prepare_sheet(
                    CountSession(journal, journal.restore(trust_snapshots=False)),
                    request,
                    key_fingerprint=key.fingerprint,
                )
                export_sheet(journal, journal.restore(trust_snapshots=False), folder / "sheet", key)
            journal.close()
        for kind, make in BAD_FILES.items():
            make(folder / f"{kind}.station")
        yield folder


@contextmanager
def sandbox(template: Path) -> Iterator[Path]:
    """A fresh copy of the template as the working folder, for one example."""
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name) / "work"
        shutil.copytree(template, folder)
        before = Path.cwd()
        os.chdir(folder)
        try:
            yield folder
        finally:
            os.chdir(before)


FILES = [
    "count.station",
    "signed.station",
    "garbage.station",
    "empty.station",
    "foreign.station",
    "future.station",
    "missing.station",
    "sheet",
    ".",
    "nowhere/new.station",
    "new.station",
    "out",
]
OPTIONS = [
    "--json", "--key", "--sheet", "--head", "--agent", "--observer", "--place", "--interim",
    "--new-key", "--reason", "--out", "--paper", "--new", "--theme", "--case", "--employer",
    "--union", "--eligible", "--ballots", "--pile", "--help", "--version", "-x", "--",
]  # fmt: skip
VALUES = [
    "0", "1", "-1", "8325", "9" * 40, "1e3", "a4", "letter", "dark", "light",
    "Employer:Jane Roe", "Union:", "Judge:X", "5:deadbeef", "1:" + "0" * 64,
    "d4d6-c91e-4d9d-adad-5e3b-9005-f2a2-f6ec", "", " ", "\u202e", "R. Agent",
]  # fmt: skip
TOKENS = st.one_of(
    st.sampled_from(FILES),
    st.sampled_from(OPTIONS),
    st.sampled_from(VALUES),
    st.text(alphabet=st.characters(blacklist_characters="\x00/"), max_size=12),
)
NOISE = st.lists(TOKENS, max_size=7)
FLAGS = {"--json", "--interim", "--new-key", "--new", "--after-tally"}
OPTIONS_OF = {
    "open": ["--after-tally"],
    "new": ["--ballots", "--agent", "--pile"],
    "tally": ["--json"],
    "log": ["--json"],
    "verify": ["--key", "--sheet", "--head"],
    "sign": ["--agent", "--observer", "--place", "--interim", "--new-key"],
    "reopen": ["--reason"],
    "export": ["--out", "--sheet", "--paper"],
    "key": ["--new"],
    "dashboard": ["--theme"],
}
VALUE = st.one_of(st.sampled_from(VALUES), st.sampled_from(FILES), st.text(max_size=12))


@st.composite
def well_formed(draw: st.DrawFn) -> list[str]:
    """A command line shaped like a real one: the command, a file, its own options."""
    command = draw(st.sampled_from(sorted(OPTIONS_OF)))
    argv = [command]
    if command != "key":
        argv.append(draw(st.sampled_from(FILES)))
    if command == "new":
        for option in ("--case", "--employer", "--union", "--eligible"):
            argv += [option, draw(VALUE)]
    for option in draw(st.lists(st.sampled_from(OPTIONS_OF[command] or ["--"]), max_size=4)):
        argv += [option] if option in FLAGS or option == "--" else [option, draw(VALUE)]
    return argv


COMMAND_LINES = st.one_of(
    well_formed(),
    st.tuples(st.sampled_from([*SUBCOMMANDS, "frobnicate", ""]), NOISE).map(
        lambda parts: ([parts[0]] if parts[0] else []) + parts[1]
    ),
)

# A success may change what the command exists to create or change, and nothing else
# (`station copy FILE TO` makes TO: missing here, this test once failed a good copy).
MAY_CHANGE = {"new": "created", "sign": "changed", "reopen": "changed", "export": "created"}
MAY_CHANGE["copy"] = "created"


SIDECARS = ("-wal", "-shm")


@pytest.mark.long  # 250 command lines through the real parser and files: many seconds
@settings(
    max_examples=EXAMPLES,
    derandomize=not WIDE,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argv=COMMAND_LINES)
# A lone surrogate (not from a real shell, whose undecodable bytes come as escapes
# Python can turn back) or a NUL byte in a path must be one line, never a traceback.
@example(argv=["open", "\ud800"])
@example(argv=["tally", "a\x00b"])
@example(argv=["verify", "\udcff"])
@example(argv=["copy", "count.station", "missing.station"])  # a copy is made: allowed
@example(argv=["serve", "count.station"])  # it ran until stopped: the test never ended
# A refused feed (the sheets' key is not this station's) left -wal and -shm beside the file.
@example(argv=["serve", "signed.station"])
def test_fuzzed_command_lines(template: Path, qapp: QApplication, argv: list[str]) -> None:
    with sandbox(template) as folder:
        before = snapshot(folder)
        code, out, err = run(argv)
        after = snapshot(folder)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err and "Traceback" not in out
    if code == 2:
        assert err.startswith("station: ") and err.count("\n") == 1, (argv, err)
    if code == 1:
        assert argv[0] == "verify" and err.startswith("NOT INTACT: "), (argv, err)
        assert err.count("\n") == 1, (argv, err)
    command = argv[0] if argv and argv[0] in SUBCOMMANDS else "open"
    event(f"{command}: exit {code}")  # --hypothesis-show-statistics shows what was reached
    if command in ("dashboard", "serve") and code == 0:
        # A dashboard or a feed never opens the file for writing, not even to take away
        # the (empty) -wal and -shm files its reading made: SQLite's, not Station's.
        after = {name: digest for name, digest in after.items() if not name.endswith(SIDECARS)}
    if code != 0 or command not in MAY_CHANGE:
        assert after == before, (argv, code, err)
    elif MAY_CHANGE[command] == "created":
        assert all(after.get(name) == digest for name, digest in before.items()), argv
    else:
        changed = {name for name in before if after.get(name) != before[name]}
        assert set(after) == set(before) and len(changed) <= 1, (argv, changed)


# -- fuzzing the "New election" dialog -------------------------------------------------

FIELD_TEXT = st.one_of(
    st.sampled_from(["", " ", "0", "-3", "8,325", "4852", "1e3", "9" * 30, "abc", "\u202e"]),
    st.text(max_size=30),
)
FILE_NAMES = st.one_of(
    st.sampled_from(["e.station", "", "missing-folder/e.station", "existing.station", "."]),
    st.text(alphabet=st.characters(blacklist_characters="\x00/"), min_size=1, max_size=20).filter(
        lambda name: name.strip() not in ("", ".", "..")
    ),
)


@settings(
    max_examples=max(EXAMPLES * 3 // 5, 1),
    derandomize=not WIDE,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    case=FIELD_TEXT,
    employer=FIELD_TEXT,
    union=FIELD_TEXT,
    eligible=FIELD_TEXT,
    ballots=FIELD_TEXT,
    agent=FIELD_TEXT,
    name=FILE_NAMES,
)
def test_fuzzed_new_election_dialog(
    qtbot: QtBot,
    case: str,
    employer: str,
    union: str,
    eligible: str,
    ballots: str,
    agent: str,
    name: str,
) -> None:
    with tempfile.TemporaryDirectory() as temp:
        folder = Path(temp)
        (folder / "existing.station").write_text("keep me")
        before = snapshot(folder)
        dialog = NewElectionDialog(folder=folder, create=Journal.create)
        try:
            dialog.open()
            for field, text in (
                (dialog.case, case),
                (dialog.employer, employer),
                (dialog.union, union),
                (dialog.eligible, eligible),
                (dialog.ballots, ballots),
                (dialog.agent, agent),
            ):
                field.setText(text)
            dialog.path.setText(str(folder / name) if name else "")
            dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
            after = snapshot(folder)
            try:
                expected: ElectionSetup | None = dialog.setup()
            except SetupError:
                expected = None
            if dialog.created_path is None:
                assert dialog.isVisible() and dialog.error_label.text().strip()
                assert after == before, "a refused election leaves nothing behind"
            else:
                assert expected is not None and not dialog.isVisible()
                created = str(dialog.created_path.relative_to(folder))
                assert set(after) - set(before) == {created}
                assert all(after[n] == d for n, d in before.items())
                journal = Journal.open(dialog.created_path, read_only=True)
                try:
                    assert journal.election.setup == expected
                finally:
                    journal.close()
        finally:
            dialog.close()
            dialog.deleteLater()


def damaged_in_the_middle(path: Path, *, leaf: int | None = None) -> None:
    """A count whose events table has one page the disk mangled (half-way through)."""
    random_journal(path, 300, seed=8)
    conn = sqlite3.connect(path)
    try:
        leaves = conn.execute(
            "SELECT pageno FROM dbstat WHERE name = 'events' AND pagetype = 'leaf' ORDER BY path"
        ).fetchall()
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    finally:
        conn.close()
    data = bytearray(path.read_bytes())
    page = leaves[len(leaves) // 2 if leaf is None else leaf][0]
    data[(page - 1) * page_size] = 0x77  # no page type SQLite has
    path.write_bytes(bytes(data))


READING_COMMANDS = [argv for argv in FILE_COMMANDS if argv[0] not in ("open", "{file}")]


@pytest.mark.parametrize("argv", READING_COMMANDS, ids=[" ".join(a) for a in READING_COMMANDS])
def test_a_damaged_page_is_named_in_one_line(tmp_path: Path, argv: list[str]) -> None:
    path = tmp_path / "damaged.station"
    damaged_in_the_middle(path)
    code, out, err = run([arg.format(file=path, folder=tmp_path) for arg in argv])
    if argv[0] == "verify":
        assert code == 1 and err.startswith("NOT INTACT") and "damaged after event" in err, err
    else:
        assert code == 2, (code, out, err)
        assert err.startswith(f"station: {path}: ") and err.count("\n") == 1, err
        assert "damaged" in err, err


def test_a_station_refuses_a_damaged_page_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "damaged.station"
    damaged_in_the_middle(path)
    journal = Journal.open(path)
    try:
        with pytest.raises(CorruptJournal, match="is damaged after event"):
            CountController(journal)
    finally:
        journal.close()


def test_a_damaged_page_under_a_snapshot_is_named_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page that holds the event a snapshot names: opening looks there first."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 20)
    path = tmp_path / "damaged.station"
    damaged_in_the_middle(path, leaf=-2)
    for argv in (["tally", str(path)], ["log", str(path)], ["sign", str(path), "--agent", "A"]):
        code, _out, err = run(argv)
        assert code == 2 and err.count("\n") == 1 and "damaged" in err, (argv, err)


def signed_elsewhere(path: Path, monkeypatch: pytest.MonkeyPatch, home: Path) -> None:
    """An election whose sheet another station's key signed (this station's key differs)."""
    with monkeypatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(home))
        Journal.create(path, SETUP)
        with Journal.open(path) as journal:
            journal.start_session()
            journal.append(Action.CALL, Call.FOR)
            key = key_for_signing()
            request = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)
            prepare_sheet(
                CountSession(journal, journal.restore(trust_snapshots=False)),
                request,
                key_fingerprint=key.fingerprint,
            )


@pytest.mark.parametrize("why", ["key missing", "another key", "port taken"])
def test_a_refused_serve_leaves_the_folder_as_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: QApplication, why: str
) -> None:
    """A refused `station serve` takes away the -wal and -shm its reading made: the file
    may be kept as evidence, and a refusal changes nothing beside it."""
    folder = tmp_path / "count"
    folder.mkdir()
    path = folder / "e.station"
    signed_elsewhere(path, monkeypatch, tmp_path / "elsewhere")
    argv = ["serve", str(path), "--port", "0"]
    listener = socket.socket()  # another program listening on the port asked for
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    if why == "another key":
        key_for_signing()  # this station's own key, not the sheet's
    elif why == "port taken":
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
        argv[-1] = str(listener.getsockname()[1])
    before = snapshot(folder)
    try:
        code, out, err = run(argv)
    finally:
        listener.close()
    assert code == 2 and err.startswith("station: ") and err.count("\n") == 1, (code, out, err)
    if why == "port taken":  # what to do about it, not only what went wrong
        assert "choose a free one with --port N" in err, err
    assert snapshot(folder) == before
