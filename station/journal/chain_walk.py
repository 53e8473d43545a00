"""The bulk check of the hash chain: events walked in order, each checked as it comes.

`ChainWalk.step` takes one event's fields and says whether it holds: it is the next
in number, every field has the type Station writes (`checks.well_typed`), it chains
to the event before it and its hash is its own (`chain.event_hash`, written out here
for speed; the tests hold the two to the same bytes).

SQLite feeds it (`chain_break_in`): the walk is a function SQLite calls on each row
of one SELECT that stops at the first row it refuses. Reading rows into Python to
check them costs a tuple and a step of the loop for each; letting SQLite call the
check costs neither (1.9 µs an event instead of 2.4 here, a fifth less).
Nothing here trusts SQLite to call it as asked: the walk counts the events it was
shown, so a row skipped, repeated or out of order is a break, never a pass.

The walk also notes the first event dated before the event before it (`clock.py`):
`verify` warns of a clock set back, and a comparison of each event's time with the
one before, made as the walk passes, spares it a second reading of every event.
"""

import hashlib
import sqlite3
from typing import Any

from station.journal.times import Backwards

_STEP = "station_chain_step"  # a name no SQL of a file can call: functions are not stored
_FIELDS = "seq, utc, mono_ns, session, action, call, target, detail, prev_hash, hash"
_FIRST_REFUSED = (
    f"SELECT seq FROM events NOT INDEXED WHERE seq >= ? AND seq <= ?"
    f" AND NOT {_STEP}({_FIELDS}) ORDER BY seq LIMIT 1"
)
_BEFORE = "SELECT utc, session, mono_ns FROM events WHERE seq = ?"


class ChainWalk:
    """Events from `first` on, checked one at a time in the order they are shown.

    `before` is the hash of the event before the first, `before_utc` its time ("" if
    there is none). After the walk, `first_break` says where it broke, if it did, and
    `backwards` names the first good event dated before the one before it, if any.
    `error` holds an exception `step` raised (a bug: SQLite would report it only as
    'user-defined function raised exception').
    """

    __slots__ = ("backwards", "before", "broken", "error", "expected", "mono_ns", "session", "utc")

    def __init__(
        self,
        first: int,
        before: str,
        before_utc: str = "",
        before_session: tuple[int, int] | None = None,
    ) -> None:
        self.expected = first
        self.before = before
        self.utc = before_utc
        # The session and monotonic clock of the event before (`checks.session_problem`):
        # none before the first event of a journal, which so must be an `open` one.
        self.session: int | None = None if before_session is None else before_session[0]
        self.mono_ns: int = 0 if before_session is None else before_session[1]
        self.broken: int | None = None
        self.error: Exception | None = None
        self.backwards: Backwards | None = None

    def step(
        self,
        seq: Any,
        utc: Any,
        mono_ns: Any,
        session: Any,
        action: Any,
        call: Any,
        target: Any,
        detail: Any,
        prev_hash: Any,
        hash_: Any,
    ) -> bool:
        """Whether this event holds; after the first that does not, none does."""
        try:
            expected = self.expected
            if (
                seq != expected
                or prev_hash != self.before
                # `well_typed`, written out: a call per event costs a tenth of the check.
                or type(seq) is not int
                or type(utc) is not str
                or type(mono_ns) is not int
                or type(session) is not int
                or type(action) is not str
                or type(prev_hash) is not str
                or type(hash_) is not str
                or not (call is None or (type(call) is str and call != ""))
                or not (detail is None or (type(detail) is str and detail != ""))
                or not (target is None or type(target) is int)
                # `checks.session_problem`, written out for the same reason.
                or (
                    session != seq
                    if action == "open"
                    else session != self.session or mono_ns < self.mono_ns
                )
                # `chain.event_hash`'s canonical form with its prefix and separators
                # (\x1f) written in: names looked up ten times an event cost a sixth
                # of the walk. tests/journal/test_verify_fast.py holds the two equal.
                or hashlib.sha256(
                    f"station-event-v1\x1f{seq}\x1f{utc}\x1f{mono_ns}\x1f{session}"
                    f"\x1f{action}\x1f{call or ''}\x1f{'' if target is None else target}"
                    f"\x1f{detail or ''}\x1f{prev_hash}".encode()
                ).hexdigest()
                != hash_
            ):
                if self.broken is None:
                    self.broken = expected  # that event is missing, or this one is wrong
                return False
            if utc < self.utc and self.backwards is None:
                self.backwards = (seq, utc, self.utc)
            self.expected = expected + 1
            self.before = hash_
            self.utc = utc
            self.session, self.mono_ns = session, mono_ns
            return True
        except Exception as error:  # a bug: kept, and raised by `first_break`
            self.error = self.error or error
            return False

    def go(self, conn: sqlite3.Connection, last: int) -> "ChainWalk":
        """Walk on from the next event up to `last` in `conn`'s file, or to the first that
        breaks (raises sqlite3.DatabaseError if SQLite cannot read them)."""
        if self.broken is not None:
            return self
        conn.create_function(_STEP, 10, self.step)
        try:
            conn.execute(_FIRST_REFUSED, (self.expected, last)).fetchone()
        finally:
            conn.create_function(_STEP, 10, None)
        return self

    def first_break(self, last: int) -> int | None:
        """The first event up to `last` that broke the chain or is missing, or None."""
        if self.error is not None:
            raise self.error
        if self.broken is not None:
            return self.broken
        return None if self.expected > last else self.expected


def chain_break_in(conn: sqlite3.Connection, first: int, last: int, before: str) -> int | None:
    """The first of events `first` to `last` in `conn`'s file that is missing, is not
    well typed, has a wrong hash or does not chain to `before` and the rest; or None.

    Raises sqlite3.DatabaseError if SQLite cannot read them (a damaged page, text
    that is not UTF-8).
    """
    return walk_in(conn, first, last, before).first_break(last)


def walk_in(conn: sqlite3.Connection, first: int, last: int, before: str) -> ChainWalk:
    """The walk of events `first` to `last` in `conn`'s file, from `before`, as far as
    it held (`chain_break_in`); its `backwards` compares the first event's time with
    the time stored for the event before it."""
    utc, session = event_before(conn, first)
    walk = ChainWalk(first, before, utc, session)
    return walk.go(conn, last)


def event_before(conn: sqlite3.Connection, first: int) -> tuple[str, tuple[int, int] | None]:
    """The time, and the session and monotonic clock, of the event before `first` as
    stored ("" and None for none, or for fields not of their type: the walk that checks
    that event refuses it)."""
    row = conn.execute(_BEFORE, (first - 1,)).fetchone() if first > 1 else None
    if row is None:
        return "", None
    utc, session, mono_ns = row
    typed = type(session) is int and type(mono_ns) is int
    return (utc if type(utc) is str else ""), ((session, mono_ns) if typed else None)
