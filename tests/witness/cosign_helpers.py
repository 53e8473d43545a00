"""Logs that sign real checkpoints over a Merkle tree, a party's witness served in this
process, and plain HTTP requests to it: what the witness protocol's tests share."""

import base64
import contextlib
import http.client
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.journal.cosigned import cosigned_checkpoint
from station.journal.cosigner_state import CosignerState
from station.sheet.checkpoint_signing import election_vkey, sign_head, utc_now
from station.sheet.keys import StationKey
from station.verification.checkpoints import Head
from station.verification.merkle import Tree
from station.verification.signed_note import Vkey, parse_vkey
from station.witness.cosigner import CosignerServer, Witness, open_state


class Log:
    """A station's log of one election: its key, its tree, and checkpoints signed on it."""

    def __init__(self, origin: str = "station/29-RC-288020/e1", lines: int = 1) -> None:
        self.origin = origin
        self.key = StationKey(Path("test-key"), Ed25519PrivateKey.generate())
        self.tree = Tree()
        self.grow(lines)

    def grow(self, lines: int, tag: str = "event") -> "Log":
        for _ in range(lines):
            self.tree.append(f'{{"{tag}": {self.tree.size}}}'.encode())
        return self

    def fork(self) -> "Log":
        """Another history of the same log by the same key: the first line differs."""
        other = Log(self.origin, 0)
        other.key = self.key
        other.tree.append(b'{"setup": "another"}')
        other.grow(self.tree.size - 1)
        return other

    def head(self, size: int | None = None) -> Head:
        size = self.tree.size if size is None else size
        return sign_head(self.key, self.origin, size - 1, self.tree.root(size).hex(), utc_now())

    @property
    def vkey(self) -> Vkey:
        return parse_vkey(election_vkey(self.key, self.origin))


def body(old: int, proof: list[bytes], note: str) -> bytes:
    """An add-checkpoint request body."""
    lines = "".join(base64.b64encode(hashed).decode() + "\n" for hashed in proof)
    return f"old {old}\n{lines}\n{note}".encode()


@dataclass
class Answer:
    status: int
    kind: str
    body: bytes


def ask(url: str, method: str, path: str, data: bytes | None = None) -> Answer:
    host, _, port = url.removeprefix("http://").partition(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.request(method, path, body=data)
        response = conn.getresponse()
        return Answer(response.status, response.getheader("Content-Type", ""), response.read())
    finally:
        conn.close()


def add(url: str, old: int, proof: list[bytes], note: str) -> Answer:
    return ask(url, "POST", "/add-checkpoint", body(old, proof, note))


@dataclass
class Running:
    """A party's witness served in this process, and the lines it said."""

    server: CosignerServer
    witness: Witness
    said: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.server.url


@contextlib.contextmanager
def running_witness(
    path: Path, logs: list[Vkey], name: str | None = None, port: int = 0
) -> Iterator[Running]:
    state: CosignerState = open_state(path, name)
    said: list[str] = []
    witness = Witness(state, logs, said.append)
    server = CosignerServer(("127.0.0.1", port), witness, said.append)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield Running(server, witness, said)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
        state.close()


def cosigned_within(election: Path, origin: str, size: int, witnesses: int) -> str:
    """The checkpoint of `size` kept with `witnesses` cosignatures by the serving child
    (another process: its file is looked at until then)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        note = cosigned_checkpoint(election, origin, size)
        if note is not None and note.count("\n\u2014 ") == 1 + witnesses:
            return note
        time.sleep(0.05)
    raise AssertionError(f"no checkpoint of size {size} cosigned by {witnesses} witnesses")
