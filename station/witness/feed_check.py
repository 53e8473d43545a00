"""Checking a served count's answers: every event and signed head verified before it is folded.

`FeedCheck` is the part of following a feed that needs no network, no thread and no key
store: handed the feed's setup and then each of its answers (decoded JSON), it checks
them and keeps a `Followed` count up to date. `follow.RemoteFollower` asks the feed
over HTTP and hands its answers here; the live page's Python (`verifier.live_entry`)
hands in what the browser fetched. The signature check is handed in too (the
`cryptography` package's, or the browser's), and so is the clock.

Each event must chain to the one before it with its own hash (`checks.event_problem`,
the checks every reader makes); each signed head must be signed by the election's key,
name this election, come after the heads before it (a replayed old head is refused)
and be a checkpoint of the lines received: its root must be the RFC 6962 root of the
tree of the setup and the events up to the one it names (`tree`, one append a line), and
a head naming events not received yet is refused. The first thing wrong is a forged or broken feed:
`broken` names it, and nothing after it is folded, shown or kept.

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
"""

import base64
import binascii
import contextlib
import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from station.domain import Change
from station.domain.followed import Followed
from station.journal import JournalError
from station.journal.chain import setup_hash
from station.journal.checks import event_problem
from station.journal.records import EVENT_FIELDS, Record, election_from_row
from station.verification.checkpoints import (
    BadHead,
    Head,
    SignatureCheck,
    follows,
    origin_of,
    read_head,
)
from station.verification.document import canonical_json, event_line
from station.verification.export_check import SignatureQuestion
from station.verification.fingerprints import key_fingerprint
from station.verification.merkle import Tree
from station.witness.statements import (
    MAX_UNSIGNED,
    MAX_UNSIGNED_BYTES,
    UNSIGNED_S,
    being_checked,
    garbled_feed,
    no_feed,
    not_yet_signed,
    other_feed_format,
    too_many_unsigned,
    unsigned_too_long,
)

# v2: the heads are checkpoints of the log's Merkle tree (v1's named a chain hash). A feed
# of another format is refused at its setup, never taken for a forged one.
FEED_FORMAT = "station-feed-v2"

Clock = Callable[[], float]
"""Seconds on a clock that never goes back (`time.monotonic`, a page's own)."""


class FeedError(Exception):
    """The feed cannot be followed at all: unreachable at the start, refusing the token,
    or serving something else than a Station feed (one line)."""


class FeedGarbled(FeedError):
    """The feed answered with something that is not a Station feed (one line). Not a
    forgery: nothing of the answer was verified, kept or shown."""


@dataclass
class Batch:
    """What one response held, verified: the events a signed head covers and the heads,
    to keep and show."""

    records: list[Record] = field(default_factory=list)
    heads: list[Head] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)


def raw_public_key(text: object) -> bytes:
    """The raw Ed25519 public key in its base64 form (ValueError if it is not one)."""
    try:
        raw = base64.b64decode(str(text), validate=True)
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != 32:
        raise ValueError("the public key in the manifest is not an Ed25519 key")
    return raw


def _monotonic() -> float:
    return time.monotonic()


class FeedCheck(Followed):
    """A served count, every answer verified before it is folded.

    Attributes:
        shown: the feed's address as words name it (never its token).
        origin: the heads' origin line (case and election id).
        raw_public_key, heads_key: the key every head must be signed with, and its
            fingerprint.
        key_checked: whether that key was held to a fingerprint the observer gave.
        head_seq, head_hash: the last event a verified signed head covers (folded).
        received_seq: the last event received and chained (the next request's start).
        signed_seq: the newest event a head signed by the station's key names, as far as
            the feed said (the events up to it are signed, whether received yet or not).
        last_head: the last signed head verified.
        tree: the Merkle tree of the log as received (the setup line, then each event
            chained), which every head's root is held to.
        broken: what made the feed untrustworthy (then nothing more is folded), or None.
        garbled: FEED GARBLED and why, while the last answer was not a Station feed.
        problem: `broken`, or `garbled`, or NO FEED FOR N SECONDS, or the station's own
            problem.
        last_record: the last record folded in (its `mono_ns` measures the lag).
    """

    def __init__(
        self,
        setup_doc: dict[str, Any],
        shown: str,
        signature_holds: SignatureCheck,
        *,
        key: str | None = None,
        unsigned_s: float | None = None,
        clock: Clock | None = None,
    ) -> None:
        """Check the feed's setup (`GET /setup`, or what a witness file kept).

        Raises FeedGarbled if it is not a Station feed's setup, FeedError if it was
        altered or its key is not the `key` the observer gave.
        """
        self.shown = shown
        self._signature_holds = signature_holds
        self._clock = clock or _monotonic
        self._unsigned_s = UNSIGNED_S if unsigned_s is None else unsigned_s
        row = setup_doc.get("election")
        served = setup_doc.get("format")
        if isinstance(served, str) and served != FEED_FORMAT:
            raise FeedError(other_feed_format(shown, served, FEED_FORMAT))
        if served != FEED_FORMAT:
            raise FeedGarbled(garbled_feed(shown, "no feed format"))
        if not isinstance(row, dict):
            raise FeedGarbled(garbled_feed(shown, "no election setup"))
        try:
            if setup_hash(row) != row.get("setup_hash"):
                raise FeedError(f"{shown}: the election setup served was altered")
            election = election_from_row(row, shown)
            raw = raw_public_key(setup_doc.get("public_key"))
        except (JournalError, KeyError, TypeError, ValueError, RecursionError) as error:
            why = "JSON nested too deep" if isinstance(error, RecursionError) else str(error)
            raise FeedGarbled(garbled_feed(shown, why)) from None
        key_fp = key_fingerprint(raw)
        if key is not None and key != key_fp:
            raise FeedError(
                f"{shown}: the feed's heads are signed by key {key_fp},"
                f" not by the expected key {key}"
            )
        super().__init__(election.setup, key_fp)
        self.heads_key = key_fp  # `key_fingerprint` follows the sheets; the heads' stays
        self.key_checked = key is not None
        self.election_row = row
        self.election_id = election.election_id
        self.origin = origin_of(election.setup.case_number, election.election_id)
        self.raw_public_key = raw
        self.public_key_text = str(setup_doc["public_key"])
        self.head_hash = election.setup_hash
        self.last_head: Head | None = None
        self.last_record: Record | None = None
        self.broken: str | None = None
        self.problem: str | None = None
        self.station_problem: str | None = None
        self.garbled: str | None = None  # the last answer, when it was not a feed
        # The log as received: the setup line, then each event's line (merkle.py).
        self.tree = Tree([canonical_json({"election": row}).rstrip(b"\n")])
        # Events chained but not yet covered by a signed head: each with when it came and
        # its size (its line's bytes).
        self._held: deque[tuple[Record, float, int]] = deque()
        self.signed_seq = 0
        self._past_bytes = 0  # the size of the events held after `signed_seq`
        self._progress_at = 0.0  # when an answer last brought events up to `signed_seq`
        self._received_hash = election.setup_hash
        # The last event received: its session and clock are the next one's to follow.
        self._received: Record | None = None
        self._heard = self._clock()
        self._lost = False

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
            self._progress_at = self._clock()  # catching up: the feed brings what it owes
        # After a refused event the heads are still read: those covering the events
        # before it fold them; the first naming an event after it ends the answer.
        for note in notes:
            head_problem = self._take_head(note, batch)
            if head_problem:
                problem = problem or head_problem
                break
        self._keep(batch)
        self._keep_heads(batch)
        station = response.get("problem")
        self.station_problem = station if isinstance(station, str) else None
        if problem is not None:
            self.broken = problem
        self._heard, self._lost, self.garbled = self._clock(), False, None
        self._update_problem()
        return batch

    def questions(self, response: dict[str, Any]) -> list[SignatureQuestion]:
        """What `take(response)` will ask its signature check: the station's signature on
        each head the answer carries, read unchecked (`take` holds them to everything
        else). For a page that answers them aside, off its only thread, and then has
        `take` use those answers (`live_entry.LiveCount.answer`)."""
        asked: list[SignatureQuestion] = []

        def ask(public_key: bytes, signature: bytes, data: bytes) -> bool:
            asked.append((public_key, signature, data))
            return True

        heads = response.get("heads")
        for note in [response.get("newest_head"), *(heads if isinstance(heads, list) else [])]:
            if isinstance(note, str):
                with contextlib.suppress(BadHead):
                    read_head(note, self.raw_public_key, self.origin, ask)
        return list(dict.fromkeys(asked))  # the newest head is often the last one sent

    @property
    def received_seq(self) -> int:
        return self._held[-1][0].seq if self._held else self.head_seq

    def _take_event(self, line: object, batch: Batch) -> str | None:
        expected = self.received_seq + 1
        read = record_of(line)
        if read is None:
            return f"event {expected:,} is not a journal event as Station writes it"
        record, line_bytes = read
        size = len(line_bytes)
        problem = event_problem(record, expected, self._received_hash, self._received)
        if problem:
            return problem
        if record.seq > self.signed_seq:  # past every head the station is known to have signed
            if record.seq - self.signed_seq > MAX_UNSIGNED:
                return too_many_unsigned(self.signed_seq, events=MAX_UNSIGNED)
            if self._past_bytes + size > MAX_UNSIGNED_BYTES:
                return too_many_unsigned(self.signed_seq, size=MAX_UNSIGNED_BYTES)
            self._past_bytes += size
        self._held.append((record, self._clock(), size))
        self._received_hash = record.hash
        self._received = record
        self.tree.append(line_bytes.rstrip(b"\n"))
        return None

    def _take_head(self, note: object, batch: Batch) -> str | None:
        """Verify a signed head and fold the events it covers."""
        if not isinstance(note, str):  # a signed note is text (str() of a deep list recurses)
            return "a signed head that is not one (not a signed note)"
        try:
            head = read_head(note, self.raw_public_key, self.origin, self._signature_holds)
        except BadHead as bad:
            return str(bad)
        previous = batch.heads[-1] if batch.heads else self.last_head
        replay = follows(previous, head)
        if replay:
            return replay
        if head.size > self.tree.size:
            return f"the head at event {head.seq:,} names an event the feed did not send"
        if self.tree.root(head.size).hex() != head.root:
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
            head = read_head(note, self.raw_public_key, self.origin, self._signature_holds)
        except BadHead as bad:
            return str(bad)
        if head.size <= self.tree.size and self.tree.root(head.size).hex() != head.root:
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
        return self._clock() - max(self._held[0][1], self._progress_at)

    @property
    def not_yet_signed(self) -> str | None:
        """The events after the last signed head, said apart, or None when there are none."""
        if not self._held:
            return None
        if self.catching_up:
            return being_checked(len(self._held), self.head_seq, self.signed_seq)
        return not_yet_signed(len(self._held), self.head_seq)

    def _keep(self, batch: Batch) -> None:
        """Keep what a verified answer brought, before anything of it is shown (a witness
        stores it); here nothing more than folding it."""

    def _keep_heads(self, batch: Batch) -> None:
        if batch.heads:
            self.last_head = batch.heads[-1]

    @property
    def silent_s(self) -> float:
        """Seconds since the feed last answered."""
        return self._clock() - self._heard

    def lost(self) -> None:
        """The feed did not answer this time (it may come back)."""
        self._lost = True
        self._update_problem()

    def garbled_answer(self, words: str) -> None:
        """The feed answered with something that is not a Station feed: nothing of it is
        kept, and it is asked again."""
        self._heard, self._lost, self.garbled = self._clock(), False, words
        self._update_problem()

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


def record_of(line: object) -> tuple[Record, bytes] | None:
    """A feed's event as a Record, only in the one form Station writes it, and that form
    (its line of `journal.jsonl`, newline included)."""
    if not isinstance(line, dict) or sorted(line) != sorted(EVENT_FIELDS):
        return None
    fields = tuple(line[name] for name in EVENT_FIELDS)
    try:
        canonical = event_line(fields)
    except (TypeError, ValueError, RecursionError):  # deep JSON, decoded on a shallower stack
        return None
    if json.loads(canonical) != line:
        return None
    return Record(*fields), canonical


def _row(record: Record) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in EVENT_FIELDS)
