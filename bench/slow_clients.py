"""The operator's keypress while `station serve` is attacked by slow clients.

Not a test: it prints figures. The operator window runs offscreen as in keypress.py;
once it is up, `station serve` (a process of its own, as in real use) serves its file,
two followers (threads of one more process, each a `RemoteFollower` verifying every
event and head, as `station witness` does) attach from 127.0.0.1, and an attacker (one
more process) keeps `--slow` connections open to the feed from 127.0.0.2: each sends a
request line and headers one byte every `--byte-every` seconds, never finishing, and
is opened again as soon as the server drops it (at most `--reconnects` a second, as
slowloris does). Then the keys are pressed at a steady rate. Figures:

* `keypress_p99_ms_slow_clients`: key event to durable commit to the call button
  repainted, while attacked (target <= 16 ms);
* `feed_lag_p99_ms_slow_clients`: a call's commit to a follower holding it verified,
  over every event and both followers (target <= 250 ms);
* `follower_requests_lost`: followers' requests that found no feed (target 0);
* `slow_held_max`: the most attacking connections the server held at once (none has
  shown the token: at most the strangers' slots, 64, which the followers' connections
  never compete for).

The attacker and the followers share this machine's two cores with the operator; the
followers run at nice 19 (they stand for laptops elsewhere), the attacker does not.

    .venv/bin/python bench/slow_clients.py [--calls 2000] [--rate 20] [--slow 300]
                                           [--byte-every 1] [--no-attack]

The last line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from arguments import positive, whole  # bench/ is the script's folder, so on sys.path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import percentile  # bench/ is the script's folder, so on sys.path

from station.witness.follow import FeedError, RemoteFollower

HEAD = b"GET /events?after=0&wait=25 HTTP/1.1\r\nHost: station\r\nUser-Agent: slow\r\n"
ATTACKER = "127.0.0.2"  # one host (Linux answers on all of 127.0.0.0/8)


def attack(url: str, slow: int, byte_every: float, reconnects: float, out: Path) -> int:
    """Child mode: keep `slow` connections trickling a head until SIGTERM; figures to `out`."""
    parts = urllib.parse.urlsplit(url)
    target = (str(parts.hostname), int(parts.port or 0))
    selector = selectors.DefaultSelector()
    opened: dict[socket.socket, tuple[float, int]] = {}  # socket: (opened at, bytes sent)
    held_max = 0
    dropped = 0
    stop = threading.Event()

    def on_term(*_: object) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_term)
    budget = 0.0
    last = time.monotonic()
    next_byte = time.monotonic()
    while not stop.is_set():
        now = time.monotonic()
        budget = min(reconnects, budget + (now - last) * reconnects)
        last = now
        while len(opened) < slow and budget >= 1:
            budget -= 1
            conn = socket.socket()
            conn.setblocking(False)
            conn.bind((ATTACKER, 0))
            try:
                conn.connect(target)
            except BlockingIOError:
                pass
            except OSError:
                conn.close()
                continue
            selector.register(conn, selectors.EVENT_READ)
            opened[conn] = (now, 0)
        for key, _ in selector.select(timeout=0.05):
            conn = key.fileobj  # readable: the server answered or closed; either way, gone
            assert isinstance(conn, socket.socket)
            selector.unregister(conn)
            opened.pop(conn, None)
            conn.close()
            dropped += 1
        if time.monotonic() >= next_byte:
            next_byte += byte_every
            for conn, (since, sent) in list(opened.items()):
                try:
                    conn.send(HEAD[sent % len(HEAD) : sent % len(HEAD) + 1])
                    opened[conn] = (since, sent + 1)
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    selector.unregister(conn)
                    opened.pop(conn, None)
                    conn.close()
                    dropped += 1
        now = time.monotonic()
        held = sum(1 for since, _ in opened.values() if now - since >= 2.0)
        held_max = max(held_max, held)
    for conn in opened:
        conn.close()
    out.write_text(json.dumps({"held_max": held_max, "dropped": dropped}))
    return 0


def followers(url: str, count: int, until_seq: int, out: Path) -> int:
    """Child mode: `count` followers until each holds `until_seq`; lags and losses to `out`."""
    if hasattr(os, "nice"):
        os.nice(19)
    lags: list[int] = []
    lost = 0
    problems: list[str] = []
    lock = threading.Lock()

    def follow() -> None:
        nonlocal lost
        deadline = time.monotonic() + 600
        while True:
            try:
                follower = RemoteFollower(url)
                break
            except FeedError:  # every slot taken: the feed is lost to this follower
                with lock:
                    lost += 1
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        follower.step(wait_s=0)
        first = max(follower.head_seq, 1)
        print("ATTACHED", flush=True)
        while follower.head_seq < until_seq and follower.broken is None:
            if time.monotonic() > deadline:
                problems.append(f"stopped at event {follower.head_seq} of {until_seq}")
                break
            batch = follower.step(wait_s=5)
            now = time.monotonic_ns()
            with lock:
                if follower.problem and follower.problem.startswith("NO FEED"):
                    lost += 1
                    time.sleep(0.5)
                lags.extend(now - record.mono_ns for record in batch.records if record.seq > first)
        if follower.broken:
            problems.append(follower.broken)
        follower.close()

    threads = [threading.Thread(target=follow) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.write_text(json.dumps({"lags": lags, "lost": lost, "problems": problems}))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=whole(1), default=2000)
    parser.add_argument("--rate", type=positive, default=20)
    parser.add_argument(
        "--followers", type=whole(0), default=2, help="0 where the feed cannot be reached at all"
    )
    parser.add_argument("--slow", type=whole(0), default=300, help="attacking connections")
    parser.add_argument("--byte-every", type=positive, default=1.0)
    parser.add_argument("--reconnects", type=positive, default=50.0, help="a second, at most")
    parser.add_argument("--no-attack", action="store_true", help="the same without the attacker")
    parser.add_argument("--child-attack", nargs=2, metavar=("URL", "OUT"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--child-follow", nargs=3, metavar=("URL", "UNTIL", "OUT"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.child_attack:
        url, out = args.child_attack
        return attack(url, args.slow, args.byte_every, args.reconnects, Path(out))
    if args.child_follow:
        url, until, out = args.child_follow
        return followers(url, args.followers, int(until), Path(out))
    from keypress import measure

    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        os.environ["XDG_DATA_HOME"] = name  # never the user's own signing key
        folder = Path(name)
        server: list[subprocess.Popen[str]] = []
        attacker: list[subprocess.Popen[str]] = []
        follow: list[subprocess.Popen[str]] = []
        attack_file, follow_file = folder / "attack.json", folder / "follow.json"

        def attach(path: Path) -> None:
            serving = subprocess.Popen(
                [sys.executable, "-m", "station", "serve", str(path), "--port", "0"],
                stdout=subprocess.PIPE,
                text=True,
            )
            server.append(serving)
            assert serving.stdout is not None
            url = next(line[6:].strip() for line in serving.stdout if line.startswith("feed: "))
            if not args.no_attack:
                attacker.append(
                    subprocess.Popen(
                        [
                            *(sys.executable, __file__, "--slow", str(args.slow)),
                            *("--byte-every", str(args.byte_every)),
                            *("--reconnects", str(args.reconnects)),
                            *("--child-attack", url, str(attack_file)),
                        ],
                        text=True,
                    )
                )
                time.sleep(3)  # the attack under way: the slots it can take, taken
            child = subprocess.Popen(
                [
                    *(sys.executable, __file__, "--followers", str(args.followers)),
                    *("--child-follow", url, str(1 + args.calls), str(follow_file)),
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            follow.append(child)
            assert child.stdout is not None
            for _ in range(args.followers):
                child.stdout.readline()  # ATTACHED

        what = "no attack" if args.no_attack else f"{args.slow} slow connections from one host"
        print(
            f"keypress with `station serve`, {args.followers} followers and {what}"
            f" (a byte every {args.byte_every:g} s), {args.calls:,} calls at {args.rate:g}/s:"
        )
        try:
            times = measure(folder, args.calls, args.rate, on_ready=attach)
            follow[0].wait(timeout=300)
        finally:
            for process in [*attacker, *follow, *server]:
                if process.poll() is None:
                    process.terminate()
                process.wait(timeout=30)
                if process.stdout is not None:
                    process.stdout.close()
        result = json.loads(follow_file.read_text())
        attacked = json.loads(attack_file.read_text()) if attack_file.exists() else {}
    if result["problems"]:
        raise SystemExit(f"a follower: {result['problems'][0]}")
    lags = [lag / 1e6 for lag in result["lags"]]  # none with --followers 0
    figures = {
        "keypress_p50_ms_slow_clients": round(statistics.median(times), 2),
        "keypress_p99_ms_slow_clients": round(percentile(times, 0.99), 2),
        "feed_lag_p50_ms_slow_clients": round(statistics.median(lags), 2) if lags else None,
        "feed_lag_p99_ms_slow_clients": round(percentile(lags, 0.99), 2) if lags else None,
        "follower_requests_lost": result["lost"] if args.followers else None,
        "slow_held_max": attacked.get("held_max"),
        "slow_dropped": attacked.get("dropped"),
    }
    print(
        f"  keypress median {figures['keypress_p50_ms_slow_clients']} ms"
        f"  p99 {figures['keypress_p99_ms_slow_clients']} ms (target <= 16)"
    )
    print(
        f"  feed lag median {figures['feed_lag_p50_ms_slow_clients']} ms"
        f"  p99 {figures['feed_lag_p99_ms_slow_clients']} ms (target <= 250);"
        f" follower requests that found no feed: {figures['follower_requests_lost']}"
    )
    if attacked:
        print(
            f"  attacking connections held at once, at most: {figures['slow_held_max']};"
            f" dropped by the server: {figures['slow_dropped']:,}"
        )
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
