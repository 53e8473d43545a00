"""A million-event election file: opening it, verifying it, memory; and exporting a sheet.

Not a test: it prints figures, each beside an anchor measured in the same round on the
same file (`bench/ratios.py` judges the ratios). Each measurement runs in a fresh child
process, so that nothing is warm but the operating system's file cache (the file was
just built or used, as a station's file would be):

- open: from `Journal.open` until the operator window has painted the tally, which must
  equal the fold the fixture was built with. The fixture was closed as a station closes
  a file, with a snapshot of the count, so opening reads no more than the snapshot and
  the events after it: `open_1m_vs_scan`, against a bare read of the rows (below),
  target <= 0.25; `open_1m_vs_open_new`, against opening a new file, shown;
- rss: then the observers' dashboard is opened too, and the process's resident memory
  is read from /proc (target <= 150 MB);
- verify: `station verify FILE` as the command runs it, timed inside the process, on
  the file a crash left (no snapshot). Anchors (`bench/anchors.py`): a bare Python read
  of the same rows (`verify_vs_scan`, target >= 0.8) and hashlib over the same
  canonical bytes at once (`verify_vs_hash_floor`, shown); and a plain Python loop
  that reads and hashes each row (`verify_vs_scan_hash`, shown). The same in CPU
  seconds, verify's checking processes included (`verify_vs_scan_cpu`, shown): the
  work each does, whatever share of the machine the hour gave it (a busy Linux
  shares the CPU between sessions, so verify's second process then adds nothing);
- open_after_crash and dashboard: opening that same file in the operator window (no
  snapshot to start from) and `station dashboard FILE` to the count painted; both check
  the chain verify checks: `open_after_crash_vs_verify`, `dashboard_start_vs_verify`,
  target <= 1.2; and the opening after a crash of a file of 10,000 events, more than
  the largest real count (`open_after_crash_10k_s`, shown);
- export: the signed export of a final sheet prepared on a 100,000-event file; anchor:
  its parts done alone, `journal.jsonl` written with `json.dumps` and the same PDF
  drawn (`export_vs_parts`, target <= 1.5).

    .venv/bin/python bench/big_journal.py [--events 1000000] [--export-events 100000]
        [--rounds 3] [--cache DIR]

Fixtures are built once per `--cache` folder (default: a new temporary folder). Every
figure is the best of `--rounds` rounds, and every ratio that of the best figure to the
best anchor (`ratios.best`). The last line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arguments import cache_folder, whole  # bench/ is the script's folder, so on sys.path

sys.path.insert(0, str(Path(__file__).resolve().parent))


REAL_COUNT = 10_000  # events: more than the largest real count (Bessemer: 3,215 envelopes)


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
    assert dashboard is not None and dashboard.choice_figures[0].value() == expected["for"]
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
    if window.choice_figures[0].value() != expected["for"]:
        raise SystemExit(f"wrong FOR on the dashboard: {window.choice_figures[0].value()}")
    window.close()
    feed.close()
    return {"dashboard_start_1m_s": round(took, 3)}


def child_verify(path: Path, events: int) -> dict[str, float]:
    from station.cli import main

    started = time.perf_counter()
    cpu = _cpu_s()
    code = main(["verify", str(path)])
    took = time.perf_counter() - started
    if code != 0:
        raise SystemExit(f"station verify failed ({code})")
    return {
        "verify_s": round(took, 3),
        "verify_events_per_s": round(events / took),
        "verify_cpu_s": round(_cpu_s() - cpu, 3),
    }


def _cpu_s() -> float:
    """CPU seconds of this process and of the processes it started and waited for
    (verify's checking processes)."""
    import resource  # Linux and macOS: the benchmarks' machines

    own = resource.getrusage(resource.RUSAGE_SELF)
    theirs = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + theirs.ru_utime + theirs.ru_stime


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
        [Observer(Party.EMPLOYER, "E. Observer"), Observer(Party.UNION, "U. Observer")],
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


def child_scan(path: Path) -> dict[str, float]:
    from anchors import scan  # bench/ is the script's folder, so on sys.path

    return scan(path)


def child_export_parts(path: Path, folder: Path) -> dict[str, float]:
    """The export's parts alone, on the file the export child left: `journal.jsonl` with
    `json.dumps`, and the PDF of the same sheet."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from anchors import jsonl_with_json

    from station.app import ensure_app
    from station.journal import Journal
    from station.verification.document import tally_document

    ensure_app()
    journal = Journal.open(path, read_only=True)
    try:
        sign = journal.record(journal.fold().sheets[-1].seq)
        assert sign is not None
        out = folder / "parts.jsonl"
        jsonl_s = jsonl_with_json(path, sign.seq, out)
        if out.read_bytes() != (folder / "export" / "journal.jsonl").read_bytes():
            raise SystemExit("json.dumps wrote another journal.jsonl than the export")
        out.unlink()
        started = time.perf_counter()
        from station.sheet.pdf import render_pdf  # as the export loads it: when it draws

        render_pdf(tally_document(journal.election, sign), "letter")
        pdf_s = time.perf_counter() - started
    finally:
        journal.close()
    return {
        "export_jsonl_json_s": round(jsonl_s, 3),
        "export_pdf_s": round(pdf_s, 3),
        "export_parts_s": round(jsonl_s + pdf_s, 3),
    }


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


def remove(path: Path) -> None:
    """A copy and what SQLite left beside it."""
    for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
        name.unlink(missing_ok=True)


def child(what: str, path: Path, extra: str) -> dict[str, float]:
    """One measurement, in this (child) process."""
    if what in ("open", "open_after_crash", "open_new"):
        figures = child_open(path, json.loads(extra))
        from_snapshot = figures.pop("opened_from_snapshot")
        if what != "open_new" and from_snapshot != (what == "open"):
            raise SystemExit(f"{what}: opened_from_snapshot is {from_snapshot}")
        if what == "open_after_crash":
            return {"open_after_crash_s": figures["open_1m_s"]}
        if what == "open_new":
            return {"open_new_s": figures["open_1m_s"]}
        return figures
    if what == "verify":
        return child_verify(path, int(extra))
    if what == "scan":
        return child_scan(path)
    if what == "dashboard":
        return child_dashboard(path, json.loads(extra))
    if what == "export_parts":
        return child_export_parts(path, Path(extra))
    return child_export(path, Path(extra))


def one_round(
    path: Path,
    expected: dict[str, int],
    small: Path,
    real: Path,
    real_expected: dict[str, int],
    work: Path,
) -> dict[str, float]:
    """Every figure and anchor once; each ratio's two halves measured one after the other."""
    import fixture

    from station.journal import Journal

    figures: dict[str, float] = {}
    # Opening records a session (two events): work on a copy, so the fixture stays.
    # The fixture is a file as a station leaves it when it closes.
    copy = work / "open.station"
    synced_copy(path, copy)
    figures.update(run_child("open", str(copy), json.dumps(expected)))
    remove(copy)
    new = work / "new.station"
    Journal.create(new, fixture.SETUP)
    empty = {"for": 0, "against": 0, "void": 0, "challenged": 0, "events": 0}
    figures.update(run_child("open_new", str(new), json.dumps(empty)))
    remove(new)
    # A copy without its snapshot is the file a station left when it crashed: verify,
    # the dashboard and the operator window's opening each check its whole chain.
    crash = work / "crash.station"
    synced_copy(path, crash)
    fixture.drop_snapshots(crash)
    # Verify between the two it anchors; the window's opening last, as it writes.
    figures.update(run_child("scan", str(crash), ""))
    figures.update(run_child("dashboard", str(crash), json.dumps(expected)))
    figures.update(run_child("verify", str(crash), str(expected["events"])))
    figures.update(run_child("open_after_crash", str(crash), json.dumps(expected)))
    remove(crash)
    # What a real count (under 10,000 events) takes to open after a crash.
    synced_copy(real, crash)
    fixture.drop_snapshots(crash)
    opened = run_child("open_after_crash", str(crash), json.dumps(real_expected))
    figures["open_after_crash_10k_s"] = opened["open_after_crash_s"]
    remove(crash)
    copy = work / "export.station"
    synced_copy(small, copy)
    figures.update(run_child("export", str(copy), str(work)))
    figures.update(run_child("export_parts", str(copy), str(work)))
    remove(copy)
    shutil.rmtree(work / "export")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=whole(1000), default=1_000_000)
    parser.add_argument("--export-events", type=whole(1000), default=100_000)
    parser.add_argument("--rounds", type=whole(1), default=3)
    parser.add_argument("--cache", type=cache_folder)
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0], Path(args.child[1]), args.child[2])))
        return 0
    # Imported here, not above: `verify` checks hashes in other processes, each of which
    # imports this script anew (as `station verify` imports its console script); the
    # fixture's imports there would be a cost the command does not have.
    import fixture
    from ratios import judge, with_ratios

    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        cache = args.cache or Path(name)  # --cache: made by its argument's check
        # The bench's own data folder: its signing key, never the user's.
        os.environ["XDG_DATA_HOME"] = str(cache / "data")
        from station.sheet.keys import key_for_signing

        key = key_for_signing().fingerprint
        path, expected = fixture.cached(cache, args.events, key=key)
        small, _ = fixture.cached(cache, args.export_events, key=key)
        real, real_expected = fixture.cached(cache, REAL_COUNT, key=key)
        work = Path(name) / "work"
        work.mkdir()
        rounds = []
        for index in range(args.rounds):
            started = time.perf_counter()
            figures = one_round(path, expected, small, real, real_expected, work)
            rounds.append(figures)
            shown = ", ".join(
                f"{each.key} {each.value:g}" for each in judge(figures) if each.figure is not None
            )
            print(f"  round {index + 1} of {args.rounds}: {shown}", flush=True)
            print(f"    {json.dumps(figures)}", flush=True)
            print(f"    ({time.perf_counter() - started:.0f} s)", flush=True)
    figures = with_ratios(rounds)
    figures["verify_events_per_s"] = round(figures["verify_events_per_s"])
    rounds = "one round" if args.rounds == 1 else f"the best of {args.rounds} rounds"
    print(f"{args.events:,} events, {rounds}:")
    print(
        f"  open to the tally on screen: {figures['open_1m_s']} s (a new file: {figures['open_new_s']} s)"
    )
    print(
        f"  both windows open: {figures['rss_mb']} MB resident (peak {figures['rss_peak_mb']} MB)"
    )
    print(
        f"  a bare read of the rows: {figures['scan_s']} s, {figures['scan_rows_per_s']:,} rows/s"
    )
    print(f"  the same, hashing each row: {figures['scan_hash_rows_per_s']:,} rows/s")
    print(
        f"  hashlib over their canonical bytes ({figures['hash_floor_mb']} MB) at once:"
        f" {figures['hash_floor_s']} s"
    )
    print(f"  station verify: {figures['verify_s']} s, {figures['verify_events_per_s']:,} events/s")
    print(
        f"  in CPU seconds: the bare read {figures['scan_cpu_s']} s,"
        f" station verify {figures['verify_cpu_s']} s (its checking processes included)"
    )
    print(f"  station dashboard, to the count on screen: {figures['dashboard_start_1m_s']} s")
    print(f"  the operator window after a crash (no snapshot): {figures['open_after_crash_s']} s")
    print(f"{REAL_COUNT:,} events, after a crash: {figures['open_after_crash_10k_s']} s")
    print(
        f"{args.export_events:,} events: export of the signed final sheet {figures['export_s']} s;"
        f" its parts alone: journal.jsonl with json.dumps {figures['export_jsonl_json_s']} s,"
        f" the PDF {figures['export_pdf_s']} s"
    )
    for verdict in judge(figures):
        print(verdict.line())
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
