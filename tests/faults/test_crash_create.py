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
from dataclasses import replace
from pathlib import Path

from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from station.sheet.verify_export import verify_export
from tests.conftest import JFK8, verify_file

KILLS = 12
NEW = ["--case", "29-RC-288020", "--employer", "Amazon.com Services LLC"]
NEW += ["--union", "Amazon Labor Union", "--eligible", "8325"]


def start(*argv: str | Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "station", *map(str, argv)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )


def kill_at_random(process: subprocess.Popen[bytes], rng: random.Random, latest: float) -> None:
    time.sleep(rng.uniform(0.0, latest))  # a deliberately random moment
    process.kill()
    process.wait()


def test_new_killed_at_random_leaves_no_half_file(tmp_path: Path) -> None:
    rng = random.Random(6)
    outcomes = {"absent": 0, "complete": 0}
    for kill in range(KILLS):
        path = tmp_path / f"e{kill}.station"
        kill_at_random(start("new", path, *NEW), rng, 0.45)
        if path.exists():
            verdict = verify_file(path)
            assert verdict.ok and verdict.events == 0, verdict.problem
            outcomes["complete"] += 1
        else:
            assert main(["new", str(path), *NEW]) == 0  # the name is still free
            outcomes["absent"] += 1
    print(f"\nstation new killed {KILLS} times: {outcomes}, never half a file")


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
    outcomes = {"absent": 0, "complete": 0}
    for kill in range(KILLS):
        folder = tmp_path / f"sheet{kill}"
        kill_at_random(start("export", path, "--out", folder), rng, 1.5)
        if folder.exists():
            verdict = verify_export(folder)
            assert verdict.ok, verdict.problem
            outcomes["complete"] += 1
        else:
            assert main(["export", str(path), "--out", str(folder)]) == 0
            outcomes["absent"] += 1
    print(f"\nstation export killed {KILLS} times: {outcomes}, never half a folder")
