"""How a change to the count is put into words, the same on every screen and in the log."""

from collections.abc import Callable
from dataclasses import dataclass

from station.domain.calls import Call, vote_words
from station.domain.challenges import Challenge, reason_words
from station.domain.changes import Change, Sheet
from station.domain.description import Election
from station.domain.envelopes import anonymous_envelope_words
from station.domain.events import Action, Event, SheetKind
from station.domain.resolution_statements import describe_resolution
from station.domain.statements import pile_mismatch_statement
from station.domain.words import say, say_in

# A CLOSE then an OPEN, in one line: listed newest first, "opened" above "closed" read
# backwards.
SESSION_RESUMED = "Station closed the count, then opened it again"


# The choice a vote (or its undo or redo) is for, on a ballot of several unions
# ("for Teamsters Local 901"), or None where the call says it: `ChoiceVotes.words`.
VoteWords = Callable[[Event], str | None]
# Who made a challenge, from what it stored: "the Employer" (`Election.said`).
ChallengerWords = Callable[[str], str]
# The key of the voting group a ballot was called in, by its call's event (None: none).
GroupWords = Callable[[int], str | None]

# A call as the ballot names it: FOR, a UD's YES (`Question.call_label`).
CallWords = Callable[[Call], str]


def _no_vote_words(event: Event) -> str | None:
    return None


def _no_group(seq: int) -> str | None:
    return None


def _call_label(call: Call) -> str:
    return call.label


def _plain_challenger(stored: str) -> str:
    if stored == "employer":
        return say("the Employer")
    if stored == "petitioner":
        return say("the Union")
    return say("the {party}", party=stored)


@dataclass(frozen=True, slots=True)
class Words:
    """How an election's changes are named: what each vote was for, and who challenged."""

    vote: VoteWords = _no_vote_words
    challenger: ChallengerWords = _plain_challenger
    group: GroupWords = _no_group
    call: CallWords = _call_label


# An election's words, where nothing but the calls is known.
PLAIN_WORDS = Words()


def election_words(
    election: Election, votes: VoteWords = _no_vote_words, groups: GroupWords = _no_group
) -> Words:
    """The words of `election`; `votes` names a vote's choice (`ChoiceVotes.words`),
    `groups` the voting group a ballot was called in. A vote `votes` leaves unnamed is
    called by its choice's label on the ballot (a UD's YES and NO)."""
    question = election.ballot

    def vote(event: Event) -> str | None:
        said = votes(event)
        if said is None and event.call is not None:
            return question.call_label(event.call)
        return said

    return Words(vote, election.said, groups, question.call_label)


def describe(change: Change, words: Words = PLAIN_WORDS) -> str:
    """One line for the last-calls list and the observers' ticker.

    Corrections name the ballot and call they correct, so that an observer who saw
    "ballot 1,563 AGAINST" can see exactly which call was taken back; a vote names its
    choice where FOR or AGAINST says too little, a challenge who made it.
    """
    event = change.event
    call = vote_words(words.vote(event) or (event.call.label if event.call else ""))
    detail = event.detail or {}
    match event.action:
        case Action.CALL:
            if detail.get("over_count"):
                return say(
                    "Ballot {ballot:,} {call} (over the ballots in the box, confirmed)",
                    ballot=change.ballot,
                    call=call,
                )
            return say("Ballot {ballot:,} {call}", ballot=change.ballot, call=call)
        case Action.UNDO:
            return say("Ballot {ballot:,} {call} \u2014 undone", ballot=change.ballot, call=call)
        case Action.REDO:
            return say("Ballot {ballot:,} {call} \u2014 redone", ballot=change.ballot, call=call)
        case Action.OPEN:
            if detail.get("previous_session") == "interrupted":
                return say("Station opened the count (the last session was interrupted)")
            return say("Station opened the count")
        case Action.CLOSE:
            return say("Station closed the count")
        case Action.SIGN:
            sheet = change.sheet
            if sheet and sheet.kind is SheetKind.INTERIM:
                return say(
                    "Count paused after ballot {ballot:,}; interim tally prepared",
                    ballot=change.ballot or 0,
                )
            if sheet is None:
                return f"{detail.get('kind')} tally prepared; the count is locked"
            return _prepared_words(sheet)
        case Action.REOPEN:
            if change.sheet and change.sheet.kind is SheetKind.INTERIM:
                return say("Count resumed at ballot {ballot:,}", ballot=change.ballot)
            return say("Count reopened: {reason}", reason=detail.get("reason"))
        case Action.AMEND:
            return _challenge_words(change, words.challenger)
        case Action.DISPUTE | Action.JOIN | Action.RESOLVE | Action.DECIDE:
            return describe_resolution(change, words.challenger, words.call)
        case Action.PILE:
            check = change.pile
            if check is None:  # pragma: no cover - every applied PILE has its check
                return say("Pile recounted")
            if check.confirmed:
                return say(
                    "{pile} recounted: {found} of {size}, confirmed",
                    pile=check.title,
                    found=check.found,
                    size=check.size,
                )
            return say("{recounted} \u2014 MISMATCH", recounted=pile_mismatch_statement(check))
        case (
            Action.ENVELOPE
            | Action.ENVELOPE_UNDO
            | Action.ENVELOPE_REDO
            | Action.END_ENVELOPES
            | Action.AFTER_TALLY
        ):
            return anonymous_envelope_words(change)
    return str(event.action)  # pragma: no cover


def _prepared_words(sheet: Sheet) -> str:
    """A final, revised or corrected tally prepared: the sheet's kind in its words."""
    if sheet.revised:
        return say("Revised tally prepared; the count is locked")
    if not sheet.revision:
        return say("Final tally prepared; the count is locked")
    if sheet.revision == 1:
        return say("Corrected tally prepared; the count is locked")
    return say("Corrected {revision} tally prepared; the count is locked", revision=sheet.revision)


def _challenge_words(change: Change, who: ChallengerWords) -> str:
    challenge = change.challenge
    # No ballot number: a mail ballot's challenged envelope (a ballot challenged at the
    # count always has one), worded without its voter for the dashboard.
    if challenge is None:  # pragma: no cover - every applied AMEND has its challenge
        return (
            f"Ballot {change.ballot:,} challenge amended"
            if change.ballot
            else "Envelope challenge amended"
        )
    if not change.ballot:
        return say("Envelope {challenged}", challenged=challenged_by(challenge, who))
    return say(
        "Ballot {ballot:,} {challenged}",
        ballot=change.ballot,
        challenged=challenged_by(challenge, who),
    )


def challenged_by(challenge: Challenge, who: ChallengerWords = _plain_challenger) -> str:
    """ "challenged by the Employer: supervisor", for the ticker and the last calls."""
    reason = reason_words(challenge.reason) if challenge.reason else say("reason not given")
    return say("challenged by {party}: {reason}", party=who(challenge.party), reason=reason)


def envelope_challenged_by(challenge: Challenge, who: ChallengerWords = _plain_challenger) -> str:
    """`challenged_by` of an envelope, for the envelope window's list (a language may
    say it otherwise than of a ballot: "impugnado", of the envelope)."""
    reason = reason_words(challenge.reason) if challenge.reason else say("reason not given")
    return say_in(
        "envelope", "challenged by {party}: {reason}", party=who(challenge.party), reason=reason
    )


def challenged_entry(
    ballot: int,
    challenge: Challenge,
    who: ChallengerWords = _plain_challenger,
    group: str | None = None,
) -> str:
    """A challenged ballot's one line once its party or reason is given (or corrected),
    with its voting group where it was called in one, as the call's line said it."""
    reason = reason_words(challenge.reason) if challenge.reason else say("reason not given")
    by = who(challenge.party)
    where = "" if group is None else say(" \u2014 group {group}", group=group)
    if challenge.disputed_void:
        return say(
            "Ballot {ballot:,} VOID disputed: now CHALLENGED by {party}: {reason}{group}",
            ballot=ballot,
            party=by,
            reason=reason,
            group=where,
        )
    return say(
        "Ballot {ballot:,} CHALLENGED by {party}: {reason}{group}",
        ballot=ballot,
        party=by,
        reason=reason,
        group=where,
    )


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
