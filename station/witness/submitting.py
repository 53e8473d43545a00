"""`station serve --witness URL`: each new checkpoint sent to a party's witness, and the
cosignature it returns kept (c2sp.org/tlog-witness, the log's side).

One `Submitter` per witness, each in a thread of its own, so that a slow or absent
witness never holds up the feed or another witness. The feed hands it every head it
signs (`FeedSource.on_head`); calling it only notes the head as the newest, so that when
several heads came while a request was out, only the newest is sent: a witness needs
the latest checkpoint, not each one.

A request is `old <size>`, the consistency proof from that size to the checkpoint's,
a blank line and the checkpoint as the station signed it. The old size is the one the
witness last cosigned: 0 at first, then each size it cosigns. A witness that knows a
different size (it cosigned this log before this process started) answers 409 with its
size, and the request is sent again with the proof from there.

Each cosignature returned is verified with the witness keys given (`--witness-key`):
lines by other keys are ignored, a line by a given key that does not hold refuses the
whole answer, and what holds is kept in the election's cosignatures file
(`journal.cosigned`) with the checkpoint it is on. A witness that cannot be reached is
tried again with a growing pause (up to `MAX_PAUSE_S`); that is said once on stderr, not
once per try. A witness that refuses every checkpoint the same way (one following
another log) is said once too, and again only when its answer changes or it cosigns
again: a count has thousands of checkpoints.

A witness may close a kept-alive connection between two requests (its idle timeout); the
next request on it then fails at once (a broken pipe, a reset, no answer). That request
is sent again at once on a new connection: the witness was not out of reach.
"""

import base64
import contextlib
import http.client
import socket
import threading
import urllib.parse
from collections.abc import Callable, Sequence
from typing import Protocol

from station.journal.cosigned import Cosignature, CosignedError, CosignedStore
from station.sheet.keys import signature_holds_raw
from station.verification.merkle import ProofError
from station.verification.signed_note import (
    COSIGNATURE,
    BadNote,
    Vkey,
    parse_checkpoint,
    parse_note,
    verified_signatures,
)

TIMEOUT_S = 10.0  # a witness that does not answer a request within this is unreachable
FIRST_PAUSE_S = 1.0
MAX_PAUSE_S = 60.0
MAX_ANSWER = 1 << 20  # a witness's answer read at most this far (a few signature lines)
SIZE_TYPE = "text/x.tlog.size"
CATCH_UP_TRIES = 3  # 409s in a row for one checkpoint before giving it up
CLOSED_BY_WITNESS = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)
"""How a kept-alive connection the witness closed fails (http.client.RemoteDisconnected,
no answer at all, is a ConnectionResetError)."""

ProofOf = Callable[[int, int], list[bytes]]
"""(old size, new size) -> the RFC 6962 consistency proof between the served trees."""


class SignedHead(Protocol):
    """What the feed hands over: a head with its signed note."""

    @property
    def note(self) -> str: ...


class WitnessAddressError(ValueError):
    """A `--witness` URL that is not one (one line)."""


def witness_address(url: str) -> urllib.parse.SplitResult:
    """A witness's submission prefix: an http(s) URL, its path without the final '/'."""
    parts = urllib.parse.urlsplit(url.strip())
    try:
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        parts = parts._replace(netloc="")
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WitnessAddressError(
            f"--witness {url!r} is not a witness's address (http://HOST:PORT, as"
            " `station witness --cosign` prints it)"
        )
    return parts._replace(path=parts.path.rstrip("/"), query="", fragment="")


class Submitter:
    """Sends the newest checkpoint to one witness and keeps its cosignatures.

    Args:
        url: the witness's submission prefix (`POST <url>/add-checkpoint`).
        vkeys: the witness keys a cosignature is kept by (type 0x04).
        proof: the consistency proof between two sizes of the served tree.
        store: where cosignatures are kept.
        said: where a problem is said (one line each, once).
    """

    def __init__(
        self,
        url: str,
        vkeys: Sequence[Vkey],
        proof: ProofOf,
        store: CosignedStore,
        said: Callable[[str], None],
        *,
        timeout_s: float = TIMEOUT_S,
        first_pause_s: float = FIRST_PAUSE_S,
    ) -> None:
        self.address = witness_address(url)
        self.url = urllib.parse.urlunsplit(self.address)
        self._vkeys = [vkey for vkey in vkeys if vkey.kind == COSIGNATURE]
        self._proof = proof
        self._store = store
        self._said = said
        self._timeout_s = timeout_s
        self._first_pause_s = first_pause_s
        self._changed = threading.Condition()
        self._pending: SignedHead | None = None
        self._stopped = False
        self.witness_size = 0  # the size the witness last cosigned, as far as is known
        self.kept_size = -1  # the size of the last checkpoint with a cosignature kept
        self.sent: list[int] = []  # the size of each checkpoint sent, in order
        self._last_said: str | None = None
        self._refusal: tuple[int, str] | None = None  # the refusal said, until it cosigns
        self._unreachable = False  # said so, and not reached since
        self._conn: http.client.HTTPConnection | None = None
        self._thread = threading.Thread(
            target=self._run, name=f"station-witness-{self.address.netloc}", daemon=True
        )

    def __call__(self, head: SignedHead) -> None:
        """Note `head` as the newest to send; never waits."""
        with self._changed:
            self._pending = head
            self._changed.notify_all()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop at once: a request still out is cut (a slow witness does not hold up the
        end of `station serve`)."""
        with self._changed:
            self._stopped = True
            self._changed.notify_all()
            conn = self._conn
        sock = None if conn is None else conn.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        if self._thread.is_alive():
            self._thread.join()
        self._hang_up()

    def wait_kept(self, size: int, timeout: float) -> bool:
        """Wait until a cosignature of a checkpoint of `size` or more is kept."""
        with self._changed:
            return self._changed.wait_for(lambda: self.kept_size >= size, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._stopped or self._pending is not None)
                if self._stopped:
                    return
                head, self._pending = self._pending, None
            assert head is not None
            self._send(head)

    def _send(self, head: SignedHead) -> None:
        """Send `head` (or a newer one that comes while the witness is out of reach)."""
        pause = self._first_pause_s
        tries = 0
        while True:
            try:
                checkpoint = parse_checkpoint(parse_note(head.note).text)
            except BadNote:
                return  # the station's own head: never malformed
            size = checkpoint.size
            if size == self.kept_size or size < self.witness_size:
                return
            try:
                old = self.witness_size
                proof = self._proof(old, size) if old else []
            except ProofError as error:
                self._say(f"no consistency proof for witness {self.url}: {error}")
                return
            try:
                status, kind, body = self._post(old, proof, head.note)
            except OSError as error:
                self._hang_up()
                if self._stopped:
                    return
                self._unreachable = True
                self._say(
                    f"witness {self.url} cannot be reached ({error or type(error).__name__});"
                    " trying again"
                )
                with self._changed:
                    self._changed.wait_for(lambda: self._stopped, pause)
                    if self._stopped:
                        return
                    if self._pending is not None:
                        head, self._pending = self._pending, None
                pause = min(pause * 2, MAX_PAUSE_S)
                continue
            if self._unreachable:
                self._unreachable = False
                self._say(f"witness {self.url} reached again")
            self.sent.append(size)
            if status == 200:
                self._kept(head.note, size, body)
                return
            if status == 409 and tries < CATCH_UP_TRIES and self._caught_up(kind, body, size):
                tries += 1
                continue
            if status != 409:
                self._refused(status, body, size)
            return

    def _refused(self, status: int, body: bytes, size: int) -> None:
        """Say a refusal, unless the witness refused the last one the same way."""
        reason = body.decode("utf-8", "replace").partition("\n")[0][:200]
        if self._refusal == (status, reason):
            return
        self._refusal = (status, reason)
        self._say(
            f"witness {self.url} refused the checkpoint of size {size:,} ({status}: {reason});"
            " said again only when its answer changes"
        )

    def _caught_up(self, kind: str, body: bytes, size: int) -> bool:
        """Whether a 409 says a size to send again from (then `witness_size` is it)."""
        text = body.decode("ascii", "replace")
        if kind.split(";")[0].strip() != SIZE_TYPE or not text.endswith("\n"):
            self._say(f"witness {self.url} answered 409 without its size")
            return False
        number = text[:-1]
        if not number.isdigit() or len(number) > 19 or number != str(int(number)):
            self._say(f"witness {self.url} answered 409 without its size")
            return False
        known = int(number)
        if known > size:
            self._say(
                f"witness {self.url} has cosigned {known:,} entries of this log, more than"
                f" the {size:,} served: it will cosign again once the log is that long"
            )
            self.witness_size = known
            return False
        self.witness_size = known
        return True

    def _kept(self, note: str, size: int, body: bytes) -> None:
        self.witness_size = size
        try:
            answer = body.decode("utf-8")
            verified = verified_signatures(
                parse_note(note + answer), self._vkeys, signature_holds_raw
            )
        except (UnicodeDecodeError, BadNote):
            self._say(
                f"witness {self.url} answered a cosignature that does not hold with its key:"
                " not kept"
            )
            return
        if not verified:
            self._say(f"witness {self.url} answered no cosignature by a --witness-key")
            return
        cosignatures = [
            Cosignature(v.vkey.name, v.vkey.key_id.hex(), v.timestamp or 0, v.line)
            for v in verified
        ]
        try:
            self._store.record(size, note, cosignatures)
        except CosignedError as error:
            self._say(str(error))
            return
        with self._changed:
            self.kept_size = size
            self._changed.notify_all()
        if self._refusal is not None:
            self._refusal = None
            self._said(
                f"witness {self.url} accepted again: cosigned the checkpoint of size {size:,}"
            )
        self._last_said = None

    def _post(self, old: int, proof: list[bytes], note: str) -> tuple[int, str, bytes]:
        lines = "".join(base64.b64encode(hashed).decode() + "\n" for hashed in proof)
        body = f"old {old}\n{lines}\n{note}".encode()
        if self._conn is not None:
            try:
                return self._request(body)
            except CLOSED_BY_WITNESS:
                self._hang_up()  # closed while idle: a new connection, at once
                if self._stopped:
                    raise
        return self._request(body)

    def _request(self, body: bytes) -> tuple[int, str, bytes]:
        """One request, on the kept-alive connection or a new one."""
        if self._conn is None:
            connection = (
                http.client.HTTPSConnection
                if self.address.scheme == "https"
                else http.client.HTTPConnection
            )
            self._conn = connection(
                self.address.hostname or "", self.address.port, timeout=self._timeout_s
            )
        conn = self._conn
        try:
            conn.request(
                "POST",
                f"{self.address.path}/add-checkpoint",
                body=body,
                headers={"Content-Type": "text/plain; charset=utf-8"},
            )
            response = conn.getresponse()
            answer = response.read(MAX_ANSWER + 1)
            kind = response.getheader("Content-Type", "")
        except CLOSED_BY_WITNESS:
            raise
        except http.client.HTTPException as error:
            raise OSError(f"not an HTTP answer: {error}") from None
        if len(answer) > MAX_ANSWER or response.will_close:
            self._hang_up()
        return response.status, kind, answer

    def _hang_up(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _say(self, line: str) -> None:
        if line != self._last_said:
            self._said(line)
            self._last_said = line
