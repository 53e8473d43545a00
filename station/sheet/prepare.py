"""Preparing a tally sheet: one SIGN event that certifies the head of the journal.

The event holds everything the sheet will print: the facts computed from the count
(`computed_facts`), the names of the agent and observers, the place and date, and the
fingerprint of the key that will sign the export. From then the count is locked.
"""

from collections.abc import Sequence
from datetime import datetime

from station.domain import Action, Count, ReplayError, Sheet, SheetKind
from station.domain.tally_sheet import Observer, SheetError, clean_name, computed_facts
from station.journal import Journal
from station.journal.store import Record


def prepare_sheet(
    journal: Journal,
    count: Count,
    *,
    kind: SheetKind,
    agent: str,
    observers: Sequence[Observer],
    place: str | None,
    key_fingerprint: str,
) -> Record:
    """Record the SIGN event for a sheet of `kind` at the journal's head; return it.

    `count` must be the count of every event in `journal` (the caller applies the
    returned record to it). Raises SheetError if no sheet may be prepared now (the count
    is locked by a final sheet) or a name is unusable, and WriteFailed if the event could
    not be recorded.
    """
    if count.last_seq != journal.head_seq:
        raise SheetError("the count on screen is behind the journal; reopen the file")
    try:
        sheet = count.next_sheet(kind)
    except ReplayError as error:
        raise SheetError(error.reason) from None
    now = datetime.now().astimezone()
    detail: dict[str, object] = {
        **computed_facts(
            journal.election.setup, sheet, journal.head_hash, _superseded_hash(journal, sheet)
        ),
        "agent": clean_name(agent, "Board agent"),
        "observers": [{"party": o.party.value, "name": o.name} for o in observers],
        "place": clean_name(place, "place of the count") if place and place.strip() else None,
        "count_date": now.date().isoformat(),
        "prepared": now.isoformat(timespec="seconds"),
        "key": key_fingerprint,
    }
    return journal.append(Action.SIGN, target=journal.head_seq, detail=detail)


def reopen_count(journal: Journal, count: Count, reason: str) -> Record:
    """Record that the locked count is opened again, and why; return the event."""
    if count.locked_by is None:
        raise SheetError("the count is not locked; there is nothing to reopen")
    return journal.append(
        Action.REOPEN, detail={"reason": clean_name(reason, "reason for reopening")}
    )


def earlier_key(journal: Journal, count: Count) -> str | None:
    """The fingerprint of the key named by this election's last sheet, if any."""
    if not count.sheets:
        return None
    record = journal.record(count.sheets[-1].seq)
    key = record.details().get("key") if record else None
    return key if isinstance(key, str) else None


def _superseded_hash(journal: Journal, sheet: Sheet) -> str | None:
    if sheet.supersedes is None:
        return None
    record = journal.record(sheet.supersedes)
    return None if record is None else record.hash
