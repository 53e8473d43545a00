"""Where `station serve` can be reached, as it says: by default this computer alone, and
no QR code an observer's phone could not use; with --room, every address of this
computer on its networks, a QR code of the first, and the token still required."""

import argparse
import socket
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.cli import witnessing
from station.witness.follow import RemoteFollower
from station.witness.serve import FeedServer, own_addresses
from station.witness.statements import local_only, on_no_network, serving_room
from tests.witness.helpers import Served

QR_BLOCK = "\u2588"  # the QR code's full block


def said(server: FeedServer, path: Path, port: int, capsys: pytest.CaptureFixture[str]) -> str:
    witnessing._print_addresses(server, argparse.Namespace(file=path, port=port))
    return capsys.readouterr().out


@pytest.fixture
def room(served: Served) -> Iterator[FeedServer]:
    """The feed served on every address of this computer, as `--room` serves it."""
    server = FeedServer(("0.0.0.0", 0), served.source)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join()


def test_served_on_this_computer_alone_it_says_so_in_place_of_a_qr_code(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    out = said(served.server, served.journal.path, 8765, capsys)
    port = served.server.server_address[1]
    room = f"station serve {served.journal.path} --room"
    assert out.splitlines() == [f"feed: {served.url}", local_only("127.0.0.1", room)]
    assert served.url.startswith(f"http://127.0.0.1:{port}/?token=")
    assert QR_BLOCK not in out
    with pytest.raises(OSError), socket.create_connection(("127.0.0.2", port), timeout=2):
        pass  # another address, as another machine would use: nothing listens there


def test_the_command_to_serve_the_room_keeps_the_port_given(
    served: Served, capsys: pytest.CaptureFixture[str]
) -> None:
    out = said(served.server, served.journal.path, 9000, capsys)
    assert "--room --port 9000 (the feed still needs its token)" in out


def test_served_to_the_room_it_prints_each_address_and_a_qr_code_of_the_first(
    served: Served, room: FeedServer, capsys: pytest.CaptureFixture[str]
) -> None:
    out = said(room, served.journal.path, 8765, capsys)
    port = room.server_address[1]
    addresses = own_addresses()
    if addresses == ["127.0.0.1"]:
        pytest.skip("this machine is on no network: test_on_no_network_no_qr_code says that")
    urls = [f"http://{host}:{port}/?token={served.source.token}" for host in addresses]
    lines = out.splitlines()
    assert lines[: len(urls) + 1] == [serving_room(len(urls)), *(f"feed: {url}" for url in urls)]
    assert "\n".join(lines[len(urls) + 1 :]) + "\n" == witnessing._qr(urls[0])
    assert QR_BLOCK in out


def test_served_to_the_room_another_address_is_answered_with_the_token_only(
    served: Served, room: FeedServer
) -> None:
    """127.0.0.2 stands for another machine of the room."""
    probe = socket.socket()
    try:
        probe.bind(("127.0.0.2", 0))
    except OSError:
        pytest.skip("no second loopback address here (macOS: ifconfig lo0 alias 127.0.0.2)")
    finally:
        probe.close()
    port = room.server_address[1]
    url = f"http://127.0.0.2:{port}/?token={served.source.token}"
    follower = RemoteFollower(url)
    served.followers.append(follower)
    follower.step(wait_s=0)
    assert follower.problem is None and follower.broken is None
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"http://127.0.0.2:{port}/setup", timeout=5)
    assert refused.value.code == 401
    refused.value.close()


def test_on_no_network_no_qr_code() -> None:
    lines, qr_of = witnessing.addresses_said(
        "0.0.0.0", ["http://127.0.0.1:8765/?token=x"], "station serve f --room"
    )
    assert (lines, qr_of) == (["feed: http://127.0.0.1:8765/?token=x", on_no_network()], None)


def test_on_one_address_given_its_qr_code_and_no_word_of_the_room() -> None:
    url = "http://192.0.2.7:8765/?token=x"
    assert witnessing.addresses_said("192.0.2.7", [url], "cmd") == ([f"feed: {url}"], url)
