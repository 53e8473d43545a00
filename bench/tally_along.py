"""An observer tallying along on a phone: the tap to the reconciliation on screen.

Not a test: it prints figures.

* `tally_along_p99_ms`: from the observer's tap (the click's own timestamp) to the
  tally-along panel redrawn with the tap reconciled (the action stored in IndexedDB,
  transaction complete, handed to Station's Python, `reconcile` run over the whole
  count, drawn, and the next frame reached), p99 over `--taps` taps at `--rate` a
  second, while the station calls the same ballots; in a 390-px window with the CPU
  slowed 4x (DevTools' throttling). A person's limit: <= 100 ms.

The count is served by `station serve`'s feed in this process with the live page it
builds (Station's Python in Pyodide), as in the tests.

    .venv/bin/python bench/tally_along.py [--taps 300] [--rate 5]

The last line printed is one JSON object with the figures.
"""

import argparse
import dataclasses
import json
import os
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

try:  # the tests' own browser driver: it needs the test tools (pytest, selenium)
    from tests.verifier.chromium import missing, start, stop, wait_for
except ImportError as absent:  # said in main(), once the arguments are checked
    TOOLS_MISSING: str | None = absent.name
else:
    TOOLS_MISSING = None

LIMIT_MS = 100
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
TAP = "document.querySelector(`#along-buttons [data-call='${arguments[0]}']`).click()"


def tally_along(folder: Path, taps: int, rate: float) -> dict[str, float]:
    from station.domain import Action, Call
    from station.journal import Journal
    from station.sheet.keys import key_for_signing
    from station.verifier.live_page import built
    from station.witness.serve import FeedSource, serve

    page = built()  # as `station serve` builds it at start, from the cached inputs
    path = folder / "along.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=taps + 10))
    journal = Journal.open(path)
    journal.start_session()
    source = FeedSource(path, key_for_signing())
    source.start()
    server = serve(source, "127.0.0.1", 0, page)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    phone = start(390, 844)
    try:
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        phone.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
        phone.get(server.url)
        wait_for(phone, "return globalThis.station?.along?.ready === true", timeout=300)
        phone.find_element("id", "along-open").click()
        calls = (Call.FOR, Call.AGAINST, Call.FOR, Call.VOID, Call.AGAINST, Call.CHALLENGE)
        pace = 1 / rate
        for n in range(taps):
            began = time.perf_counter()
            call = calls[n % len(calls)]
            phone.execute_script(TAP, call.value)
            journal.append(Action.CALL, call)
            time.sleep(max(0.0, pace - (time.perf_counter() - began)))
        wait_for(phone, f"return station.along.taps.length >= {taps}", timeout=60)
        times = phone.execute_script("return station.along.taps")
        line = phone.execute_script("return document.getElementById('along-line').textContent")
    finally:
        stop(phone)
        server.shutdown()
        server.server_close()
        thread.join()
        source.stop()
        journal.close()
    p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
    print(f"  {line}")
    print(
        f"  tap to reconciled on screen, 390 px, CPU slowed 4x: p50 {p50:.0f} ms,"
        f" p99 {p99:.0f} ms (limit <= {LIMIT_MS} ms; {len(times)} taps)"
    )
    return {"tally_along_p50_ms": round(p50, 1), "tally_along_p99_ms": round(p99, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=whole(10), default=300)
    parser.add_argument("--rate", type=positive, default=5)
    args = parser.parse_args()
    if TOOLS_MISSING is not None:
        raise SystemExit(
            f"tally_along.py: {TOOLS_MISSING} is not installed (pip install -e '.[test]')"
        )
    reason = missing()
    if reason is not None:
        raise SystemExit(f"tally_along.py: {reason}")
    with tempfile.TemporaryDirectory(prefix="station-bench-along-") as temp:
        os.environ["XDG_DATA_HOME"] = str(Path(temp) / "home")  # the run's own signing key
        figures = tally_along(Path(temp), args.taps, args.rate)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
