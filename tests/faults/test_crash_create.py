"""`station new` and `station export` killed at random moments never leave half a file.

After each SIGKILL the election file (or the export folder) either does not exist or is
complete and verifies; running the command again then does the right thing. What a
killed creation leaves under a hidden temporary name is swept by a later `new` in the
same folder once it is ten minutes old.
"""

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from station.sheet.verify_export import verify_export
from tests.helpers import JFK8, verify_file

pytestmark = pytest.mark.long  # processes killed at random: seconds

KILLS = 4  # each lands while the file is being written: see `kill_while_writing`
MORE_KILLS = 8  # at most, until one has landed before the command was done
NEW = ["--case", "29-RC-288020", "--employer", "Amazon.com Services LLC"]
NEW += ["--union", "Amazon Labor Union", "--eligible", "8325"]
LATEST = 0.1  # s after the writing began; it takes about that long (this machine, idle)


def start(*argv: str | Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "station", *map(str, argv)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )


def kill_while_writing(
    process: subprocess.Popen[bytes], rng: random.Random, writing: Callable[[], bool]
) -> bool:
    """SIGKILL `process` at a random moment once it has begun to write; True if it was
    still running then (False: it was done first, and nothing was killed).

    A kill at a random moment from the launch landed, every time, while Python was still
    importing (`new` begins writing half a second in, after the 0.45 s the test gave
    it): nothing was ever half written. So the test waits on the condition (the hidden
    staging file or folder appears, polled every millisecond), then kills at a random
    moment, most often early in the writing, now and then after it ended. What is on
    disk is read only once the process is gone.
    """
    deadline = time.monotonic() + 60
    while process.poll() is None and not writing():
        assert time.monotonic() < deadline, "the command never began to write"
        time.sleep(0.001)  # a poll of the condition, not a delay
    try:
        process.wait(timeout=LATEST * rng.random() ** 3)  # a deliberately random moment
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        return True
    return False


def staging(folder: Path, pattern: str) -> Callable[[], bool]:
    """Whether a hidden staging file or folder matching `pattern` is in `folder`."""
    return lambda: any(folder.glob(pattern))


def more_kills(kill: int, outcomes: dict[str, int]) -> bool:
    """KILLS kills, then up to MORE_KILLS more until one cut the writing short."""
    return kill < KILLS or (outcomes[CUT_SHORT] == 0 and kill < KILLS + MORE_KILLS)


CUT_SHORT = "killed while writing: nothing there"


def test_new_killed_at_random_leaves_no_half_file(tmp_path: Path) -> None:
    rng = random.Random(6)
    outcomes = {CUT_SHORT: 0, "complete": 0}
    kill = 0
    while more_kills(kill, outcomes):
        folder = tmp_path / f"k{kill}"  # its own folder: a killed one's leftovers stay
        folder.mkdir()
        path = folder / "e.station"
        killed = kill_while_writing(
            start("new", path, *NEW), rng, staging(folder, ".station-*.creating*")
        )
        if path.exists():
            verdict = verify_file(path)
            assert verdict.ok and verdict.events == 0, verdict.problem
            outcomes["complete"] += 1
        else:
            assert killed  # a `new` that ended by itself made its file
            assert main(["new", str(path), *NEW]) == 0  # the name is still free
            outcomes[CUT_SHORT] += 1
        kill += 1
    print(f"\nstation new killed {kill} times: {outcomes}, never half a file")
    assert outcomes[CUT_SHORT] > 0, "no kill landed before the file was complete"


def test_a_killed_creations_leftovers_are_swept_once_stale(tmp_path: Path) -> None:
    stale = [tmp_path / f".station-0a1b2c3d4e5f.creating{end}" for end in ("", "-wal", "-shm")]
    fresh = tmp_path / ".station-ffffffffffff.creating"  # another creation, in progress
    for leftover in [*stale, fresh]:
        leftover.write_bytes(b"half")
    hour_ago = time.time() - 3600
    for leftover in stale:
        os.utime(leftover, (hour_ago, hour_ago))
    assert main(["new", str(tmp_path / "next.station"), *NEW]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [fresh.name, "next.station"]


def test_export_killed_at_random_leaves_no_half_folder(tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    Journal.create(
        path,
        replace(JFK8, ballots=None),
    )
    journal = Journal.open(path)
    journal.start_session()
    for call in (Call.FOR, Call.AGAINST, Call.FOR):
        journal.append(Action.CALL, call)
    journal.close()
    assert main(["sign", str(path)]) == 0
    rng = random.Random(7)
    outcomes = {CUT_SHORT: 0, "complete": 0}
    kill = 0
    while more_kills(kill, outcomes):
        parent = tmp_path / f"k{kill}"  # its own: a killed one's staging folder stays
        parent.mkdir()
        folder = parent / "sheet"
        killed = kill_while_writing(
            start("export", path, "--out", folder), rng, staging(parent, ".station-export-*")
        )
        if folder.exists():
            verdict = verify_export(folder)
            assert verdict.ok, verdict.problem
            outcomes["complete"] += 1
        else:
            assert killed  # an export that ended by itself made its folder
            assert main(["export", str(path), "--out", str(folder)]) == 0
            outcomes[CUT_SHORT] += 1
        kill += 1
    print(f"\nstation export killed {kill} times: {outcomes}, never half a folder")
    assert outcomes[CUT_SHORT] > 0, "no kill landed before the folder was complete"
