"""The tally's statements in plain words, the same on the dashboard, the sheet and the CLI.

Lines 8 and 9 of the Tally of Ballots are sentences, not numbers; writing them in one
place keeps every screen and every sheet saying exactly the same thing. They state the
result of the election, so while ballots remain uncounted (mid-count, on an interim
tally) they say that it is not yet determined: a figure read off a projector at ballot
79 of 150 must never read as the result. The live "Result decided" notice is the only
statement about the outcome before the count ends.
"""

from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum

from station.domain.calls import Call
from station.domain.changes import Sheet
from station.domain.events import SheetKind
from station.domain.piles import PileCheck, PileRef, lane_name
from station.domain.tally import Outcome, Tally
from station.domain.tally_form import FormBallot
from station.domain.words import say, say_count


def how_many(number: int, noun: str) -> str:
    """ "1 event", "2 events", "1,204 events": a count with its noun, singular for one.

    English only (the command line's and the files' words): what a person reads on
    screen counts with `say_count`, whose templates each language words its own way."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


# Why lines 8 and 9 cannot state the result yet, ending "... is not yet determined: <why>."
INTERIM = "this is an interim tally; the count goes on"
UNFINISHED = "the count is not finished"


def no_choice_statement(key: str, choices: Sequence[tuple[str, str]]) -> str:
    """A key pressed that names no choice on the ballot: nothing is recorded."""
    keys = ", ".join(f"{choice_key} {name}" for choice_key, name in choices)
    return say(
        "key {key} names no choice on this ballot ({keys}); nothing was recorded",
        key=key,
        keys=keys,
    )


def box_for_result(tally: Tally, ballots: int | None, locked_by: Sheet | None) -> int | None:
    """The box size whether the result is decided reads (`Tally.outcome`): once a final
    sheet locks the count, the ballots counted, for the agent declared the count
    complete and no ballot remains, whatever size was given or if none was (so the
    result is the one the sheet states); before, the size given (None: not known)."""
    if locked_by is not None and locked_by.kind is SheetKind.FINAL:
        return tally.counted
    return ballots


def pending_reason(tally: Tally, ballots: int | None, locked_by: Sheet | None) -> str | None:
    """Why lines 8-9 cannot state the result yet, or None once they can.

    They can once a final sheet locks the count (the agent declared it complete), or
    when every ballot in the box has been counted. With the box size unknown nothing
    but a final sheet says the count is over.
    """
    if locked_by is not None and locked_by.kind is SheetKind.INTERIM:
        return say(INTERIM)
    if tally.opened_uncounted:  # a decision's opened ballots: the count is not over
        return say_count(
            tally.opened_uncounted,
            "{n:,} opened ballot remains uncounted",
            "{n:,} opened ballots remain uncounted",
        )
    if locked_by is not None:
        return None
    if ballots is None:
        return say(UNFINISHED)
    remaining = tally.remaining(ballots)
    if not remaining:
        return None
    return say_count(remaining, "{n:,} ballot remains uncounted", "{n:,} ballots remain uncounted")


def sheet_pending_reason(kind: SheetKind) -> str | None:
    """Lines 8-9 on a sheet: an interim tally never states the result."""
    return INTERIM if kind is SheetKind.INTERIM else None


def challenges_statement(tally: Tally, pending: str | None = None) -> str:
    """Line 8: whether the challenged ballots are sufficient to affect the result."""
    if pending is not None:
        return say(
            "Whether challenges are sufficient in number to affect the results of the"
            " election is not yet determined: {pending}.",
            pending=pending,
        )
    return result_statements(tally.challenges_determinative, tally.majority_for_union, "")[0]


def majority_statement(tally: Tally, union: str, pending: str | None = None) -> str:
    """Line 9: whether a majority of valid votes plus challenged ballots is for the union."""
    if pending is not None:
        return say(
            "Whether a majority of the valid votes counted plus challenged ballots has been"
            " cast for {union} is not yet determined: {pending}.",
            union=union,
            pending=pending,
        )
    return result_statements(tally.challenges_determinative, tally.majority_for_union, union)[1]


def result_statements(determinative: bool, majority: bool, union: str) -> tuple[str, str]:
    """Lines 8 and 9 once the count is over, from their yes/no values.

    Also what Station wrote on every sheet before lines 8-9 said "not yet determined",
    which is how an interim sheet prepared then is still recognised as intact.
    """
    return (
        say("Challenges are sufficient in number to affect the results of the election.")
        if determinative
        else say("Challenges are not sufficient in number to affect the results of the election."),
        say(
            "A majority of the valid votes counted plus challenged ballots has been cast for {union}.",
            union=union,
        )
        if majority
        else say(
            "A majority of the valid votes counted plus challenged ballots has not been cast for {union}.",
            union=union,
        ),
    )


def decision_statement(tally: Tally, ballots: int | None, union: str) -> str | None:
    """While counting: the result once no remaining or challenged ballot can change it."""
    match tally.outcome(ballots):
        case Outcome.UNION_WINS:
            return say("Result decided: {union} wins.", union=union)
        case Outcome.UNION_LOSES:
            return say("Result decided: {union} loses.", union=union)
    return None


def locked_statement(sheet: Sheet | None, last_call: int) -> str:
    """Whether calls can be recorded, and if not which sheet locks the count.

    `last_call`: the last call's number as the log numbers it (`decision.call_number`);
    while an interim sheet pauses the count no call comes after it, so it is the ballot
    the count paused after (a revised count's numbers go on past the first count's).
    """
    if sheet is None:
        return say("The count is open: calls can be recorded.")
    if sheet.kind is SheetKind.INTERIM:
        return say(
            "The count is paused (locked) by the interim tally prepared at event {seq:,},"
            " after ballot {last_call:,}; resume it to record more calls.",
            seq=sheet.seq,
            last_call=last_call,
        )
    return say(
        "The count is locked by the {title} tally prepared at event {seq:,}; it must be"
        " reopened, with a reason, to record more calls.",
        title=tally_title(sheet),
        seq=sheet.seq,
    )


def tally_title(sheet: Sheet) -> str:
    """The sheet's title as a sentence names its kind: "final", "corrected 2" (the
    Board's words, the tally's kind, in the language said)."""
    if sheet.kind is SheetKind.INTERIM:
        return say("interim")
    if sheet.revised:
        return say("revised")
    if not sheet.revision:
        return say("final")
    if sheet.revision == 1:
        return say("corrected")
    return say("corrected {revision}", revision=sheet.revision)


def locked_rule_statement(sheet: Sheet) -> str:
    """The rule an event broke by coming while a sheet locks the count (a ReplayError)."""
    return f"the count is locked by the tally sheet of event {sheet.seq}; it must be reopened first"


def count_adds_up_refusal(unions: tuple[int, ...], for_total: int) -> str:
    """Why an event is named as the one after which a count of several unions no longer
    adds up: its unions' votes are not the ballots counted FOR (a ReplayError)."""
    votes = " + ".join(str(votes) for votes in unions)
    return (
        f"it leaves a count that does not add up: the unions' votes ({votes}) are not"
        f" the {how_many(for_total, 'ballot')} counted for a union"
    )


def spoiled_statement(seq: int) -> str:
    """Why nothing more is recorded once event `seq` left a count that does not add up."""
    return say(
        "event {seq:,} left a count that does not add up: nothing more can be recorded in this"
        " file",
        seq=seq,
    )


class EventFault(StrEnum):
    """Why an event cannot be counted on, in the words of a read-only view's badge."""

    ALTERED = "ALTERED"  # its hash, its fields or its link to the event before it
    MISSING = "MISSING"  # the events jump over its number
    NOT_ADDING_UP = "DOES NOT ADD UP"  # the count it leaves does not add up
    AGAINST_THE_RULES = "BREAKS THE COUNT'S RULES"  # the rules refuse it


def read_only_status(seq: int, fault: EventFault) -> str:
    """The badge of a file shown only up to event `seq`, which cannot be counted on: not
    a passing outage (nothing will be counted in this file again), so no "retrying"."""
    return say("READ-ONLY \N{EM DASH} EVENT {seq:,} {fault}", seq=seq, fault=fault_words(fault))


def fault_words(fault: EventFault) -> str:
    """The badge's words for what is wrong with the event, in the language said."""
    match fault:
        case EventFault.ALTERED:
            return say("ALTERED")
        case EventFault.MISSING:
            return say("MISSING")
        case EventFault.NOT_ADDING_UP:
            return say("DOES NOT ADD UP")
    return say("BREAKS THE COUNT'S RULES")


def read_only_detail(problem: str) -> str:
    """The line under the read-only badge: what the check found, and what is shown."""
    return say(
        "{problem}. Shown: the count of the events before it; nothing more can be"
        " counted in this file.",
        problem=problem,
    )


def staging_leftover_statement(name: str) -> str:
    """What a hidden staging folder found among an export's files is, and what to do: an
    export cut short by a crash or a power cut leaves one (a later export into the same
    place sweeps it once it is old, but whoever checks the folder now must know)."""
    return (
        f"{name!r} is the staging folder of an export that was interrupted: delete it,"
        " then verify again"
    )


READ_ONLY_TITLE = "read-only: this file cannot be counted in"


def cannot_count_statement(shown: bool) -> str:
    """What follows when the operator window cannot count in a file (an event it holds
    cannot be counted on): whether the file is shown read-only, and what to run."""
    if shown:
        return say(
            "It is shown read-only: the count of the events before the one named."
            " `station verify FILE` and `station log FILE` say more."
        )
    return say("It cannot be shown either. `station verify FILE` and `station log FILE` say more.")


def lock_refusal_statement(sheet: Sheet) -> str:
    """Why the operator's call, undo or correction was not recorded: the count is locked."""
    return say(
        "the count is locked by the {title} tally sheet prepared at event {seq:,}. Reopen"
        " the count (Count menu) to record further calls.",
        title=tally_title(sheet),
        seq=sheet.seq,
    )


OVER_THE_BOX = " \u2014 more than the ballots in the box!"  # after "N of M ballots counted"


def counted_statement(
    counted: int, ballots: int | None, *, strong: Callable[[str], str] = str, over: bool = True
) -> str:
    """Progress, always "N of M" with M named when the box's size is known.

    `strong` dresses the figure N (the operator window makes it bold); with `over`, a
    count beyond the box says so.
    """
    figure = strong(f"{counted:,}")
    if ballots is None:
        return say_count(
            counted, "{figure} ballot counted", "{figure} ballots counted", figure=figure
        )
    beyond = say(OVER_THE_BOX) if over and counted > ballots else ""
    return say(
        "{figure} of {ballots:,} ballots counted{beyond}",
        figure=figure,
        ballots=ballots,
        beyond=beyond,
    )


def figure_words(figures: Sequence[tuple[str, int]]) -> list[str]:
    """Each figure by the word it is shown under: ["FOR 64", "AGAINST 51"]."""
    return [f"{word} {value:,}" for word, value in figures]


def progress_summary(number: int, figures: Sequence[str]) -> str:
    """The count's progress as a screen reader says it, every few calls: the last call's
    number and the figures as the screen shows them, e.g. "Ballot 120: FOR 64,
    AGAINST 51, CHALLENGED 5"."""
    return say("Ballot {number}: {figures}", number=f"{number:,}", figures=", ".join(figures))


def challenged_apart(tally: Tally) -> tuple[int, str]:
    """Line 6 said apart where figures are summed into the ballots counted: the
    challenged *ballots* among them, and what else line 6 holds after them (a mail
    ballot's sealed envelopes, never in the box; a decision's opened ballots not yet
    called), e.g. (1, "; 2 challenged envelopes, sealed (not among the ballots)")."""
    ballots = tally.challenged - tally.sealed_envelopes - tally.opened_uncounted
    also = ""
    if tally.sealed_envelopes:
        also += say_count(
            tally.sealed_envelopes,
            "; {n:,} challenged envelope, sealed (not among the ballots)",
            "; {n:,} challenged envelopes, sealed (not among the ballots)",
        )
    if tally.opened_uncounted:
        also += say_count(
            tally.opened_uncounted,
            "; {n:,} opened ballot not yet called",
            "; {n:,} opened ballots not yet called",
        )
    return ballots, also


def void_apart(tally: Tally) -> tuple[int, str]:
    """Line 2 said apart where figures are summed into the ballots counted: the void
    *ballots* among them, and the mail ballot's envelopes ruled void after them (void
    ballots on line 2, never in the box), e.g. (1, "; 1 envelope ruled void (line 2, not
    among the ballots)")."""
    voided = tally.void_envelopes
    if not voided:
        return tally.void, ""
    return tally.void - voided, say_count(
        voided,
        "; {n:,} envelope ruled void (line 2, not among the ballots)",
        "; {n:,} envelopes ruled void (line 2, not among the ballots)",
    )


def apart_facts(tally: Tally) -> dict[str, int]:
    """What the ballots counted and line 6 hold beyond lines 2, 5 and 6 taken plainly,
    each only when there is some: challenges sustained (handled, never opened, on no
    line), a mail ballot's sealed envelopes and a decision's opened ballots not yet
    called (on line 6, never among the ballots counted), and a mail ballot's envelopes
    ruled void (on line 2, never among the ballots counted). The sheet's `apart` fact."""
    apart = {
        "sustained": tally.set_aside,
        "sealed_envelopes": tally.sealed_envelopes,
        "opened_uncounted": tally.opened_uncounted,
        "void_envelopes": tally.void_envelopes,
    }
    return {key: figure for key, figure in apart.items() if figure}


def accounted_statement(lines: Mapping[str, object], apart: Mapping[str, int] | None) -> str:
    """How "N of M" is made of the sheet's lines, every ballot named once, e.g. "Ballots
    counted: 1 void (line 2) + 38 valid votes (line 5) + 0 challenged ballots (line 6)
    + 1 challenge sustained, never opened (on no line) = 40"; what else line 6 holds
    said after it. Nothing when lines 2 and 7 are the ballots counted as they stand."""
    if not apart:
        return ""
    line_2, valid, line_6 = (int(str(lines[n])) for n in ("2", "5", "6"))
    voided = apart.get("void_envelopes", 0)
    void = line_2 - voided
    sealed = apart.get("sealed_envelopes", 0)
    uncounted = apart.get("opened_uncounted", 0)
    sustained = apart.get("sustained", 0)
    ballots = line_6 - sealed - uncounted
    parts = [
        f"{void:,} void (line 2)",
        f"{how_many(valid, 'valid vote')} (line 5)",
        f"{how_many(ballots, 'challenged ballot')} (line 6)",
    ]
    if sustained:
        noun = "challenge" if sustained == 1 else "challenges"
        parts.append(f"{sustained:,} {noun} sustained, never opened (on no line)")
    words = f"Ballots counted: {' + '.join(parts)} = {void + valid + ballots + sustained:,}"
    also = []
    if sealed:
        noun = "envelope" if sealed == 1 else "envelopes"
        also.append(f"{sealed:,} challenged {noun}, sealed (not among the ballots)")
    if uncounted:
        also.append(f"{how_many(uncounted, 'opened ballot')} not yet called")
    if voided:
        noun = "envelope" if voided == 1 else "envelopes"
        words += f"; line 2 also holds {voided:,} {noun} ruled void (not among the ballots)"
    if also:
        words += f"; line 6 also holds {' and '.join(also)}"
    return f"{words}."


def void_not_called(void_envelopes: int) -> str:
    """What the VOID figure holds that no V key recorded: a mail ballot's envelopes ruled
    void ("1 envelope ruled void"), so the figure can be line 2 and still not be read as
    ballots voided at the table."""
    if not void_envelopes:
        return ""
    return say_count(void_envelopes, "{n:,} envelope ruled void", "{n:,} envelopes ruled void")


def challenged_not_called(sealed: int, opened_uncounted: int = 0) -> str:
    """What the CHALLENGED figure holds that no C key recorded: a mail ballot's sealed
    envelopes and a decision's opened ballots not yet called ("1 sealed envelope"), so
    the figure can be line 6 and still not be read as ballots challenged at the table."""
    parts = []
    if sealed:
        parts.append(say_count(sealed, "{n:,} sealed envelope", "{n:,} sealed envelopes"))
    if opened_uncounted:
        parts.append(
            say_count(
                opened_uncounted, "{n:,} opened, not yet called", "{n:,} opened, not yet called"
            )
        )
    return " · ".join(parts)


def box_mismatch_statement(counted: int, ballots: int) -> str:
    """A final count that is not the number of ballots in the box."""
    return say(
        "{counted:,} ballots counted, but the box held {ballots:,}",
        counted=counted,
        ballots=ballots,
    )


def pile_mismatch_statement(check: PileCheck) -> str:
    """A recount that found a pile other than the count says it is."""
    return say(
        "{pile} recounted: {found} found, {size} recorded",
        pile=check.title,
        found=check.found,
        size=check.size,
    )


def nothing_counted_statement(ballots: int | None) -> str:
    """Why a final sheet of no ballots is refused until the agent confirms it."""
    box = (
        counted_statement(0, ballots, over=False)
        if ballots is not None
        else say("no ballots counted")
    )
    return say("Nothing is counted ({box}): a final tally would certify no ballots at all", box=box)


# The next step once the box is counted, shown until a sheet locks the count.
ALL_COUNTED = "All ballots counted \u2014 Ctrl+T prepares the tally"


def piles_to_recount_statement(waiting: Sequence[PileRef]) -> str:
    """Full piles not yet recounted: "1 pile to recount: FOR pile 2", "3 piles to recount:
    FOR piles 1, 2; VOID pile 1", "group A FOR pile 1; group B VOID pile 1", "Machinists
    pile 1; Neither pile 1" (the window's sheet dialog and `station sign` alike)."""
    lanes: dict[tuple[str | None, Call, int | None], list[PileRef]] = {}
    for ref in waiting:
        lanes.setdefault((ref.group, ref.call, ref.choice), []).append(ref)
    parts = []  # in the order given: group by group, lane by lane (Count.piles_to_check)
    for (group, call, _), refs in lanes.items():
        piles = ", ".join(str(ref.pile) for ref in refs)
        lane = lane_name(call, group, refs[0].label)
        parts.append(
            say_count(
                len(refs), "{lane} pile {piles}", "{lane} piles {piles}", lane=lane, piles=piles
            )
        )
    return say_count(
        len(waiting),
        "{n:,} pile to recount: {piles}",
        "{n:,} piles to recount: {piles}",
        piles="; ".join(parts),
    )


def pile_notes(mismatches: Sequence[PileCheck], waiting: Sequence[PileRef]) -> list[str]:
    """What the piles still owe when a sheet is prepared: each recount that found another
    number, and the full piles not recounted (the window's sheet dialog and `sign`)."""
    notes = [
        say("{recounted}: not yet set right", recounted=pile_mismatch_statement(check))
        for check in mismatches
    ]
    if waiting:
        notes.append(piles_to_recount_statement(waiting))
    return notes


# The observers' dashboard opened from the operator window (F11). On a screen of its own
# it is full screen; on the operator's one screen it is a window of its own behind the
# operator's, which stays in front with its questions (to share in a video call, or to
# bring forward), and a key pressed on it brings the operator's window back.
DASHBOARD_BEHIND = "Dashboard open behind this window \u00b7 F11 hides it"


def dashboard_full_screen(screen: str) -> str:
    """The status line while the dashboard is full screen on another screen."""
    return say("Dashboard open on {screen} \u00b7 F11 hides it", screen=screen)


# Under a full pile's question when Enter came before it was on screen for a moment:
# a key typed ahead or a bounce, never a recount (the agent counts the pile first).
EARLY_RECOUNT = (
    "Enter came as the question appeared: nothing recorded. Recount the pile, then press Enter."
)

# On a dashboard brought in front of the operator window on one screen, while a question
# (a challenge's who and why, a pile's recount) waits there unseen.
OPERATOR_QUESTION_WAITING = (
    "\u26a0 The operator has a question waiting \u2014 any key returns to it"
)

DASHBOARD_HAD_THE_KEYS = (
    "The keyboard was on the dashboard, which records nothing. This window has it again:"
    " press the key again."
)


def votes_words(sheet: Mapping[str, object]) -> str:
    """ "22 FOR, 8 AGAINST", or "12 Machinists, 10 Carpenters, 8 Neither" (several unions):
    a sheet's votes as `verify`'s first line states them."""
    choices = sheet.get("choices")
    if isinstance(choices, list):
        return ", ".join(f"{choice['votes']:,} {choice['name']}" for choice in choices)
    lines = sheet["lines"]
    assert isinstance(lines, dict)
    words = FormBallot.of_sheet(sheet).vote_words  # a UD's YES and NO
    return f"{lines['3']:,} {words[0]}, {lines['4']:,} {words[1]}"
