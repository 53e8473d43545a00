"""`station serve`: the journal of a count, read-only over HTTP, with signed heads.

One thread follows the election file with `journal.follow.Follower` (read-only, no lock,
`data_version` 40 times a second, every event's hash and link checked) and keeps each
event as the very line the signed export's `journal.jsonl` holds; the standard library's
`ThreadingHTTPServer` answers each request in a thread of its own. Nothing here opens
the file for writing, and the station counting into it never waits for this process:
SQLite readers of a WAL file do not block its writer.

The feed (every request carries the access token, as `?token=` or `Authorization:
Bearer`):

* `GET /setup`: `{"format", "election": the setup row (journal.jsonl's first line),
  "public_key", "key", "origin"}`;
* `GET /events?after=N[&since=TIME][&wait=S]`: `{"events": [up to 2,000 events after
  N, as in journal.jsonl], "heads": [signed notes newer than TIME, in order, up to the
  last event of the answer], "head": the last event served, "newest_head": the newest
  signed note, whatever event it names (a follower catching up knows how far the events
  still to come are signed), "problem": null or why the file cannot be read now}`; held
  open up to S seconds (at most 25) while there is nothing new: long polling. An
  answer's events and heads stop at a size (`limits.py`), so that no answer is larger
  than `limits.MAX_ANSWER`; what did not fit comes in the next;
* `GET /log/checkpoint`, `GET /log/tile/<L>/<N>[.p/<W>]`, `GET /log/tile/entries/<N>[.p/<W>]`:
  the log as tlog-tiles (c2sp.org/tlog-tiles, `verification/tiles.py`), so that any tlog
  client recomputes the signed root: the newest head's note (text/plain, not cached),
  and the tiles and entry bundles of the sizes it signed (octet-stream, cached for
  good: they never change), built from the tree and the lines served;
* `GET /` from a browser (it accepts text/html): the live page, which follows this feed
  and checks every event and head in the browser with Station's own Python
  (`station/verifier/live_entry.py` in Pyodide; built at start by `verifier/live_page.py`).

Every JSON answer allows any origin to read it (`Access-Control-Allow-Origin: *`), and a
browser's preflight (`OPTIONS`) is answered without the token: a party's own saved copy
of the verifier page (opened from disk, of origin `null`) follows the feed too, and still
needs the token for every answer that says anything of the count. No cookie or other
credential is ever read, so allowing every origin hands a page nothing the token does not.

Heads are checkpoints of the log's RFC 6962 Merkle tree (`tree`: the setup line, then
each event's line exactly as served), signed with the station's key (`heads.py`), and
handed to each of `on_head` as they are: at each sheet's own event as soon as it is served, whenever the head moved and a quarter of a second has passed, and every
`HEARTBEAT_S` in any case, so a witness can show that the count it holds is current.
The token is derived from the key and the election (HMAC), so a restarted server takes
the same one and its witnesses resume by themselves.

On a room's network anyone can open connections and leave them idle. A connection that
has not shown the token holds one of a few stranger's slots, and the longest-waiting
stranger gives up its slot to a new connection; one whose request carried the token
holds a token holder's slot that no stranger takes (`Slots`). A request's head must come
within `HEAD_S`, however slowly its bytes trickle in.
"""

import collections
import contextlib
import hashlib
import hmac
import io
import ipaddress
import itertools
import json
import socket
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization

from station.domain import Action
from station.journal.checks import breaks_chain, row_of
from station.journal.follow import Follower
from station.sheet.keys import StationKey, public_key_text
from station.verification.document import canonical_json, event_line
from station.verification.merkle import Tree, leaf_hash
from station.verification.tiles import (
    CHECKPOINT,
    MAX_ENTRY_BYTES,
    TILE_HEIGHT,
    TILE_WIDTH,
    TileError,
    bundle,
    parse_tile_path,
)
from station.witness.feed_check import FEED_FORMAT
from station.witness.heads import Head, origin_of, sign_head, utc_now
from station.witness.limits import BATCH, HEAD_BYTES, PAGE_BYTES, within
from station.witness.statements import (
    NO_LIVE_PAGE,
    TOO_MANY_FROM_ADDRESS,
    TOO_MANY_IN_ALL,
    beyond_checkpoint,
    too_long_for_bundle,
)

LOG = "/log/"  # where the log is served as tlog-tiles
# A tile or bundle never changes; the token guards it, so no shared cache keeps it.
IMMUTABLE = "private, max-age=31536000, immutable"
ANY_ORIGIN = {"Access-Control-Allow-Origin": "*"}
# What the live page may do: run its own scripts and WebAssembly (CPython compiled to
# it), ask this server, start workers from its own script (the heads' signatures are
# checked in one), and nothing else.
LIVE_PAGE_POLICY = (
    "default-src 'none'; connect-src 'self'; script-src 'unsafe-inline' 'wasm-unsafe-eval';"
    " worker-src blob:; style-src 'unsafe-inline'"
)
POLL_S = 0.025  # how often the file is looked at (data_version: no page is read)
# A new head at most this often while the count moves: a call is a figure on the
# observers' pages only once a signed head covers it, so this is most of their lag.
MOVED_EVERY_S = 0.25
HEARTBEAT_S = 5.0  # and at least this often while it does not
MAX_WAIT_S = 25.0
KEEP_LINES = 20_000  # events kept in memory (a real count has a few thousand)
KEEP_HEADS = 1000  # heads kept to answer `since` (a witness asks every few seconds)
MAX_CLIENTS = 256  # connections that showed the token, at once; more get a 503
MAX_PER_ADDRESS = 32  # of them from one address: one host cannot take every slot
MAX_STRANGERS = 64  # connections yet to show the token; a new one pushes one out (Slots)
PUSHED_OUT = "pushed out"  # a stranger's slot given to a newer connection
CLIENT_TIMEOUT_S = 30.0  # a client that stops reading or writing is dropped after this
HEAD_S = 10.0  # a request's whole head (line and headers) must come within this


def feed_token(key: StationKey, election_id: str) -> str:
    """The access token of an election's feed: the same after a restart, and no one
    without the station's key can work it out."""
    raw = key.private_key.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    digest = hmac.new(raw, f"station-feed-token-v1\x1f{election_id}".encode(), hashlib.sha256)
    return digest.hexdigest()[:32]


@dataclass(frozen=True)
class _Snapshot:
    lines: list[bytes]
    heads: list[bytes]  # each a signed note as a JSON string
    problem: str | None
    newest: Head | None = None


class FeedSource:
    """What the server serves: the file's events as export lines, and the signed heads.

    Attributes:
        setup_doc: the answer to /setup.
        problem: why the file cannot be read now, or None.
    """

    def __init__(
        self,
        path: Path,
        key: StationKey,
        *,
        clock: Callable[[], str] = utc_now,
        moved_every_s: float = MOVED_EVERY_S,
        keep_lines: int = KEEP_LINES,
    ) -> None:
        self.path = path
        self._moved_every_s = moved_every_s
        self.key = key
        self._clock = clock
        self._follower = Follower(path)
        journal = self._follower.journal
        assert journal is not None
        election = journal.election
        self.election_id = election.election_id
        self.origin = origin_of(election.setup.case_number, election.election_id)
        self.token = feed_token(key, election.election_id)
        self.setup_doc: dict[str, Any] = {
            "format": FEED_FORMAT,
            "election": election.row,
            "public_key": public_key_text(key.public_key),
            "key": key.fingerprint,
            "origin": self.origin,
        }
        self.setup_hash = election.setup_hash
        self._setup_line = canonical_json({"election": election.row}).rstrip(b"\n")
        # The log's Merkle tree: the setup line, then each event's line as served. Only
        # this object's thread appends; a level only grows, so an answer reads the
        # hashes of any size already signed without a lock.
        self.tree = Tree([self._setup_line])
        # Called with each head as soon as it is signed, on the thread that signed it
        # and outside every lock of the feed: each must return at once (hand the head
        # to a thread of its own, as `submitting.Submitter` does) and must not raise.
        self.on_head: list[Callable[[Head], None]] = []
        self.problem: str | None = None
        # The last `keep_lines` events served, as lines (a follower asks for what is
        # new); older ones are read again from the file when a late follower asks.
        self._lines: list[bytes] = []
        self._base = 0  # the event before the first line kept
        self._served = 0
        self._keep = keep_lines
        self._file_lock = threading.Lock()  # the follower's connection: one user at a time
        self._last_hash = election.setup_hash
        self._heads: list[Head] = []
        self._moved_at = 0.0
        self._signed_at = 0.0
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._resets = self._follower.resets
        self._diverged = False
        self._catch_up()
        self._sign(self._served)
        self._thread = threading.Thread(target=self._run, name="station-serve", daemon=True)

    @property
    def served(self) -> int:
        return self._served

    @property
    def heads(self) -> list[Head]:
        return list(self._heads)

    @property
    def newest_head(self) -> Head | None:
        """The newest head signed (the log's checkpoint)."""
        with self._changed:
            return self._heads[-1] if self._heads else None

    def entries(self, first: int, end: int) -> list[bytes]:
        """The log's entries `first` to `end` - 1 (0 the setup line, N event N) as
        served, each held to the tree's leaf hash: a line read again from a file changed
        since is refused (ValueError), never served beside a tree it is not in."""
        if not 0 <= first <= end <= self.tree.size:
            raise ValueError(f"no entries {first:,} to {end:,} in a log of {self.tree.size:,}")
        low, high = max(first, 1), end - 1  # the events asked for
        with self._changed:
            base = self._base
            kept = self._lines[max(0, low - 1 - base) : max(0, high - base)]
        if low <= min(high, base):
            kept = self._read(low, min(high, base)) + kept
        found = ([self._setup_line] if first == 0 else []) + kept
        leaves = self.tree.levels[0]
        if len(found) != end - first or any(
            leaf_hash(line) != leaves[first + n] for n, line in enumerate(found)
        ):
            raise ValueError("the election file no longer holds the events this feed served")
        return found

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        with self._changed:
            self._changed.notify_all()
        if self._thread.is_alive():
            self._thread.join()
        self._follower.close()

    def wait(self, after: int, since: str | None, wait_s: float) -> _Snapshot:
        """What follows event `after` and head time `since`, waiting up to `wait_s` for
        something new."""

        def news() -> bool:
            return (
                self._served > after
                or bool(self._heads and (since is None or self._heads[-1].time > since))
                or self._stop.is_set()
            )

        with self._changed:
            self._changed.wait_for(news, timeout=wait_s)
            old = after < self._base
            lines = [] if old else self._lines[after - self._base : after - self._base + BATCH]
            upto = min(after + BATCH, self._base, self._served)
        if old:
            lines = self._read(after + 1, upto)
        lines = within(lines, PAGE_BYTES)
        with self._changed:
            last = after + len(lines)
            heads = [
                head
                for head in self._heads
                if (since is None or head.time > since) and head.seq <= last
            ]
            problem = self.problem
            newest = self._heads[-1] if self._heads else None
        notes = [json.dumps(head.note, ensure_ascii=False).encode() for head in heads]
        return _Snapshot(lines, within(notes, HEAD_BYTES), problem, newest)

    def _read(self, first: int, last: int) -> list[bytes]:
        """Events no longer kept, read again from the file (checked by every follower)."""
        with self._file_lock:
            journal = self._follower.journal
            if journal is None:
                return []
            return [event_line(row).rstrip(b"\n") for row in journal.rows(first, last)]

    def _run(self) -> None:
        while not self._stop.wait(POLL_S):
            self.poll_once()

    def poll_once(self) -> None:
        """Look at the file once; serve what is new; sign a head when one is due."""
        follower = self._follower
        with self._file_lock:
            follower.poll()
        problem = follower.problem
        if follower.resets != self._resets:
            self._diverged = True
        if self._diverged:
            problem = (
                "the election file's history changed under the feed; it serves nothing more"
                " (run `station verify` on the file)"
            )
        sheets: list[int] = []
        if problem is None:
            with self._file_lock:
                sheets = self._catch_up()
        with self._changed:
            self.problem = problem
        for seq in sheets:
            self._sign(seq)
        now = time.monotonic()
        moved = self._heads[-1].seq != self._served if self._heads else True
        if (moved and now - self._signed_at >= self._moved_every_s) or (
            now - self._signed_at >= HEARTBEAT_S
        ):
            self._sign(self._served)

    def _catch_up(self) -> list[int]:
        """Serve the events the follower checked, each line appended to the tree; return
        the sheets among them (their events)."""
        journal = self._follower.journal
        if journal is None:
            return []
        upto = self._follower.head_seq
        sheets: list[int] = []
        new: list[bytes] = []
        before = self._last_hash
        records = journal.records(after=self._served)
        try:
            for record in itertools.islice(records, max(0, upto - self._served)):
                if breaks_chain(record, before):
                    self._diverged = True
                    break
                line = event_line(row_of(record)).rstrip(b"\n")
                new.append(line)
                before = record.hash
                if record.action == Action.SIGN.value:
                    sheets.append(record.seq)
        finally:
            close = getattr(records, "close", None)
            if close is not None:
                close()
        if new:
            for line in new:
                self.tree.append(line)
            with self._changed:
                self._lines.extend(new)
                self._served += len(new)
                self._last_hash = before
                if len(self._lines) > self._keep:
                    dropped = len(self._lines) - self._keep
                    del self._lines[:dropped]
                    self._base += dropped
                self._changed.notify_all()
        return sheets

    def _sign(self, seq: int) -> None:
        """Sign the checkpoint of the tree of the setup and events 1 to `seq`."""
        moment = self._clock()
        while self._heads and moment <= self._heads[-1].time:  # strictly later, always
            time.sleep(0.000_001)
            moment = self._clock()
        head = sign_head(self.key, self.origin, seq, self.tree.root(seq + 1).hex(), moment)
        with self._changed:
            self._heads.append(head)
            del self._heads[:-KEEP_HEADS]
            self._signed_at = time.monotonic()
            self._changed.notify_all()
        for hook in list(self.on_head):
            hook(head)


class Slots:
    """Who holds a connection to the feed: strangers, and clients that showed the token.

    A connection is a *stranger* from its accept until a request on it carries the
    token. Strangers share `strangers` slots: when they are all taken, a new connection
    pushes out the stranger that has waited longest among those of the address holding
    the most of them, and that connection is closed unanswered. A newcomer is therefore
    always seated, and an idle flood from a few addresses pushes out only its own
    connections: to push out a token holder's fresh connection before its request is in
    (milliseconds on a room's network), a flood needs as many addresses as there are
    slots, and must open that many connections within those milliseconds.

    A connection whose request carried the token becomes a *holder's*: it is never
    pushed out, and takes one of `holders` slots, at most `per_address` of them from
    one address; past either it is answered 503 saying which, and closed.

    No limit is kept per network: on a room's network every laptop and phone shares one,
    and a limit there would shut the observers out with the stranger.
    """

    def __init__(self, *, strangers: int, holders: int, per_address: int) -> None:
        self._max_strangers = strangers
        self._max_holders = holders
        self._per_address = per_address
        self._strangers: dict[socket.socket, str] = {}  # in the order they came
        self._holders: dict[socket.socket, str] = {}
        self._holders_from: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()

    def arrive(self, conn: socket.socket, host: str) -> socket.socket | None:
        """Seat a new connection as a stranger; return the stranger it pushed out, if any."""
        with self._lock:
            pushed = None
            if len(self._strangers) >= self._max_strangers:
                pushed = self._longest_waiting()
                del self._strangers[pushed]
            self._strangers[conn] = host
            return pushed

    def _longest_waiting(self) -> socket.socket:
        from_each = collections.Counter(self._strangers.values())
        most = max(from_each.values())
        return next(conn for conn, host in self._strangers.items() if from_each[host] == most)

    def admit(self, conn: socket.socket) -> str | None:
        """A request on `conn` carried the token: seat it as a holder's.

        Returns None when seated (or already), else why not: TOO_MANY_FROM_ADDRESS,
        TOO_MANY_IN_ALL, or PUSHED_OUT when it was pushed out meanwhile.
        """
        with self._lock:
            if conn in self._holders:
                return None
            host = self._strangers.get(conn)
            if host is None:
                return PUSHED_OUT
            if self._holders_from[host] >= self._per_address:
                return TOO_MANY_FROM_ADDRESS
            if len(self._holders) >= self._max_holders:
                return TOO_MANY_IN_ALL
            del self._strangers[conn]
            self._holders[conn] = host
            self._holders_from[host] += 1
            return None

    def leave(self, conn: socket.socket) -> None:
        with self._lock:
            self._strangers.pop(conn, None)
            host = self._holders.pop(conn, None)
            if host is not None:
                self._holders_from[host] -= 1
                if self._holders_from[host] <= 0:
                    del self._holders_from[host]

    def everyone(self) -> list[socket.socket]:
        with self._lock:
            return [*self._strangers, *self._holders]

    @property
    def strangers(self) -> int:
        with self._lock:
            return len(self._strangers)

    @property
    def holders(self) -> int:
        with self._lock:
            return len(self._holders)


class SlottedServer(ThreadingHTTPServer):
    """An HTTP server of a thread per connection and a bounded number of connections
    at once (`Slots`): `station serve`'s feed and a party's witness alike."""

    daemon_threads = True
    allow_reuse_address = False  # `claim_port` sets what each platform needs instead
    slots: "Slots"

    def server_bind(self) -> None:
        claim_port(self.socket)
        super().server_bind()

    def server_close(self) -> None:
        """Stop listening, and end the connections kept alive too: clients then see
        the server gone at once, as they would if this process died."""
        super().server_close()
        for conn in self.slots.everyone():
            _hang_up(conn)

    def process_request(self, request: Any, client_address: Any) -> None:
        # A thousand connections must not become a thousand threads: a new connection
        # takes a stranger's slot, pushing out the stranger that waited longest when
        # they are all taken (its thread ends as its socket does).
        pushed = self.slots.arrive(request, str(client_address[0]))
        if pushed is not None:
            _hang_up(pushed)
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.leave(request)
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.leave(request)


class FeedServer(SlottedServer):
    """The HTTP server: a thread per connection, a bounded number of connections at
    once, and a client that showed the token always answered (`Slots`)."""

    request_queue_size = 1024  # a flood of connections waits here, not in SYN retries

    def __init__(
        self,
        address: tuple[str, int],
        source: FeedSource,
        *,
        max_clients: int = MAX_CLIENTS,
        max_per_address: int = MAX_PER_ADDRESS,
        max_strangers: int = MAX_STRANGERS,
        live_page: bytes | None = None,
    ) -> None:
        self.source = source
        self.live_page = live_page
        self.slots = Slots(
            strangers=max_strangers, holders=max_clients, per_address=max_per_address
        )
        super().__init__(address, _Handler)

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client gone mid-request is no news for the terminal

    @property
    def url(self) -> str:
        """The address to give observers: the first of `urls`."""
        return self.urls[0]

    @property
    def urls(self) -> list[str]:
        """The feed's address with its token, once per address of this machine it can be
        reached at: for a server on every interface, each of this machine's own
        addresses on its networks (0.0.0.0 would lead observers' laptops nowhere), the
        one its traffic leaves from first."""
        host, port = str(self.server_address[0]), self.server_address[1]
        hosts = own_addresses() if host in ("0.0.0.0", "::") else [host]
        shown = [f"[{host}]" if ":" in host else host for host in hosts]
        return [f"http://{host}:{port}/?token={self.source.token}" for host in shown]

    @property
    def local_only(self) -> bool:
        """Whether only this computer can reach the feed (it listens on a loopback address)."""
        return is_loopback(str(self.server_address[0]))


def _hang_up(conn: socket.socket) -> None:
    """End a connection another thread serves: its reads and writes fail at once."""
    with contextlib.suppress(OSError):  # closed already
        conn.shutdown(socket.SHUT_RDWR)


def claim_port(sock: socket.socket) -> None:
    """Let a restarted server bind its port at once, and never let two share it.

    Linux and macOS: SO_REUSEADDR, which takes a port that only old connections still
    hold (TIME_WAIT) but never one another socket listens on. On Windows SO_REUSEADDR
    would let a second `station serve` bind the very port the first listens on, and
    observers would reach either; SO_EXCLUSIVEADDRUSE keeps the port this server's
    alone (the second one is refused, as on Linux and macOS).
    """
    if sys.platform == "win32":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
    else:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)


def is_loopback(host: str) -> bool:
    """Whether `host` is an address only this computer reaches (127.0.0.0/8, ::1)."""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def own_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks, loopback left out: first the one a
    datagram to the world would leave from, then those its name resolves to and, on
    Linux, those of each network interface. A room's network without a router to the
    world has no route to leave by, and a laptop's name often resolves to nothing but
    itself: each way finds what another misses. Only 127.0.0.1 when none is found."""
    found = [*_routed_address(), *_named_addresses(), *_interface_addresses()]
    unique = list(dict.fromkeys(host for host in found if not is_loopback(host)))
    return unique or ["127.0.0.1"]


def _routed_address() -> list[str]:
    """The address a datagram to the world would leave from (none is sent: connecting a
    UDP socket only chooses the route)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, only routed
        return [str(probe.getsockname()[0])]
    except OSError:
        return []
    finally:
        probe.close()


def _named_addresses() -> list[str]:
    """The IPv4 addresses this machine's own name resolves to (macOS, Windows)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def _interface_addresses() -> list[str]:
    """Each Linux network interface's IPv4 address (SIOCGIFADDR); none elsewhere."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl
    import struct

    siocgifaddr = 0x8915
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), siocgifaddr, request)
            except OSError:  # no IPv4 address on it
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


class _HeadClock(io.RawIOBase):
    """A connection's reads, each allowed only what is left of its request head's time.

    A socket's timeout bounds one read: a client sending a byte every few seconds would
    never meet it, and would hold its slot for ever. While `deadline` is set, each read
    waits at most until then; after it, TimeoutError ends the connection.
    """

    def __init__(self, sock: socket.socket) -> None:
        super().__init__()
        self._sock = sock
        self.deadline: float | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if self.deadline is None:
            self._sock.settimeout(CLIENT_TIMEOUT_S)
        else:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the request's head did not come in time")
            self._sock.settimeout(left)
        return self._sock.recv_into(buffer)


class _Handler(BaseHTTPRequestHandler):
    server: FeedServer
    timeout = CLIENT_TIMEOUT_S  # a client that never reads or never sends is dropped
    protocol_version = "HTTP/1.1"
    server_version = "station-serve"

    def setup(self) -> None:
        self._accepted = time.monotonic()
        self._answered = 0
        super().setup()
        self.rfile.close()  # read through the head's clock instead
        self._clock = _HeadClock(self.connection)
        self._buffered = io.BufferedReader(self._clock)
        self.rfile = self._buffered

    def log_message(self, format: str, *args: Any) -> None:
        pass  # the terminal shows heads and problems, not every request

    def handle_one_request(self) -> None:
        """The standard library's, with a deadline for the whole head and the token of
        the request line checked before any header is read.

        The first request's head must be in HEAD_S after the connection is accepted. A
        follower's next request on a kept-alive connection may come after a pause (up to
        CLIENT_TIMEOUT_S); from its first byte, its head has HEAD_S too. A connection
        refused the token is closed: only a client with the token is kept alive.
        """
        clock = self._clock
        try:
            if self._answered:
                clock.deadline = None
                if not self._buffered.peek(1):
                    self.close_connection = True
                    return
                clock.deadline = time.monotonic() + HEAD_S
            else:
                clock.deadline = self._accepted + HEAD_S
            self.raw_requestline = self.rfile.readline(65537)
            if len(self.raw_requestline) > 65536 or not self.raw_requestline:
                self.close_connection = True
                return
            if self._wrong_token_in_line():
                return
            if not self.parse_request():
                return
            clock.deadline = None  # the head is in: the answer has its own timeout
            method = getattr(self, f"do_{self.command}", None)
            if method is None:
                self.send_error(
                    HTTPStatus.NOT_IMPLEMENTED, f"Unsupported method ({self.command!r})"
                )
                return
            method()
            self.wfile.flush()
            self._answered += 1
        except TimeoutError:
            self.close_connection = True

    def _wrong_token_in_line(self) -> bool:
        """Refuse a request whose line carries a wrong token, before reading its headers
        (a token in `Authorization: Bearer` is checked once the head is in)."""
        line = self.raw_requestline.decode("iso-8859-1").rstrip("\r\n")
        words = line.split()
        if len(words) < 2:
            return False  # parse_request says what is wrong with it
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(words[1]).query)
        token = query.get("token")
        if token is None or self._token_ok(token[0]):
            return False
        self.requestline, self.request_version, self.command = line, "HTTP/1.1", "GET"
        self._refuse_token()
        return True

    def _token_ok(self, token: str) -> bool:
        return hmac.compare_digest(token.encode(), self.server.source.token.encode())

    def _seated(self) -> bool:
        """Whether this connection, its token shown, holds a token holder's slot; if
        not, it is answered why (or, pushed out meanwhile, closed unanswered)."""
        why = self.server.slots.admit(self.connection)
        if why is None:
            return True
        self.close_connection = True
        if why != PUSHED_OUT:
            self._send(503, {"error": why}, {"Retry-After": "10", "Connection": "close"})
        return False

    def _refuse_token(self) -> None:
        self.close_connection = True
        self._send(401, {"error": "this feed needs its access token"})

    def do_GET(self) -> None:
        parts = urllib.parse.urlsplit(self.path)
        query = urllib.parse.parse_qs(parts.query)
        source = self.server.source
        token = query.get("token", [""])[0]
        bearer = self.headers.get("Authorization", "")
        if bearer.startswith("Bearer "):
            token = bearer[7:].strip()
        if not self._token_ok(token):
            self._refuse_token()
            return
        if not self._seated():
            return
        if parts.path == "/setup":
            self._send(200, source.setup_doc)
        elif parts.path == "/events":
            self._events(query)
        elif parts.path == LOG + CHECKPOINT:
            self._checkpoint()
        elif parts.path.startswith(LOG + "tile/"):
            self._tile(parts.path[len(LOG) :])
        elif parts.path == "/" and "text/html" in self.headers.get("Accept", ""):
            self._live_page()
        elif parts.path == "/":
            self._send(
                200,
                {
                    "feed": f"the count of case {source.setup_doc['election']['case_number']}",
                    "follow": "station witness URL --out FILE, or station dashboard URL",
                },
            )
        else:
            self._send(404, {"error": "no such page"})

    def do_OPTIONS(self) -> None:
        """A browser's preflight of a cross-origin request carrying `Authorization`."""
        try:
            self.send_response(204)
            self.send_header("Access-Control-Allow-Origin", "*")
            self.send_header("Access-Control-Allow-Methods", "GET")
            self.send_header("Access-Control-Allow-Headers", "Authorization")
            # A page from disk or another network reaching a station on this one.
            self.send_header("Access-Control-Allow-Private-Network", "true")
            self.send_header("Access-Control-Max-Age", "600")
            self.send_header("Content-Length", "0")
            self.end_headers()
        except OSError:
            self.close_connection = True

    def _events(self, query: dict[str, list[str]]) -> None:
        try:
            after = int(query.get("after", ["0"])[0])
            wait = min(MAX_WAIT_S, max(0.0, float(query.get("wait", ["0"])[0])))
            since = query.get("since", [None])[0]
            if after < 0 or wait != wait:
                raise ValueError
        except ValueError:
            self._send(400, {"error": "after is an event number, wait a number of seconds"})
            return
        snapshot = self.server.source.wait(after, since, wait)
        body = (
            b'{"events":['
            + b",".join(snapshot.lines)
            + b'],"head":'
            + str(after + len(snapshot.lines)).encode()
            + b',"heads":'
            + b"["
            + b",".join(snapshot.heads)
            + b"]"
            + b',"newest_head":'
            + json.dumps(snapshot.newest and snapshot.newest.note, ensure_ascii=False).encode()
            + b',"problem":'
            + json.dumps(snapshot.problem).encode()
            + b"}"
        )
        self._send_bytes(200, body)

    def _checkpoint(self) -> None:
        """The log's checkpoint (c2sp.org/tlog-tiles): the newest signed head's note."""
        head = self.server.source.newest_head
        if head is None:
            self._send(404, {"error": "no head is signed yet"})
            return
        self._send_bytes(200, head.note.encode(), "text/plain; charset=utf-8", ANY_ORIGIN)

    def _tile(self, path: str) -> None:
        """A tile or an entry bundle of the log (c2sp.org/tlog-tiles), only of a tree size
        the newest head signed: each is the same bytes whenever it is asked."""
        source = self.server.source
        head = source.newest_head
        signed = 0 if head is None else head.size
        try:
            level, n, width = parse_tile_path(path)
        except TileError:
            self._send(404, {"error": f"no such tile: {path}"})
            return
        start = n * TILE_WIDTH
        # The leaves (entries) or complete subtrees (tiles of level L) a size holds.
        held = signed if level == "entries" else signed >> (TILE_HEIGHT * int(level))
        if start + width > held:
            self._send(404, {"error": beyond_checkpoint(path, signed)})
            return
        if level == "entries":
            try:
                entries = source.entries(start, start + width)
            except ValueError as error:
                self._send(503, {"error": str(error)})
                return
            long = [(start + i, len(entry)) for i, entry in enumerate(entries)]
            too_long = [(seq, size) for seq, size in long if size > MAX_ENTRY_BYTES]
            if too_long:
                self._send(500, {"error": too_long_for_bundle(path, *too_long[0])})
                return
            body = bundle(entries)
        else:
            hashes = source.tree.levels[TILE_HEIGHT * int(level)]
            body = b"".join(hashes[start : start + width])
        self._send_bytes(200, body, "application/octet-stream", ANY_ORIGIN, cache=IMMUTABLE)

    def _send(self, status: int, value: object, headers: dict[str, str] | None = None) -> None:
        self._send_bytes(status, canonical_json(value), headers=headers)

    def _live_page(self) -> None:
        page = self.server.live_page
        if page is None:
            self._send_bytes(
                404,
                f"{NO_LIVE_PAGE}\n".encode(),
                "text/plain; charset=utf-8",
            )
            return
        self._send_bytes(
            200, page, "text/html; charset=utf-8", {"Content-Security-Policy": LIVE_PAGE_POLICY}
        )

    def _send_bytes(
        self,
        status: int,
        body: bytes,
        kind: str = "application/json; charset=utf-8",
        headers: dict[str, str] | None = None,
        *,
        cache: str = "no-store",
    ) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", cache)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            if kind.startswith("application/json"):
                self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write(body)
        except OSError:  # a client gone, or one that stopped reading (timeout)
            self.close_connection = True


def serve(source: FeedSource, host: str, port: int, live_page: bytes | None = None) -> FeedServer:
    """A server bound to (host, port) over `source`; run it with `serve_forever`.

    `live_page`: what a browser is answered at the URL (`verifier.live_page.built`);
    without it, a browser is told to follow with `station witness` or the dashboard.
    """
    return FeedServer((host, port), source, live_page=live_page)
