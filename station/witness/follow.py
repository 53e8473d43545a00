"""Following a count served by `station serve`: every event and signed head verified first.

`RemoteFollower` is to a feed what `journal.follow.Follower` is to a file: a `Followed`
count kept up to date one `poll()` at a time, Qt-free. Each event must chain to the one
before it with its own hash (`checks.event_problem`, the checks every reader makes); each
signed head must be signed by the election's key, name this election, come after the
heads before it (a replayed old head is refused) and match the event it names. The
first thing wrong is a forged or broken feed: `broken` names it, and nothing after it is
folded, shown or kept.

A chain proves only that its events follow each other: anyone on the path can append
well-chained events without the key. So an event is folded (counted, shown, kept) only
once a head signed by the station's key covers it, and by the rules of the count then;
the events after the last signed head are `unsigned`, said apart and never counted, and
when they stay so for `UNSIGNED_S` (the station signs every few seconds), `problem`
says NOT SIGNED FOR N SECONDS. At most `MAX_UNSIGNED` of them (and `MAX_UNSIGNED_BYTES`)
are kept: more than the station ever leaves unsigned is someone appending on the path,
and the feed is `broken` before it fills this process's memory.

Each answer names the newest head the station signed (`newest_head`), whatever event it
names: a follower catching up on a long journal, whose head is at its end, knows that
the events it is still receiving are signed up to there. Those are `checking`, not
unsigned, and wait for nothing but the rest of the feed: no timer runs while each answer
brings more of them, and no cap but the head's own event holds them.

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
import time
import urllib.parse
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from station.domain import Change
from station.journal import JournalError
from station.journal.chain import setup_hash
from station.journal.checks import event_problem
from station.journal.follow import Followed
from station.journal.records import EVENT_FIELDS, Record, election_from_row
from station.sheet.keys import KeyProblem, fingerprint, load_public_key
from station.verification.document import event_line
from station.witness.heads import BadHead, Head, follows, origin_of, read_head, utc_now
from station.witness.limits import MAX_ANSWER
from station.witness.statements import (
    MAX_UNSIGNED,
    MAX_UNSIGNED_BYTES,
    REFUSALS,
    UNSIGNED_S,
    being_checked,
    garbled_feed,
    larger_than_any_feed,
    no_feed,
    not_yet_signed,
    too_many_unsigned,
    unsigned_too_long,
)
from station.witness.store import WitnessFile

WAIT_S = 10.0  # how long the server holds a request with nothing new (long polling)


class FeedError(Exception):
    """The feed cannot be followed at all: unreachable at the start, refusing the token,
    or serving something else than a Station feed (one line)."""


class FeedGarbled(FeedError):
    """The feed answered with something that is not a Station feed (one line). Not a
    forgery: nothing of the answer was verified, kept or shown."""


class _Lost(Exception):
    """The connection failed this time (the feed may come back)."""


class _Refused(_Lost):
    """The station answered that it takes no more connections (from here, or at all)."""


@dataclass
class Batch:
    """What one response held, verified: the events a signed head covers and the heads,
    to keep and show."""

    records: list[Record] = field(default_factory=list)
    heads: list[Head] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)


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


class RemoteFollower(Followed):
    """Follows a served count, verifying every event and signed head before folding it.

    Attributes:
        address: the feed.
        origin: the heads' origin line (case and election id).
        public_key_text, key_fingerprint: the key every head must be signed with.
        key_checked: whether that key was held to a fingerprint the observer gave.
        head_seq, head_hash: the last event a verified signed head covers (folded).
        received_seq: the last event received and chained (the next request's start).
        signed_seq: the newest event a head signed by the station's key names, as far as
            the feed said (the events up to it are signed, whether received yet or not).
        last_head: the last signed head verified.
        broken: what made the feed untrustworthy (then nothing more is folded), or None.
        garbled: FEED GARBLED and why, while the last answer was not a Station feed.
        problem: `broken`, or `garbled`, or NO FEED FOR N SECONDS, or the station's own
            problem.
        last_record: the last record folded in (its `mono_ns` measures the lag).
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
        self._unsigned_s = UNSIGNED_S if unsigned_s is None else unsigned_s
        self.store = store
        self._timeout = timeout_s
        if store is not None and store.meta.get("election"):
            setup_doc = {"election": store.election_row(), "public_key": store.meta["public_key"]}
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
        row = setup_doc.get("election")
        if not isinstance(row, dict):
            self.address.close()
            raise FeedGarbled(garbled_feed(self.address.shown, "no election setup"))
        try:
            if setup_hash(row) != row.get("setup_hash"):
                self.address.close()
                raise FeedError(f"{self.address.shown}: the election setup served was altered")
            election = election_from_row(row, self.address.shown)
            public_key = load_public_key(str(setup_doc.get("public_key")))
        except (JournalError, KeyProblem, KeyError, TypeError, ValueError, RecursionError) as error:
            self.address.close()
            why = "JSON nested too deep" if isinstance(error, RecursionError) else str(error)
            raise FeedGarbled(garbled_feed(self.address.shown, why)) from None
        key_fp = fingerprint(public_key)
        if key is not None and key != key_fp:
            self.address.close()
            raise FeedError(
                f"{self.address.shown}: the feed's heads are signed by key {key_fp},"
                f" not by the expected key {key}"
            )
        super().__init__(election.setup, key_fp)
        self.key_checked = key is not None
        self.election_row = row
        self.election_id = election.election_id
        self.origin = origin_of(election.setup.case_number, election.election_id)
        self.public_key = public_key
        self.public_key_text = str(setup_doc["public_key"])
        self.head_hash = election.setup_hash
        self.last_head: Head | None = None
        self.last_record: Record | None = None
        self.broken: str | None = None
        self.problem: str | None = None
        self.station_problem: str | None = None
        self.garbled: str | None = None  # the last answer, when it was not a feed
        self._hashes: dict[int, str] = {0: election.setup_hash}
        # Events chained but not yet covered by a signed head: each with when it came and
        # its size (its line's bytes).
        self._held: deque[tuple[Record, float, int]] = deque()
        self.signed_seq = 0
        self._past_bytes = 0  # the size of the events held after `signed_seq`
        self._progress_at = 0.0  # when an answer last brought events up to `signed_seq`
        self._received_hash = election.setup_hash
        self._stored_seq = 0  # the last event the witness file holds
        self._heard = time.monotonic()
        self._lost = False
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

    # -- verifying -------------------------------------------------------------------

    def take(self, response: dict[str, Any]) -> Batch:
        """Verify and fold what one response holds; stop at the first thing wrong.

        The events a verified head covers are kept (stored and folded), up to the first
        bad event or head; the rest is not, and `broken` names the problem. Events after
        the last head wait, chained, for the head that covers them.
        """
        batch = Batch()
        if self.broken is not None:
            return batch
        problem: str | None = None
        events = response.get("events")
        notes = response.get("heads")
        if not isinstance(events, list) or not isinstance(notes, list):
            problem = "the feed sent a response that is not a Station feed"
            events, notes = [], []
        elif (newest := response.get("newest_head")) is not None:
            problem = self._take_newest(newest)
            if problem:
                events, notes = [], []
        before = self.received_seq
        for line in events:
            problem = self._take_event(line, batch)
            if problem:
                break
        if before < self.signed_seq and self.received_seq > before:
            self._progress_at = time.monotonic()  # catching up: the feed brings what it owes
        # After a refused event the heads are still read: those covering the events
        # before it fold them; the first naming an event after it ends the answer.
        for note in notes:
            head_problem = self._take_head(note, batch)
            if head_problem:
                problem = problem or head_problem
                break
        if self.store is not None:  # durable before a line or a figure says it was seen
            new = [record for record in batch.records if record.seq > self._stored_seq]
            self.store.append(new, batch.heads, utc_now())
        if batch.records:
            self._stored_seq = max(self._stored_seq, batch.records[-1].seq)
        self._keep_heads(batch)
        station = response.get("problem")
        self.station_problem = station if isinstance(station, str) else None
        if problem is not None:
            self.broken = problem
        self._heard, self._lost, self.garbled = time.monotonic(), False, None
        self._update_problem()
        return batch

    @property
    def received_seq(self) -> int:
        return self._held[-1][0].seq if self._held else self.head_seq

    def _take_event(self, line: object, batch: Batch) -> str | None:
        expected = self.received_seq + 1
        read = _record_of(line)
        if read is None:
            return f"event {expected:,} is not a journal event as Station writes it"
        record, size = read
        problem = event_problem(record, expected, self._received_hash)
        if problem:
            return problem
        if record.seq > self.signed_seq:  # past every head the station is known to have signed
            if record.seq - self.signed_seq > MAX_UNSIGNED:
                return too_many_unsigned(self.signed_seq, events=MAX_UNSIGNED)
            if self._past_bytes + size > MAX_UNSIGNED_BYTES:
                return too_many_unsigned(self.signed_seq, size=MAX_UNSIGNED_BYTES)
            self._past_bytes += size
        self._held.append((record, time.monotonic(), size))
        self._received_hash = record.hash
        self._hashes[record.seq] = record.hash
        return None

    def _take_head(self, note: object, batch: Batch) -> str | None:
        """Verify a signed head and fold the events it covers."""
        if not isinstance(note, str):  # a signed note is text (str() of a deep list recurses)
            return "a signed head that is not one (not a signed note)"
        try:
            head = read_head(note, self.public_key, self.origin)
        except BadHead as bad:
            return str(bad)
        previous = batch.heads[-1] if batch.heads else self.last_head
        replay = follows(previous, head)
        if replay:
            return replay
        known = self._hashes.get(head.seq)
        if known is None:
            return f"the head at event {head.seq:,} names an event the feed did not send"
        if known != head.hash:
            return (
                f"the head signed at event {head.seq:,} does not match event {head.seq:,}"
                " as received: the feed's history is not the one the station signed"
            )
        problem = self._fold_signed(head.seq, batch)
        if problem:
            return problem
        batch.heads.append(head)
        self._signed_to(head.seq)
        return None

    def _take_newest(self, note: object) -> str | None:
        """Read the newest head the station signed, which may name an event not received
        yet: the events up to it are signed. It is checked as a head (key, election);
        it is folded and kept only when it comes among the heads, with its event. An
        older one than already known (replayed on the path) only tells less."""
        if not isinstance(note, str):
            return "a signed head that is not one (not a signed note)"
        try:
            head = read_head(note, self.public_key, self.origin)
        except BadHead as bad:
            return str(bad)
        known = self._hashes.get(head.seq)
        if known is not None and known != head.hash:
            return (
                f"the head signed at event {head.seq:,} does not match event {head.seq:,}"
                " as received: the feed's history is not the one the station signed"
            )
        self._signed_to(head.seq)
        return None

    def _signed_to(self, seq: int) -> None:
        """The station signed the events up to `seq`: the events held up to it are no
        longer past every signed head."""
        if seq <= self.signed_seq:
            return
        self.signed_seq = seq
        self._past_bytes = 0
        for record, _, size in reversed(self._held):
            if record.seq <= seq:
                break
            self._past_bytes += size

    def _fold_signed(self, seq: int, batch: Batch) -> str | None:
        """Fold the events a verified head at `seq` covers, by the rules of the count (an
        event they refuse is folded by no station)."""
        while self._held and self._held[0][0].seq <= seq:
            record = self._held[0][0]
            try:
                change = self.count.apply(record.event())
            except ValueError as error:
                return f"event {record.seq:,}: {error}"
            self._held.popleft()
            self.head_seq, self.head_hash = record.seq, record.hash
            self.last_record = record
            self.note(change)
            batch.records.append(record)
            batch.changes.append(change)
        return None

    @property
    def held(self) -> int:
        """How many events came after the last signed head received (chained, not
        counted): `checking` while catching up, else `unsigned`."""
        return len(self._held)

    @property
    def catching_up(self) -> bool:
        """Whether the feed has not yet sent every event the newest head it named covers."""
        return self.received_seq < self.signed_seq

    @property
    def checking(self) -> int:
        """How many events are held while catching up: signed, their head still to come."""
        return len(self._held) if self.catching_up else 0

    @property
    def unsigned(self) -> int:
        """How many events are held once caught up: no head received covers them."""
        return 0 if self.catching_up else len(self._held)

    @property
    def unsigned_s(self) -> float:
        """Seconds the events held have waited for a signed head (0 without any).

        Once caught up, since the oldest of them came. While catching up (on a long
        journal, many answers before the head at its end), only answers that brought
        none of the events still owed count, from the last that did: the feed stalling
        on its way to a head it named, not the length of the way, nor an answer still
        coming (a connection gone quiet is NO FEED)."""
        if not self._held:
            return 0.0
        if self.catching_up:
            return max(0.0, self._heard - self._progress_at)
        return time.monotonic() - max(self._held[0][1], self._progress_at)

    @property
    def not_yet_signed(self) -> str | None:
        """The events after the last signed head, said apart, or None when there are none."""
        if not self._held:
            return None
        if self.catching_up:
            return being_checked(len(self._held), self.head_seq, self.signed_seq)
        return not_yet_signed(len(self._held), self.head_seq)

    def _keep_heads(self, batch: Batch) -> None:
        if batch.heads:
            self.last_head = batch.heads[-1]
            # Heads never go back: hashes before the last head are never asked again.
            for seq in [seq for seq in self._hashes if seq < self.last_head.seq]:
                del self._hashes[seq]

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
            self._lost = True
            self._update_problem()
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

    @property
    def silent_s(self) -> float:
        """Seconds since the feed last answered."""
        return time.monotonic() - self._heard

    def _update_problem(self) -> None:
        if self.broken is not None:
            self.problem = self.broken
        elif self.garbled is not None:
            self.problem = self.garbled
        elif self._lost:
            self.problem = no_feed(self.silent_s)
        elif self._held and self.unsigned_s >= self._unsigned_s:
            self.problem = unsigned_too_long(len(self._held), self.head_seq, self.unsigned_s)
        else:
            self.problem = self.station_problem


def _refusal(body: bytes) -> str | None:
    """What a follower says of the station's 503 (`serve._Handler._seated`), or None
    for a 503 that is not the station's (a proxy's, say)."""
    try:
        why = json.loads(body).get("error")
    except (ValueError, AttributeError, RecursionError):
        return None
    return REFUSALS.get(why) if isinstance(why, str) else None


def _record_of(line: object) -> tuple[Record, int] | None:
    """A feed's event as a Record, only in the one form Station writes it, and the size of
    that form (bytes)."""
    if not isinstance(line, dict) or sorted(line) != sorted(EVENT_FIELDS):
        return None
    fields = tuple(line[name] for name in EVENT_FIELDS)
    try:
        canonical = event_line(fields)
    except (TypeError, ValueError, RecursionError):  # deep JSON, decoded on a shallower stack
        return None
    if json.loads(canonical) != line:
        return None
    return Record(*fields), len(canonical)


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
