"""The Python verifier page (Station's Python in Pyodide) in a real headless Chromium.

Not a test: it prints figures.

* `python_page_mb`: the built page's size (target <= 12 MB: an observer's phone downloads
  it once); `python_page_gzip_mb` beside it, as a server compressing it would send it.
* `python_page_ready_ms`: from opening the page (from its file) to Station's Python
  ready in it, its modules imported; `bare_pyodide_ready_ms`: the same page with the
  runtime alone, no wheels and none of Station's modules, opened in the same browser
  in the same run, turn about. `page_ready_vs_bare_pyodide` is their ratio (target
  <= 1.5): what Station adds to starting Python, whatever the machine's speed.
* `python_page_ready_phone_ms`: the page ready in a 390-px window with the CPU slowed
  4x (DevTools' throttling), once: a phone's wait, shown, not judged.

Best of `--rounds`. The pinned inputs come from the user's cache (fetched from the
registries the first time, as the tests do).

    .venv/bin/python bench/python_page.py [--rounds 3]

The last line printed is one JSON object with the figures.
"""

import argparse
import gzip
import json
import sys
import tempfile
import time
from pathlib import Path

from arguments import whole  # bench/ is the script's folder, so on sys.path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests.verifier.chromium: the tests' own browser

from ratios import with_ratios  # bench/ is the script's folder, so on sys.path # noqa: E402

from station.verifier import python_page  # noqa: E402

try:  # the tests' own browser driver: it needs the test tools (pytest, selenium)
    from tests.verifier.chromium import missing, start, stop, wait_for
except ImportError as absent:  # said in main(), once the arguments are checked
    TOOLS_MISSING: str | None = absent.name
else:
    TOOLS_MISSING = None

READY = "return (station.ready || station.error) && {error: station.error, t: station.timings}"


def ready_ms(driver: object, page: Path) -> float:
    """Open `page` afresh; milliseconds from its opening to Python ready in it."""
    driver.get("about:blank")  # type: ignore[attr-defined]
    driver.get(page.as_uri())  # type: ignore[attr-defined]
    shown = wait_for(driver, READY, timeout=180)
    if shown["error"]:
        raise SystemExit(f"the page could not start Python: {shown['error']}")
    return float(shown["t"]["ready"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=whole(1), default=3)
    args = parser.parse_args()
    if TOOLS_MISSING is not None:
        print(f"needs the test tools ({TOOLS_MISSING}): pip install -e '.[test]'", file=sys.stderr)
        return 1
    reason = missing()
    if reason is not None:
        print(reason, file=sys.stderr)
        return 1
    try:
        fetched = python_page.fetch_inputs(python_page.default_cache())
    except python_page.InputsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="station-python-page-") as folder:
        full, bare = Path(folder) / "verifier.html", Path(folder) / "bare.html"
        data = python_page.page(fetched)
        full.write_bytes(data)
        bare.write_bytes(python_page.page(fetched, bare=True))
        once = {
            "python_page_mb": round(len(data) / 1e6, 2),
            "python_page_gzip_mb": round(len(gzip.compress(data, 6)) / 1e6, 2),
            "bare_pyodide_page_mb": round(bare.stat().st_size / 1e6, 2),
        }
        print(
            f"page {once['python_page_mb']} MB ({once['python_page_gzip_mb']} MB gzipped),"
            f" runtime alone {once['bare_pyodide_page_mb']} MB"
        )
        driver = start()
        rounds = []
        try:
            ready_ms(driver, full)  # the first opening warms the browser's own start
            for round_ in range(args.rounds):
                started = time.perf_counter()
                one = {
                    "bare_pyodide_ready_ms": ready_ms(driver, bare),
                    "python_page_ready_ms": ready_ms(driver, full),
                }
                rounds.append(one)
                print(
                    f"round {round_ + 1}: ready in {one['python_page_ready_ms']:.0f} ms,"
                    f" the runtime alone in {one['bare_pyodide_ready_ms']:.0f} ms"
                    f" ({time.perf_counter() - started:.1f} s)",
                    flush=True,
                )
        finally:
            stop(driver)
        phone = start(390, 844)
        try:
            phone.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": 4})
            once["python_page_ready_phone_ms"] = ready_ms(phone, full)
            print(
                f"at 390 px, the CPU slowed 4x: ready in {once['python_page_ready_phone_ms']:.0f} ms"
            )
        finally:
            stop(phone)
    figures = {**with_ratios(rounds), **once}
    figures = {key: round(value, 3) for key, value in figures.items()}
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
