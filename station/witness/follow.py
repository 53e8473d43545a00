"""Following a count served by `station serve`: every event and signed head verified first.

`RemoteFollower` is to a feed what `journal.follow.Follower` is to a file: a `Followed`
count kept up to date one `poll()` at a time, Qt-free. It asks the feed over HTTP, on a
thread of its own; what each answer holds is checked and folded by `feed_check.FeedCheck`
(every event and signed head verified first, only what a head signed by the station's
key covers counted), the same Python the live page runs in the browser.

A lost connection is not a forgery: `problem` says NO FEED FOR N SECONDS and the next
request asks for the events after the last one received, so a server restart shows only
as a gap. Nor is an answer that is not a Station feed at all (not JSON, nested deeper
than any feed, not a feed's shape: a hostile host or proxy on the path): `FeedGarbled`,
and nothing of it is kept. A `WitnessFile`, when given, receives the events each answer's
signed heads cover, and those heads, before any of it is shown.
"""

import contextlib
import http.client
import json
import socket
import threading
import urllib.parse
from typing import Any

from station.domain import Change
from station.journal.records import EVENT_FIELDS, Record
from station.sheet.keys import load_public_key, signature_holds_raw
from station.verification.document import event_line
from station.witness.feed_check import FEED_FORMAT, Batch, FeedCheck, FeedError, FeedGarbled
from station.witness.heads import utc_now
from station.witness.limits import MAX_ANSWER
from station.witness.statements import (
    REFUSALS,
    garbled_feed,
    larger_than_any_feed,
)
from station.witness.store import WitnessFile

__all__ = ["Batch", "FeedAddress", "FeedError", "FeedGarbled", "RemoteFollower"]

WAIT_S = 10.0  # how long the server holds a request with nothing new (long polling)


class _Lost(Exception):
    """The connection failed this time (the feed may come back)."""


class _Refused(_Lost):
    """The station answered that it takes no more connections (from here, or at all)."""


class FeedAddress:
    """A feed's URL split into where to ask and the access token (never printed)."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        token = urllib.parse.parse_qs(parts.query).get("token", [""])[0]
        if parts.scheme not in ("http", "https") or not parts.netloc or not token:
            raise FeedError(
                f"{url!r} is not a feed address: give the URL `station serve` printed,"
                " with its token (http://HOST:PORT/?token=...)"
            )
        self.base = f"{parts.scheme}://{parts.netloc}"
        self.token = token
        self._netloc = parts.netloc
        self._https = parts.scheme == "https"
        self._conn: http.client.HTTPConnection | None = None

    @property
    def shown(self) -> str:
        """The address without its token, for screens and files."""
        return self.base

    def get(self, path: str, params: dict[str, str], timeout: float) -> dict[str, Any]:
        """One request on a kept-alive connection (a new one after any failure): a
        follower asks every few seconds, and a connection per request costs the
        station's machine a thread and a handshake each time."""
        query = urllib.parse.urlencode(params)
        conn = self._connection(timeout)
        # A socket's timeout bounds one read: a host that sends a byte every few seconds
        # would hold the follower for ever, showing the last head as if nothing happened.
        # The whole answer has `timeout`; past it the connection is cut and the feed lost.
        expired = threading.Event()
        cutter = threading.Timer(timeout, _cut, (conn, expired))
        cutter.daemon = True
        cutter.start()
        try:
            conn.request(
                "GET", f"{path}?{query}", headers={"Authorization": f"Bearer {self.token}"}
            )
            response = conn.getresponse()
            # No feed answers more than MAX_ANSWER: a larger answer is refused as soon as
            # its length says so, or once that much is read, never read (or decoded) whole.
            said = response.length  # its Content-Length, if it gave one
            if said is not None and said > MAX_ANSWER:
                body, too_large = b"", True
            else:
                body = response.read(MAX_ANSWER + 1)
                too_large = len(body) > MAX_ANSWER
            status = response.status
            # http.client hands back a body cut short without a word: a station that
            # closed mid-answer (stopped, restarted) left a lost feed, not a garbled one.
            missing = None if too_large else response.length
            if response.will_close or too_large:
                self._drop()
        except (OSError, http.client.HTTPException) as error:
            self._drop()
            if expired.is_set():
                raise _Lost(f"no whole answer within {timeout:.0f} s") from None
            raise _Lost(str(error) or type(error).__name__) from None
        finally:
            cutter.cancel()
        if expired.is_set():
            self._drop()
            raise _Lost(f"no whole answer within {timeout:.0f} s")
        if too_large:
            raise FeedGarbled(garbled_feed(self.shown, larger_than_any_feed(MAX_ANSWER)))
        if missing:
            self._drop()
            raise _Lost(
                f"the connection closed {len(body):,} bytes into a {len(body) + missing:,}-byte"
                " answer"
            )
        if status in (401, 403):
            self._drop()
            raise FeedError(f"{self.shown}: the feed refused the access token")
        if status == 503 and (refusal := _refusal(body)) is not None:
            raise _Refused(refusal)
        if status != 200:
            raise _Lost(f"the feed answered {status}")
        try:
            value = json.loads(body)
        except RecursionError:  # the C decoder's own limit: a feed is a few levels deep
            raise FeedGarbled(garbled_feed(self.shown, "JSON nested too deep")) from None
        except ValueError:
            raise FeedGarbled(garbled_feed(self.shown, "not JSON")) from None
        if not isinstance(value, dict):
            raise FeedGarbled(garbled_feed(self.shown, "not a JSON object"))
        return value

    def _connection(self, timeout: float) -> http.client.HTTPConnection:
        if self._conn is None:
            kind = http.client.HTTPSConnection if self._https else http.client.HTTPConnection
            self._conn = kind(self._netloc, timeout=timeout)
        elif self._conn.sock is not None:
            self._conn.sock.settimeout(timeout)
        self._conn.timeout = timeout
        return self._conn

    def _drop(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def close(self) -> None:
        self._drop()


class RemoteFollower(FeedCheck):
    """Follows a served count, verifying every event and signed head before folding it.

    Attributes:
        address: the feed.
        public_key_text, key_fingerprint: the key every head must be signed with.

    The rest (the heads verified, the events received and folded, what is wrong) are
    those of `FeedCheck` (`feed_check.py`), the check this adds the network to.
    """

    def __init__(
        self,
        url: str,
        *,
        key: str | None = None,
        store: WitnessFile | None = None,
        timeout_s: float = 5.0,
        unsigned_s: float | None = None,
    ) -> None:
        self.address = FeedAddress(url)
        self.store = store
        self._timeout = timeout_s
        if store is not None and store.meta.get("election"):
            setup_doc = {
                "format": FEED_FORMAT,  # the witness file's own format says which
                "election": store.election_row(),
                "public_key": store.meta["public_key"],
            }
        else:
            try:
                setup_doc = self.address.get("/setup", {}, timeout_s)
            except _Refused as refused:
                self.address.close()
                raise FeedError(f"{self.address.shown}: {refused}") from None
            except _Lost as lost:
                self.address.close()
                raise FeedError(f"{self.address.shown}: no feed there ({lost})") from None
            except FeedGarbled:
                self.address.close()
                raise
        try:
            super().__init__(
                setup_doc,
                self.address.shown,
                signature_holds_raw,
                key=key,
                unsigned_s=unsigned_s,
            )
        except FeedError:
            self.address.close()
            raise
        self.public_key = load_public_key(self.public_key_text)
        self._stored_seq = 0  # the last event the witness file holds
        self._inbox: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if store is not None:
            self._resume(store)

    def serves_another_election(self) -> str | None:
        """Whether the feed now serves another election than the one followed (a witness
        file resumed against the wrong URL); None if the same, or if it cannot be asked."""
        try:
            row = self.address.get("/setup", {}, self._timeout).get("election")
        except _Lost:
            return None
        if isinstance(row, dict) and row.get("setup_hash") == self.election_row["setup_hash"]:
            return None
        case = row.get("case_number") if isinstance(row, dict) else None
        return f"{self.address.shown} serves another election (case {case})"

    def _keep(self, batch: Batch) -> None:
        """Store what the answer's signed heads cover, durable before a line or a figure
        says it was seen."""
        if self.store is not None:
            new = [record for record in batch.records if record.seq > self._stored_seq]
            self.store.append(new, batch.heads, utc_now())
        if batch.records:
            self._stored_seq = max(self._stored_seq, batch.records[-1].seq)

    def _resume(self, store: WitnessFile) -> None:
        """Fold what the witness file holds, checked again as if it came from the feed
        (a file damaged or altered while the witness was stopped is not built on)."""
        records = [json.loads(event_line(_row(record))) for record in store.records()]
        notes = [note for note, _ in store.heads()]
        self.store = None  # already stored
        try:
            self.take({"events": records, "heads": notes})
        finally:
            self.store = store
        # A file may hold events no head it holds covers (kept by an earlier version):
        # they wait for a head like any, and are not stored twice.
        self._stored_seq = self.received_seq
        if self.broken:
            self.broken = f"{store.path.name}: {self.broken}"
        self._update_problem()

    # -- following ---------------------------------------------------------------------

    def request(self, after: int, since: str | None, wait_s: float = WAIT_S) -> dict[str, Any]:
        """Ask the feed once for the events after `after` and the heads signed after
        `since` (blocks up to `wait_s` while there is nothing new). Raises _Lost,
        FeedGarbled or FeedError."""
        params = {"after": str(after), "wait": f"{wait_s:g}"}
        if since is not None:
            params["since"] = since
        response = self.address.get("/events", params, wait_s + self._timeout)
        if not isinstance(response.get("events"), list) or not isinstance(
            response.get("heads"), list
        ):
            raise FeedGarbled(garbled_feed(self.address.shown, "no list of events and heads"))
        return response

    def step(self, wait_s: float = WAIT_S) -> Batch:
        """One request, verified and folded (the witness's loop); a lost connection
        only updates `problem`; a garbled answer raises FeedGarbled."""
        since = None if self.last_head is None else self.last_head.time
        try:
            response = self.request(self.received_seq, since, wait_s)
        except _Lost:
            self.lost()
            return Batch()
        return self.take(response)

    def start(self, wait_s: float = WAIT_S, retry_s: float = 0.5) -> None:
        """Request in a thread of its own; `poll()` then verifies and folds what arrived,
        so a window's thread never waits on the network."""
        after = self.received_seq
        since = None if self.last_head is None else self.last_head.time

        def run() -> None:
            nonlocal after, since
            while not self._stop.is_set():
                try:
                    response = self.request(after, since, wait_s)
                except _Lost:
                    self._lost = True
                    self._stop.wait(retry_s)
                    continue
                except FeedGarbled as error:  # said by `poll`; asked again, as when lost
                    with self._lock:
                        self._inbox.append({"garbled": str(error)})
                    self._stop.wait(retry_s)
                    continue
                except FeedError as error:
                    response = {"events": [], "heads": [], "refused": str(error)}
                # Where the next request starts: what this one carried, verified or not
                # (anything forged breaks the feed in `poll` and nothing more is folded).
                after, since = _cursor(response, after, since)
                with self._lock:
                    self._inbox.append(response)
                if "refused" in response:
                    return

        self._thread = threading.Thread(target=run, name="station-feed", daemon=True)
        self._thread.start()

    def poll(self) -> list[Change]:
        """Verify and fold what the request thread received since the last poll."""
        with self._lock:
            responses, self._inbox = self._inbox, []
        changes: list[Change] = []
        for response in responses:
            if "garbled" in response:
                self.garbled = str(response["garbled"])
                continue
            if "refused" in response:
                self.broken = str(response["refused"])
            changes.extend(self.take(response).changes)
        self._update_problem()
        return changes

    def stop(self) -> None:
        self._stop.set()

    def close(self) -> None:
        self.stop()
        if self._thread is not None:
            self._thread.join(timeout=0.1)  # a request in flight ends on its own timeout
        if self._thread is None or not self._thread.is_alive():
            self.address.close()


def _refusal(body: bytes) -> str | None:
    """What a follower says of the station's 503 (`serve._Handler._seated`), or None
    for a 503 that is not the station's (a proxy's, say)."""
    try:
        why = json.loads(body).get("error")
    except (ValueError, AttributeError, RecursionError):
        return None
    return REFUSALS.get(why) if isinstance(why, str) else None


def _row(record: Record) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in EVENT_FIELDS)


def _cursor(response: dict[str, Any], after: int, since: str | None) -> tuple[int, str | None]:
    events, heads = response.get("events"), response.get("heads")
    if isinstance(events, list) and events and isinstance(events[-1], dict):
        seq = events[-1].get("seq")
        after = seq if type(seq) is int else after
    if isinstance(heads, list) and heads:
        time_line = str(heads[-1]).split("\n")[3:4]
        if time_line and time_line[0].startswith("time "):
            since = time_line[0][5:]
    return after, since


def _cut(conn: http.client.HTTPConnection, expired: threading.Event) -> None:
    """End a request that outlived its deadline: its reads fail at once."""
    expired.set()
    sock = conn.sock
    if sock is not None:
        with contextlib.suppress(OSError):  # already closed
            sock.shutdown(socket.SHUT_RDWR)
