"""The last calls as the observers see them: the rows of the dashboard's ticker.

The same rows are drawn by the dashboard's ticker (`ui/dashboard/ticker.py`) and by the
live page (`verifier/live_entry.py`): newest first, a correction with its arrow, the
station closing and opening the count as quieter rows, a challenged ballot one row
completed when its party and reason are given.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from station.domain.changes import Change
from station.domain.describe import (
    PLAIN_WORDS,
    SESSION_RESUMED,
    Words,
    challenged_entry,
    describe,
    is_correction,
    is_session_change,
    resumes_session,
)
from station.domain.events import Action
from station.domain.words import say

ROWS = 9
CORRECTION_TAG = "CORRECTION"
_ARROWS = {Action.UNDO: "\u21b6 ", Action.REDO: "\u21b7 "}


@dataclass(frozen=True, slots=True)
class TickerRow:
    """One row: its words, whether it is a correction, whether the station's own."""

    text: str
    correction: bool = False
    session: bool = False


def line_for(change: Change, words: Words = PLAIN_WORDS) -> str:
    """The ticker's words for a change: `describe`, with an arrow before a correction."""
    return f"{_ARROWS.get(change.event.action, '')}{describe(change, words)}"


def ticker_rows(changes: Iterable[Change], words: Words = PLAIN_WORDS) -> list[TickerRow]:
    """The newest `ROWS` rows of these changes (given oldest first), newest first.

    A clean close and the next opening are one row ("opened" above "closed" read
    backwards); a challenged ballot is one row, completed when its party and reason are
    given.
    """
    rows: list[TickerRow] = []
    challenged: dict[int, int] = {}  # a challenged ballot's call event: its row
    previous: Change | None = None
    for change in changes:
        event = change.event
        row = challenged.get(event.target or 0) if event.action is Action.AMEND else None
        if row is not None and change.challenge and change.ballot is not None:
            # A challenge's party and reason complete its row, as in Last calls.
            group = words.group(event.target or 0)
            entry = challenged_entry(change.ballot, change.challenge, words.challenger, group)
            rows[row] = TickerRow(entry, rows[row].correction)
        elif resumes_session(change) and previous and previous.event.action is Action.CLOSE:
            rows[-1] = TickerRow(say(SESSION_RESUMED), session=True)
        else:
            if event.action is Action.CALL:
                challenged[event.seq] = len(rows)
            elif event.action is Action.DISPUTE and event.target is not None:
                challenged[event.target] = len(rows)
            rows.append(
                TickerRow(line_for(change, words), is_correction(change), is_session_change(change))
            )
        previous = change
    return rows[::-1][:ROWS]
