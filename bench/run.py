"""Every benchmark, one after the other; the last line is the headline JSON.

    .venv/bin/python bench/run.py [--quick] [--cache DIR] [--rounds N]

Each figure is printed beside the anchor it is judged against (`ratios.py`): the same
work done bare, in the same run, on the same file and disk; the verdict is on the
ratio. Only human limits (a keypress seen within a frame, a call on the dashboard
within a quarter of a second, memory) are judged as they are.

`--quick` runs fewer keypresses, a shorter dashboard run and one round of the big
journal's figures (for a look, not a verdict). Each benchmark runs in its own process,
so that none inherits another's warm state.
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from ratios import RATIOS, judge  # bench/ is the script's folder, so on sys.path

HERE = Path(__file__).resolve().parent
KEYS = (
    "keypress_p50_ms",
    "keypress_p99_ms",
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
    "browser_live_lag_p99_ms",
)
# The anchors that say how fast the machine was that hour, beside the ratio keys: its
# CPU (a bare read of a million rows) and its disk (a bare durable commit's p99).
MACHINE = ("scan_rows_per_s", "keypress_bare_commit_p99_ms")


def run(script: str, *args: str) -> dict[str, float]:
    """Run one bench script, passing its output through; return its last-line JSON."""
    started = time.perf_counter()
    print(f"== {script} {' '.join(args)}", flush=True)
    process = subprocess.run(
        [sys.executable, str(HERE / script), *args], capture_output=True, text=True, check=False
    )
    print(process.stdout, end="", flush=True)
    if process.returncode != 0:
        print(process.stderr, file=sys.stderr)
        raise SystemExit(f"{script} failed")
    print(f"   ({time.perf_counter() - started:.0f} s)", flush=True)
    return json.loads(process.stdout.strip().splitlines()[-1])


def headline(figures: dict[str, float]) -> dict[str, float]:
    """The last line's figures: the headline keys as ever, then every judged ratio, then
    how fast the machine was."""
    judged = {verdict.key: verdict.value for verdict in judge(figures)}
    line = {key: figures[key] for key in KEYS}
    line.update({each.key: judged[each.key] for each in RATIOS if each.key in judged})
    line.update({key: figures[key] for key in MACHINE})
    return line


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--cache", type=Path, help="where the big fixtures are kept")
    parser.add_argument("--rounds", type=int, help="of the big journal's figures (default 3)")
    args = parser.parse_args()
    big = ["--cache", str(args.cache)] if args.cache else []
    rounds = args.rounds or (1 if args.quick else None)
    big += ["--rounds", str(rounds)] if rounds else []
    figures: dict[str, float] = {}
    figures.update(run("commit_ratio.py"))
    figures.update(run("envelopes.py"))
    figures.update(run("big_journal.py", *big))
    quick = ["--seconds", "10", "--calls", "200"] if args.quick else ["--seconds", "20"]
    figures.update(run("dashboard_latency.py", *quick))
    figures.update(run("keypress.py", *(["--calls", "1000"] if args.quick else [])))
    figures.update(run("witness_feed.py", *(["--calls", "400"] if args.quick else [])))
    figures.update(run("slow_clients.py", *(["--calls", "400"] if args.quick else [])))
    figures.update(
        run("browser_pages.py", *(["--events", "20000", "--rounds", "1"] if args.quick else []))
    )
    print("== verdict: each ratio (figure / anchor, same run) and each human limit")
    for verdict in judge(figures):
        print(verdict.line())
    print(json.dumps(headline(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
