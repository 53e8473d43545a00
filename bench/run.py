"""Every benchmark, one after the other; the last line is the headline JSON.

    .venv/bin/python bench/run.py [--quick] [--cache DIR] [--rounds N]

Each figure is printed beside the anchor it is judged against (`ratios.py`): the same
work done bare, in the same run, on the same file and disk; the verdict is on the
ratio. Only human limits (a keypress seen within a frame, a call on the dashboard
within a quarter of a second, memory) are judged as they are.

`--quick` runs fewer keypresses, a shorter dashboard run and one round of the big
journal's figures (for a look, not a verdict). Each benchmark runs in its own process,
so that none inherits another's warm state; one that fails is named, and the others'
figures are judged all the same.

The exit status is 0 when every judged figure met its target, 1 when one did not or a
benchmark failed, 2 for a nonsense argument. The benchmarks need the test tools
(`pip install -e '.[test]'`: Selenium for the browser pages) and Debian's Chromium.
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from arguments import cache_folder, whole  # bench/ is the script's folder, so on sys.path
from ratios import RATIOS, judge  # bench/ is the script's folder, so on sys.path

HERE = Path(__file__).resolve().parent
KEYS = (
    "keypress_p50_ms",
    "keypress_p99_ms",
    "keypress_max_ms",
    "commit_ratio",
    "open_1m_s",
    "verify_events_per_s",
    "dashboard_lag_p99_ms",
    "export_s",
    "rss_mb",
    "envelope_search_p99_ms",
    "envelope_commit_ratio",
    "keypress_p99_ms_20_followers",
    "feed_lag_p99_ms",
    "keypress_p99_ms_slow_clients",
    "browser_verify_events_per_s",
    "phone_verify_6000_s",
    "browser_live_lag_p99_ms",
    "tally_along_p99_ms",
    "dashboard_inprocess_p99_ms",
    "feed_lag_p99_ms_slow_clients",
    "follower_requests_lost",
)
# The anchors that say how fast the machine was that hour, beside the ratio keys: its
# CPU (a bare read of a million rows), its disk (a bare durable commit's p99 and its
# slowest) and how busy it was (the load average as the keypresses ended).
MACHINE = (
    "scan_rows_per_s",
    "keypress_bare_commit_p99_ms",
    "keypress_bare_commit_max_ms",
    "keypress_load_average",
)


def run(script: str, *args: str) -> dict[str, float] | None:
    """Run one bench script, passing its output through; return its last-line JSON, or
    None when it failed (its error passed through)."""
    started = time.perf_counter()
    print(f"== {script} {' '.join(args)}", flush=True)
    process = subprocess.run(
        [sys.executable, str(HERE / script), *args], capture_output=True, text=True, check=False
    )
    print(process.stdout, end="", flush=True)
    if process.returncode != 0:
        print(process.stderr, end="", file=sys.stderr, flush=True)
        print(f"   {script} failed (exit {process.returncode})", flush=True)
        return None
    print(f"   ({time.perf_counter() - started:.0f} s)", flush=True)
    return json.loads(process.stdout.strip().splitlines()[-1])


def headline(figures: dict[str, float]) -> dict[str, float]:
    """The last line's figures: the headline keys as ever, then every judged ratio, then
    how fast the machine was (each where its benchmark ran)."""
    judged = {verdict.key: verdict.value for verdict in judge(figures)}
    line = {key: figures[key] for key in KEYS if key in figures}
    line.update({each.key: judged[each.key] for each in RATIOS if each.key in judged})
    line.update({key: figures[key] for key in MACHINE if key in figures})
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--cache", type=cache_folder, help="where the big fixtures are kept")
    parser.add_argument(
        "--rounds", type=whole(1), help="of the big journal's figures (default 3, 1 with --quick)"
    )
    args = parser.parse_args()
    big = ["--cache", str(args.cache)] if args.cache else []
    rounds = args.rounds if args.rounds is not None else (1 if args.quick else None)
    big += ["--rounds", str(rounds)] if rounds else []
    quick = ["--seconds", "10", "--calls", "200"] if args.quick else ["--seconds", "20"]
    benchmarks = (
        ("commit_ratio.py",),
        ("envelopes.py",),
        ("big_journal.py", *big),
        ("dashboard_latency.py", *quick),
        ("keypress.py", *(["--calls", "1000"] if args.quick else [])),
        ("witness_feed.py", *(["--calls", "400"] if args.quick else [])),
        ("slow_clients.py", *(["--calls", "400"] if args.quick else [])),
        ("browser_pages.py", *(["--events", "20000", "--rounds", "1"] if args.quick else [])),
        ("python_page.py", *(["--rounds", "1"] if args.quick else [])),
        ("tally_along.py", *(["--taps", "100"] if args.quick else [])),
    )
    figures: dict[str, float] = {}
    failed = []
    for script, *script_args in benchmarks:
        measured = run(script, *script_args)
        if measured is None:
            failed.append(script)
        else:
            figures.update(measured)
    print("== verdict: each ratio (figure / anchor, same run) and each human limit")
    verdicts = judge(figures)
    for verdict in verdicts:
        print(verdict.line())
    short = [verdict.key for verdict in verdicts if verdict.met is False]
    if short:
        print(f"   not met: {', '.join(short)}")
    if failed:
        print(f"   failed, so not judged: {', '.join(failed)}")
    print(json.dumps(headline(figures)))
    return 1 if short or failed else 0


if __name__ == "__main__":
    sys.exit(main())
