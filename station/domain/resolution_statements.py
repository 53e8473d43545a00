"""The sentences people read about settled challenges, disputes and the decision.

Written once here (as `statements.py` is for the tally) and used by the log, the last
calls, the dashboard's ticker, the CLI and the windows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from station.domain.calls import Call, vote_words
from station.domain.changes import Change
from station.domain.events import Action
from station.domain.statements import counted_statement
from station.domain.tally import Tally
from station.domain.words import say, say_count, say_in

if TYPE_CHECKING:  # pragma: no cover
    from station.domain.count import Count
    from station.domain.resolution import Decision


def settled_undo_refusal(ballot: int, number: int, status: str) -> str:
    """Why Ctrl+Z does not take back the call of a challenged ballot settled at the table
    (`status`: "sustained", "withdrawn"), in the register's words: its number there and
    the action that takes the settlement back first, as the register's button names it
    (`TAKE_BACK`, the label the window's own catalog gives that button)."""
    return say(
        "ballot {ballot:,} (no. {number} in the challenge register) is settled:"
        " {status}. To take its call back, open the register (Ctrl+R), select no."
        " {number}, choose \u201c{button}\u201d, then press Ctrl+Z again.",
        ballot=ballot,
        number=number,
        status=_settled_words(status),
        button=say(TAKE_BACK),
    )


# The register's button that takes a settlement back, without its shortcut's "&".
TAKE_BACK = "Take the settlement back"


def _settled_words(status: str) -> str:
    """A challenge's settled status, of one challenge ("sostenida")."""
    match status:
        case "sustained":
            return say_in("challenge", "sustained")
        case "withdrawn":
            return say_in("challenge", "withdrawn")
    return status


def _call_label(call: Call) -> str:
    return call.label


def describe_resolution(
    change: Change, who: Callable[[str], str], said: Callable[[Call], str] = _call_label
) -> str:
    """One line for a DISPUTE, JOIN, RESOLVE or DECIDE; `who` names a party by what the
    event stores ("the Employer"), `said` the disputed call (a UD's YES and NO)."""
    event = change.event
    detail = event.detail or {}
    ballot = (
        say("Ballot {ballot:,}", ballot=change.ballot)
        if change.ballot
        else say("Event {event}", event=event.target)
    )
    party = who(str(detail.get("party", "")))
    match event.action:
        case Action.DISPUTE:
            call = vote_words(said(event.call)) if event.call else ""
            if detail.get("left_as_called"):
                return say(
                    "{ballot} {call} disputed by {party}: left as called, noted for objections",
                    ballot=ballot,
                    call=call,
                    party=party,
                )
            return say(
                "{ballot} {call} disputed by {party}: now CHALLENGED",
                ballot=ballot,
                call=call,
                party=party,
            )
        case Action.JOIN:
            return say("{ballot}: {party} joins the dispute", ballot=ballot, party=party)
        case Action.RESOLVE:
            wanted = detail.get("as")
            if wanted == "open":
                return say(
                    "{ballot}: settlement taken back, the challenge is open again", ballot=ballot
                )
            disputed = change.challenge is not None and change.challenge.disputed_void
            if disputed and wanted == "withdrawn":
                return say(
                    "{ballot}: dispute withdrawn by {party}, the ballot counts as called",
                    ballot=ballot,
                    party=party,
                )
            if wanted == "withdrawn":
                return say(
                    "{ballot}: challenge withdrawn; the ballot is opened and counted", ballot=ballot
                )
            if wanted == "sustained":
                return say(
                    "{ballot}: challenge sustained by agreement; never opened", ballot=ballot
                )
            return say("{ballot}: dispute withdrawn by {party}", ballot=ballot, party=party)
        case Action.DECIDE:
            opened = detail.get("open")
            sustained = detail.get("sustain")
            n_open = len(opened) if isinstance(opened, list) else 0
            n_sustained = len(sustained) if isinstance(sustained, list) else 0
            return say_count(
                n_open,
                "Decision by {by}: {n:,} challenged ballot to open, {sustained:,} sustained; the"
                " revised count begins",
                "Decision by {by}: {n:,} challenged ballots to open, {sustained:,} sustained; the"
                " revised count begins",
                by=detail.get("by"),
                sustained=n_sustained,
            )
    return str(event.action)  # pragma: no cover


def reveal_warning(opened: int, group: str | None = None) -> str:
    """Said to the agent before a lone ballot is opened where everyone can see its vote
    (in an election of voting groups, alone in its `group`'s pile)."""
    if group is None:
        return say_count(
            opened,
            "Opening {n:,} ballot alone shows how that voter voted: the ballot's secrecy is lost"
            " once it is called.",
            "Opening {n:,} ballots alone shows how that voter voted: the ballot's secrecy is lost"
            " once it is called.",
        )
    return say_count(
        opened,
        "Opening {n:,} ballot of group {group} alone shows how that voter voted: the ballot's"
        " secrecy is lost once it is called.",
        "Opening {n:,} ballots of group {group} alone shows how that voter voted: the ballot's"
        " secrecy is lost once it is called.",
        group=group,
    )


def revised_count_statement(
    called: int,
    ordered: int,
    original: Tally,
    *,
    strong: Callable[[str], str] = str,
    names: Sequence[str] = (),
    words: tuple[str, str] = ("FOR", "AGAINST"),
) -> str:
    """ "Revised count: 3 of 10 opened ballots counted (original tally 875 FOR, 993 AGAINST,
    416 challenged)": the count of the ordered ballots, the first count beside it."""
    return (
        f"{revised_progress_statement(called, ordered, strong=strong)}"
        f" ({original_tally_statement(original, names, words)})"
    )


def revised_progress_statement(
    called: int, ordered: int, *, strong: Callable[[str], str] = str
) -> str:
    """ "Revised count: 3 of 10 opened ballots counted" (the dashboard's big line: the
    original tally goes on its small line below)."""
    return say_count(
        ordered,
        "Revised count: {called} of {n:,} opened ballot counted",
        "Revised count: {called} of {n:,} opened ballots counted",
        called=strong(f"{called:,}"),
    )


def original_tally_statement(
    original: Tally, names: Sequence[str] = (), words: tuple[str, str] = ("FOR", "AGAINST")
) -> str:
    """ "original tally 875 FOR, 993 AGAINST, 0 VOID, 416 challenged"; each choice by
    name on a ballot of several unions (`names`, Neither last)."""
    return say(
        "original tally {votes}, {void:,} VOID, {challenged:,} challenged",
        votes=_votes_words(original, names, words),
        void=original.void,
        challenged=original.challenged,
    )


def _votes_words(tally: Tally, names: Sequence[str], words: tuple[str, str]) -> str:
    """ "875 FOR, 993 AGAINST", or each choice's votes on a ballot of several unions."""
    if tally.choices and len(names) == len(tally.choices):
        return ", ".join(
            f"{name} {votes:,}" for name, votes in zip(names, tally.choices, strict=True)
        )
    return f"{tally.for_union:,} {vote_words(words[0])}, {tally.against:,} {vote_words(words[1])}"


def progress_statement(
    count: Count, ballots: int | None, *, strong: Callable[[str], str] = str
) -> str:
    """The operator window's progress line: "N of M", or the revised count once decided."""
    resolutions = count.resolutions
    if resolutions.original is None:
        return counted_statement(count.tally.counted, ballots, strong=strong)
    called = resolutions.revised_calls(count)
    ballot = count.votes.ballot  # several unions: each choice's votes by name
    names = ballot.choices if ballot is not None and ballot.several else ()
    said = revised_count_statement(
        called,
        resolutions.ordered,
        resolutions.original,
        strong=strong,
        names=names,
        words=count.vote_words,
    )
    if count.groups.active:  # each opened ballot is called in its own group's pile
        first = resolutions.decisions[0].seq
        left = [
            (spec.key, count.groups.opened_left(spec.key, resolutions.statuses, first))
            for spec in count.groups.specs
        ]
        piles = ", ".join(
            say("{many:,} in group {group}", many=many, group=key) for key, many in left if many
        )
        if piles:
            said += say("; still to count: {piles}", piles=piles)
    return said


def decision_pending_statement(decision: Decision) -> str:
    """Why `station decide` waits: the last decision's revised count is not yet signed.

    Several decisions may follow one another (each after a signed final tally), but a
    decision reopens the count for the ballots it ordered opened, and the next one comes
    only once those are counted and the Revised Tally is prepared.
    """
    return (
        f"a decision is already recorded (event {decision.seq:,}, by {decision.by}):"
        " count the ballots it ordered opened and prepare the Revised Tally (station sign)"
        " before another decision"
    )


def not_determinative_statement(numbers: list[int]) -> str:
    """Why challenges that cannot change the result are not ordered opened."""
    which = "challenge" if len(numbers) == 1 else "challenges"
    return (
        f"{which} {', '.join(str(n) for n in numbers)} cannot be ordered opened: the"
        " challenges are not determinative (they cannot change the result), and the Board"
        " opens only determinative challenges; sustaining them is allowed"
    )
