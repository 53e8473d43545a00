"""A count being served on 127.0.0.1 and a way to follow it; witness files kept and forged;
the child processes of the witness story."""

import contextlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from station.cli import main
from station.journal import Journal
from station.sheet.keys import StationKey
from station.witness.follow import RemoteFollower
from station.witness.serve import FeedServer, FeedSource, serve
from station.witness.store import WitnessFile


@dataclass
class Served:
    """A journal counting and its feed, served in this process on 127.0.0.1.

    The feed's own thread is not started: each test says when the feed looks at the
    file (`poll`), so nothing depends on timing.
    """

    journal: Journal
    source: FeedSource
    server: FeedServer
    key: StationKey
    followers: list[RemoteFollower] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.server.url

    def poll(self) -> None:
        self.source.poll_once()

    def follow(self, **kwargs: Any) -> RemoteFollower:
        """A follower of the feed, closed (its connection too) at the end of the test."""
        follower = RemoteFollower(self.url, **kwargs)
        self.followers.append(follower)
        return follower


def witness_into(served: Served, path: Path) -> RemoteFollower:
    """A witness that has everything the feed has now, kept in `path`."""
    served.poll()
    if path.exists():
        follower = served.follow(store=WitnessFile.open(path))
    else:
        follower = served.follow()
        follower.store = WitnessFile.create(
            path,
            {
                "election": json.dumps(follower.election_row),
                "public_key": follower.public_key_text,
                "url": follower.address.shown,
            },
        )
    follower.step(wait_s=0)
    assert follower.broken is None, follower.broken
    return follower


def verify(*args: object) -> int:
    return main(["verify", *map(str, args)])


def forged_witness(wfile: Path, *statements: str) -> Path:
    """The witness file changed behind Station's back (its guards dropped first)."""
    conn = sqlite3.connect(wfile)
    for table in ("events", "heads"):
        for verb in ("update", "delete"):
            conn.execute(f"DROP TRIGGER {table}_no_{verb}")
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()
    return wfile


STARTED: list["Running"] = []  # every child of the test, ended whatever happens


class Running:
    """A child process whose output lines are collected as they come."""

    def __init__(
        self, *args: str | Path, env: dict[str, str] | None = None, stdin: bool = False
    ) -> None:
        self.process = subprocess.Popen(
            [*map(str, args)],
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines: list[str] = []
        STARTED.append(self)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, wanted: Callable[[str], bool], timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            for line in self.lines[seen:]:
                if wanted(line):
                    return line
            seen = len(self.lines)
            if self.process.poll() is not None and seen == len(self.lines):
                break
            time.sleep(0.05)
        raise AssertionError(f"not seen in {timeout} s; output: {self.lines[-20:]}")

    def send(self, line: str) -> str:
        assert self.process.stdin is not None
        before = len(self.lines)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + 30
        while len(self.lines) == before and time.monotonic() < deadline:
            time.sleep(0.002)
        return self.lines[before]

    def stop(self, sig: int = signal.SIGINT) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        code = self.process.wait(timeout=30)
        self._reader.join(timeout=5)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None and not pipe.closed:
                pipe.close()
        return code


def station(*args: str | Path, env: dict[str, str] | None = None) -> list[str]:
    return [sys.executable, "-m", "station", *map(str, args)]


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(station(*args), capture_output=True, text=True, timeout=120)


def keep_shot(screen: dict[str, str], name: str, *, settle_s: float = 0.0) -> None:
    """A screenshot of the whole X screen into $STATION_SHOTS/name, when both exist.

    `settle_s` lets the windows draw what they were just told (only when a shot is kept).
    """
    if not (os.environ.get("STATION_SHOTS") and "DISPLAY" in screen):
        return
    time.sleep(settle_s)
    shots = Path(os.environ["STATION_SHOTS"])
    shots.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["import", "-window", "root", str(shots / name)], env=screen, check=False, timeout=30
    )


@contextlib.contextmanager
def live_feed(path: Path, key: StationKey) -> Iterator[FeedServer]:
    """`station serve` of the election file at `path` in this process, on 127.0.0.1."""
    source = FeedSource(path, key, moved_every_s=0.2)
    source.start()
    server = serve(source, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
        source.stop()


# What the live page shows, read from its elements.
LIVE_PAGE_SHOWS = r"""
const text = (id) => document.getElementById(id)?.textContent ?? '';
const all = (selector, key) => Object.fromEntries([...document.querySelectorAll(selector)]
  .map((cell) => [cell.dataset[key], cell.textContent]));
return {status: text('status'), kind: document.getElementById('status').className,
  figures: all('[data-figure]', 'figure'), choices: [...document.querySelectorAll('#choices > div')]
  .map((cell) => [cell.children[0].textContent, cell.querySelector('b').textContent]),
  envelopes: document.getElementById('envelopes')?.hidden === false ? all('[data-envelope]', 'envelope') : null,
  statements: [text('s8'), text('s9'), text('s10')],
  progress: document.getElementById('progress').innerText.replace(/\s+/g, ' ').trim(),
  calls: [...document.querySelectorAll('#calls li')].map((li) => li.textContent)};
"""
