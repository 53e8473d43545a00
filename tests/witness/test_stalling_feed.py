"""A host that answers a byte at a time never holds a follower past its deadline."""

import socket
import threading
import time

import pytest

from station.witness.follow import FeedAddress, _Lost


def trickle(server: socket.socket, stop: threading.Event) -> None:
    """Answer one request with a valid head, then a byte of body every 0.2 s."""
    conn, _ = server.accept()
    with conn:
        conn.recv(4096)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
        conn.sendall(b"Content-Length: 100000\r\n\r\n")
        while not stop.is_set():
            try:
                conn.sendall(b" ")
            except OSError:
                return
            time.sleep(0.2)


def test_a_trickling_answer_is_a_lost_feed_within_the_deadline() -> None:
    server = socket.create_server(("127.0.0.1", 0))
    stop = threading.Event()
    thread = threading.Thread(target=trickle, args=(server, stop), daemon=True)
    thread.start()
    port = server.getsockname()[1]
    address = FeedAddress(f"http://127.0.0.1:{port}/?token=x")
    started = time.monotonic()
    try:
        with pytest.raises(_Lost, match="no whole answer within 1 s"):
            address.get("/setup", {}, 1.0)
    finally:
        stop.set()
        address.close()
        server.close()
    assert time.monotonic() - started < 3  # each byte came well within a read's timeout
