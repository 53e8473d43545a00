"""How fast a committed call reaches the observers' dashboard, and what following costs the writer.

Not a test: it prints figures. Three measurements, about a minute in all:

(a) in-process: from `CountController.record()` (journal commit included) until the
    dashboard has painted the new figure, over `--calls` calls; target two frames (33 ms).
(b) another process: a child runs a real `DashboardWindow` on a `JournalFollower`
    (offscreen) and prints `seq lag_ns` as each event reaches the dashboard, where
    lag = time.monotonic_ns() - record.mono_ns (one clock for all processes on Linux),
    while this process appends at `--rate` calls a second; target p99 <= 250 ms.
(c) the writer's commit time at the same pace, alone and with that reader following.

    .venv/bin/python bench/dashboard_latency.py [--calls 1000] [--seconds 25] [--rate 20]

The last line printed is one JSON object with the headline figures.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path

from arguments import positive, whole  # bench/ is the script's folder, so on sys.path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import JFK8, percentile  # bench/ is the script's folder, so on sys.path
from paint_watch import PaintWatch
from PySide6.QtWidgets import QApplication

from station.domain import Action, Call
from station.journal import Journal
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed

SETUP = replace(JFK8, ballots=100_000)


def summary(name: str, values_ms: list[float]) -> None:
    print(
        f"  {name}: n={len(values_ms)}  median {statistics.median(values_ms):.2f} ms"
        f"  p99 {percentile(values_ms, 0.99):.2f} ms  max {max(values_ms):.2f} ms"
    )


def bench_in_process(folder: Path, calls: int) -> tuple[list[float], list[float]]:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    path = folder / "inprocess.station"
    Journal.create(path, SETUP)
    controller = CountController(Journal.open(path))
    window = DashboardWindow(ControllerFeed(controller))
    window.resize(1920, 1080)
    window.show()
    for _ in range(50):
        app.processEvents()
    watches = {}
    for call, figure in (
        (Call.FOR, window.choice_figures[0]),
        (Call.AGAINST, window.choice_figures[-1]),
    ):
        watch = PaintWatch()
        figure.installEventFilter(watch)
        watches[call] = (watch, figure)
    total_ms: list[float] = []
    after_commit_ms: list[float] = []
    for index in range(calls):
        call = Call.FOR if index % 2 == 0 else Call.AGAINST
        watch, figure = watches[call]
        app.processEvents()  # let the flash animation's own repaints happen first
        watch.painted = False
        expected = figure.value() + 1
        start = time.perf_counter_ns()
        assert controller.record(call)
        committed = time.perf_counter_ns()
        while not watch.painted:
            app.processEvents()
        done = time.perf_counter_ns()
        assert figure.value() == expected
        total_ms.append((done - start) / 1e6)
        after_commit_ms.append((done - committed) / 1e6)
    window.close()
    controller.close()
    return total_ms, after_commit_ms


def append_at_pace(journal: Journal, seconds: float, rate: float) -> list[float]:
    """Append calls at `rate` a second for `seconds`; the commit time of each, in ms."""
    commits: list[float] = []
    period = 1 / rate
    # Jitter each call within its slot: at a steady 20/s against a 50 ms poll the two
    # clocks would lock in phase and show one lag instead of the whole spread.
    jitter = random.Random(20)
    start = time.monotonic()
    index = 0
    while time.monotonic() - start < seconds:
        begin = time.perf_counter_ns()
        journal.append(Action.CALL, Call.FOR if index % 2 == 0 else Call.AGAINST)
        commits.append((time.perf_counter_ns() - begin) / 1e6)
        index += 1
        slot = start + index * period + jitter.uniform(0, period * 0.9)
        time.sleep(max(slot - time.monotonic(), 0))
    return commits


def bench_processes(
    folder: Path, seconds: float, rate: float
) -> tuple[list[float], list[float], list[float]]:
    path = folder / "process.station"
    Journal.create(path, SETUP)
    journal = Journal.open(path)
    journal.start_session()
    alone = append_at_pace(journal, min(seconds / 3, 8), rate)
    child = subprocess.Popen(
        [sys.executable, __file__, "--follow", str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    lags: list[float] = []
    first_seq = journal.head_seq + 1

    def read() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            seq, lag = line.split()
            if int(seq) >= first_seq:
                lags.append(int(lag) / 1e6)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    with_reader = append_at_pace(journal, seconds, rate)
    last = journal.head_seq
    deadline = time.monotonic() + 5
    while len(lags) < last - first_seq + 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    child.terminate()
    child.wait(timeout=10)
    reader.join(timeout=5)
    journal.close()
    missing = last - first_seq + 1 - len(lags)
    if missing:
        print(f"  WARNING: {missing} events never reached the child dashboard")
    return lags, alone, with_reader


def follow(path: Path) -> int:
    """Child mode: a real dashboard following `path`, printing `seq lag_ns` per event."""
    app = QApplication(sys.argv[:1])
    follower = JournalFollower(path)
    window = DashboardWindow(follower)
    window.resize(1280, 720)
    window.show()

    def on_follower_changed(change: object) -> None:
        record = follower.last_record
        assert record is not None
        print(f"{record.seq} {time.monotonic_ns() - record.mono_ns}", flush=True)

    # Connected after the window: the lag includes the dashboard taking the change in.
    follower.changed.connect(on_follower_changed)
    follower.start()
    print("ready", flush=True)
    return app.exec()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=whole(1), default=1000, help="in-process calls (a)")
    parser.add_argument("--seconds", type=positive, default=25, help="duration of (b)")
    parser.add_argument("--rate", type=positive, default=20, help="calls a second in (b), (c)")
    parser.add_argument("--follow", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.follow:
        return follow(args.follow)
    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        folder = Path(name)
        print(f"(a) in-process dashboard, {args.calls} calls (commit with fsync included):")
        total, after_commit = bench_in_process(folder, args.calls)
        summary("record() -> painted", total)
        summary("commit returned -> painted", after_commit)
        print(
            f"(b) `station dashboard`-style follower in a child process, {args.rate:g} calls/s"
            f" for {args.seconds:g} s:"
        )
        lags, alone, with_reader = bench_processes(folder, args.seconds, args.rate)
        summary("commit -> child dashboard updated (lag)", lags)
        print(f"(c) writer commit time at {args.rate:g} calls/s:")
        summary("alone", alone)
        summary("with the follower reading", with_reader)
    figures = {
        "dashboard_inprocess_p50_ms": round(statistics.median(total), 2),
        "dashboard_inprocess_p99_ms": round(percentile(total, 0.99), 2),
        "dashboard_lag_p50_ms": round(statistics.median(lags), 2),
        "dashboard_lag_p99_ms": round(percentile(lags, 0.99), 2),
        "writer_commit_ms_alone": round(statistics.median(alone), 3),
        "writer_commit_ms_with_reader": round(statistics.median(with_reader), 3),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
