"""A witness written only from the C2SP text (tlog-witness, tlog-cosignature,
signed-note, tlog-checkpoint), importing nothing of Station.

It serves `POST /add-checkpoint` in memory, with its own RFC 6962 consistency check,
so that Station's client is held to the spec and not to Station's own witness.
"""

import base64
import hashlib
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

EM_DASH = "\u2014"


def _key_id(name: str, kind: int, public: bytes) -> bytes:
    return hashlib.sha256(name.encode() + b"\x0a" + bytes([kind]) + public).digest()[:4]


def _node(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def consistent(m: int, n: int, proof: list[bytes], old_root: bytes, new_root: bytes) -> bool:
    """RFC 6962 2.1.2: walk PROOF(m, D[n]) from its outermost hash (the last) inwards."""
    if m == n:
        return not proof and old_root == new_root
    rest = list(proof)

    def walk(m: int, n: int, whole: bool) -> tuple[bytes, bytes]:
        if m == n:
            if whole:
                return old_root, old_root
            hashed = rest.pop()
            return hashed, hashed
        k = 1
        while k * 2 < n:
            k *= 2
        sibling = rest.pop()
        if m <= k:
            old, new = walk(m, k, whole)
            return old, _node(new, sibling)
        old, new = walk(m - k, n - k, False)
        return _node(sibling, old), _node(sibling, new)

    try:
        old, new = walk(m, n, True)
    except IndexError:
        return False
    return not rest and old == old_root and new == new_root


class SpecWitness:
    """One witness: a name, an Ed25519 key, the logs it trusts, the latest size each."""

    def __init__(self, name: str, logs: dict[str, str]) -> None:
        """`logs`: origin -> the log's vkey (`name+hex id+base64(0x01 || key)`)."""
        self.name = name
        self.private = Ed25519PrivateKey.generate()
        self.public = self.private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        self.logs = {}
        for origin, vkey in logs.items():
            key_name, hex_id, material = vkey.split("+", 2)
            raw = base64.b64decode(material)
            self.logs[origin] = (key_name, bytes.fromhex(hex_id), raw[1:])
        self.latest: dict[str, tuple[int, bytes]] = {}
        self.lock = threading.Lock()
        self.requests: list[str] = []

    @property
    def vkey(self) -> str:
        ident = _key_id(self.name, 0x04, self.public).hex()
        material = base64.b64encode(bytes([0x04]) + self.public).decode()
        return f"{self.name}+{ident}+{material}"

    def add_checkpoint(self, body: bytes) -> tuple[int, bytes, str]:
        text = body.decode()
        self.requests.append(text)
        lines = text.split("\n")
        if not lines[0].startswith("old "):
            return 400, b"", "text/plain"
        old = int(lines[0][4:])
        blank = lines.index("", 1)
        proof = [base64.b64decode(line) for line in lines[1:blank]]
        note = "\n".join(lines[blank + 1 :])
        body_text, _, signatures = note.rpartition("\n\n")
        body_text += "\n"
        origin, size_text, root64 = body_text.split("\n")[:3]
        size, root = int(size_text), base64.b64decode(root64)
        if old > size:
            return 400, b"", "text/plain"
        if origin not in self.logs:
            return 404, b"", "text/plain"
        key_name, key_id, public = self.logs[origin]
        good = False
        for line in signatures.rstrip("\n").split("\n"):
            name, signature64 = line[len(EM_DASH) + 1 :].split(" ")
            signature = base64.b64decode(signature64)
            if name != key_name or signature[:4] != key_id:
                continue
            try:
                Ed25519PublicKey.from_public_bytes(public).verify(signature[4:], body_text.encode())
            except InvalidSignature:
                return 403, b"", "text/plain"
            good = True
        if not good:
            return 403, b"", "text/plain"
        with self.lock:
            known_size, known_root = self.latest.get(origin, (0, b""))
            if old != known_size:
                return 409, f"{known_size}\n".encode(), "text/x.tlog.size"
            ok = not proof if old == 0 else consistent(old, size, proof, known_root, root)
            if not ok:
                return 422, b"", "text/plain"
            self.latest[origin] = (size, root)
            stamp = int(time.time())
            message = f"cosignature/v1\ntime {stamp}\n{body_text}".encode()
            signed = stamp.to_bytes(8, "big") + self.private.sign(message)
            ident = _key_id(self.name, 0x04, self.public)
            line = f"{EM_DASH} {self.name} {base64.b64encode(ident + signed).decode()}\n"
            return 200, line.encode(), "text/plain"


class _Handler(BaseHTTPRequestHandler):
    server: "SpecServer"

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers["Content-Length"]))
        if self.path != "/add-checkpoint":
            status, answer, kind = 404, b"", "text/plain"
        else:
            status, answer, kind = self.server.witness.add_checkpoint(body)
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)


class SpecServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, witness: SpecWitness) -> None:
        self.witness = witness
        super().__init__(("127.0.0.1", 0), _Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"
