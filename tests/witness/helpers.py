"""A count being served on 127.0.0.1 and a way to follow it; witness files kept and forged;
the child processes of the witness story."""

import contextlib
import functools
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

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


@functools.cache
def _built_live_page() -> bytes:
    from station.verifier.live_page import built

    return built()


def live_page() -> bytes:
    """The live page `station serve` builds, built once per test process; the test is
    skipped where its inputs are not cached and cannot be fetched."""
    from station.verifier.python_page import InputsError

    try:
        return _built_live_page()
    except InputsError as error:
        pytest.skip(str(error))


@functools.cache
def _built_python_page() -> bytes:
    from station.verifier import python_page

    return python_page.page(python_page.fetch_inputs(python_page.default_cache()))


def python_verifier_page(path: Path) -> Path:
    """The Python verifier page (`station verifier --out`) written at `path`, built
    once per test process; the test is skipped where its inputs cannot be had."""
    from station.verifier.python_page import InputsError

    try:
        path.write_bytes(_built_python_page())
    except InputsError as error:
        pytest.skip(str(error))
    return path


@contextlib.contextmanager
def live_feed(path: Path, key: StationKey, *, page: bool = True) -> Iterator[FeedServer]:
    """`station serve` of the election file at `path` in this process, on 127.0.0.1
    (`page`: with its live page, for a browser)."""
    source = FeedSource(path, key, moved_every_s=0.2)
    source.start()
    server = serve(source, "127.0.0.1", 0, live_page() if page else None)
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
  calls: [...document.querySelectorAll('#calls li')].map((li) => li.firstChild.textContent)};
"""


def forged_tail(
    events: list[dict[str, Any]], calls: int, call: str = "for"
) -> list[dict[str, Any]]:
    """`calls` ballot calls someone on the path appends after a feed's last event, without
    the station's key: each well made and chained to the one before it, none signed."""
    from station.journal.chain import event_hash
    from station.journal.records import EVENT_FIELDS

    last = events[-1]
    forged = []
    for n in range(1, calls + 1):
        event = dict(
            last,
            seq=last["seq"] + 1,
            mono_ns=last["mono_ns"] + n,
            action="call",
            call=call,
            target=None,
            detail=None,
            prev_hash=last["hash"],
        )
        event["hash"] = event_hash(*(event[name] for name in EVENT_FIELDS[:-1]))
        forged.append(event)
        last = event
    return forged


class ForgingPath(ThreadingHTTPServer):
    """Someone between a feed and its observers, without the station's key: passes every
    answer on, and once the station's events reach `after`, appends `calls` forged
    ballot calls (`forged_tail`) to the answer, once; `again` times more, `calls` more at
    once to each request for what follows them, without asking the station (the newest
    head it last passed on kept in each answer), and then no answer at all. Its URL
    carries the feed's token, as the one the observer was given would.

    `held`, when given, is the number of an /events request (1 the first) not passed on
    before `gate` is set: an answer slow to come. With `stalls`, every /events request
    after the first is answered a moment later with no event and no head, the newest
    head the station signed passed on: a path keeping back what the station sent."""

    daemon_threads = True

    def __init__(
        self,
        feed_url: str,
        *,
        after: int,
        calls: int,
        call: str = "for",
        again: int = 0,
        held: int | None = None,
        stalls: bool = False,
    ) -> None:
        self.feed_base, token = feed_url.split("/?token=")
        self.token = token
        self.after, self.calls, self.call = after, calls, call
        self.again, self.forges_again = again, again > 0
        self.forged: list[dict[str, Any]] = []
        self.newest_head: str | None = None
        self.held, self.gate, self.asked, self.stalls = held, threading.Event(), 0, stalls
        super().__init__(("127.0.0.1", 0), _ForgingHandler)
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05})
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/?token={self.token}"

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        self.thread.join()


class _ForgingHandler(BaseHTTPRequestHandler):
    server: ForgingPath
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        server = self.server
        if self.path.startswith("/events"):
            server.asked += 1
            if server.asked == server.held:
                server.gate.wait(30)
            if server.stalls and server.asked > 1:
                time.sleep(0.1)  # a long poll that ends with nothing
                self._answer(
                    200,
                    "application/json",
                    json.dumps(
                        {
                            "events": [],
                            "head": 0,
                            "heads": [],
                            "newest_head": server.newest_head,
                            "problem": None,
                        }
                    ).encode(),
                )
                return
            after = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query).get("after")
            if server.forges_again and server.forged and after == [str(server.forged[-1]["seq"])]:
                if not server.again:
                    self.close_connection = True  # the path gone: a lost feed
                    return
                server.again -= 1
                more = forged_tail(server.forged, server.calls, server.call)
                server.forged += more
                self._answer(
                    200,
                    "application/json",
                    json.dumps(
                        {
                            "events": more,
                            "head": more[-1]["seq"],
                            "heads": [],
                            "newest_head": server.newest_head,
                            "problem": None,
                        }
                    ).encode(),
                )
                return
        asked = urllib.request.Request(
            server.feed_base + self.path,
            headers={
                name: value
                for name in ("Authorization", "Accept")
                if (value := self.headers.get(name)) is not None
            },
        )
        try:
            with urllib.request.urlopen(asked, timeout=60) as real:
                status, kind, body = real.status, real.headers["Content-Type"], real.read()
        except urllib.error.HTTPError as refused:
            status, kind, body = refused.code, refused.headers["Content-Type"], refused.read()
            refused.close()
        except OSError:
            self.close_connection = True
            return
        if status == 200 and self.path.startswith("/events") and not server.forged:
            answer = json.loads(body)
            events = answer["events"]
            server.newest_head = answer.get("newest_head")
            if events and events[-1]["seq"] >= server.after:
                server.forged = forged_tail(events, server.calls, server.call)
                answer["events"] += server.forged
                body = json.dumps(answer).encode()
        self._answer(status, kind, body)

    def _answer(self, status: int, kind: str, body: bytes) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            self.close_connection = True


def cosigned(note: str, witnesses: int = 20, line_bytes: int = 3300) -> str:
    """`note` with the cosignature lines of `witnesses` witnesses no reader knows, each
    about `line_bytes` long (a post-quantum signature's size): readers must keep such a
    note (c2sp.org/signed-note: at least 16 signatures, of any size the spec allows)."""
    from station.verification.signed_note import signature_line

    raw = (line_bytes - 60) * 3 // 4  # base64 and the name take the rest of the line
    lines = [
        signature_line(f"witness{n}.example/party", bytes([n] * 4), bytes([n]) * raw)
        for n in range(witnesses)
    ]
    return note + "".join(lines)


class Feed:
    """`station serve` in this process: its source polling the file, its server threaded."""

    def __init__(self, path: Path, key: StationKey, port: int = 0, host: str = "127.0.0.1") -> None:
        self.source = FeedSource(path, key, moved_every_s=0.2)
        self.source.start()
        self.server: FeedServer = serve(self.source, host, port, live_page())
        self._thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}
        )
        self._thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join()
        self.source.stop()


class RestartableFeed:
    """A server over the served count that the test stops and starts on one port."""

    def __init__(self, served: Served) -> None:
        self.served = served
        self.port = 0
        self.server: FeedServer | None = None
        self.thread: threading.Thread | None = None

    def start(self) -> str:
        self.server = FeedServer(("127.0.0.1", self.port), self.served.source)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}
        )
        self.thread.start()
        return self.server.url

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.shutdown()
            self.server.server_close()
            self.thread.join()
            self.server = None


def tally(path: Path) -> dict[str, Any]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["tally", str(path), "--json"]) == 0
    return json.loads(out.getvalue())  # type: ignore[no-any-return]
