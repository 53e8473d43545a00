"""Event times that run backwards: a station's clock set back during the count.

Each event is dated by the station's clock (UTC). A laptop whose clock is adjusted
mid-count dates later events before earlier ones: nothing is lost (events are ordered
by number, and chained), but a reader of the dates is misled, so the window, `sign`
and `verify` say so. It is a warning, not damage: the record is as the station wrote
it.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING

from station.journal.creating import utc_now
from station.journal.times import backwards_statement, behind_statement

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
