"""The served feed's port is its own on every platform: a second `station serve` on it is
refused, never let in beside the first (Windows's SO_REUSEADDR would let it in)."""

import socket

import pytest

from station.witness.serve import FeedServer, claim_port, serve
from tests.platforms import Calls, pretend
from tests.witness.helpers import Served

EXCLUSIVE = -5  # Windows's SO_EXCLUSIVEADDRUSE, ~SO_REUSEADDR


class _Socket:
    def __init__(self, calls: Calls) -> None:
        self.setsockopt = calls.recorder("setsockopt")


def test_a_second_server_on_the_port_is_refused(served: Served) -> None:
    port = served.server.server_address[1]
    with pytest.raises(OSError):
        second = serve(served.source, "127.0.0.1", port)
        second.server_close()


@pytest.mark.stand_in("win32")
def test_on_windows_the_port_is_claimed_for_this_server_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = Calls()
    monkeypatch.setattr(socket, "SO_EXCLUSIVEADDRUSE", EXCLUSIVE, raising=False)
    pretend(monkeypatch, "win32")
    claim_port(_Socket(calls))  # type: ignore[arg-type]
    assert calls.made == [("setsockopt", (socket.SOL_SOCKET, EXCLUSIVE, 1))]


@pytest.mark.parametrize("platform", ["linux", "darwin"])
def test_on_linux_and_macos_a_restarted_server_may_take_its_port_back(
    monkeypatch: pytest.MonkeyPatch, platform: str
) -> None:
    calls = Calls()
    pretend(monkeypatch, platform)
    claim_port(_Socket(calls))  # type: ignore[arg-type]
    assert calls.made == [("setsockopt", (socket.SOL_SOCKET, socket.SO_REUSEADDR, 1))]


def test_the_server_sets_no_reuse_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """socketserver's own SO_REUSEADDR would undo the Windows claim: it is off."""
    assert FeedServer.allow_reuse_address is False
    assert not getattr(FeedServer, "allow_reuse_port", False)
