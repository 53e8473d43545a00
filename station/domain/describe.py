"""How a change to the count is put into words, the same on every screen and in the log."""

from station.domain.count import Change
from station.domain.events import Action


def describe(change: Change) -> str:
    """One line for the last-calls list and the observers' ticker.

    Corrections name the ballot and call they correct, so that an observer who saw
    "ballot 1,563 AGAINST" can see exactly which call was taken back.
    """
    event = change.event
    call = event.call.label if event.call else ""
    match event.action:
        case Action.CALL:
            return f"Ballot {change.ballot:,} {call}"
        case Action.UNDO:
            return f"Ballot {change.ballot:,} {call} \u2014 undone"
        case Action.REDO:
            return f"Ballot {change.ballot:,} {call} \u2014 redone"
        case Action.OPEN:
            return "Station opened the count"
        case Action.CLOSE:
            return "Station closed the count"
        case Action.SIGN:
            title = change.sheet.title if change.sheet else str(event.info)
            return f"{title} tally prepared; the count is locked"
        case Action.REOPEN:
            return f"Count reopened: {event.info}"
    return str(event.action)  # pragma: no cover


def is_correction(change: Change) -> bool:
    """Whether the change takes back or reinstates an earlier call."""
    return change.event.action in (Action.UNDO, Action.REDO)
