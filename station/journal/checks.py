"""The checks of a journal's events, written once, for every reader that makes them.

`verify` (the careful way, one event at a time, and the fast way in bulk), the
export's `verify`, a station restoring its count, `journal.jsonl`'s writer and the
observers' dashboard all ask the same questions of an event: is each field of the
type Station writes, does it chain to the event before it, is its hash its own, does a
tally sheet state the facts the journal gives, is a snapshot the replay. The answers
are here, and only here.
"""

from collections.abc import Mapping
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal

from station.domain import Action, Change, Count, Sheet, SheetKind
from station.domain.objections import tally_of_ballots
from station.domain.sheet_dates import dates_problem
from station.domain.tally import Tally
from station.domain.tally_sheet import (
    SheetContext,
    computed_facts,
    key_change_problem,
    recorded_problem,
    wrong_fact,
)
from station.journal.bounded_json import canonical_detail, is_canonical_detail
from station.journal.records import Election, Record

if TYPE_CHECKING:
    from pathlib import Path

    from station.journal.snapshots import Snapshot

# The types of seq, utc, mono_ns, session and action, then of prev_hash and hash.
_TYPES = (int, str, int, int, str)
_HASH_TYPES = (str, str)


def well_typed(row: tuple[Any, ...]) -> bool:
    """Whether every field of an event (a row in EVENT_FIELDS order) has the type
    Station writes: hashing makes 5 and "5" alike, so the hash alone cannot say.

    `type() is int`, not isinstance: True is an int to isinstance, and JSON has it
    (journal.jsonl). Call and detail are absent (None) or text that is not empty.
    """
    seq, utc, mono_ns, session, action, call, target, detail, prev_hash, hash_ = row
    return (
        (type(seq), type(utc), type(mono_ns), type(session), type(action)) == _TYPES
        and (type(prev_hash), type(hash_)) == _HASH_TYPES
        and (call is None or (type(call) is str and call != ""))
        and (detail is None or (type(detail) is str and detail != ""))
        and (target is None or type(target) is int)
    )


def row_of(record: Record) -> tuple[Any, ...]:
    """The record as a bare row, in EVENT_FIELDS order."""
    return (
        record.seq,
        record.utc,
        record.mono_ns,
        record.session,
        record.action,
        record.call,
        record.target,
        record.detail,
        record.prev_hash,
        record.hash,
    )


def breaks_chain(record: Record, before: str) -> bool:
    """Whether an event does not chain to `before` (the hash of the one before it), has a
    field of a type Station never writes (a blob where text was: it cannot even be
    hashed), or its hash is not its own."""
    return (
        record.prev_hash != before
        or not well_typed(row_of(record))
        or record.computed_hash() != record.hash
    )


def chain_broken(path: "Path | str", seq: int, problem: str | None = None) -> str:
    """The line that says event `seq` breaks the chain, and so nothing may be counted;
    in `verify`'s words (`event_problem`) when they are known, so that opening, `tally`
    and `verify` name a damaged file's first bad event the same way."""
    said = problem or (
        f"event {seq} does not match the hash chain (it was altered, or written outside Station)"
    )
    return f"{path}: {said}; nothing can be counted into this file (run `station verify`)"


def setup_altered(path: "Path | str") -> str:
    """The line that says the election setup was altered, and so nothing may be counted.

    Refused on opening, as a broken chain is on replay: a station that read the
    altered setup would show, and sign a sheet over, a union or a count of eligible
    voters nobody set up.
    """
    return (
        f"{path}: the election setup was altered (its hash does not match); nothing can be"
        " read or counted from this file (run `station verify`)"
    )


class _Unknown(Enum):
    """The event before is not known to the reader (it holds only its hash)."""

    EVENT = 0


UNKNOWN: Literal[_Unknown.EVENT] = _Unknown.EVENT
Previous = Record | None | Literal[_Unknown.EVENT]
"""The event before the one checked: None for the first event of a journal, or UNKNOWN."""


def chain_problem(
    record: Record, expected: int, before: str, previous: Previous = UNKNOWN
) -> str | None:
    """Whether an event read in turn breaks the chain (its number, link, field types,
    hash or session), said in `verify`'s words; None if it holds. The cheap check first,
    the words only for a break: a station replaying or a dashboard following asks it of
    every event.
    """
    if (
        record.seq == expected
        and not breaks_chain(record, before)
        and (previous is UNKNOWN or not session_problem(record, previous))
    ):
        return None
    return event_problem(record, expected, before, previous)


def session_problem(record: Record, previous: Record | None) -> str | None:
    """Whether an event is out of its session's order, given the event before it (None
    for the first event of a journal); None if it is in order.

    An `open` event begins a session, which is numbered by that event's `seq`; every
    other event belongs to the session of the event before it, and is not earlier than
    that event on the station's monotonic clock (equal is possible: a coarse clock).
    So a journal begins with an `open` event. Both fields are well typed by now.
    """
    seq, session = record.seq, record.session
    if record.action == Action.OPEN.value:
        if session != seq:
            return (
                f"event {seq} was altered (it opens a session, so its session is"
                f" {seq}, not {session})"
            )
        return None
    if previous is None:
        return f"event {seq} was altered (a journal begins with an open event, not {record.action})"
    if session != previous.session:
        return (
            f"event {seq} was altered (its session is {session}, but the event before it"
            f" is of session {previous.session})"
        )
    if record.mono_ns < previous.mono_ns:
        return (
            f"event {seq} was altered (its monotonic clock reads {record.mono_ns}, before"
            f" the {previous.mono_ns} of the event before it in the same session)"
        )
    return None


def event_problem(
    record: Record, expected: int, before: str, previous: Previous = UNKNOWN
) -> str | None:
    """What is wrong with one event read in turn, in `verify`'s words, or None.

    `expected` is the number it should have, `before` the hash of the event before
    it and `previous` that event itself (None before the first event): its session and
    clock are what this one's are checked against (`session_problem`); a reader that
    holds only the hash (UNKNOWN) cannot check them. The rules of the count are not
    asked here: the caller folds the event next.
    """
    if record.seq != expected:
        return f"event {expected} is missing (the next one found is {record.seq})"
    if record.prev_hash != before:
        return f"event {record.seq} does not chain to the event before it"
    if not well_typed(row_of(record)):
        return f"event {record.seq} was altered (a field has the wrong type)"
    if record.computed_hash() != record.hash:
        return f"event {record.seq} was altered (its hash does not match)"
    if record.detail is not None and not is_canonical_detail(record.detail):
        # A key given twice is read one way here and another way elsewhere.
        return (
            f"event {record.seq} was altered (its detail is not in the one form"
            " Station writes: sorted keys, each once, compact)"
        )
    if previous is not UNKNOWN:
        return session_problem(record, previous)
    return None


def detail_is_canonical(record: Record, read: Mapping[str, object] | None) -> bool:
    """Whether an event's stored detail is in the one form Station writes, given what was
    read from it (`record.details()`, as the event that was folded holds it).

    `is_canonical_detail(record.detail)` without parsing the JSON a second time: a
    detail that could not be read as an object was read as {"unreadable": the text},
    whose canonical form is longer than the text itself, so it is refused as well.
    """
    return record.detail is None or (read is not None and canonical_detail(read) == record.detail)


class SheetTrail:
    """The sheets a check has met so far, and why each final one was reopened: a
    revision names the sheet it supersedes (its hash), and a correction states its
    figures and the reason given at the reopening."""

    def __init__(self) -> None:
        self.hashes: dict[int, str] = {}
        self.tallies: dict[int, Tally] = {}
        self.sheets: dict[int, Sheet] = {}
        self.prepared: dict[int, str] = {}  # each sheet's `prepared`, as it states it
        self.reopened: dict[int, str | None] = {}
        self.first_call_utc: str | None = None
        self.last_key: object = None  # the `key` of the last sheet met, of any kind

    def note(self, record: Record, change: Change) -> None:
        """Keep what a SIGN or a REOPEN event says, and when the first call was made
        (a sheet's `count_date` starts on its day)."""
        if self.first_call_utc is None and change.event.action is Action.CALL:
            self.first_call_utc = record.utc
        sheet = change.sheet
        if sheet is None:
            return
        if change.event.action is Action.SIGN:
            self.hashes[record.seq] = record.hash
            self.tallies[record.seq] = sheet.tally
            self.sheets[record.seq] = sheet
            prepared = record.details().get("prepared")
            if isinstance(prepared, str):
                self.prepared[record.seq] = prepared
            self.last_key = record.details().get("key")
        elif change.event.action is Action.REOPEN and sheet.kind is SheetKind.FINAL:
            reason = (change.event.detail or {}).get("reason")
            self.reopened.setdefault(sheet.seq, reason if isinstance(reason, str) else None)

    def context(self, record: Record, sheet: Sheet) -> SheetContext:
        """What the SIGN event `record` of `sheet` states of the journal around it."""
        prepared = record.details().get("prepared")
        prepared_text = prepared if isinstance(prepared, str) else None
        if sheet.supersedes is None:
            return SheetContext(prepared_text)
        ballots = tally_of_ballots(sheet, self.sheets)
        return SheetContext(
            prepared_text,
            self.tallies.get(sheet.supersedes),
            self.reopened.get(sheet.supersedes),
            None if ballots is None else self.prepared.get(ballots),
        )


def sheet_problem(
    election: Election, record: Record, sheet: Sheet, trail: SheetTrail
) -> str | None:
    """Whether a SIGN event states exactly the facts the journal gives at its head.

    `trail` holds the sheets before it: a revision names the sheet it supersedes.
    """
    fault = sheet_fault(election, record, sheet, trail)
    return None if fault is None else fault[1]


def sheet_fault(
    election: Election, record: Record, sheet: Sheet, trail: SheetTrail
) -> tuple[str, str] | None:
    """`sheet_problem`, with the fact it is about (`wrong_fact`'s names; "recorded" for
    a name, place or date in a form Station never writes)."""
    superseded = None if sheet.supersedes is None else trail.hashes[sheet.supersedes]
    context = trail.context(record, sheet)
    facts = computed_facts(election.setup, sheet, record.prev_hash, superseded, context)
    stated = record.details()
    wrong = wrong_fact(stated, facts)
    if wrong is None:
        problem = (
            recorded_problem(stated)
            or dates_problem(stated, record.utc, trail.first_call_utc)
            or key_change_problem(stated, trail.last_key)
        )
        wrong = None if problem is None else ("recorded", problem)
    if wrong is None:
        return None
    return wrong[0], f"event {record.seq} (the {sheet.title.lower()} tally sheet) {wrong[1]}"


def snapshot_problem(
    snapshot: "Snapshot | None", seq: int, count: Count, event_hash: str
) -> str | None:
    """Whether a stored snapshot is exactly the count replayed up to its event.

    Its seal is not checked: that is the business of the station that made it, and
    only it has the secret. What the snapshot says is checked, against the replay.
    """
    if snapshot is None:
        damage = "it cannot be read"
    elif snapshot.event_hash != event_hash:
        damage = "it names another event than the journal's"
    elif snapshot.frozen.made_before():
        return None  # an earlier Station's form: inert (never started from), not comparable
    elif count.freeze() != snapshot.frozen:
        damage = "it differs from the replay of the journal"
    else:
        return None
    return f"the snapshot of the count at event {seq:,} was altered ({damage})"
