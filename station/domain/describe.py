"""How a change to the count is put into words, the same on every screen and in the log."""

from collections.abc import Callable

from station.domain.challenges import Challenge
from station.domain.changes import Change
from station.domain.envelopes import anonymous_envelope_words
from station.domain.events import Action, Event, SheetKind
from station.domain.party_words import challenger_of
from station.domain.resolution_statements import describe_resolution
from station.domain.statements import pile_mismatch_statement

# A CLOSE then an OPEN, in one line: listed newest first, "opened" above "closed" read
# backwards.
SESSION_RESUMED = "Station closed the count, then opened it again"


# The choice a vote (or its undo or redo) is for, on a ballot of several unions
# ("for Teamsters Local 901"), or None: `ChoiceVotes.words`.
VoteWords = Callable[[Event], str | None]


def describe(change: Change, words: VoteWords | None = None) -> str:
    """One line for the last-calls list and the observers' ticker.

    Corrections name the ballot and call they correct, so that an observer who saw
    "ballot 1,563 AGAINST" can see exactly which call was taken back. `words` is given
    on a ballot of several unions only: it names the choice in place of FOR or AGAINST,
    and a union's challenge is "a Union"'s (which union is not recorded).
    """
    event = change.event
    call = (words(event) if words else None) or (event.call.label if event.call else "")
    detail = event.detail or {}
    match event.action:
        case Action.CALL:
            over = " (over the ballots in the box, confirmed)" if detail.get("over_count") else ""
            return f"Ballot {change.ballot:,} {call}{over}"
        case Action.UNDO:
            return f"Ballot {change.ballot:,} {call} \u2014 undone"
        case Action.REDO:
            return f"Ballot {change.ballot:,} {call} \u2014 redone"
        case Action.OPEN:
            if detail.get("previous_session") == "interrupted":
                return "Station opened the count (the last session was interrupted)"
            return "Station opened the count"
        case Action.CLOSE:
            return "Station closed the count"
        case Action.SIGN:
            sheet = change.sheet
            if sheet and sheet.kind is SheetKind.INTERIM:
                return f"Count paused after ballot {sheet.tally.counted:,}; interim tally prepared"
            title = sheet.title if sheet else str(detail.get("kind"))
            return f"{title} tally prepared; the count is locked"
        case Action.REOPEN:
            if change.sheet and change.sheet.kind is SheetKind.INTERIM:
                return f"Count resumed at ballot {change.ballot:,}"
            return f"Count reopened: {detail.get('reason')}"
        case Action.AMEND:
            return _challenge_words(change, several=words is not None)
        case Action.DISPUTE | Action.JOIN | Action.RESOLVE | Action.DECIDE:
            return describe_resolution(change)
        case Action.PILE:
            check = change.pile
            if check is None:  # pragma: no cover - every applied PILE has its check
                return "Pile recounted"
            name = f"{check.call.label} pile {check.pile}"
            if check.confirmed:
                return f"{name} recounted: {check.found} of {check.size}, confirmed"
            return f"{pile_mismatch_statement(check)} \u2014 MISMATCH"
        case Action.ENVELOPE | Action.ENVELOPE_UNDO | Action.ENVELOPE_REDO | Action.END_ENVELOPES:
            return anonymous_envelope_words(change)
    return str(event.action)  # pragma: no cover


def _challenge_words(change: Change, *, several: bool) -> str:
    challenge = change.challenge
    # No ballot number: a mail ballot's challenged envelope (a ballot challenged at the
    # count always has one), worded without its voter for the dashboard.
    ballot = f"Ballot {change.ballot:,}" if change.ballot else "Envelope"
    if challenge is None:  # pragma: no cover - every applied AMEND has its challenge
        return f"{ballot} challenge amended"
    return f"{ballot} {challenged_by(challenge, several=several)}"


def challenged_by(challenge: Challenge, *, several: bool) -> str:
    """ "challenged by the Employer: supervisor" ("a Union" on a ballot of several
    unions), for the ticker, the last calls and the envelope window's list."""
    reason = challenge.reason.value if challenge.reason else "reason not given"
    return f"challenged by {challenger_of(challenge.party, several=several)}: {reason}"


def challenged_entry(ballot: int, challenge: Challenge, *, several: bool = False) -> str:
    """A challenged ballot's one line once its party or reason is given (or corrected);
    `several`: on a ballot of several unions."""
    reason = challenge.reason.value if challenge.reason else "reason not given"
    who = challenger_of(challenge.party, several=several)
    if challenge.disputed_void:
        return f"Ballot {ballot:,} VOID disputed: now CHALLENGED by {who}: {reason}"
    return f"Ballot {ballot:,} CHALLENGED by {who}: {reason}"


def is_ballot_change(change: Change) -> bool:
    """A call, or the correction of one: what the dashboard's LAST CALL box shows."""
    return change.event.action in (Action.CALL, Action.UNDO, Action.REDO, Action.DISPUTE)


def is_session_change(change: Change) -> bool:
    """The station opening or closing the count: shown, but quieter than any ballot."""
    return change.event.action in (Action.OPEN, Action.CLOSE)


def resumes_session(change: Change) -> bool:
    """An OPEN after a clean CLOSE (not after an interruption, which says so)."""
    detail = change.event.detail or {}
    return change.event.action is Action.OPEN and detail.get("previous_session") == "closed"


def is_correction(change: Change) -> bool:
    """Whether the change takes back, reinstates or reclassifies an earlier call."""
    return change.event.action in (Action.UNDO, Action.REDO, Action.DISPUTE)
