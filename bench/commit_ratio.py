"""What Station adds to the durable commit a call must cost anyway.

Not a test: it prints figures. Interleaved, in the same folder (same disk) and the same
run: `Journal.append` of one CALL (canonical form, SHA-256, the append-only trigger, one
WAL transaction with synchronous=FULL) and a bare `sqlite3` INSERT of a similar row into
a plain table of a WAL database with synchronous=FULL, committed. The ratio of their
medians is the figure; target <= 1.5.

    .venv/bin/python bench/commit_ratio.py [--calls 2000]

The last line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

from arguments import whole  # bench/ is the script's folder, so on sys.path
from common import JFK8  # bench/ is the script's folder, so on sys.path

from station.domain import Action, Call
from station.journal import Journal

SETUP = JFK8


def bare_database(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = FULL")
    conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, utc TEXT, call TEXT, hash TEXT)")
    return conn


def measure(folder: Path, calls: int) -> tuple[list[float], list[float]]:
    """(Station's append, bare insert+commit), in ms each, measured alternately."""
    path = folder / "commit.station"
    Journal.create(path, SETUP)
    journal = Journal.open(path)
    journal.start_session()
    bare = bare_database(folder / "bare.sqlite")
    station_ms: list[float] = []
    bare_ms: list[float] = []
    row = ("2021-04-08T13:00:00.000000+00:00", "for", "0" * 64)
    for index in range(calls):
        begin = time.perf_counter_ns()
        journal.append(Action.CALL, Call.FOR if index % 2 == 0 else Call.AGAINST)
        station_ms.append((time.perf_counter_ns() - begin) / 1e6)
        begin = time.perf_counter_ns()
        bare.execute("BEGIN")
        bare.execute("INSERT INTO events (utc, call, hash) VALUES (?, ?, ?)", row)
        bare.execute("COMMIT")
        bare_ms.append((time.perf_counter_ns() - begin) / 1e6)
    journal.close()
    bare.close()
    return station_ms, bare_ms


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=whole(1), default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        os.environ["XDG_DATA_HOME"] = name
        station_ms, bare_ms = measure(Path(name), args.calls)
    station, bare = statistics.median(station_ms), statistics.median(bare_ms)
    print(f"commit of one call, {args.calls:,} each, interleaved:")
    print(f"  Station Journal.append: median {station:.3f} ms")
    print(f"  bare sqlite3 insert + commit (WAL, synchronous=FULL): median {bare:.3f} ms")
    figures = {
        "commit_ratio": round(station / bare, 3),
        "station_commit_ms": round(station, 3),
        "bare_commit_ms": round(bare, 3),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
