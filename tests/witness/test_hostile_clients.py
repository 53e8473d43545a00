"""Hostile clients: floods, huge and malformed requests, clients that never read or never
send. The server keeps answering its followers, and the station keeps counting."""

import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator

import pytest

from station.domain import Action, Call
from station.witness import serve as serve_module
from station.witness.follow import RemoteFollower
from station.witness.serve import FeedServer
from tests.witness.helpers import Served

LIMIT = 16  # connections answered at once, for this test (MAX_CLIENTS in use)


@pytest.fixture
def small(served: Served) -> Iterator[FeedServer]:
    """A second server over the same feed, answering at most LIMIT connections at once."""
    server = FeedServer(("127.0.0.1", 0), served.source, max_clients=LIMIT)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


def test_floods_and_bad_requests_leave_the_feed_working(served: Served, small: FeedServer) -> None:
    parts = urllib.parse.urlsplit(small.url)
    host, port = str(parts.hostname), int(parts.port or 0)
    token = served.source.token
    flood: list[socket.socket] = []
    try:
        for n in range(LIMIT * 4):  # more than it answers at once: the rest are closed
            conn = socket.create_connection((host, port), timeout=5)
            if n % 3 == 0:
                conn.sendall(b"GET /events?after=0&wait=25&tok")  # never finished
            flood.append(conn)
        huge = socket.create_connection((host, port), timeout=5)
        flood.append(huge)
        huge.sendall(b"GET /" + b"x" * 100_000 + b" HTTP/1.1\r\n\r\n")
        garbage = socket.create_connection((host, port), timeout=5)
        flood.append(garbage)
        garbage.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" * 50 + b"\r\n\r\n")
        deaf = socket.create_connection((host, port), timeout=5)
        flood.append(deaf)
        request = f"GET /events?after=0 HTTP/1.1\r\nAuthorization: Bearer {token}\r\n\r\n"
        deaf.sendall(request.encode() * 200)  # pipelined, and never read
        # The station counts on meanwhile: the feed reads, it never holds the writer.
        began = time.perf_counter()
        for _ in range(20):
            served.journal.append(Action.CALL, Call.FOR)
        assert time.perf_counter() - began < 5
    finally:
        for conn in flood:
            conn.close()
    served.poll()
    deadline = time.monotonic() + 10
    follower = RemoteFollower(small.url)
    served.followers.append(follower)
    while time.monotonic() < deadline and follower.head_seq < served.journal.head_seq:
        follower.step(wait_s=0)
    assert follower.broken is None
    assert follower.count.tally.for_union == 20


def slow_connection(url: str, source: str = "127.0.0.1") -> socket.socket:
    parts = urllib.parse.urlsplit(url)
    return socket.create_connection(
        (str(parts.hostname), int(parts.port or 0)), timeout=5, source_address=(source, 0)
    )


def closed_within(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closed `conn` within `seconds` (whatever it said first)."""
    conn.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not conn.recv(65536):
                return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return False


def test_a_request_head_sent_a_byte_at_a_time_is_dropped_at_its_deadline(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each byte comes well within the per-read timeout; the whole head does not come
    within its deadline, and the slot is given back."""
    monkeypatch.setattr(serve_module, "HEAD_S", 1.0)
    conn = slow_connection(served.url)
    try:
        began = time.monotonic()
        for byte in b"GET /events?after=0 HTTP/1.1\r\nHost: x\r\n":
            try:
                conn.sendall(bytes([byte]))
            except OSError:  # closed under it: what is wanted
                break
            time.sleep(0.1)
            if time.monotonic() - began > 1.5:
                break
        assert closed_within(conn, 2.0)
        assert time.monotonic() - began < 4
    finally:
        conn.close()


def test_a_wrong_token_in_the_request_line_is_refused_before_any_header(
    served: Served,
) -> None:
    conn = slow_connection(served.url)
    try:
        conn.sendall(b"GET /events?after=0&token=0123456789abcdef HTTP/1.1\r\n")  # no more
        conn.settimeout(3)
        answer = conn.recv(65536)
        assert answer.startswith(b"HTTP/1.1 401 "), answer
        assert closed_within(conn, 2.0)
    finally:
        conn.close()


def a_second_loopback_address() -> None:
    """Linux and Windows answer on all of 127.0.0.0/8; macOS only on 127.0.0.1 unless told."""
    probe = socket.socket()
    try:
        probe.bind(("127.0.0.2", 0))
    except OSError:
        pytest.skip("no second loopback address here (macOS: ifconfig lo0 alias 127.0.0.2)")
    finally:
        probe.close()


def test_one_address_cannot_take_every_slot(served: Served) -> None:
    """An attacker's slow connections fill only its own address's share: a witness on
    another address is answered."""
    a_second_loopback_address()
    server = FeedServer(("127.0.0.1", 0), served.source, max_clients=LIMIT, max_per_address=4)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    attack: list[socket.socket] = []
    try:
        for _ in range(LIMIT * 2):
            conn = slow_connection(server.url, source="127.0.0.2")
            conn.sendall(b"GET /events?after=0 HTTP/1.1\r\n")  # and never the rest
            attack.append(conn)
        time.sleep(0.2)
        follower = RemoteFollower(server.url)
        served.followers.append(follower)
        follower.step(wait_s=0)
        assert follower.problem is None and follower.broken is None
        held = sum(not closed_within(conn, 0.01) for conn in attack)
        assert held == 4
    finally:
        for conn in attack:
            conn.close()
        server.shutdown()
        server.server_close()
        thread.join()


def test_a_follower_pausing_between_requests_longer_than_a_head_keeps_its_connection(
    served: Served, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_module, "HEAD_S", 0.3)
    follower = served.follow()
    follower.step(wait_s=0)
    served.journal.append(Action.CALL, Call.FOR)
    served.poll()
    time.sleep(0.8)  # the next request's first byte may wait; its head may not
    follower.step(wait_s=0)
    assert follower.problem is None and follower.count.tally.for_union == 1
