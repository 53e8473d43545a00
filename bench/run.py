"""Every benchmark of issue 7, one after the other; the last line is the headline JSON.

    .venv/bin/python bench/run.py [--quick] [--cache DIR]

`--quick` runs fewer keypresses and a shorter dashboard run (for a look, not a verdict).
Each benchmark runs in its own process, so that none inherits another's warm state.
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

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
)
TARGETS = {
    "keypress_p99_ms": ("<=", 16),
    "commit_ratio": ("<=", 1.5),
    "open_1m_s": ("<=", 0.5),
    "verify_events_per_s": (">=", 500_000),
    "dashboard_lag_p99_ms": ("<=", 250),
    "export_s": ("<=", 1),
    "rss_mb": ("<=", 150),
    "envelope_search_p99_ms": ("<=", 16),  # a mail ballot: bench/envelopes.py
    "envelope_commit_ratio": ("<=", 1.25),
    "keypress_p99_ms_20_followers": ("<=", 16),
    "feed_lag_p99_ms": ("<=", 250),
}


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--cache", type=Path, help="where the big fixtures are kept")
    args = parser.parse_args()
    cache = ["--cache", str(args.cache)] if args.cache else []
    figures: dict[str, float] = {}
    figures.update(run("commit_ratio.py"))
    figures.update(run("envelopes.py"))
    figures.update(run("big_journal.py", *cache))
    quick = ["--seconds", "10", "--calls", "200"] if args.quick else ["--seconds", "20"]
    figures.update(run("dashboard_latency.py", *quick))
    figures.update(run("keypress.py", *(["--calls", "1000"] if args.quick else [])))
    figures.update(run("witness_feed.py", *(["--calls", "400"] if args.quick else [])))
    print("== verdict")
    for key, (sense, target) in TARGETS.items():
        value = figures[key]
        ok = value <= target if sense == "<=" else value >= target
        print(f"  {key:24} {value:>12,} {sense} {target:,}  {'met' if ok else 'NOT MET'}")
    for key in ("open_after_crash_s", "dashboard_start_1m_s"):
        print(f"  {key:24} {figures[key]:>12,}  (no target)")
    print(json.dumps({key: figures[key] for key in KEYS}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
