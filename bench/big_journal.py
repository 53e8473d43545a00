"""A million-event election file: opening it, verifying it, memory; and exporting a sheet.

Not a test: it prints figures. Each measurement on the big file runs in a fresh child
process, so that nothing is warm but the operating system's file cache (the file was
just built or used, as a station's file would be):

- open: from `Journal.open` until the operator window has painted the tally, which must
  equal the fold the fixture was built with (target <= 0.5 s). The fixture was closed
  as a station closes a file, with a snapshot of the count; opening it after a crash,
  with no snapshot, is measured too (`open_after_crash_s`, no target);
- rss: then the observers' dashboard is opened too, and the process's resident memory
  is read from /proc (target <= 150 MB);
- verify: `station verify FILE` as the command runs it, timed inside the process
  (target >= 500,000 events a second);
- dashboard: `station dashboard FILE` from opening the file to the count painted (its
  hash chain checked on the way; no target);
- export: the signed export of a final sheet prepared on a 100,000-event file
  (target <= 1 s).

    .venv/bin/python bench/big_journal.py [--events 1000000] [--export-events 100000]
        [--cache DIR]

Fixtures are built once per `--cache` folder (default: a new temporary folder). The last
line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _memory_mb() -> tuple[float, float]:
    """(resident now, peak resident) of this process, in MB."""
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        fields[name] = value
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def child_open(path: Path, expected: dict[str, int]) -> dict[str, float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from station.app import ensure_app
    from station.domain import Call
    from station.journal import Journal
    from station.journal.seal import station_secret
    from station.journal.snapshots import start_from
    from station.ui.operator.controller import RECENT_CHANGES, CountController
    from station.ui.operator.window import OperatorWindow

    app = ensure_app()
    # Which way it will open: from the fixture's snapshot, or replaying every event.
    journal = Journal.open(path, read_only=True)
    secret = station_secret(create=False)
    # Only whether there is one: the snapshot itself (9 MB of count on the million-event
    # file) held until the end would be counted in rss_mb as the window's own memory.
    from_snapshot = start_from(journal, journal.head_seq - RECENT_CHANGES, secret) is not None
    journal.close()
    started = time.perf_counter()
    window = OperatorWindow(CountController(Journal.open(path, seal_secret=secret)))
    window.resize(1100, 720)
    window.show()
    app.processEvents()
    opened = time.perf_counter() - started
    tally = window.controller.count.tally
    shown = {call: window.pad.buttons[call].figure() for call in Call}
    wanted = {
        Call.FOR: expected["for"],
        Call.AGAINST: expected["against"],
        Call.VOID: expected["void"],
        Call.CHALLENGE: expected["challenged"],
    }
    if (tally.for_union, tally.against, tally.void, tally.challenged) != tuple(
        wanted.values()
    ) or shown != {call: f"{value:,}" for call, value in wanted.items()}:
        raise SystemExit(f"wrong tally on screen: {shown}, expected {wanted}")
    window.toggle_dashboard()
    for _ in range(20):
        app.processEvents()
    dashboard = window.dashboard
    assert dashboard is not None and dashboard.for_figure.value() == expected["for"]
    rss, peak = _memory_mb()
    window.close()
    return {
        "open_1m_s": round(opened, 3),
        "rss_mb": round(rss, 1),
        "rss_peak_mb": round(peak, 1),
        "opened_from_snapshot": from_snapshot,
    }


def child_dashboard(path: Path, expected: dict[str, int]) -> dict[str, float]:
    """`station dashboard FILE`: from opening the file to the dashboard painted."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from station.app import ensure_app
    from station.ui.dashboard.feed import JournalFollower
    from station.ui.dashboard.window import DashboardWindow

    app = ensure_app()
    started = time.perf_counter()
    feed = JournalFollower(path)
    window = DashboardWindow(feed)
    window.show()
    app.processEvents()
    took = time.perf_counter() - started
    if window.for_figure.value() != expected["for"]:
        raise SystemExit(f"wrong FOR on the dashboard: {window.for_figure.value()}")
    window.close()
    feed.close()
    return {"dashboard_start_1m_s": round(took, 3)}


def child_verify(path: Path, events: int) -> dict[str, float]:
    from station.cli import main

    started = time.perf_counter()
    code = main(["verify", str(path)])
    took = time.perf_counter() - started
    if code != 0:
        raise SystemExit(f"station verify failed ({code})")
    return {"verify_s": round(took, 3), "verify_events_per_s": round(events / took)}


def child_export(path: Path, folder: Path) -> dict[str, float]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from station.app import ensure_app
    from station.domain import SheetKind
    from station.domain.parties import Party
    from station.domain.tally_sheet import Observer
    from station.journal import Journal
    from station.journal.seal import station_secret
    from station.sheet.prepare import SheetRequest
    from station.ui.operator.controller import CountController

    ensure_app()
    controller = CountController(Journal.open(path, seal_secret=station_secret()))
    request = SheetRequest(
        SheetKind.FINAL,
        "R. Agent",
        [Observer(Party.EMPLOYER, "E. Observer"), Observer(Party.PETITIONER, "U. Observer")],
        "Staten Island",
    )
    controller.prepare_sheet(request)
    started = time.perf_counter()
    controller.export(folder / "export", "letter")
    took = time.perf_counter() - started
    controller.close()
    return {"export_s": round(took, 3)}


def synced_copy(source: Path, copy: Path) -> None:
    """Copy a fixture and sync the copy: a station's file is on the disk, not 200 MB of
    pages still to be written, which the first fsync of the measured run (the -wal's
    checkpoint when a station opens it) would write, a tenth of a second here."""
    copy.write_bytes(source.read_bytes())
    fd = os.open(copy, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def run_child(*args: str) -> dict[str, float]:
    result = subprocess.run(
        [sys.executable, __file__, "--child", *args],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"child {args[0]} failed:\n{result.stdout}\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=1_000_000)
    parser.add_argument("--export-events", type=int, default=100_000)
    parser.add_argument("--cache", type=Path)
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        what, path, extra = args.child[0], Path(args.child[1]), args.child[2]
        if what in ("open", "open_after_crash"):
            figures = child_open(path, json.loads(extra))
            if figures["opened_from_snapshot"] != (what == "open"):
                raise SystemExit(
                    f"{what}: opened_from_snapshot is {figures['opened_from_snapshot']}"
                )
            if what == "open_after_crash":
                figures = {"open_after_crash_s": figures["open_1m_s"]}
        elif what == "verify":
            figures = child_verify(path, int(extra))
        elif what == "dashboard":
            figures = child_dashboard(path, json.loads(extra))
        else:
            figures = child_export(path, Path(extra))
        print(json.dumps(figures))
        return 0
    # Imported here, not above: `verify` checks hashes in other processes, each of which
    # imports this script anew (as `station verify` imports its console script); the
    # fixture's imports there would be a cost the command does not have.
    import fixture

    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        cache = args.cache or Path(name)
        cache.mkdir(exist_ok=True)
        # The bench's own data folder: its signing key, never the user's.
        os.environ["XDG_DATA_HOME"] = str(cache / "data")
        from station.sheet.keys import key_for_signing

        key = key_for_signing().fingerprint
        path, expected = fixture.cached(cache, args.events, key=key)
        work = Path(name) / "work"
        work.mkdir()
        figures: dict[str, float] = {}
        # Opening records a session (two events): work on a copy, so the fixture stays.
        # The fixture is a file as a station leaves it when it closes; a copy without
        # its snapshot is the file a station left when it crashed.
        for what in ("open", "open_after_crash", "verify", "dashboard"):
            copy = work / f"{what}.station"
            synced_copy(path, copy)
            if what == "open_after_crash":
                fixture.drop_snapshots(copy)
            extra = str(expected["events"]) if what == "verify" else json.dumps(expected)
            figures.update(run_child(what, str(copy), extra))
            copy.unlink()
        print(f"{args.events:,} events:")
        print(f"  open to the tally on screen: {figures['open_1m_s']} s")
        print(
            f"  the same after a crash (no snapshot of the count):"
            f" {figures['open_after_crash_s']} s"
        )
        print(
            f"  both windows open: {figures['rss_mb']} MB resident (peak {figures['rss_peak_mb']} MB)"
        )
        print(
            f"  station verify: {figures['verify_s']} s,"
            f" {figures['verify_events_per_s']:,} events/s"
        )
        print(f"  station dashboard, to the count on screen: {figures['dashboard_start_1m_s']} s")
        small, _ = fixture.cached(cache, args.export_events, key=key)
        copy = work / "export.station"
        synced_copy(small, copy)
        figures.update(run_child("export", str(copy), str(work)))
        print(
            f"{args.export_events:,} events: export of the signed final sheet {figures['export_s']} s"
        )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
