"""Hostile clients: floods, huge and malformed requests, clients that never read or never
send. The server keeps answering its followers, and the station keeps counting."""

import contextlib
import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator

import pytest

from station.domain import Action, Call
from station.witness import serve as serve_module
from station.witness.follow import FeedError, RemoteFollower
from station.witness.serve import FeedServer, Slots
from station.witness.statements import TOO_MANY_FROM_HERE
from tests.witness.helpers import Served

pytestmark = pytest.mark.long  # a served count under hostile clients: seconds

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


def test_a_new_stranger_pushes_out_the_longest_waiting_of_the_address_holding_most() -> None:
    slots = Slots(strangers=3, holders=8, per_address=8)
    first, second, third, mine, fourth, fifth = (socket.socket() for _ in range(6))
    try:
        assert slots.arrive(first, "10.0.0.66") is None
        assert slots.arrive(mine, "10.0.0.7") is None
        assert slots.arrive(second, "10.0.0.66") is None
        assert slots.arrive(third, "10.0.0.9") is first  # not mine, though older
        assert slots.admit(mine) is None  # the token shown: never pushed out again
        assert slots.arrive(fourth, "10.0.0.9") is None
        assert slots.arrive(fifth, "10.0.0.5") is third
        assert slots.admit(first) == serve_module.PUSHED_OUT
        assert (slots.strangers, slots.holders) == (3, 1)
    finally:
        for conn in (first, second, third, mine, fourth, fifth):
            conn.close()


def loopback_addresses(count: int) -> list[str]:
    """127.0.0.2 and on: Linux and Windows answer on all of 127.0.0.0/8, macOS only on
    127.0.0.1 unless told."""
    addresses = [f"127.0.0.{n}" for n in range(2, 2 + count)]
    probe = socket.socket()
    try:
        probe.bind((addresses[-1], 0))
    except OSError:
        pytest.skip("no second loopback address here (macOS: ifconfig lo0 alias 127.0.0.2)")
    finally:
        probe.close()
    return addresses


def idle_strangers(
    url: str, addresses: list[str], each: int, stop: threading.Event | None = None
) -> list[socket.socket]:
    """Connections that never finish their request, `each` from every address (fewer
    once `stop` is set)."""
    held: list[socket.socket] = []
    for address in addresses:
        for _ in range(each):
            if stop is not None and stop.is_set():
                return held
            with contextlib.suppress(OSError):  # pushed out under the attack: fine
                conn = slow_connection(url, source=address)
                held.append(conn)
                conn.sendall(b"GET /events?after=0 HTTP/1.1\r\n")  # and never the rest
    return held


def test_strangers_holding_every_connection_cannot_keep_a_witness_out(served: Served) -> None:
    """8 addresses x 32 idle connections, then more opened again and again while
    witnesses with the token connect afresh: each witness is answered, not refused or
    left waiting."""
    attackers = loopback_addresses(8)
    stop = threading.Event()
    opened: list[int] = []

    def attack() -> None:
        while not stop.is_set():
            held = idle_strangers(served.url, attackers, 8, stop)  # every stranger's slot
            opened.append(len(held))
            for conn in held:
                conn.close()

    first = idle_strangers(served.url, attackers, 32)
    attacker = threading.Thread(target=attack)
    attacker.start()
    answered = 0
    try:
        served.journal.append(Action.CALL, Call.FOR)
        served.poll()
        deadline = time.monotonic() + 10
        # At least one witness, then more until three rounds of the attack have run.
        while not answered or (len(opened) < 3 and time.monotonic() < deadline):
            began = time.monotonic()
            follower = RemoteFollower(served.url)  # a connection of its own, from 127.0.0.1
            follower.step(wait_s=0)
            follower.close()
            assert follower.problem is None and follower.count.tally.for_union == 1
            assert time.monotonic() - began < 3
            answered += 1
        assert len(opened) >= 3 and answered >= 1
    finally:
        stop.set()
        attacker.join()
        for conn in first:
            conn.close()


def test_a_witness_s_connection_is_kept_while_strangers_flood(served: Served) -> None:
    """A connection that showed the token is never pushed out to seat a stranger."""
    follower = served.follow()
    follower.step(wait_s=0)
    flood = idle_strangers(served.url, ["127.0.0.1"], serve_module.MAX_STRANGERS * 2)
    try:
        assert closed_within(flood[serve_module.MAX_STRANGERS - 1], 5)  # every one seated
        served.journal.append(Action.CALL, Call.FOR)
        served.poll()
        follower.step(wait_s=0)  # on the same connection: a cut one would be a lost feed
        assert follower.problem is None, follower.problem
        assert follower.count.tally.for_union == 1
    finally:
        for conn in flood:
            conn.close()


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


def test_a_follower_over_its_addresss_share_is_told_so(served: Served) -> None:
    """Past its address's share of token holders' connections a connection gets a short
    503 saying why, and the follower says so: not 'no feed there', which sends people
    looking for a dead station."""
    server = FeedServer(("127.0.0.1", 0), served.source, max_per_address=4)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    followers: list[RemoteFollower] = []
    try:
        followers.extend(RemoteFollower(server.url) for _ in range(4))  # each keeps its own
        refused = slow_connection(server.url)
        request = f"GET /setup HTTP/1.1\r\nAuthorization: Bearer {served.source.token}\r\n\r\n"
        refused.sendall(request.encode())
        answer = refused.recv(65536)
        refused.close()
        assert answer.startswith(b"HTTP/1.1 503 "), answer
        with pytest.raises(FeedError) as raised:
            RemoteFollower(server.url)
        assert str(raised.value) == f"{server.url.split('/?')[0]}: {TOO_MANY_FROM_HERE}"
        assert server.slots.holders == 4
    finally:
        for follower in followers:
            follower.close()
        server.shutdown()
        server.server_close()
        thread.join()
