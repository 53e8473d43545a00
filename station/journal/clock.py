"""Event times that run backwards: a station's clock set back during the count.

Each event is dated by the station's clock (UTC). A laptop whose clock is adjusted
mid-count dates later events before earlier ones: nothing is lost (events are ordered
by number, and chained), but a reader of the dates is misled, so the window, `sign`
and `verify` say so. It is a warning, not damage: the record is as the station wrote
it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import TYPE_CHECKING

from station.journal.creating import utc_now

if TYPE_CHECKING:  # pragma: no cover
    from station.journal.store import Journal

# The first event dated before the one before it (SQLite walks the numbers once).
_FIRST_BACKWARDS = (
    "SELECT b.seq, b.utc, a.utc FROM events AS a JOIN events AS b ON b.seq = a.seq + 1"
    " WHERE b.utc < a.utc ORDER BY b.seq LIMIT 1"
)


def first_backwards(conn: sqlite3.Connection) -> tuple[int, str, str] | None:
    """(event, its time, the time of the event before it) of the first event dated
    before its predecessor, or None."""
    row = conn.execute(_FIRST_BACKWARDS).fetchone()
    return None if row is None else (int(row[0]), str(row[1]), str(row[2]))


def first_backwards_in(times: Iterable[tuple[int, object]]) -> tuple[int, str, str] | None:
    """The same over (event, time) pairs in order (an export's `journal.jsonl`)."""
    before: str | None = None
    for seq, utc in times:
        if not isinstance(utc, str):
            continue  # not a time: what `verify` says of it is said elsewhere
        if before is not None and utc < before:
            return seq, utc, before
        before = utc
    return None


def backwards_statement(found: tuple[int, str, str]) -> str:
    """ "event times run backwards: event 3 is dated 2026-10-31 09:00:00 UTC, before
    event 2 (2026-11-01 17:00:01 UTC); the station's clock was set back" """
    seq, utc, before = found
    return (
        f"event times run backwards: event {seq:,} is dated {shown(utc)}, before event"
        f" {seq - 1:,} ({shown(before)}); the station's clock was set back during the count"
    )


def behind_statement(now: str, seq: int, head: str) -> str:
    """The clock now reads earlier than the last event."""
    return (
        f"the clock reads {shown(now)}, earlier than event {seq:,} ({shown(head)}):"
        " it was set back; check it before going on"
    )


def shown(utc: str) -> str:
    """ "2026-11-01T17:00:01.123456+00:00" as "2026-11-01 17:00:01 UTC" (as given when
    it is not in that form)."""
    if len(utc) >= 19 and utc[10] == "T" and utc.endswith("+00:00"):
        return f"{utc[:10]} {utc[11:19]} UTC"
    return utc


def clock_warnings(journal: Journal) -> list[str]:
    """What `sign` and the window warn of: events dated backwards, a clock now behind
    the last event."""
    warnings = []
    found = journal.clock_backwards()
    if found is not None:
        warnings.append(backwards_statement(found))
    now, head = utc_now(), journal.head_utc
    if head is not None and now < head:
        warnings.append(behind_statement(now, journal.head_seq, head))
    return warnings
