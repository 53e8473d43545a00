"""Run a real station under the recorder, then judge every crash state built from it.

Each scenario prepares a folder (the disk), records one or more real processes (the
counting driver, or `station new/sign/reopen/export/key`) working in it, and then, for
each crash state `disk.Trace` builds, lays the state out as real files and asks
Station itself about it: the real `Journal.open`, `verify_file` (what `station
verify` runs), the writer's open, a new session and a call (the station counts on),
`verify_export` for an export folder, `load_key` for the signing key and the sealing
secret for a snapshot.

What was acknowledged is what the station had done when it wrote a line to standard
output (the driver's "ACK ...", a command's closing line): the events of the file as
the kernel held it at that moment (`Trace.full`), independently of any loss.
"""

import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal
from station.journal.errors import JournalError
from tests.faults.powercut.disk import Before, Crash, State, Trace, read_trace, record_env, snapshot
from tests.helpers import verify_file

SOURCE = Path(__file__).with_name("recorder.c")
DRIVER = Path(__file__).parents[1] / "driver.py"

Events = tuple[tuple[int, str], ...]  # (seq, hash) of each event, in order


def build_recorder(folder: Path) -> Path:
    """Compile recorder.c with the machine's C compiler (skip the test if there is none)."""
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None or not sys.platform.startswith("linux"):
        pytest.skip("the power-cut recorder needs Linux and a C compiler (gcc)")
    library = folder / "recorder.so"
    built = subprocess.run(
        [compiler, "-shared", "-fPIC", "-O2", "-o", str(library), str(SOURCE), "-ldl", "-lpthread"],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        pytest.skip(f"the power-cut recorder did not compile: {built.stderr.strip()[:300]}")
    if not Path("/proc/self/fd").is_dir():
        pytest.skip("the power-cut recorder names files through /proc/self/fd, absent here")
    _check_recorder(library, folder / "recorder-check")
    return library


def _check_recorder(library: Path, folder: Path) -> None:
    """The recorder sees a creation, a write and both fsyncs of a real Python process:
    a trace that silently missed calls would make every state look durable."""
    folder.mkdir()
    log = folder.with_suffix(".log")
    script = (
        "import os, sys; from station.files import fsync_file, fsync_folder; "
        "p = sys.argv[1] + '/f'; open(p, 'wb').write(b'x'); fsync_file(p); "
        "fsync_folder(sys.argv[1]); print('done')"
    )
    subprocess.run(
        [sys.executable, "-c", script, str(folder)],
        env=record_env(library, folder, log),
        check=True,
        capture_output=True,
    )
    ops = read_trace(log)
    kinds = [op.kind for op in ops if op.kind != "K"]
    said = b"".join(op.data for op in ops if op.kind == "K")
    assert (kinds, said) == (["C", "W", "S", "S"], b"done\n"), f"the recorder saw {kinds}, {said!r}"


@dataclass
class Figures:
    states: int = 0
    by_how: dict[str, int] = field(default_factory=dict)
    acknowledged_checked: int = 0  # acknowledged events found in place, summed over states
    in_flight_added: int = 0
    lost: int = 0
    invented: int = 0
    doubled: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        hows = ", ".join(f"{how} {n}" for how, n in sorted(self.by_how.items()))
        return (
            f"crash states {self.states} ({hows}); acknowledged events checked"
            f" {self.acknowledged_checked}, in-flight events kept {self.in_flight_added};"
            f" lost {self.lost}, invented {self.invented}, doubled {self.doubled};"
            f" {self.seconds:.1f} s"
        )

    def add(self, other: "Figures") -> None:
        self.states += other.states
        for how, n in other.by_how.items():
            self.by_how[how] = self.by_how.get(how, 0) + n
        self.acknowledged_checked += other.acknowledged_checked
        self.in_flight_added += other.in_flight_added
        self.lost += other.lost
        self.invented += other.invented
        self.doubled += other.doubled
        self.problems += other.problems
        self.seconds += other.seconds


class Disk:
    """A folder whose writes are recorded: `root/count` holds the election, `root/data`
    is the station's data folder (XDG_DATA_HOME: signing key and sealing secret)."""

    def __init__(self, tmp: Path, library: Path) -> None:
        tmp.mkdir(parents=True, exist_ok=True)
        self.root = (tmp / "disk").resolve()
        self.count = self.root / "count"
        self.data = self.root / "data"
        self.count.mkdir(parents=True)
        self.data.mkdir()
        self.log = tmp / "trace.log"
        self.library = library
        self.config = tmp / "config"
        self.before: Before | None = None  # taken by `start`
        self.work = tmp / "states"
        self.work.mkdir()
        self._made = 0

    def start(self) -> None:
        """Everything on the disk now is durable; what follows is recorded."""
        self.before = snapshot(self.root)

    def env(self) -> dict[str, str]:
        env = record_env(self.library, self.root, self.log)
        env.update(
            QT_QPA_PLATFORM="offscreen",
            XDG_DATA_HOME=str(self.data),
            XDG_CONFIG_HOME=str(self.config),
        )
        return env

    def run(self, *argv: str | Path) -> str:
        """Run `station ARGV` recorded; return what it printed."""
        done = subprocess.run(
            [sys.executable, "-m", "station", *map(str, argv)],
            capture_output=True,
            text=True,
            env=self.env(),
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def drive(self, election: Path, commands: list[str]) -> list[str]:
        """Run the counting driver (tests/faults/driver.py) recorded, to the end."""
        done = subprocess.run(
            [sys.executable, str(DRIVER), str(election)],
            input="".join(f"{command}\n" for command in [*commands, "Q"]),
            capture_output=True,
            text=True,
            env=self.env(),
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    def trace(self) -> Trace:
        assert self.before is not None
        return Trace(self.before, read_trace(self.log))

    def lay_out(self, state: State) -> Path:
        """The state as real files, in a new folder laid out like `root`."""
        self._made += 1
        target = self.work / f"s{self._made}"
        state.write_to(target)
        return target

    def clear(self, folder: Path) -> None:
        shutil.rmtree(folder, ignore_errors=True)


def events_of(path: Path) -> Events | None:
    """The file's events as (seq, hash), None if there is no file."""
    if not path.exists():
        return None
    journal = Journal.open(path, read_only=True)
    try:
        return tuple((r.seq, r.hash) for r in journal.records())
    finally:
        journal.close()


class Oracle:
    """What the station had acknowledged at each line it wrote, from a no-loss replay."""

    def __init__(self, disk: Disk, trace: Trace, relative: str) -> None:
        self.marks = trace.marks()
        self.relative = relative
        self.initial = self._events(disk, trace.full(0))  # durable before the recording
        self.at_mark: list[Events | None] = []
        for index, _line in self.marks:
            self.at_mark.append(self._events(disk, trace.full(index)))
        self.final = self._events(disk, trace.full(len(trace.ops)))

    def _events(self, disk: Disk, state: State) -> Events | None:
        folder = disk.lay_out(state)
        try:
            return events_of(folder / self.relative)
        finally:
            disk.clear(folder)

    def around(self, at: int) -> tuple[int, Events | None, Events | None]:
        """(marks written before call `at`, events acknowledged then, events the run
        had made by its next line: the most a state may hold)."""
        written = sum(1 for index, _ in self.marks if index < at)
        acknowledged = self.at_mark[written - 1] if written else self.initial
        most = self.at_mark[written] if written < len(self.marks) else self.final
        return written, acknowledged, most


def check_journal(
    path: Path,
    acknowledged: Events | None,
    most: Events | None,
    final: Events | None,
    in_flight: int,
    figures: Figures,
    where: str,
) -> bool:
    """Judge one election file in one crash state: no acknowledged event lost or changed,
    none invented, none beyond what was in flight, and a chain `verify` accepts; True if
    the file is there."""
    stored = events_of(path)
    if stored is None:
        if acknowledged is not None:
            figures.lost += len(acknowledged) or 1
            figures.problems.append(f"{where}: the acknowledged file is gone")
        return False
    known = acknowledged or ()
    if stored[: len(known)] != known:
        figures.lost += sum(1 for event in known if event not in stored)
        figures.problems.append(
            f"{where}: acknowledged {len(known)} events, the file holds {len(stored)}"
            f" ({len(set(known) - set(stored))} of them missing or changed)"
        )
    if final is None or stored != final[: len(stored)]:
        figures.invented += 1
        figures.problems.append(f"{where}: the file holds events the station never wrote")
    extra = len(stored) - len(known)
    if most is not None and len(stored) > len(most):
        figures.doubled += len(stored) - len(most)
        figures.problems.append(f"{where}: {extra} events beyond what was in flight")
    if extra > in_flight:
        figures.doubled += extra - in_flight
        figures.problems.append(f"{where}: {extra} events after the last acknowledged one")
    figures.acknowledged_checked += min(len(known), len(stored))
    figures.in_flight_added += max(extra, 0)
    verdict = verify_file(path)
    if not verdict.ok:
        figures.problems.append(f"{where}: verify says {verdict.problem}")
    return True


def counts_on(path: Path, figures: Figures, where: str) -> None:
    """The station opens the file for counting, records a call (unless a tally sheet
    locks the count) and closes it cleanly."""
    try:
        journal = Journal.open(path)
        try:
            locked = (
                journal.restore(trust_snapshots=False).locked_by is not None
            )  # a sheet locks it: no call
            journal.start_session()
            if not locked:
                journal.append(Action.CALL, Call.FOR)
        finally:
            journal.close()
    except JournalError as error:
        figures.problems.append(f"{where}: the station cannot count on: {error}")
        return
    verdict = verify_file(path)
    if not verdict.ok:
        figures.problems.append(f"{where}: after counting on, verify says {verdict.problem}")


def explore(
    disk: Disk,
    trace: Trace,
    count: int,
    seed: int,
    judge: Callable[[Path, Crash, int], None],
    figures: Figures,
    *,
    systematic: bool = True,
    how: Callable[[random.Random], list[Crash]] | None = None,
) -> None:
    """Build `count` crash states of `trace` (and, if `systematic`, each with exactly one
    change lost: `Trace.one_lost`), or those `how` builds, and let `judge` check each,
    laid out."""
    started = time.monotonic()
    rng = random.Random(seed)
    crashes = trace.crashes(count, rng) if how is None else how(rng)
    if systematic and how is None:
        crashes += trace.one_lost()
    for crash in crashes:
        folder = disk.lay_out(trace.state(crash))
        try:
            judge(folder, crash, figures.states)
        finally:
            disk.clear(folder)
        figures.states += 1
        figures.by_how[crash.how] = figures.by_how.get(crash.how, 0) + 1
    figures.seconds += time.monotonic() - started
