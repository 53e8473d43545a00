"""The rows of an election file: its events as stored, and its setup row.

What a row is, and the SQL that reads and writes it; nothing here opens a file.
"""

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from station.domain import Action, Call, ElectionSetup, Event
from station.domain.choices import Ballot, BallotError
from station.journal import bounded_json
from station.journal.chain import OPTIONAL_SETUP_FIELDS, SETUP_FIELDS, event_hash
from station.journal.errors import CorruptJournal

if TYPE_CHECKING:  # pragma: no cover
    from pathlib import Path

EVENT_FIELDS = (
    "seq",
    "utc",
    "mono_ns",
    "session",
    "action",
    "call",
    "target",
    "detail",
    "prev_hash",
    "hash",
)
EVENT_COLUMNS = ", ".join(EVENT_FIELDS)
INSERT = f"INSERT INTO events ({EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
# Events are read from the table itself, never through an index someone else might
# have added to a file (the index `fold` uses is only a pointer, checked there).
SELECT = f"SELECT {EVENT_COLUMNS} FROM events NOT INDEXED"
ROWS_BETWEEN = f"{SELECT} WHERE seq >= ? AND seq <= ? ORDER BY seq"
ELECTION_COLUMNS = (*SETUP_FIELDS, "setup_hash")


@dataclass(frozen=True, slots=True)
class Record:
    """One journal event exactly as stored, hash included."""

    seq: int
    utc: str
    mono_ns: int
    session: int
    action: str
    call: str | None
    target: int | None
    detail: str | None
    prev_hash: str
    hash: str

    def event(self) -> Event:
        """The event as the rules of the count see it (raises ValueError if malformed)."""
        return Event(
            seq=self.seq,
            action=Action(self.action),
            call=None if self.call is None else Call(self.call),
            target=self.target,
            # Most events (every plain call) have no detail: no JSON to parse on replay.
            detail=None if self.detail is None else self.details(),
        )

    def details(self) -> dict[str, object]:
        """The event's free-form detail (JSON object), or an empty dict."""
        if not self.detail:
            return {}
        try:
            value = bounded_json.loads(self.detail)
        except (TypeError, ValueError):
            return {"unreadable": str(self.detail)}  # `verify` says what is wrong
        return value if isinstance(value, dict) else {"unreadable": str(self.detail)}

    def computed_hash(self) -> str:
        """The hash this event should have, given its fields and `prev_hash`."""
        return event_hash(
            self.seq,
            self.utc,
            self.mono_ns,
            self.session,
            self.action,
            self.call,
            self.target,
            self.detail,
            self.prev_hash,
        )


@dataclass(frozen=True, slots=True)
class Election:
    """The stored election setup and what identifies this particular file."""

    setup: ElectionSetup
    election_id: str
    created_utc: str
    setup_hash: str
    row: dict[str, object]


# Setup fields that are text, always or when present: one stored as a blob or a number
# is refused here, as an altered setup, before anything hashes or shows it.
_TEXT_FIELDS = (
    "format",
    "election_id",
    "created_utc",
    "case_number",
    "employer",
    "union_name",
    "setup_hash",
)
_TEXTS = ("agent", "ballot", "voters_hash")


def election_from_row(values: Mapping[str, object], where: "Path | str") -> Election:
    """The election described by a stored setup row (raises CorruptJournal if malformed)."""
    missing = [column for column in ELECTION_COLUMNS if column not in values]
    eligible, ballots, pile = values.get("eligible"), values.get("ballots"), values.get("pile")
    table = values.get("table_label")
    if (
        missing
        or not isinstance(eligible, int)
        or not (ballots is None or isinstance(ballots, int))
        or not (pile is None or (isinstance(pile, int) and pile >= 0))
        or not (table is None or (isinstance(table, str) and table))
        or not all(isinstance(values[field], str) for field in _TEXT_FIELDS)
        or not all(values.get(field) is None or isinstance(values[field], str) for field in _TEXTS)
        or any(
            type(values.get(f)) not in (int, type(None)) for f in ("mail", "mail_rules", "polls")
        )
    ):
        raise CorruptJournal(f"{where}: the election setup was altered")
    setup = ElectionSetup(
        case_number=str(values["case_number"]),
        employer=str(values["employer"]),
        union=str(values["union_name"]),
        eligible=eligible,
        ballots=ballots,
        agent=None if values["agent"] is None else str(values["agent"]),
        pile=pile or 0,  # files from before pile checks have none
        table=table,
        choices=stored_ballot(values, where),
        mail=values.get("mail") == 1,
        mail_rules=_whole_or_none(values.get("mail_rules")),
        polls=values.get("polls") == 1,
    )
    return Election(
        setup=setup,
        election_id=str(values["election_id"]),
        created_utc=str(values["created_utc"]),
        setup_hash=str(values["setup_hash"]),
        row={
            column: values.get(column)
            for column in (*ELECTION_COLUMNS, *OPTIONAL_SETUP_FIELDS)
            if column in ELECTION_COLUMNS or values.get(column) is not None
        },
    )


def _whole_or_none(value: object) -> int | None:
    return value if isinstance(value, int) else None


def stored_ballot(values: Mapping[str, object], where: "Path | str") -> Ballot | None:
    """The ballot a setup row stores, None for the plain one-union election."""
    text = values.get("ballot")
    if text is None:
        return None
    try:
        details = json.loads(text) if isinstance(text, str) else None
        ballot = Ballot.from_details(str(values["case_number"]), str(values["employer"]), details)
    except (ValueError, BallotError):
        raise CorruptJournal(f"{where}: the election setup was altered") from None
    if ballot.unions[0] != values["union_name"]:
        raise CorruptJournal(f"{where}: the election setup was altered")
    return ballot
