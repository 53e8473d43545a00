"""Kill a counting station with SIGKILL at random moments, restart it, and check the record.

After every kill: each event the station acknowledged (its "ACK" reached the test) is
in the file exactly as acknowledged; beyond the last acknowledged event there is at
most one more, and it is the command that was in flight (never a second copy, never
something else); and `verify` passes. The default run kills 10 times (`pytest -m long`: 20); the soak run
(`pytest -m soak tests/faults/test_crash.py -s`) kills 200 times and prints the figures.
"""

import contextlib
import os
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest

from station.journal import Journal
from tests.faults.crash import Figures, assert_nothing_lost, check_after_kill
from tests.faults.helpers import Station
from tests.helpers import JFK8, verify_file

# What the operator does, weighted like a real count with its corrections.
COMMANDS = ["F"] * 35 + ["A"] * 30 + ["C"] * 8 + ["V"] * 7 + ["U"] * 12 + ["R"] * 8
COMMANDS += ["W"] * 2 + ["S"] * 2 + ["O"]  # challenges settled at the table
BATCH = 2000  # commands queued per life: more than it gets through before the kill
OPENING_S = 0.025  # the kills while starting land this long after the file is opened


def wait_until_open(station: Station, path: Path, timeout: float = 60) -> None:
    """Wait until the station's process has `path` open (or has ended): a condition,
    read from /proc, polled every millisecond. Where there is no /proc, return at once."""
    fds = Path(f"/proc/{station.process.pid}/fd")
    if not Path("/proc/self/fd").is_dir():
        return
    target = str(path.resolve())
    deadline = time.monotonic() + timeout
    while station.process.poll() is None:
        with contextlib.suppress(OSError):  # a descriptor closed while read, or the process gone
            if any(os.readlink(fd) == target for fd in fds.iterdir()):
                return
        assert time.monotonic() < deadline, f"the station did not open {path} in {timeout} s"
        time.sleep(0.001)  # a poll of the condition, not a delay


def crash_run(folder: Path, kills: int, seed: int) -> Figures:
    rng = random.Random(seed)
    path = folder / "crash.station"
    Journal.create(
        path,
        replace(JFK8, agent=None),
    )
    acknowledged: dict[int, tuple[str, str, str]] = {}  # seq -> (action, call, target)
    figures = Figures()
    started = time.monotonic()
    for _ in range(kills):
        station = Station(path)
        commands = [rng.choice(COMMANDS) for _ in range(BATCH)]
        # The two sleeps below are the test, not waits: the kill lands at a random moment.
        # Nothing after them waits on time: `kill` reads the station's answers to the end
        # of its output (it is dead then), and the file is read only after that.
        if rng.random() < 0.15:  # now and then, while it opens the file and its session
            # From the file's opening to READY takes about 12 ms here; a random moment
            # from the launch (0-0.6 s) landed in it one time in fifty, mostly killing
            # Python's imports. So: once the station has the file open, then at random.
            wait_until_open(station, path)
            time.sleep(rng.uniform(0.0, OPENING_S))  # a deliberately random moment
            answers = station.kill()
        else:
            ready = station.line()  # waits for the line itself, with a timeout
            assert ready.startswith("READY ")
            station.send(*commands)
            time.sleep(rng.uniform(0.0, 0.25))  # a deliberately random moment
            answers = [ready, *station.kill()]
        figures.kills += 1
        in_flight = check_after_kill(path, answers, commands, acknowledged, figures)
        if not answers or not answers[0].startswith("READY"):
            figures.kills_while_starting += 1
        if in_flight is None:
            figures.in_flight_not_committed += 1
        else:
            figures.in_flight_committed += 1
    station = Station(path)
    assert station.line().startswith("READY ")
    station.quit()
    verdict = verify_file(path)
    assert verdict.ok, verdict.problem
    figures.seconds = time.monotonic() - started
    return figures


@pytest.mark.parametrize("kills", [6, pytest.param(20, marks=pytest.mark.long)])
def test_kills_lose_and_double_nothing(tmp_path: Path, kills: int) -> None:
    figures = crash_run(tmp_path, kills=kills, seed=20)
    assert_nothing_lost(figures)
    assert figures.kills == kills


@pytest.mark.soak
def test_two_hundred_kills_lose_and_double_nothing(tmp_path: Path) -> None:
    figures = crash_run(tmp_path, kills=200, seed=200)
    assert_nothing_lost(figures)
    assert figures.kills == 200
