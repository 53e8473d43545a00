"""The station's side of the witness protocol (`station serve --witness`): cosignatures
got from a witness written from the spec alone and from a party's own witness, a 409
caught up, a bad cosignature refused, only the newest checkpoint sent, and a witness
out of reach tried again."""

import base64
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from station.journal.cosigned import CosignedStore, cosigned_checkpoint
from station.sheet.keys import signature_holds_raw
from station.verification.signed_note import parse_note, parse_vkey, verified_signatures
from station.witness.submitting import Submitter, WitnessAddressError, witness_address
from tests.witness.c2sp_witness import SpecServer, SpecWitness
from tests.witness.cosign_helpers import Log, add, running_witness


@pytest.fixture
def log() -> Log:
    return Log(lines=3)


@pytest.fixture
def store(tmp_path: Path, log: Log) -> Iterator[CosignedStore]:
    kept = CosignedStore(tmp_path / "e.station.cosigned", log.origin, create=True)
    yield kept
    kept.close()


class Heard(list[str]):
    """The lines a submitter said, waited on."""

    def __init__(self) -> None:
        super().__init__()
        self.changed = threading.Condition()

    def append(self, line: str) -> None:
        with self.changed:
            super().append(line)
            self.changed.notify_all()

    def wait(self, count: int) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: len(self) >= count, 10)


@pytest.fixture
def said() -> Heard:
    return Heard()


def submitter(url: str, vkeys: list[str], log: Log, store: CosignedStore, said: Heard) -> Submitter:
    sending = Submitter(
        url,
        [parse_vkey(v) for v in vkeys],
        log.tree.consistency_proof,
        store,
        said.append,
        first_pause_s=0.05,
    )
    sending.start()
    return sending


def test_a_witness_written_from_the_spec_alone_cosigns_each_checkpoint(
    tmp_path: Path, log: Log, store: CosignedStore, said: Heard
) -> None:
    spec = SpecWitness("spec.example/witness", {log.origin: log.vkey.text})
    server = SpecServer(spec)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    sending = submitter(server.url, [spec.vkey], log, store, said)
    try:
        sending(log.head())
        assert sending.wait_kept(3, 10)
        log.grow(6)
        sending(log.head())
        assert sending.wait_kept(9, 10)
    finally:
        sending.stop()
        server.shutdown()
        server.server_close()
        thread.join()
    assert spec.requests[1].startswith("old 3\n") and spec.latest[log.origin][0] == 9
    note = cosigned_checkpoint(tmp_path / "e.station", log.origin, 9)
    assert note is not None
    keys = [log.vkey, parse_vkey(spec.vkey)]
    assert len(verified_signatures(parse_note(note), keys, signature_holds_raw)) == 2
    assert said == []


def test_a_witness_that_cosigned_before_is_caught_up_from_its_size(
    tmp_path: Path, log: Log, store: CosignedStore, said: Heard
) -> None:
    with running_witness(tmp_path / "party.witness", [log.vkey]) as running:
        assert add(running.url, 0, [], log.head().note).status == 200  # an earlier serve
        log.grow(5)
        sending = submitter(running.url, [running.witness.vkey], log, store, said)
        try:
            sending(log.head())
            assert sending.wait_kept(8, 10)
        finally:
            sending.stop()
    assert sending.sent == [8, 8] and said == []  # 409 with "3", then the proof from 3
    assert [len(c) for _, c in store.of_size(8)] == [1]


def test_a_witness_key_not_given_keeps_nothing_and_says_so_once(
    tmp_path: Path, log: Log, store: CosignedStore, said: Heard
) -> None:
    other = SpecWitness("other.example/w", {}).vkey
    with running_witness(tmp_path / "party.witness", [log.vkey]) as running:
        sending = submitter(running.url, [other], log, store, said)
        try:
            sending(log.head())
            assert said.wait(1)
        finally:
            sending.stop()
    assert store.of_size(3) == []
    assert said == [f"witness {running.url} answered no cosignature by a --witness-key"]


class _Scripted(BaseHTTPRequestHandler):
    """A witness that answers what the test says, after the test lets it."""

    server: "ScriptedServer"
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with self.server.changed:
            self.server.requests.append(body.decode())
            self.server.changed.notify_all()
        self.server.go.wait(10)
        answer = self.server.answer(body.decode())
        status, answer = answer if isinstance(answer, tuple) else (200, answer)
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)
        if self.server.hang_up_after_each:  # an idle timeout of nought, unannounced
            self.close_connection = True


class ScriptedServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.requests: list[str] = []
        self.changed = threading.Condition()
        self.go = threading.Event()
        self.hang_up_after_each = False
        super().__init__(("127.0.0.1", 0), _Scripted)


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    servers: list[ScriptedServer] = []

    def start(answer: Any) -> ScriptedServer:
        server = ScriptedServer(answer)
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
        thread.start()
        servers.append(server)
        server.thread = thread  # type: ignore[attr-defined]
        return server

    yield start  # type: ignore[misc]
    for server in servers:
        server.go.set()
        server.shutdown()
        server.server_close()
        server.thread.join()  # type: ignore[attr-defined]


def test_a_cosignature_that_does_not_hold_is_refused(
    log: Log, store: CosignedStore, said: Heard, scripted: Any
) -> None:
    spec = SpecWitness("party.example/w", {log.origin: log.vkey.text})

    def forged(request: str) -> bytes:
        line = spec.add_checkpoint(request.encode())[1].decode()
        name, signature = line[2:].rstrip("\n").split(" ")
        raw = bytearray(base64.b64decode(signature))
        raw[-1] ^= 1
        return f"\u2014 {name} {base64.b64encode(bytes(raw)).decode()}\n".encode()

    server = scripted(forged)
    server.go.set()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    sending = submitter(url, [spec.vkey], log, store, said)
    try:
        sending(log.head())
        assert said.wait(1)
    finally:
        sending.stop()
    assert store.of_size(3) == []
    assert said == [
        f"witness {url} answered a cosignature that does not hold with its key: not kept"
    ]


def test_only_the_newest_checkpoint_is_sent_when_several_came_meanwhile(
    log: Log, store: CosignedStore, said: Heard, scripted: Any
) -> None:
    spec = SpecWitness("party.example/w", {log.origin: log.vkey.text})
    server = scripted(lambda request: spec.add_checkpoint(request.encode())[1])
    url = f"http://127.0.0.1:{server.server_address[1]}"
    sending = submitter(url, [spec.vkey], log, store, said)
    try:
        sending(log.head())
        with server.changed:  # the first is out, and the witness holds it
            assert server.changed.wait_for(lambda: len(server.requests) == 1, 10)
        for _ in range(3):
            log.grow(1)
            sending(log.head())
        server.go.set()
        assert sending.wait_kept(6, 10)
    finally:
        sending.stop()
    assert sending.sent == [3, 6]
    assert [request.partition("\n")[0] for request in server.requests] == ["old 0", "old 3"]


def test_a_witness_out_of_reach_is_tried_again_and_said_once(
    tmp_path: Path, log: Log, store: CosignedStore, said: Heard
) -> None:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()  # nothing listens there yet
    url = f"http://127.0.0.1:{port}"
    with running_witness(tmp_path / "boot.witness", [log.vkey]) as first:
        vkey = first.witness.vkey
    sending = submitter(url, [vkey], log, store, said)
    try:
        sending(log.head())
        assert said.wait(1)
        with running_witness(tmp_path / "boot.witness", [log.vkey], port=port):
            assert sending.wait_kept(3, 20)
    finally:
        sending.stop()
    assert len(said) == 2
    assert said[0].startswith(f"witness {url} cannot be reached (") and said[0].endswith(
        "trying again"
    )
    assert said[1] == f"witness {url} reached again"


@pytest.mark.parametrize("url", ["localhost:8766", "ftp://h/", "http://", "http://h:port"])
def test_a_witness_address_that_is_not_one_is_refused(url: str) -> None:
    with pytest.raises(WitnessAddressError, match="is not a witness's address"):
        witness_address(url)


def test_stopping_cuts_a_request_a_slow_witness_holds(
    log: Log, store: CosignedStore, said: Heard, scripted: Any
) -> None:
    server = scripted(lambda request: b"")  # answers only once let, 10 s at most
    url = f"http://127.0.0.1:{server.server_address[1]}"
    sending = submitter(url, [SpecWitness("w.example/w", {}).vkey], log, store, said)
    sending(log.head())
    with server.changed:
        assert server.changed.wait_for(lambda: len(server.requests) == 1, 10)
    began = time.monotonic()
    sending.stop()
    assert time.monotonic() - began < 5 and not server.go.is_set()
    assert said == []  # stopping is not the witness out of reach


def test_a_witness_refusing_the_same_way_is_said_once_and_again_when_it_changes(
    log: Log, store: CosignedStore, said: Heard, scripted: Any
) -> None:
    spec = SpecWitness("party.example/w", {log.origin: log.vkey.text})
    answers = iter(
        [(404, b"unknown log\n")] * 3 + [(403, b"no signature by the log's key\n")] + [None] * 9
    )

    def answer(request: str) -> Any:
        given = next(answers)
        return given if given is not None else spec.add_checkpoint(request.encode())[1]

    server = scripted(answer)
    server.go.set()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    sending = submitter(url, [spec.vkey], log, store, said)
    try:
        for count in range(1, 6):
            sending(log.head())
            with server.changed:
                assert server.changed.wait_for(lambda n=count: len(server.requests) == n, 10)
            log.grow(1)
        assert sending.wait_kept(7, 10)
    finally:
        sending.stop()
    assert said == [
        f"witness {url} refused the checkpoint of size 3 (404: unknown log);"
        " said again only when its answer changes",
        f"witness {url} refused the checkpoint of size 6 (403: no signature by the log's key);"
        " said again only when its answer changes",
        f"witness {url} accepted again: cosigned the checkpoint of size 7",
    ]


def test_a_kept_alive_connection_the_witness_closed_is_opened_again_without_a_word(
    log: Log, store: CosignedStore, said: Heard, scripted: Any
) -> None:
    spec = SpecWitness("party.example/w", {log.origin: log.vkey.text})
    server = scripted(lambda request: spec.add_checkpoint(request.encode())[1])
    server.hang_up_after_each = True
    server.go.set()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    sending = submitter(url, [spec.vkey], log, store, said)
    try:
        for size in range(3, 7):
            sending(log.head())
            assert sending.wait_kept(size, 10)
            log.grow(1)
    finally:
        sending.stop()
    assert said == []
    assert sending.sent == [3, 4, 5, 6]
