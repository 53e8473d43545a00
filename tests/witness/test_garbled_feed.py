"""A feed that answers garbage (JSON nested 100,000 deep, not JSON, not a feed's shape),
at the start or in the middle of a watch: one line, never a traceback, and not a
forgery: `station witness` and `station dashboard URL` end with exit 3 (1 is NOT INTACT),
and a dashboard already open says FEED GARBLED and keeps trying."""

import json
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from station.cli import main
from station.journal.records import EVENT_FIELDS
from station.witness.follow import RemoteFollower
from station.witness.limits import MAX_ANSWER, MAX_EVENT_BYTES, PAGE_BYTES
from station.witness.statements import feed_status
from tests.verifier.chromium import browser, wait_for
from tests.witness.helpers import Served, live_page

__all__ = ["browser"]  # fixtures

DEEP = b"[" * 100_000 + b"]" * 100_000
GARBAGE = {
    "nested 100,000 deep": DEEP,
    "nested in an object": b'{"events": ' + DEEP + b', "heads": []}',
    "not JSON": b"<html>502 Bad Gateway</html>",
    "not an object": b"[1, 2, 3]",
    "not a feed's shape": b'{"events": 5, "heads": "x"}',
}


class Hostile(ThreadingHTTPServer):
    """Answers /setup as the real feed does (or with `setup`), and /events with `events`
    once `good_events` of the real feed's answers were passed on."""

    daemon_threads = True

    def __init__(self, served: Served) -> None:
        self.served = served
        self.setup: bytes | None = None
        self.events = b""
        self.good_events = 0
        self.huge = 0  # bytes of an /events answer far larger than any feed's, if not 0
        self.length_said = True  # whether the huge answer says its length first
        self.huge_answers = 1_000_000  # how many answers are huge, before `events` again
        self.sent = 0  # bytes of the huge answer the follower took before it hung up
        self.hung_up = threading.Event()
        super().__init__(("127.0.0.1", 0), _Handler)
        self.thread = threading.Thread(target=self.serve_forever, kwargs={"poll_interval": 0.05})
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/?token={self.served.source.token}"

    def stop(self) -> None:
        self.shutdown()
        self.server_close()
        self.thread.join()


class _Handler(BaseHTTPRequestHandler):
    server: Hostile
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        server = self.server
        if self.path.startswith("/events") and server.huge and server.huge_answers > 0:
            server.huge_answers -= 1
            self.send_huge()
            return
        kind = "application/json"
        if self.path.startswith("/?") and "text/html" in self.headers.get("Accept", ""):
            body, kind = live_page(), "text/html; charset=utf-8"
        elif self.path.startswith("/setup"):
            body = server.setup or json.dumps(server.served.source.setup_doc).encode()
        elif server.good_events > 0:  # the real feed's answer, passed on
            server.good_events -= 1
            request = urllib.request.Request(
                server.served.url.split("/?")[0] + self.path,
                headers={"Authorization": self.headers.get("Authorization", "")},
            )
            with urllib.request.urlopen(request) as real:
                body = real.read()
        else:
            body = server.events
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def send_huge(self) -> None:
        """A well-formed feed's answer, but of `huge` bytes (spaces between its events),
        sent until the follower stops taking it."""
        server = self.server
        head, tail = b'{"events":[', b'],"heads":[]}'
        piece = b" " * (1 << 16)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if server.length_said:
            self.send_header("Content-Length", str(server.huge))
        else:
            self.send_header("Connection", "close")
        self.close_connection = True
        try:
            self.end_headers()
            self.wfile.write(head)
            sent = len(head)
            while sent < server.huge - len(tail):
                chunk = piece[: server.huge - len(tail) - sent]
                self.wfile.write(chunk)
                sent += len(chunk)
                server.sent = sent
            self.wfile.write(tail)
            server.sent = server.huge
        except OSError:
            pass
        finally:
            server.hung_up.set()


@pytest.fixture
def hostile(served: Served) -> Iterator[Hostile]:
    server = Hostile(served)
    yield server
    server.stop()


def one_line(code: int, err: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "NOT INTACT" not in err, err
    assert "FEED GARBLED" in err, err


@pytest.mark.parametrize("body", GARBAGE.values(), ids=GARBAGE.keys())
def test_a_witness_ends_with_exit_3_on_a_garbled_feed_at_the_start(
    hostile: Hostile, tmp_path: Path, capsys: pytest.CaptureFixture[str], body: bytes
) -> None:
    hostile.setup = body
    out = tmp_path / "w.witness"
    code = main(["witness", hostile.url, "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 3, captured
    one_line(code, captured.err)
    assert not out.exists()


@pytest.mark.parametrize("body", GARBAGE.values(), ids=GARBAGE.keys())
def test_a_witness_ends_with_exit_3_on_a_garbled_feed_mid_watch(
    hostile: Hostile, tmp_path: Path, capsys: pytest.CaptureFixture[str], body: bytes
) -> None:
    hostile.served.poll()  # a head signed at event 1
    hostile.events = body
    hostile.good_events = 2  # a watch under way, then garbage
    out = tmp_path / "w.witness"
    code = main(["witness", hostile.url, "--out", str(out), "--wait", "0"])
    captured = capsys.readouterr()
    assert code == 3, captured
    one_line(code, captured.err)
    assert captured.out.startswith("witnessing case")
    assert main(["verify", str(hostile.served.journal.path), "--witness", str(out)]) == 0


@pytest.mark.parametrize("where", ["setup", "events"])
def test_a_remote_dashboard_ends_with_exit_3_before_any_window(
    hostile: Hostile, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    if where == "setup":
        hostile.setup = DEEP
    hostile.events = DEEP
    code = main(["dashboard", hostile.url])
    captured = capsys.readouterr()
    assert code == 3, captured
    one_line(code, captured.err)


def test_an_open_dashboard_says_feed_garbled_and_keeps_trying(
    hostile: Hostile, served: Served
) -> None:
    hostile.good_events = 1
    follower = RemoteFollower(hostile.url)
    served.followers.append(follower)
    follower.step(wait_s=0)
    hostile.events = DEEP
    follower.start(wait_s=0, retry_s=0.05)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and follower.problem is None:
        follower.poll()
        time.sleep(0.05)
    assert follower.broken is None
    assert follower.problem is not None and follower.problem.startswith("FEED GARBLED"), (
        follower.problem
    )
    status, _, detail = feed_status(follower.problem, broken=False).partition("\n")
    assert status == "\u26a0 FEED GARBLED", status
    assert "not a forgery" in detail
    hostile.good_events = 1000
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and follower.problem is not None:
        follower.poll()
        time.sleep(0.05)
    assert follower.problem is None  # the feed came back to its senses


def deeper(frames: int, then: Callable[[], object]) -> object:
    """`then()` called `frames` frames further down the stack (as on a window's thread)."""
    return then() if frames == 0 else deeper(frames - 1, then)


@pytest.mark.parametrize("where", ["event", "head"])
def test_json_decoded_near_the_limit_and_checked_deeper_is_one_line(
    served: Served, where: str
) -> None:
    """A response the request thread decoded on a shallow stack, checked on a window's
    deeper one: what it holds is named, never a RecursionError."""
    follower = served.follow()
    follower.step(wait_s=0)
    nested = json.loads("[" * 900 + "]" * 900)
    event = {name: None for name in EVENT_FIELDS} | {"detail": nested}
    response = (
        {"events": [event], "heads": []}
        if where == "event"
        else {
            "events": [],
            "heads": [nested],
        }
    )
    expected = follower.head_seq + 1
    deeper(sys.getrecursionlimit() - 930, lambda: follower.take(response))
    broken = follower.broken
    assert broken is not None and "\n" not in broken, broken
    # Whether the deep list can be encoded again on this stack depends on the Python
    # (3.12 limits C recursion apart from Python's): either way the event is named.
    if where == "event":
        assert broken.startswith(f"event {expected:,} "), broken
    else:
        assert "is not" in broken, broken


HUGE = 64 << 20  # bytes: ten times the most a feed answers


@pytest.mark.parametrize("length_said", [True, False], ids=["length said", "length unsaid"])
def test_a_witness_refuses_an_answer_larger_than_any_feed_without_reading_it(
    hostile: Hostile, tmp_path: Path, capsys: pytest.CaptureFixture[str], length_said: bool
) -> None:
    hostile.huge, hostile.length_said = HUGE, length_said
    hostile.huge_answers, hostile.events = 1, b"not JSON"  # a follower taking it goes on
    code = main(["witness", hostile.url, "--out", str(tmp_path / "w.witness"), "--wait", "0"])
    captured = capsys.readouterr()
    assert code == 3, captured
    one_line(code, captured.err)
    assert f"more than {MAX_ANSWER >> 20} MiB, larger than any feed's" in captured.err
    assert hostile.hung_up.wait(10)
    assert hostile.sent < MAX_ANSWER + (16 << 20)  # what was read, and the sockets' buffers


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_live_page_refuses_an_answer_larger_than_any_feed_without_reading_it(
    hostile: Hostile, browser: Any
) -> None:
    hostile.huge, hostile.length_said = HUGE, False
    browser.get(hostile.url)
    status = wait_for(
        browser,
        "const s = document.getElementById('status')?.textContent ?? '';"
        " return s.includes('FEED GARBLED') && s;",
        timeout=30,
    )
    assert f"more than {MAX_ANSWER >> 20} MiB, larger than any feed's" in status, status
    assert "not a forgery" in status, status
    assert hostile.hung_up.wait(10)
    assert hostile.sent < MAX_ANSWER + (16 << 20)


def test_the_live_page_and_the_witness_refuse_above_the_same_size() -> None:
    from station.sheet.keys import signature_holds_raw
    from station.verifier.live_entry import LiveCount

    assert LiveCount("http://10.0.0.9:8765", signature_holds_raw).max_answer == MAX_ANSWER
    assert MAX_EVENT_BYTES < PAGE_BYTES
