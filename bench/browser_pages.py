"""The observers' pages in a real headless Chromium (Debian's, driven by Selenium).

Not a test: it prints figures.

* `browser_verify_events_per_s`: the saved verifier page (Station's Python in Pyodide)
  checking a signed export of 100,000 events (`--events`), from the folder picked to the
  verdict on screen, events per second (best of `--rounds`); beside it, the command
  `station verify FOLDER --key K` on the same folder in the same run, turn about
  (`cli_verify_s`); `browser_verify_vs_cli` (bench/ratios.py) is the page's time
  (`browser_verify_s`) over the command's (target <= 2.0: the same Python, in WebAssembly).
* `phone_verify_6000_s`: a real count's export (6,000 events) checked in a 390-px window
  with the CPU slowed 4x (DevTools' throttling), from the folder picked to the verdict
  on screen: an observer's wait on a phone (target <= 10 s). The folder is picked once
  the page has started (Python ready, then the modules a check reads warmed, while the
  observer finds the folder): that start is `python_page_ready_phone_ms` in
  bench/python_page.py, and the warm-up after it is printed here.
* `browser_live_lag_p99_ms`: a call's commit to the live page showing it, checked, over
  `--calls` calls recorded at `--rate` a second while the page follows `station serve`
  (served in this process, as in the tests, with the live page it builds: Station's
  Python in Pyodide; target <= 500 ms). The clock starts once the page says LIVE.

The export is the bench fixture (`fixture.py`: challenges amended, VOIDs disputed, piles
recounted, corrections) with a final sheet signed by a key of the run's own.

    .venv/bin/python bench/browser_pages.py [--events 100000] [--phone-events 6000]
        [--calls 300] [--rate 10]
    .venv/bin/python bench/browser_pages.py --live-only   # the live page's lag alone

The last line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from arguments import positive, whole  # bench/ is the script's folder, so on sys.path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests.verifier.chromium: the tests' own browser

from common import JFK8, percentile  # bench/ is the script's folder, so on sys.path # noqa: E402
from fixture import build  # noqa: E402

try:  # the tests' own browser driver: it needs the test tools (pytest, selenium)
    from tests.verifier.chromium import missing, start, stop, wait_for
except ImportError as absent:  # said in main(), once the arguments are checked
    TOOLS_MISSING: str | None = absent.name
else:
    TOOLS_MISSING = None

VERDICT = (
    "const v = document.getElementById('verdict');"
    " return ['ok', 'bad', 'cannot'].includes(v.className) && v.className;"
)

# The page started: Python ready, then what a check reads imported (`entry.warm`).
READY = "return (!window.station || station.error || station.timings.warm) && true"

SEEN = """
window.__seen = [];
const head = document.getElementById('head');
new MutationObserver(() => {
  const found = /^event ([0-9,]+),/.exec(head.textContent);
  if (found) window.__seen.push([Number(found[1].replaceAll(',', '')), Date.now()]);
}).observe(head, {childList: true, characterData: true, subtree: true});
"""


def export_of(folder: Path, events: int) -> tuple[Path, str]:
    """A signed export of a fixture of `events` events (its final sheet at the end)."""
    from station.domain import SheetKind
    from station.journal import Journal
    from station.journal.session import CountSession
    from station.sheet.export import export_sheet
    from station.sheet.keys import key_for_signing
    from station.sheet.prepare import SheetRequest, prepare_sheet
    from station.ui.display import ensure_offscreen_app

    ensure_offscreen_app()
    path = folder / "fixture.station"
    build(path, events - 3)  # + the opening, the sheet and its export's close
    journal = Journal.open(path)
    journal.start_session()
    key = key_for_signing()
    prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        SheetRequest(SheetKind.FINAL, "R. Agent", [], None),
        key_fingerprint=key.fingerprint,
    )
    export_sheet(journal, journal.restore(trust_snapshots=False), folder / "export", key)
    journal.close()
    return folder / "export", key.fingerprint


def verifier_page(folder: Path) -> Path:
    """The observers' verifier page (Station's Python in Pyodide), from its pinned inputs."""
    from station.verifier import python_page

    page = folder / "verifier.html"
    page.write_bytes(python_page.page(python_page.fetch_inputs(python_page.default_cache())))
    return page


def verify_speed(folder: Path, key: str, rounds: int) -> dict[str, float]:
    page = verifier_page(folder)
    export = folder / "export"
    events = len((export / "journal.jsonl").read_bytes().splitlines()) - 1
    driver = start()
    try:
        page_times, cli_times = [], []
        for _ in range(rounds):  # turn about: a busy moment of the machine falls on both
            cli_times.append(_cli_verify(export, key))
            page_times.append(_page_verify(driver, page, export, key))
    finally:
        stop(driver)
    best_page, best_cli = min(page_times), min(cli_times)
    print(f"  the page: {events:,} events in {best_page:.2f} s (best of {rounds})")
    print(f"  station verify, same folder: {best_cli:.2f} s")
    return {
        "browser_verify_events_per_s": round(events / best_page),
        "browser_verify_s": round(best_page, 3),
        "cli_verify_s": round(best_cli, 3),
    }


def phone_verify(folder: Path, events: int) -> dict[str, float]:
    """A count of `events` events checked on a slow phone: see the module docstring."""
    _, key = export_of(folder, events)
    page = verifier_page(folder)
    phone = start(390, 844)
    try:
        phone.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        phone.get("about:blank")
        seconds = _page_verify(phone, page, folder / "export", key)
        timings = phone.execute_script("return station.timings")
    finally:
        stop(phone)
    print(
        f"  at 390 px, the CPU slowed 4x: ready in {timings['ready'] / 1000:.1f} s, warmed"
        f" {(timings['warm'] - timings['ready']) / 1000:.1f} s later;"
        f" {events:,} events checked in {seconds:.1f} s"
    )
    return {"phone_verify_6000_s": round(seconds, 2)}


def _page_verify(driver: object, page: Path, export: Path, key: str) -> float:
    """Seconds from the folder picked on a freshly opened page, once it has started
    (`READY`), to the verdict on screen."""
    from selenium.webdriver.common.by import By

    driver.get(page.as_uri())  # type: ignore[attr-defined]
    wait_for(driver, READY, timeout=300)
    driver.find_element(By.ID, "key").send_keys(key)  # type: ignore[attr-defined]
    started = time.perf_counter()
    driver.find_element(By.ID, "folder").send_keys(str(export))  # type: ignore[attr-defined]
    kind = wait_for(driver, VERDICT, timeout=600)
    seconds = time.perf_counter() - started
    assert kind == "ok", driver.find_element(By.ID, "verdict").text  # type: ignore[attr-defined]
    return seconds


def _cli_verify(export: Path, key: str) -> float:
    """Seconds the command `station verify EXPORT --key KEY` takes, start to exit."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "station", "verify", str(export), "--key", key],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    assert done.returncode == 0, done.stderr
    return seconds


def live_lag(folder: Path, calls: int, rate: float) -> dict[str, float]:
    import dataclasses

    from station.domain import Action, Call
    from station.journal import Journal
    from station.sheet.keys import key_for_signing
    from station.verifier.live_page import built
    from station.witness.serve import FeedSource, serve

    page = built()  # as `station serve` builds it at start, from the cached inputs
    path = folder / "live.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=calls + 10))
    journal = Journal.open(path)
    journal.start_session()
    source = FeedSource(path, key_for_signing())
    source.start()
    server = serve(source, "127.0.0.1", 0, page)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    driver = start()
    committed: dict[int, float] = {}
    try:
        driver.get(server.url)
        wait_for(driver, "return document.getElementById('status').className === 'ok'")
        driver.execute_script(SEEN)
        pace = 1 / rate
        for n in range(calls):
            record = journal.append(Action.CALL, (Call.FOR, Call.AGAINST)[n % 2])
            committed[record.seq] = time.time() * 1000  # wall clock, as the page's Date.now()
            time.sleep(max(0.0, pace - (time.time() * 1000 - committed[record.seq]) / 1000))
        last = journal.head_seq
        wait_for(driver, f"return window.__seen.some(([seq]) => seq >= {last})")
        seen = driver.execute_script("return window.__seen")
    finally:
        stop(driver)
        server.shutdown()
        server.server_close()
        thread.join()
        source.stop()
        journal.close()
    lags = [
        at - committed[seq] for seq in committed for at in [next(t for s, t in seen if s >= seq)]
    ]
    p99 = percentile(lags, 0.99)
    print(f"  live page lag: p50 {percentile(lags, 0.5):.0f} ms, p99 {p99:.0f} ms ({calls} calls)")
    return {"browser_live_lag_p99_ms": round(p99, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=whole(1000), default=100_000)
    parser.add_argument("--phone-events", type=whole(1000), default=6000)
    parser.add_argument("--calls", type=whole(1), default=300)
    parser.add_argument("--rate", type=positive, default=10)
    parser.add_argument("--rounds", type=whole(1), default=3)
    parser.add_argument("--live-only", action="store_true", help="measure the live page alone")
    args = parser.parse_args()
    if TOOLS_MISSING is not None:
        raise SystemExit(
            f"browser_pages.py: {TOOLS_MISSING} is not installed (pip install -e '.[test]')"
        )
    reason = missing()
    if reason is not None:
        raise SystemExit(f"browser_pages.py: {reason}")
    with tempfile.TemporaryDirectory(prefix="station-bench-") as temp:
        folder = Path(temp)
        os.environ["XDG_DATA_HOME"] = str(folder / "home")  # the run's own signing key
        figures: dict[str, float] = {}
        if not args.live_only:
            _, key = export_of(folder, args.events)
            figures.update(verify_speed(folder, key, args.rounds))
            with tempfile.TemporaryDirectory(prefix="station-bench-phone-") as phone:
                figures.update(phone_verify(Path(phone), args.phone_events))
        figures.update(live_lag(folder, args.calls, args.rate))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
