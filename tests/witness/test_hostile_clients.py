"""Hostile clients: floods, huge and malformed requests, clients that never read or never
send. The server keeps answering its followers, and the station keeps counting."""

import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator

import pytest

from station.domain import Action, Call
from station.witness.follow import RemoteFollower
from station.witness.serve import FeedServer
from tests.witness.conftest import Served

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
