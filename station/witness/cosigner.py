"""`station witness --cosign`: a party's own witness, as c2sp.org/tlog-witness defines one.

A witness has a name and an Ed25519 key of its own, and a list of logs it follows, each
given by the log's verifier key (its name is the log's origin: for Station, the
station's key for one election, `station serve` prints it). It answers two requests:

* `POST /add-checkpoint`: a body of `old <size>\\n`, up to 63 lines of a consistency
  proof (base64 hashes), a blank line and a checkpoint signed by the log. The witness
  checks the log's signature, that `old` is the size it last cosigned for that log, and
  the RFC 6962 consistency proof from that checkpoint to this one; then it keeps the new
  checkpoint durably and answers its cosignature: a signature line of type 0x04
  (c2sp.org/tlog-cosignature: a timestamped Ed25519 signature over `cosignature/v1`,
  `time <POSIX seconds>` and the checkpoint's text). It never cosigns two checkpoints of
  one log that do not fit one history: that is all a cosignature says.
* `GET /<hex SHA-256 of the origin>/checkpoint`: the latest checkpoint it cosigned for
  that log, with the log's signature and its own cosignature.

Statuses, as the spec says: 400 a malformed request or an old size above the new one;
404 a log not followed; 403 no valid signature by the log's key (or a signature by it
that fails); 409 an old size that is not the one last cosigned, with that size as the
body (`text/x.tlog.size`); 422 a checkpoint that does not fit what was cosigned (a proof
that fails, a proof from size 0, the same size with another root, an empty tree with a
root that is not the empty tree's): such a request, validly signed, is kept in the state
file as evidence and said on stderr; 200 the cosignature. A request body is at most
`MAX_BODY` bytes (413 beyond): a signed note's limit, the old size line and 63 hashes.

Checking and keeping are one SQLite transaction holding the write lock
(`journal.cosigner_state`): two requests racing never roll the log back, and a witness
restarted on its file remembers the last checkpoint it cosigned.
"""

import base64
import binascii
import hashlib
import io
import re
import socket
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from station.journal.cosigner_state import Cosigned, CosignerState, Identity, StateError
from station.sheet.checkpoint_signing import raw_key
from station.sheet.keys import signature_holds_raw
from station.verification.merkle import EMPTY_ROOT, HASH_SIZE, consistency_holds
from station.verification.signed_note import (
    COSIGNATURE,
    ED25519,
    MAX_NOTE_BYTES,
    BadNote,
    Checkpoint,
    Note,
    Signature,
    Vkey,
    cosigned_message,
    key_id,
    parse_checkpoint,
    parse_note,
    parse_vkey,
    signature_line,
    valid_name,
    verified_signatures,
    vkey_text,
)
from station.witness.serve import Slots, SlottedServer

MAX_PROOF = 63  # consistency proof lines a client may send (tlog-witness)
# The old size line, 63 base64 hashes of 45 bytes each, the blank line, and a note.
MAX_BODY = MAX_NOTE_BYTES + 4096
SIZE_TYPE = "text/x.tlog.size"
TEXT_TYPE = "text/plain; charset=utf-8"
REQUEST_S = 20.0  # a request's head and body must come within this
IDLE_S = 60.0  # a kept-alive connection with no new request is closed after this
MAX_CONNECTIONS = 64  # a new one past this pushes out the one that waited longest
_OLD = re.compile(r"old (0|[1-9][0-9]{0,18})")


@dataclass(frozen=True, slots=True)
class Answer:
    """An HTTP answer: status, body, content type."""

    status: int
    body: bytes
    kind: str = TEXT_TYPE


def _plain(status: int, why: str) -> Answer:
    return Answer(status, f"{why}\n".encode())


class Malformed(ValueError):
    """An add-checkpoint body that is not one (400)."""


@dataclass(frozen=True, slots=True)
class Request:
    """An add-checkpoint request, parsed."""

    old: int
    proof: tuple[bytes, ...]
    note_text: str
    checkpoint: Checkpoint
    signatures: tuple[Signature, ...]


def parse_request(body: bytes) -> Request:
    """The parts of an add-checkpoint body; Malformed naming what is wrong."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Malformed("the request is not UTF-8") from None
    first, newline, rest = text.partition("\n")
    found = _OLD.fullmatch(first)
    if not newline or found is None:
        raise Malformed("the first line is not `old <size>`")
    proof: list[bytes] = []
    while True:
        line, newline, rest = rest.partition("\n")
        if not newline:
            raise Malformed("no blank line before the checkpoint")
        if not line:
            break
        if len(proof) == MAX_PROOF:
            raise Malformed(f"more than {MAX_PROOF} consistency proof lines")
        try:
            hashed = base64.b64decode(line, validate=True)
        except (binascii.Error, ValueError):
            hashed = b""
        if len(hashed) != HASH_SIZE:
            raise Malformed("a consistency proof line that is not a base64 SHA-256 hash")
        proof.append(hashed)
    try:
        note = parse_note(rest)
        checkpoint = parse_checkpoint(note.text)
    except ValueError as error:  # BadNote, or a size too long to be a number
        raise Malformed(str(error) if isinstance(error, BadNote) else "a bad size") from None
    return Request(int(found.group(1)), tuple(proof), note.text, checkpoint, note.signatures)


class Witness:
    """The witness's decisions: what each request is answered, and what is kept.

    Args:
        state: its state file (its name and key, what it cosigned).
        logs: the verifier keys of the logs it follows (Ed25519, type 0x01).
        said: where a refused, validly signed checkpoint is reported (one line).
        clock: POSIX seconds, for the cosignatures' timestamps.
    """

    def __init__(
        self,
        state: CosignerState,
        logs: Iterable[Vkey],
        said: Callable[[str], None],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.state = state
        self.name = state.identity.name
        self._key = Ed25519PrivateKey.from_private_bytes(state.identity.private_key)
        self._public = raw_key(self._key.public_key())
        self._key_id = key_id(self.name, COSIGNATURE, self._public)
        self.logs: dict[str, list[Vkey]] = {}
        for vkey in logs:
            self.logs.setdefault(vkey.name, []).append(vkey)
        self._by_hash = {hashlib.sha256(o.encode()).hexdigest(): o for o in self.logs}
        self._said = said
        self._clock = clock

    @property
    def vkey(self) -> str:
        """Its verifier key, `name+keyid+base64(0x04 ‖ public key)`: what a party hands
        the station and the agent."""
        return vkey_text(self.name, COSIGNATURE, self._public)

    def add_checkpoint(self, body: bytes) -> Answer:
        try:
            request = parse_request(body)
        except Malformed as error:
            return _plain(400, str(error))
        checkpoint = request.checkpoint
        if request.old > checkpoint.size:
            return _plain(400, f"old size {request.old} is above the checkpoint's size")
        vkeys = self.logs.get(checkpoint.origin)
        if vkeys is None:
            return _plain(404, "this witness follows no log of that origin")
        try:
            note = Note(request.note_text, request.signatures)
            verified = verified_signatures(note, vkeys, signature_holds_raw)
        except BadNote:
            return _plain(403, "a signature by the log's key does not hold")
        if not verified:
            return _plain(403, "no signature by the log's key")
        log_signed = request.note_text + "\n" + "".join(v.line for v in verified)
        with self.state.exclusive() as held:
            latest = held.latest(checkpoint.origin)
            latest_size = 0 if latest is None else latest.size
            if request.old != latest_size:
                return Answer(409, f"{latest_size}\n".encode(), SIZE_TYPE)
            why = _inconsistency(request, latest)
            now = int(self._clock())
            if why is not None:
                held.refused(
                    checkpoint.origin,
                    request.old,
                    checkpoint.size,
                    body.decode("utf-8"),
                    why,
                    now,
                )
                self._said(
                    f"REFUSED a checkpoint of {checkpoint.origin} at size {checkpoint.size:,}:"
                    f" {why}; kept as evidence in {self.state.path}"
                )
                return _plain(422, why)
            timestamp = max(now, 1)
            signed = self._key.sign(cosigned_message(request.note_text, timestamp))
            line = signature_line(self.name, self._key_id, timestamp.to_bytes(8, "big") + signed)
            held.cosigned(
                Cosigned(
                    checkpoint.origin,
                    checkpoint.size,
                    checkpoint.root,
                    log_signed,
                    timestamp,
                    line,
                )
            )
        return Answer(200, line.encode())

    def checkpoint(self, origin_hash: str) -> Answer:
        """The latest checkpoint cosigned of the log whose origin hashes to `origin_hash`."""
        origin = self._by_hash.get(origin_hash)
        latest = None if origin is None else self.state.latest(origin)
        if latest is None:
            return _plain(404, "this witness has cosigned no checkpoint of that log")
        return Answer(200, (latest.note + latest.cosignature).encode())


def _inconsistency(request: Request, latest: Cosigned | None) -> str | None:
    """Why a checkpoint does not fit the one last cosigned (whose size is `request.old`)."""
    checkpoint = request.checkpoint
    if checkpoint.size == 0 and checkpoint.root != EMPTY_ROOT:
        return "a tree of size 0 whose root is not the empty tree's"
    if request.old == 0:
        return "a consistency proof from size 0 (it must be empty)" if request.proof else None
    assert latest is not None  # old == the latest size, and it is not 0
    if checkpoint.size == latest.size and checkpoint.root != latest.root:
        return f"the same size as the checkpoint cosigned ({latest.size:,}) with another root"
    if not consistency_holds(
        latest.size, checkpoint.size, latest.root, checkpoint.root, request.proof
    ):
        return (
            f"not consistent with the checkpoint cosigned at size {latest.size:,}"
            " (the consistency proof fails)"
        )
    return None


def witness_name(text: str) -> str:
    """A `--name`, checked: a signed-note key name (no space, no '+')."""
    if not valid_name(text):
        raise ValueError(f"--name {text!r} is not a key name (no spaces, no '+')")
    return text


def log_key(text: str) -> Vkey:
    """A `--log` verifier key, checked: an Ed25519 (0x01) key, as the station's is."""
    try:
        vkey = parse_vkey(text)
    except BadNote as error:
        raise ValueError(f"--log: {error}") from None
    if vkey.kind != ED25519:
        raise ValueError(
            f"--log {vkey.name}: a witness's key (type 0x04), not a log's: give the key"
            " `station serve` prints"
        )
    return vkey


class _Deadline(io.RawIOBase):
    """A connection's reads, each allowed only what is left of its request's time, so
    that a client sending a byte every few seconds cannot hold its connection for ever.
    Between requests (`until` None) a kept-alive connection may wait IDLE_S."""

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self._sock = sock
        self.until: float | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = IDLE_S if self.until is None else self.until - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request did not come in time")
        self._sock.settimeout(left)
        return self._sock.recv_into(buffer)


class CosignerServer(SlottedServer):
    """The witness's HTTP server: a thread per connection, at most MAX_CONNECTIONS."""

    request_queue_size = 128  # connections at once wait here, not in SYN retries

    def __init__(
        self, address: tuple[str, int], witness: Witness, said: Callable[[str], None]
    ) -> None:
        self.witness = witness
        self.witness_said = said
        self.slots = Slots(strangers=MAX_CONNECTIONS, holders=0, per_address=0)
        super().__init__(address, _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client gone mid-request is no news for the terminal

    @property
    def url(self) -> str:
        host, port = str(self.server_address[0]), self.server_address[1]
        return f"http://{f'[{host}]' if ':' in host else host}:{port}"


class _Handler(BaseHTTPRequestHandler):
    server: CosignerServer
    protocol_version = "HTTP/1.1"  # keep-alive, as the spec recommends
    server_version = "station-witness"

    def setup(self) -> None:
        super().setup()
        self.rfile.close()  # read through the deadline instead
        self._deadline = _Deadline(self.connection)
        self._buffered = io.BufferedReader(self._deadline)
        self.rfile = self._buffered

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the terminal shows refusals, not every request

    def handle_one_request(self) -> None:
        try:
            self._deadline.until = None
            if not self._buffered.peek(1):
                self.close_connection = True
                return
            self._deadline.until = time.monotonic() + REQUEST_S
            super().handle_one_request()
        except (TimeoutError, OSError):
            self.close_connection = True

    def do_POST(self) -> None:
        if self.path.partition("?")[0] != "/add-checkpoint":
            self._answer(_plain(404, "no such page: POST /add-checkpoint"))
            return
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            self.close_connection = True
            self._answer(_plain(411, "a request body needs its Content-Length"))
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            length = -1
        if length < 0:
            self.close_connection = True
            self._answer(_plain(411, "a request body needs its Content-Length"))
            return
        if length > MAX_BODY:
            self.close_connection = True
            self._answer(_plain(413, f"a request body is at most {MAX_BODY:,} bytes"))
            return
        body = self.rfile.read(length)
        if len(body) < length:
            self.close_connection = True
            return
        try:
            answer = self.server.witness.add_checkpoint(body)
        except StateError as error:
            self.server.witness_said(str(error))
            answer = _plain(500, "the witness could not keep its state")
        self._answer(answer)

    def do_GET(self) -> None:
        parts = self.path.partition("?")[0].strip("/").split("/")
        if len(parts) == 2 and parts[1] == "checkpoint" and re.fullmatch("[0-9a-f]{64}", parts[0]):
            try:
                answer = self.server.witness.checkpoint(parts[0])
            except StateError as error:
                self.server.witness_said(str(error))
                answer = _plain(500, "the witness could not read its state")
        else:
            answer = _plain(404, "no such page: GET /<sha256(origin) hex>/checkpoint")
        self._answer(answer)

    def _answer(self, answer: Answer) -> None:
        try:
            self.send_response(answer.status)
            self.send_header("Content-Type", answer.kind)
            self.send_header("Content-Length", str(len(answer.body)))
            self.send_header("Cache-Control", "no-store")
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(answer.body)
        except OSError:
            self.close_connection = True


def default_name() -> str:
    """A witness's name when `--name` is not given: `witness/<this computer's name>`."""
    host = "".join(ch for ch in socket.gethostname() if ch.isalnum() or ch in "-._")
    return f"witness/{host or 'station'}"


def open_state(path: Path, name: str | None) -> CosignerState:
    """The witness's state file: opened, or made with a new key when there is none.

    A file made for another name is refused (its cosignatures would be another
    witness's); StateError says so in one line.
    """
    if not path.exists():
        private = Ed25519PrivateKey.generate().private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        )
        return CosignerState.create(path, Identity(name or default_name(), private))
    state = CosignerState.open(path)
    identity = state.identity
    if len(identity.private_key) != 32 or not valid_name(identity.name):
        state.close()
        raise StateError(f"{path}: not a witness state file (its key or name is damaged)")
    if name is not None and name != identity.name:
        state.close()
        raise StateError(
            f"{path}: the state of the witness named {identity.name}, not {name}"
            " (a witness keeps its name and key; give another file for a new one)"
        )
    return state
