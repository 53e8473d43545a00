"""Preparing a tally sheet: one SIGN event that certifies the head of the journal.

The event holds everything the sheet will print: the facts computed from the count
(`computed_facts`), the names of the agent and observers, the place and dates, and the
fingerprint of the key that will sign the export. From then the count is locked.
Everything a person typed is checked before anything is written.
"""

from dataclasses import dataclass
from datetime import datetime

from station.domain import Action, Change, Count, ReplayError, Sheet, SheetKind
from station.domain.election import ElectionSetup
from station.domain.election_statements import unprintable_statement
from station.domain.objections import tally_of_ballots
from station.domain.sheet_dates import count_dates
from station.domain.tally_sheet import (
    Observer,
    SheetContext,
    SheetError,
    clean_name,
    clean_place,
    clean_reason,
    computed_facts,
)
from station.domain.words import english
from station.journal import Journal
from station.journal.creating import utc_now
from station.journal.session import CountSession
from station.journal.session import earlier_key as earlier_key  # where callers look for it


@dataclass(frozen=True)
class SheetRequest:
    """What the agent asked for: the kind of sheet and who certifies it."""

    kind: SheetKind
    agent: str
    observers: list[Observer]
    place: str | None


def previous_request(journal: Journal, count: Count) -> tuple[int, SheetRequest] | None:
    """Who certified the count's latest sheet, and where, as its SIGN event records, with
    that event's number: what the next sheet starts from (the window's dialog and `sign`)."""
    sheets = count.sheets
    record = journal.record(sheets[-1].seq) if sheets else None
    if record is None:
        return None
    details = record.details()
    observers = details.get("observers")
    place = details.get("place")
    return record.seq, SheetRequest(
        kind=sheets[-1].kind,
        agent=str(details.get("agent") or ""),
        observers=[
            Observer(str(observer["party"]), str(observer["name"]))
            for observer in (observers if isinstance(observers, list) else [])
        ],
        place=place if isinstance(place, str) else None,
    )


def checked_request(journal: Journal, count: Count, request: SheetRequest) -> Sheet:
    """The sheet `request` would prepare now; raise SheetError if it may not be.

    Checks the lock, every name (printable on the sheet, with the font it uses) and
    that `count` is the journal's, without writing anything.
    """
    if count.last_seq != journal.head_seq:
        raise SheetError("the count on screen is behind the journal; reopen the file")
    try:
        sheet = count.next_sheet(request.kind)
    except ReplayError as error:
        raise SheetError(error.reason) from None
    clean_name(request.agent, "Board agent")
    for observer in request.observers:
        clean_name(observer.name, "observer")
    if request.place is not None:
        clean_place(request.place)
    _check_printable(journal, request)
    return sheet


@english
def differs_from_journal(journal: Journal, count: Count) -> str | None:
    """Why `count` (the one on screen) is not what the whole journal gives, or None.

    A station opens a long count from a snapshot it sealed itself; whoever holds its
    seal secret could make it show a count the journal does not give. What is
    certified or exported is therefore folded again from the first event, as `station
    sign` does (raises CorruptJournal on an event the rules refuse). The hashes from
    the snapshot on were checked when the file was opened; before it, an event altered
    without its hash recomputed changes the fold, which this compares.
    """
    folded = journal.fold()
    if folded.last_seq == count.last_seq and folded.freeze() == count.freeze():
        return None
    shown, given = count.tally, folded.tally
    return (
        f"the count on screen ({shown.for_union:,} FOR, {shown.against:,} AGAINST,"
        f" {shown.void:,} void, {shown.challenged:,} challenged, event {count.last_seq:,})"
        f" is not what the journal gives ({given.for_union:,} FOR, {given.against:,} AGAINST,"
        f" {given.void:,} void, {given.challenged:,} challenged, event {folded.last_seq:,});"
        " nothing was certified: close the file and run `station verify`"
    )


@english
def prepare_sheet(
    session: CountSession,
    request: SheetRequest,
    *,
    key_fingerprint: str,
    key_changed_from: str | None = None,
    witnessed: str | None = None,
) -> Change:
    """Record the SIGN event for `request` at the journal's head; return what it changed.

    `witnessed`, when given, is the checkpoint of the journal at its head with the
    witnesses' cosignatures, as `station.sheet.witnessed.cosigned_at_head` found and
    checked it just before: recorded as the sheet's `witnessed` fact.

    The session's count must be the count of every event in its journal. Raises
    SheetError if no sheet may be prepared now or a name is unusable, and WriteFailed
    if the event could not be recorded (nothing written either way).
    """
    journal, count = session.journal, session.count
    sheet = checked_request(journal, count, request)
    setup = journal.election.setup
    # One reading of the clock stamps the event and dates the sheet: the sheet's dates
    # are its event's own (`sheet_dates`), even a moment before midnight.
    stamp = utc_now()
    now = datetime.fromisoformat(stamp).astimezone()
    prepared = now.isoformat(timespec="seconds")
    context = sheet_context(journal, count, sheet, prepared)
    detail: dict[str, object] = {
        **computed_facts(
            setup, sheet, journal.head_hash, _superseded_hash(journal, sheet), context
        ),
        "agent": clean_name(request.agent, "Board agent"),
        "observers": [
            {"party": o.party, "name": clean_name(o.name, "observer")} for o in request.observers
        ],
        "place": None if request.place is None else clean_place(request.place),
        "count_date": _count_dates(journal, now),
        "prepared": prepared,
        "key": key_fingerprint,
    }
    if key_changed_from is not None:
        detail["key_changed_from"] = key_changed_from
    if witnessed is not None:
        detail["witnessed"] = witnessed
    return session.commit(Action.SIGN, target=journal.head_seq, detail=detail, utc=stamp)


def reopen_count(session: CountSession, reason: str) -> Change:
    """Record that the locked count is opened again, and why; return what it changed."""
    if session.count.locked_by is None:
        raise SheetError("the count is not locked; there is nothing to reopen")
    return session.commit(Action.REOPEN, detail={"reason": clean_reason(reason)})


def _count_dates(journal: Journal, now: datetime) -> str:
    """The day the count ran, or its first and last days (`sheet_dates.count_dates`)."""
    first_call = journal.first_record(Action.CALL)
    return count_dates(None if first_call is None else first_call.utc, now)


def _check_printable(journal: Journal, request: SheetRequest) -> None:
    texts = [
        *setup_names(journal.election.setup),
        ("Board agent", request.agent),
        *((f"observer {o.name}", o.name) for o in request.observers),
        ("place", request.place or ""),
    ]
    problem = unprintable_problem(texts)
    if problem:
        raise SheetError(problem)


def setup_names(setup: ElectionSetup) -> list[tuple[str, str]]:
    """Every name of the setup the sheet prints, with what it is."""
    ballot = setup.ballot
    names = [("case number", setup.case_number), ("employer", setup.employer)]
    names += [
        ("intervenor" if union in ballot.intervenors else "union", union)
        for union in (*ballot.unions, *ballot.intervenors)
    ]
    if ballot.petitioner is not None:
        names.append(("petitioner", ballot.petitioner))
    if ballot.neither is not None:
        names.append(("against choice", ballot.neither))
    if setup.agent is not None:
        names.append(("Board agent", setup.agent))
    if setup.table is not None:
        names.append(("table", setup.table))
    return names


def unprintable_problem(texts: list[tuple[str, str]]) -> str | None:
    """The first of `texts` with characters no font of this computer draws, in one line.

    Asked when the election is made (`station new`, the New election dialog) as well as
    when a sheet is prepared: a name no sheet can print would let a whole count be run
    that can never be certified. Asked of the computer that prepares the sheet: its fonts
    draw the sheet, and the PDF carries them. Needs a QGuiApplication (the fonts).
    """
    from station.sheet.pdf import unprintable  # Qt: only here

    for what, text in texts:
        missing = unprintable(text)
        if missing:
            return unprintable_statement(what, missing)
    return None


def sheet_context(journal: Journal, count: Count, sheet: Sheet, prepared: str) -> SheetContext:
    """What `sheet` states of the journal around it: the day it is prepared and, for a
    correction, the tally it replaces and why the count was reopened; after a decision,
    when the tally of ballots it revises was prepared (objections ran from it)."""
    if sheet.supersedes is None:
        return SheetContext(prepared)
    superseded = next((s for s in count.sheets if s.seq == sheet.supersedes), None)
    reopen = journal.first_record(Action.REOPEN, after=sheet.supersedes)
    reason = None if reopen is None else reopen.details().get("reason")
    ballots = tally_of_ballots(sheet, {s.seq: s for s in count.sheets})
    ballots_record = None if ballots is None else journal.record(ballots)
    ballots_prepared = None if ballots_record is None else ballots_record.details().get("prepared")
    return SheetContext(
        prepared,
        None if superseded is None else superseded.tally,
        reason if isinstance(reason, str) else None,
        ballots_prepared if isinstance(ballots_prepared, str) else None,
    )


def _superseded_hash(journal: Journal, sheet: Sheet) -> str | None:
    if sheet.supersedes is None:
        return None
    record = journal.record(sheet.supersedes)
    return None if record is None else record.hash
