"""Cut the power under a real station: the states a disk may keep, not just a killed process.

A killed process loses nothing the kernel holds; a power cut also loses what the disk
had not made durable, and may keep a later write while losing an earlier one. How
these tests cut the power, and why this way (see tests/faults/powercut/):

- A real station process (the counting driver of test_crash.py, the operator window's
  `CountController`; or the `station` command itself) runs with a small LD_PRELOAD
  library, compiled here with the machine's gcc, that records each write, truncation,
  creation, link, removal, rename, mkdir, fsync and fdatasync under the test's folder,
  and each line the station writes to standard output, in the order they happened.
- Offline, as ALICE does (Pillai et al., OSDI 2014), `powercut/disk.py` builds the
  states a disk may hold after a power cut at a chosen call: everything fsynced stays
  (a file's data by its fsync, a name by its folder's fsync: strict POSIX, stricter
  than ext4), and of the rest: nothing, all, a prefix, any subset, all but one, or a
  write torn into 512-byte sectors.
- Besides states drawn at random, every state with exactly one change lost just
  before each of Station's own fsyncs (CrashMonkey-style, OSDI 2018): what finds a
  missing fsync between two of Station's steps. And states no correct disk leaves (a
  synced write torn), where Station must name the damage in one line.
- Each state is laid out as real files and Station itself judges it: `Journal.open`,
  `verify_file` (what `station verify` runs), then a writer's open, a new session and
  a call; `verify_export` for an export; `load_key` for the key; the sealing secret
  for the snapshot written at close.

Recording rather than a FUSE file system: it needs no root, no /dev/fuse and no
kernel module in CI (only gcc), it sees SQLite's own fsyncs of the WAL and its folder,
and building states offline lets one run explore hundreds of them in seconds (SQLite
maps its -shm file into memory, which a FUSE passthrough must support; here the -shm
is left out of every state, as SQLite rebuilds it from the WAL after a crash).

What must hold in every state: every event acknowledged (the station had written its
line to standard output) is in the file exactly as it was; nothing is invented (the
file's events are a prefix of the run's); at most what was in flight is added (one
event for a counting call); the file opens, verifies and the station counts on.

The default run explores a few hundred states; `pytest -m soak -s
tests/faults/test_power_cut.py` tens of thousands, printing the figures.
"""

import contextlib
import io
import random
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Action, Call
from station.domain.statements import staging_leftover_statement
from station.journal import Journal, snapshots
from station.journal.seal import station_secret
from station.sheet.keys import KEY_FILE, KeyProblem, load_key
from station.sheet.verify_export import verify_export
from station.verification.export_files import ALL_FILES, SIGNATURE, is_staging
from tests.faults.powercut.disk import Crash
from tests.faults.powercut.harness import (
    Disk,
    Figures,
    Oracle,
    build_recorder,
    check_journal,
    counts_on,
    explore,
)
from tests.helpers import JFK8, verify_file

COMMANDS = ["F"] * 35 + ["A"] * 30 + ["C"] * 8 + ["V"] * 7 + ["U"] * 12 + ["R"] * 8
ELECTION = "count/e.station"


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Disk:
    disk = Disk(tmp_path, build_recorder(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(disk.data))
    return disk


def counting(disk: Disk, states: int, seed: int, *, calls: int, before: int = 0) -> Figures:
    """A station counts `calls` commands (calls, undo, redo) and closes the file;
    `before` events were counted (and made durable) before the recording began."""
    path = disk.root / ELECTION
    Journal.create(path, JFK8)
    if before:  # made durable before the recording: its close makes no snapshot yet
        journal = Journal.open(path)
        journal.start_session()
        for index in range(before):
            journal.append(Action.CALL, Call.FOR if index % 3 else Call.AGAINST)
        journal.close()
    disk.start()
    rng = random.Random(seed)
    lines = disk.drive(path, [rng.choice(COMMANDS) for _ in range(calls)])
    assert lines[-1] == "BYE"
    trace = disk.trace()
    oracle = Oracle(disk, trace, ELECTION)
    # The oracle agrees with what the station said: each ACK's event is in the file then.
    for (_index, line), events in zip(oracle.marks, oracle.at_mark, strict=True):
        if line.startswith(("ACK ", "READY ")):
            seq = int(line.split()[1])
            assert events is not None and events[-1][0] == seq, line
    figures = Figures()

    def judge(folder: Path, crash: Crash, number: int) -> None:
        where = f"state {number} ({crash.how}, call {crash.at} of {len(trace.ops)})"
        written, acknowledged, most = oracle.around(crash.at)
        election = folder / ELECTION
        if not check_journal(election, acknowledged, most, oracle.final, 1, figures, where):
            return
        if before and written == len(oracle.marks) and not sealed_snapshot(folder):
            figures.problems.append(f"{where}: the snapshot made at close is not usable")
        counts_on(election, figures, where)

    if before:  # else the test would prove nothing about snapshots
        final = disk.lay_out(trace.full(len(trace.ops)))
        assert sealed_snapshot(final), "the station's close stored no sealed snapshot"
        disk.clear(final)
    explore(disk, trace, states, seed, judge, figures)
    return figures


def sealed_snapshot(folder: Path) -> bool:
    """Whether the file in `folder` has a snapshot its station (the sealing secret in
    `folder`'s data folder) will start from."""
    journal = Journal.open(folder / ELECTION, read_only=True)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("XDG_DATA_HOME", str(folder / "data"))
            secret = station_secret(create=False)
            return (
                secret is not None
                and snapshots.start_from(journal, journal.head_seq, secret) is not None
            )
    finally:
        journal.close()


def assert_held(figures: Figures, at_least: int) -> None:
    print(f"\npower cut: {figures.line()}")
    assert figures.problems == [], "\n".join(figures.problems[:20])
    assert (figures.lost, figures.invented, figures.doubled) == (0, 0, 0)
    assert figures.states >= at_least
    assert figures.acknowledged_checked > 0


# The README's test run explores fewer states drawn at random (every state with exactly
# one change lost is explored either way); `pytest -m long` (run by .ci/run) the full set.
def drawn_states(default: int, long: int) -> pytest.MarkDecorator:
    return pytest.mark.parametrize(
        "states", [default, pytest.param(long, marks=pytest.mark.long)], ids=["sampled", "long"]
    )


@drawn_states(70, 150)
def test_counting_undo_and_redo_survive_power_cuts(disk: Disk, states: int) -> None:
    figures = counting(disk, states=states, seed=1, calls=40)
    assert_held(figures, states)


@drawn_states(20, 70)
def test_the_snapshot_and_sealing_secret_made_at_close_survive_power_cuts(
    disk: Disk, states: int
) -> None:
    # 1,250 events before: this station's close is the first that stores a snapshot
    # (SNAPSHOT_EVERY after SNAPSHOT_LAG), and makes the sealing secret, in a new folder.
    figures = counting(disk, states=states, seed=2, calls=40, before=1250)
    assert_held(figures, states)


NEW = ["--case", "29-RC-288020", "--employer", "Amazon.com Services LLC"]
NEW += ["--union", "Amazon Labor Union", "--eligible", "8325"]


def sheets(disk: Disk, states: int, seed: int) -> Figures:
    """`station sign` (the signing key made on first use), `reopen`, `sign` again, and
    `export` into a new folder and into an existing one, each a recorded process."""
    path = disk.root / ELECTION
    Journal.create(path, replace(JFK8, ballots=None))
    journal = Journal.open(path)
    journal.start_session()
    for call in (Call.FOR, Call.AGAINST, Call.FOR, Call.CHALLENGE):
        journal.append(Action.CALL, call)
    journal.close()
    existing = disk.count / "sheet-old"  # an existing, empty folder: files placed one by one
    existing.mkdir()
    fresh = disk.count / "sheet-new"  # made by the export, renamed into place whole
    disk.start()
    disk.run("sign", path, "--interim")
    disk.run("reopen", path, "--reason", "the count resumes in the morning")
    disk.run("sign", path)
    disk.run("export", path, "--out", fresh)
    disk.run("export", path, "--out", existing)
    trace = disk.trace()
    oracle = Oracle(disk, trace, ELECTION)
    lines = [line for _index, line in oracle.marks]
    key_shown = 1 + next(n for n, line in enumerate(lines) if "tally prepared" in line)
    exported = [n + 1 for n, line in enumerate(lines) if line.startswith("exported")]
    fingerprint = load_key(disk.data / "station" / KEY_FILE).fingerprint
    figures = Figures()

    def judge(folder: Path, crash: Crash, number: int) -> None:
        where = f"state {number} ({crash.how}, call {crash.at} of {len(trace.ops)})"
        written, acknowledged, most = oracle.around(crash.at)
        election = folder / ELECTION
        if not check_journal(election, acknowledged, most, oracle.final, 3, figures, where):
            return
        key = folder / "data" / "station" / KEY_FILE
        if written >= key_shown or key.exists():
            try:
                if load_key(key).fingerprint != fingerprint:
                    figures.problems.append(f"{where}: another signing key")
            except KeyProblem as problem:
                figures.problems.append(f"{where}: {problem}")
        for out, done in zip(("sheet-new", "sheet-old"), exported, strict=True):
            target = folder / "count" / out
            if written < done and not target.exists():
                continue  # a new folder not acknowledged may be absent, never half there
            if written < done and out == "sheet-old" and not (target / SIGNATURE).exists():
                continue  # not acknowledged, and plainly unfinished: no signature
            problem = export_problem(target, fingerprint)
            if problem is not None:
                figures.problems.append(f"{where}: {out}: {problem}")
        counts_on(election, figures, where)

    explore(disk, trace, states, seed, judge, figures)
    return figures


def export_problem(folder: Path, fingerprint: str) -> str | None:
    """What is wrong with an export folder a power cut left, or None.

    The removal of an export's staging folder may be lost with the power: `verify` then
    refuses the folder naming exactly that leftover, in words that say what it is and to
    delete it (a later export sweeps it too). Deleted, the folder verifies as before: no
    signed file was left half-written.
    """
    verdict = verify_export(folder, expected_key=fingerprint)
    if verdict.ok:
        return None
    others = [entry for entry in folder.iterdir() if entry.name not in ALL_FILES]
    if len(others) != 1 or not is_staging(others[0].name) or not others[0].is_dir():
        return verdict.problem
    leftover = others[0]
    inside = sorted(entry.name for entry in leftover.iterdir())
    named = f"{leftover.name}/{inside[0]}" if inside else leftover.name
    said = (
        f"{named!r} is not part of the signed export: an export folder holds only"
        f" {', '.join(ALL_FILES)}; {staging_leftover_statement(leftover.name)}"
    )
    if verdict.problem != said:
        return f"{verdict.problem} (the leftover {leftover.name} is not named so: {said})"
    shutil.rmtree(leftover)
    verdict = verify_export(folder, expected_key=fingerprint)
    return None if verdict.ok else f"with {leftover.name} deleted: {verdict.problem}"


@drawn_states(10, 80)
@pytest.mark.long  # hundreds of power cuts through a sheet, an export and a reopening: seconds
def test_sheets_reopening_exports_and_the_key_survive_power_cuts(disk: Disk, states: int) -> None:
    figures = sheets(disk, states=states, seed=3)
    assert_held(figures, states)


def creation(disk: Disk, states: int, seed: int) -> Figures:
    """`station new`: built under a hidden name, fsynced, linked into place."""
    path = disk.count / "new.station"
    disk.start()
    disk.run("new", path, *NEW)
    trace = disk.trace()
    created = trace.marks()[0][0]
    figures = Figures()

    def judge(folder: Path, crash: Crash, number: int) -> None:
        where = f"state {number} ({crash.how}, call {crash.at} of {len(trace.ops)})"
        election = folder / "count" / "new.station"
        if not election.exists():
            if crash.at > created:
                figures.lost += 1
                figures.problems.append(f"{where}: the file `station new` created is gone")
            return
        figures.acknowledged_checked += crash.at > created  # the file, once "created"
        verdict = verify_file(election)
        if not verdict.ok or verdict.events != 0:
            figures.problems.append(f"{where}: a half-made file: {verdict.problem}")
            return
        counts_on(election, figures, where)

    explore(disk, trace, states, seed, judge, figures)
    return figures


def test_station_new_survives_power_cuts(disk: Disk) -> None:
    figures = creation(disk, states=40, seed=4)
    assert_held(figures, 40)


@pytest.mark.soak
def test_tens_of_thousands_of_power_cuts(tmp_path: Path) -> None:
    library = build_recorder(tmp_path)
    runs = [
        ("counting", lambda disk: counting(disk, states=14_000, seed=10, calls=150)),
        ("close", lambda disk: counting(disk, states=4_000, seed=11, calls=40, before=1250)),
        ("sheets", lambda disk: sheets(disk, states=4_000, seed=12)),
        ("new", lambda disk: creation(disk, states=3_000, seed=13)),
    ]
    figures = Figures()
    for name, run in runs:
        disk = Disk(tmp_path / name, library)
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("XDG_DATA_HOME", str(disk.data))
            part = run(disk)
        print(f"\n{name}: {part.line()}")
        figures.add(part)
    assert_held(figures, 25_000)


def test_a_disk_that_breaks_its_promise_is_named_in_one_line(disk: Disk) -> None:
    """A synced write torn (no correctly working disk does it): `station verify`, given
    the head an observer wrote down at the last acknowledged call, either finds every
    acknowledged event in place or says in one line that the record is not intact;
    `station tally` answers or refuses in one line; never a traceback."""
    path = disk.root / ELECTION
    Journal.create(path, JFK8)
    disk.start()
    rng = random.Random(5)
    disk.drive(path, [rng.choice(COMMANDS) for _ in range(40)])
    trace = disk.trace()
    oracle = Oracle(disk, trace, ELECTION)
    outcomes = {"intact": 0, "named": 0}
    figures = Figures()

    def judge(folder: Path, crash: Crash, number: int) -> None:
        where = f"state {number} (a synced write torn, call {crash.at} of {len(trace.ops)})"
        _written, acknowledged, _most = oracle.around(crash.at)
        election = str(folder / ELECTION)
        head = [f"--head={seq}:{digest[:16]}" for seq, digest in (acknowledged or ())[-1:]]
        code, said = station("verify", election, *head)
        if code == 0:
            outcomes["intact"] += 1
            check_journal(Path(election), acknowledged, None, oracle.final, 10**9, figures, where)
        elif code == 1 and len(said) == 1 and said[0].startswith("NOT INTACT: "):
            outcomes["named"] += 1
            figures.acknowledged_checked += 1  # the loss is named: nothing lost silently
        else:
            figures.problems.append(f"{where}: verify exits {code}, saying {said}")
        code, said = station("tally", election)
        if code not in (0, 1, 2) or (code and len(said) != 1):
            figures.problems.append(f"{where}: tally exits {code}, saying {said}")

    explore(disk, trace, 0, 5, judge, figures, how=lambda rng: trace.broken(60, rng))
    print(f"\nbroken disk: {figures.states} states; {outcomes}")
    assert_held(figures, 50)
    assert outcomes["named"] > 0


def station(*argv: str) -> tuple[int, list[str]]:
    """Run `station ARGV` in this process: its exit code and its lines on stderr."""
    errors = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        code = main(list(argv))
    return code, errors.getvalue().splitlines()
