"""Witnesses on the operator's machine: keypress p99 with 20 followers, and the feed's lag.

Not a test: it prints figures. The operator window runs offscreen as in keypress.py;
once it is up, `station serve` (a process of its own, as in real use) serves its file
and 20 remote followers (threads of one more process, each a `RemoteFollower` long
polling the feed and verifying every event and head, as `station witness` does) attach.
Then the keys are pressed at a steady rate. Figures:

* `keypress_p99_ms_20_followers`: key event to durable commit to the call button
  repainted, with the feed and its 20 followers running (target <= 16 ms), beside a
  bare repaint of the same window after each call, with the same company
  (`keypress_repaint_p99_ms_20_followers`), and the durable floor of keypress.py, a bare
  commit then the bare repaint, with the same company (`keypress_floor_p99_ms_20_followers`;
  `keypress_20_followers_vs_floor` shown);
* `feed_lag_p99_ms`: a call's commit (its `mono_ns`) to a follower holding it verified,
  over every event and every follower (target <= 250 ms).

The followers share this machine's two cores with the operator: on the day they run on
the observers' laptops, so this is the worse case.

    .venv/bin/python bench/witness_feed.py [--calls 2000] [--rate 20] [--followers 20]

The last line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from arguments import positive, whole  # bench/ is the script's folder, so on sys.path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import percentile  # bench/ is the script's folder, so on sys.path

from station.witness.follow import RemoteFollower


def followers(url: str, count: int, until_seq: int, out: Path) -> int:
    """Child mode: `count` followers until each holds `until_seq`; lags (ns) to `out`."""
    if hasattr(os, "nice"):
        os.nice(19)  # they stand for laptops elsewhere: they take only what the station leaves
    lags: list[int] = []
    lock = threading.Lock()
    problems: list[str] = []

    def follow() -> None:
        follower = RemoteFollower(url)
        follower.step(wait_s=0)
        # Only the calls: the session's opening (event 1) came before the feed was up.
        first = max(follower.head_seq, 1)
        print("ATTACHED", flush=True)
        while follower.head_seq < until_seq and follower.broken is None:
            batch = follower.step(wait_s=5)
            now = time.monotonic_ns()
            with lock:
                lags.extend(now - record.mono_ns for record in batch.records if record.seq > first)
        if follower.broken:
            problems.append(follower.broken)
        follower.close()

    threads = [threading.Thread(target=follow) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.write_text(json.dumps({"lags": lags, "problems": problems}))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=whole(1), default=2000)
    parser.add_argument("--rate", type=positive, default=20)
    parser.add_argument("--followers", type=whole(1), default=20)
    parser.add_argument("--child", nargs=3, metavar=("URL", "UNTIL", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        url, until, out = args.child
        return followers(url, args.followers, int(until), Path(out))
    from keypress import measure

    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        os.environ["XDG_DATA_HOME"] = name  # never the user's own signing key
        folder = Path(name)
        started: list[subprocess.Popen[str]] = []
        lag_file = folder / "lags.json"

        def attach(path: Path) -> None:
            server = subprocess.Popen(
                [sys.executable, "-m", "station", "serve", str(path), "--port", "0"],
                stdout=subprocess.PIPE,
                text=True,
            )
            started.append(server)
            assert server.stdout is not None
            url = next(line[6:].strip() for line in server.stdout if line.startswith("feed: "))
            # The session's opening event is there already: the calls come after it.
            until = 1 + args.calls
            child = subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--followers",
                    str(args.followers),
                    "--child",
                    url,
                    str(until),
                    str(lag_file),
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            started.append(child)
            assert child.stdout is not None
            for _ in range(args.followers):
                child.stdout.readline()  # ATTACHED

        print(
            f"keypress with `station serve` and {args.followers} followers, {args.calls:,} calls"
            f" at {args.rate:g}/s:"
        )
        try:
            repaints: list[float] = []
            floors: list[tuple[float, float]] = []
            times = measure(
                folder, args.calls, args.rate, on_ready=attach, repaints=repaints, floors=floors
            )
            started[1].wait(timeout=120)
        finally:
            for process in reversed(started):
                if process.poll() is None:
                    process.terminate()
                process.wait(timeout=30)
                if process.stdout is not None:
                    process.stdout.close()
        result = json.loads(lag_file.read_text())
    if result["problems"]:
        raise SystemExit(f"a follower found the feed broken: {result['problems'][0]}")
    lags = [lag / 1e6 for lag in result["lags"]]
    expected = args.calls * args.followers
    if len(lags) < expected:
        raise SystemExit(f"the followers verified {len(lags):,} events of {expected:,}")
    figures = {
        "keypress_p50_ms_20_followers": round(statistics.median(times), 2),
        "keypress_p99_ms_20_followers": round(percentile(times, 0.99), 2),
        "keypress_repaint_p99_ms_20_followers": round(percentile(repaints, 0.99), 2),
        "keypress_floor_p99_ms_20_followers": round(
            percentile([floor for floor, _ in floors], 0.99), 2
        ),
        "feed_lag_p50_ms": round(statistics.median(lags), 2),
        "feed_lag_p99_ms": round(percentile(lags, 0.99), 2),
    }
    print(
        f"  keypress median {figures['keypress_p50_ms_20_followers']} ms"
        f"  p99 {figures['keypress_p99_ms_20_followers']} ms"
        f" (a bare repaint of the window: p99 {figures['keypress_repaint_p99_ms_20_followers']} ms;"
        f" a bare durable commit, then the repaint: p99"
        f" {figures['keypress_floor_p99_ms_20_followers']} ms)"
    )
    print(
        f"  feed lag (commit -> verified by a follower) median {figures['feed_lag_p50_ms']} ms"
        f"  p99 {figures['feed_lag_p99_ms']} ms, over {len(lags):,} events x followers"
    )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
