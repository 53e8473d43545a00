"""Keypress to screen: how long the operator waits between pressing F and seeing the figure.

Not a test: it prints figures. The operator window runs offscreen on a new election file;
a real key event (F or A, alternating) goes to the window at a steady `--rate` a second,
and each measurement runs from sending the key event, through the durable commit, until
the call button of that call has been repainted with its new figure. Target p99 <= 16 ms,
a frame: a human limit, judged as it is. Beside it, after each call, a bare repaint of
the same window (`update()` until that button is painted again, no key, no commit): the
frame the operator cannot see below, on this machine in this hour
(`keypress_repaint_p99_ms`; `keypress_vs_repaint` shown). Then the floor of any station
that shows a call only once it is on the disk: a bare `sqlite3` insert committed with
WAL and synchronous=FULL in the same folder (same disk), then the same bare repaint,
timed together (`keypress_floor_p99_ms`; `keypress_vs_floor` shown). The disk's own
flush, not Station, is most of a slow keypress: `keypress_bare_commit_p99_ms` is the
bare commit alone.

The slowest call is judged too (`keypress_max_ms` <= 100 ms: a frame the operator sees
freeze), beside the slowest bare commit of the same run (`keypress_bare_commit_max_ms`):
a disk that stalled a bare commit as long had its hour. The phases of the `--slowest`
calls are printed (bench/phases.py): Station's own work, or the machine's.

    .venv/bin/python bench/keypress.py [--calls 10000] [--rate 20] [--slowest 5]

The last line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from arguments import positive, whole  # bench/ is the script's folder, so on sys.path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from commit_ratio import bare_database  # bench/ is the script's folder, so on sys.path
from common import JFK8, end_on_signals, percentile
from paint_watch import PaintWatch
from phases import PhaseClock, slowest_lines
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from station.app import ensure_app
from station.domain import Call
from station.journal import Journal
from station.ui.operator.controller import CountController
from station.ui.operator.window import OperatorWindow

SETUP = replace(JFK8, pile=0)  # no recount prompts between the keypresses
KEYS = {Call.FOR: (Qt.Key.Key_F, "f"), Call.AGAINST: (Qt.Key.Key_A, "a")}


def measure(
    folder: Path,
    calls: int,
    rate: float,
    on_ready: Callable[[Path], None] | None = None,
    repaints: list[float] | None = None,
    floors: list[tuple[float, float]] | None = None,
    phases: list[dict[str, float]] | None = None,
) -> list[float]:
    """The key-to-repaint time of each call, in ms.

    `on_ready`, if given, is called with the election file once the window is up and
    before the first key (bench/witness_feed.py attaches its feed and followers there).
    `repaints`, if given, gets the time of a bare repaint of the window after each call.
    `floors`, if given, gets after each call (a bare durable commit then a bare repaint,
    that commit alone), each timed. `phases`, if given, gets each call's phases
    (`phases.PhaseClock`).
    """
    app = ensure_app()
    end_on_signals()  # after the window's own handlers, which need an event loop
    path = folder / "keypress.station"
    Journal.create(path, SETUP)
    window = OperatorWindow(CountController(Journal.open(path)))
    window.resize(1100, 720)
    window.show()
    window.activateWindow()
    for _ in range(50):
        app.processEvents()
    if on_ready is not None:
        on_ready(path)
    bare = bare_database(folder / "bare.sqlite") if floors is not None else None
    row = ("2021-04-08T13:00:00.000000+00:00", "for", "0" * 64)
    watches = {}
    for call in KEYS:
        watch = PaintWatch()
        window.pad.buttons[call].installEventFilter(watch)
        watches[call] = watch
    clock = PhaseClock(path) if phases is not None else None
    if clock is not None:
        clock.install()
    times: list[float] = []
    period = 1 / rate
    start = time.perf_counter()
    for index in range(calls):
        call = Call.FOR if index % 2 == 0 else Call.AGAINST
        key, text = KEYS[call]
        watch = watches[call]
        expected = window.controller.count.total(call) + 1
        slot = start + index * period
        while time.perf_counter() < slot:  # idle until the next call, as a window would
            app.processEvents()
            time.sleep(min(0.002, max(slot - time.perf_counter(), 0)))
        app.processEvents()
        watch.painted = False
        if clock is not None:
            clock.begin()
        begin = time.perf_counter_ns()
        press = QKeyEvent(QEvent.Type.KeyPress, key, Qt.KeyboardModifier.NoModifier, text)
        QApplication.sendEvent(window, press)
        while not watch.painted:
            app.processEvents()
        times.append((time.perf_counter_ns() - begin) / 1e6)
        if clock is not None and phases is not None:
            phases.append(clock.end())
        release = QKeyEvent(QEvent.Type.KeyRelease, key, Qt.KeyboardModifier.NoModifier, text)
        QApplication.sendEvent(window, release)
        if window.controller.count.total(call) != expected:
            raise SystemExit(f"call {index + 1} was not recorded")
        if repaints is not None:
            app.processEvents()
            watch.painted = False
            begin = time.perf_counter_ns()
            window.update()
            while not watch.painted:
                app.processEvents()
            repaints.append((time.perf_counter_ns() - begin) / 1e6)
        if floors is not None and bare is not None:
            app.processEvents()
            watch.painted = False
            begin = time.perf_counter_ns()
            bare.execute("BEGIN")
            bare.execute("INSERT INTO events (utc, call, hash) VALUES (?, ?, ?)", row)
            bare.execute("COMMIT")
            committed = time.perf_counter_ns()
            window.update()
            while not watch.painted:
                app.processEvents()
            end = time.perf_counter_ns()
            floors.append(((end - begin) / 1e6, (committed - begin) / 1e6))
    window.close()
    if clock is not None:
        clock.uninstall()
    if bare is not None:
        bare.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=whole(1), default=10_000)
    parser.add_argument("--rate", type=positive, default=20)
    parser.add_argument("--slowest", type=whole(0), default=5, help="calls whose phases to show")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        os.environ["XDG_DATA_HOME"] = name  # never the user's own signing key
        print(f"keypress -> durable commit -> repainted, {args.calls:,} calls at {args.rate:g}/s:")
        repaints: list[float] = []
        floors: list[tuple[float, float]] = []
        phases: list[dict[str, float]] = []
        times = measure(
            Path(name), args.calls, args.rate, repaints=repaints, floors=floors, phases=phases
        )
    figures = {
        "keypress_p50_ms": round(statistics.median(times), 2),
        "keypress_p99_ms": round(percentile(times, 0.99), 2),
        "keypress_max_ms": round(max(times), 2),
        "keypress_repaint_p50_ms": round(statistics.median(repaints), 2),
        "keypress_repaint_p99_ms": round(percentile(repaints, 0.99), 2),
        "keypress_floor_p50_ms": round(statistics.median(floor for floor, _ in floors), 2),
        "keypress_floor_p99_ms": round(percentile([floor for floor, _ in floors], 0.99), 2),
        "keypress_bare_commit_p99_ms": round(percentile([commit for _, commit in floors], 0.99), 2),
        "keypress_bare_commit_max_ms": round(max(commit for _, commit in floors), 2),
        "keypress_load_average": round(os.getloadavg()[0], 2),
    }
    figures["keypress_vs_repaint"] = round(
        figures["keypress_p99_ms"] / figures["keypress_repaint_p99_ms"], 2
    )
    figures["keypress_vs_floor"] = round(
        figures["keypress_p99_ms"] / figures["keypress_floor_p99_ms"], 2
    )
    print(
        f"  median {figures['keypress_p50_ms']} ms  p99 {figures['keypress_p99_ms']} ms"
        f"  max {figures['keypress_max_ms']} ms"
    )
    print(
        f"  a bare repaint of the window: median {figures['keypress_repaint_p50_ms']} ms"
        f"  p99 {figures['keypress_repaint_p99_ms']} ms"
    )
    print(
        f"  a bare durable sqlite3 commit, then the bare repaint: median"
        f" {figures['keypress_floor_p50_ms']} ms  p99 {figures['keypress_floor_p99_ms']} ms"
        f"  (the commit alone: p99 {figures['keypress_bare_commit_p99_ms']} ms,"
        f" max {figures['keypress_bare_commit_max_ms']} ms)"
    )
    print(
        f"  load average at the end: {figures['keypress_load_average']} (the machine has {os.cpu_count()} cores)"
    )
    for line in slowest_lines(phases, args.slowest) if args.slowest else []:
        print(line)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
