"""Snapshots of the count: sealing one when a station closes, restoring from one.

A snapshot is the count folded up to an event, stored beside the journal so that a
station opening a long count folds only the events after it. A station starts only
from a snapshot it sealed itself, for that very event (see `seal.py`); `verify` takes
none on trust, and checks each against the replay.
"""

import contextlib
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from station.domain import Count
from station.domain.changes import FrozenCount
from station.domain.description import describe
from station.journal.chain import snapshot_digest
from station.journal.chain_walk import chain_break_in
from station.journal.checks import chain_broken, event_problem
from station.journal.errors import CorruptJournal
from station.journal.faults import environment_fault
from station.journal.seal import seal, sealed_by

if TYPE_CHECKING:
    from station.journal.store import Journal

# A snapshot is the count as of this many events before the head when the file was
# closed: opening replays those one by one, and the recent-calls list is made of them.
SNAPSHOT_LAG = 256
SNAPSHOT_EVERY = 1_000  # events since the last snapshot that make a new one worth it
SNAPSHOTS_VERSION = 4  # the schema version that brought them
# A station starts from its own sealed snapshot only on a file this long: the events
# before the snapshot are then taken on the seal's word (checking a million hashes
# takes a second; `verify`, `sign` and `export` check every one). A shorter file, every
# real count among them (a few thousand events), is checked whole on every opening, so
# an event altered before the snapshot is refused at once, never hidden behind the
# snapshot's figures.
TRUSTED_FROM = 50_000


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A stored snapshot of the count: the count folded up to event `seq`.

    Attributes:
        seq: the last event folded in.
        event_hash: that event's hash, as the snapshot states it.
        frozen: the count.
        seal: the seal of the station that stored it (see `seal.py`).
    """

    seq: int
    event_hash: str
    frozen: FrozenCount
    seal: str

    def digest(self) -> str:
        """The snapshot's digest (`chain.snapshot_digest`), which its seal seals."""
        frozen = self.frozen
        return snapshot_digest(
            self.seq, self.event_hash, frozen.summary, frozen.done, frozen.undone
        )

    def trusted(self, secret: bytes | None, event_hash: str | None) -> bool:
        """Whether a station with `secret` may start from it: it sealed it, for this event."""
        frozen = self.frozen
        return (
            event_hash is not None
            and event_hash == self.event_hash
            and all(isinstance(part, str) for part in (frozen.summary, self.event_hash))
            and all(isinstance(part, bytes) for part in (frozen.done, frozen.undone))
            and sealed_by(secret, self.digest(), self.seal)
        )


def restore(
    journal: "Journal",
    until: int | None = None,
    *,
    secret: bytes | None = None,
    trust_snapshots: bool = True,
) -> Count:
    """`Journal.restore`: the count up to `until`, from the snapshot to start from if any."""
    until = journal.head_seq if until is None else until
    trusted = trust_snapshots and until >= TRUSTED_FROM
    snapshot = start_from(journal, until, secret) if trusted else None
    if snapshot is not None:
        with contextlib.suppress(ValueError, RecursionError):
            setup = journal.election.setup
            count = Count.thawed(
                snapshot.frozen,
                setup.pile,
                setup.choices,
                setup.mail,
                describe(setup),
                setup.current_mail_rules,
                setup.polls,
            )
            if count.last_seq == snapshot.seq:
                return chain_checked(
                    journal, snapshot.seq, until, lambda: journal.fold(until, count)
                )
    return chain_checked(journal, 0, until, lambda: journal.fold(until))


def chain_checked(journal: "Journal", after: int, until: int, fold: Callable[[], Count]) -> Count:
    """`fold()`, once the hash and link of every event after `after` up to `until` hold.

    The guards inside SQLite check an event's number and link, never its own hash
    (SQLite has no SHA-256): an event written with plain sqlite3 under a wrong hash
    is accepted, so a station must look before it counts on. From the first event,
    the hashes are checked by other processes while this one folds (as `verify`
    does); from a snapshot, the few events after it are checked here.
    """
    from station.journal.chain_check import PARALLEL_FROM, ChainCheck

    try:
        if after == 0 and until >= PARALLEL_FROM:
            chain = ChainCheck(journal.path, until, journal.hash_of, identity=journal.identity)
            try:
                count = fold()
                broken = chain.first_break(journal.connection)
            finally:
                chain.close()
        else:
            count = fold()
            before = journal.hash_of(after)
            broken = chain_break_in(journal.connection, after + 1, until, before)
    except KeyError:
        broken = None  # an event missing: the fold names it
        count = fold()
    except sqlite3.DatabaseError as error:
        raise journal.unreadable_error(error, after) from None
    if broken is not None:
        raise CorruptJournal(chain_broken(journal.path, broken, _problem_at(journal, broken)))
    return count


def _problem_at(journal: "Journal", seq: int) -> str | None:
    """What is wrong with event `seq`, found breaking the chain, in `verify`'s words."""
    record = journal.record(seq)
    try:
        before = journal.hash_of(seq - 1)
    except KeyError:
        return None
    previous = journal.record(seq - 1) if seq > 1 else None
    return None if record is None else event_problem(record, seq, before, previous)


def start_from(journal: "Journal", until: int, secret: bytes | None) -> Snapshot | None:
    """The latest snapshot at or before `until` a station with `secret` may start from.

    `restore(until, secret=secret)` starts from it (None: from the first event).
    """
    if not journal.canonical:
        return None
    return _trusted_snapshot(journal, until, secret)


def _trusted_snapshot(journal: "Journal", until: int, secret: bytes | None) -> Snapshot | None:
    """The latest snapshot at or before `until` that a station with `secret` sealed."""
    if secret is None:
        return None
    try:
        seqs = journal.snapshot_seqs()
    except CorruptJournal:
        return None
    for seq in reversed(seqs):
        snapshot = journal.snapshot(seq) if seq <= until else None
        try:
            event_hash_ = journal.stored_hash(seq) if snapshot is not None else None
        except sqlite3.DatabaseError as error:
            if environment_fault(error):
                raise journal.unreadable_error(error, 0) from None
            return None  # a damaged page: replaying names it
        if snapshot is not None and snapshot.trusted(secret, event_hash_):
            return snapshot
    return None


def checkpoint(journal: "Journal", secret: bytes) -> bool:
    """Store a sealed snapshot of the count as of `SNAPSHOT_LAG` events before the head.

    Only when `SNAPSHOT_EVERY` events or more came since the last snapshot this
    station sealed, so a short count never has one. A station does this when it
    closes the file; it writes no event and changes none (raises JournalError or
    sqlite3.Error if it cannot, which costs the next opening time, nothing else).
    True if a snapshot was stored.
    """
    seq = journal.head_seq - SNAPSHOT_LAG
    if not journal.canonical or seq < SNAPSHOT_EVERY or not journal.holds_the_file():
        return False
    latest = _trusted_snapshot(journal, seq, secret)
    if seq - (latest.seq if latest is not None else 0) < SNAPSHOT_EVERY:
        return False
    if seq in journal.snapshot_seqs():
        return False  # another station's, for this very event: one per event
    event_hash_ = journal.hash_of(seq)
    frozen = journal.restore(seq, secret=secret).freeze()
    snapshot = Snapshot(seq, event_hash_, frozen, "")
    with journal.database.atomic():
        journal.connection.execute(
            "INSERT INTO snapshots (seq, event_hash, summary, done, undone, seal)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (
                seq,
                event_hash_,
                frozen.summary,
                frozen.done,
                frozen.undone,
                seal(secret, snapshot.digest()),
            ),
        )
    return True


def stored_seqs(journal: "Journal") -> list[int]:
    """The events the stored snapshots were folded up to, oldest first."""
    if not journal.has_snapshots:
        return []
    try:
        seqs = [
            seq for (seq,) in journal.connection.execute("SELECT seq FROM snapshots ORDER BY seq")
        ]
    except sqlite3.DatabaseError as error:
        if environment_fault(error):
            raise
        seqs = [None]  # a rebuilt or damaged table
    if not all(type(seq) is int for seq in seqs):
        raise CorruptJournal(f"{journal.path}: the snapshots of the count were altered")
    return seqs


def stored(journal: "Journal", seq: int) -> Snapshot | None:
    """The snapshot folded up to event `seq`, as stored, or None."""
    try:
        row = journal.connection.execute(
            "SELECT seq, event_hash, summary, done, undone, seal FROM snapshots WHERE seq = ?",
            (seq,),
        ).fetchone()
    except sqlite3.DatabaseError as error:  # a rebuilt or damaged table
        if environment_fault(error):
            raise
        return None
    if row is None:
        return None
    seq, event_hash_, summary, done, undone, stored_seal = row
    return Snapshot(seq, event_hash_, FrozenCount(summary, done, undone), stored_seal)
