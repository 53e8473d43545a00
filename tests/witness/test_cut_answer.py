"""An answer cut short (the station closed the connection mid-answer) is a lost feed,
never a garbled one: the feed is asked again and the dashboard says NO FEED."""

import socket
import threading

import pytest

from station.witness.follow import FeedAddress, _Lost


def cut_short(server: socket.socket, body: bytes) -> None:
    """Answer one request with a head promising 100 bytes, send `body`, and close."""
    conn, _ = server.accept()
    with conn:
        conn.recv(4096)
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n")
        conn.sendall(b"Content-Length: 100\r\n\r\n" + body)


@pytest.mark.parametrize(
    ("body", "said"),
    [(b"", "closed 0 bytes into a 100-byte answer"),
     (b'{"events": [', "closed 12 bytes into a 100-byte answer")],
    ids=["no body", "half a body"],
)  # fmt: skip
def test_an_answer_cut_short_is_a_lost_feed(body: bytes, said: str) -> None:
    server = socket.create_server(("127.0.0.1", 0))
    thread = threading.Thread(target=cut_short, args=(server, body), daemon=True)
    thread.start()
    address = FeedAddress(f"http://127.0.0.1:{server.getsockname()[1]}/?token=x")
    try:
        with pytest.raises(_Lost, match=said):
            address.get("/events", {}, 5.0)
    finally:
        address.close()
        server.close()
        thread.join()
