"""The sentences about the election itself: its kind (a runoff), its votes in one phrase,
and why a setup asked for cannot be made (`station new`, the New election dialog).

Lines 8 and 9 and what 29 CFR 102.70 calls for are `result_statements.py`'s.
"""

from collections.abc import Mapping

from station.domain.calls import vote_words
from station.domain.choices import ONE_UNION_WORDS, Ballot, RerunCause
from station.domain.tally import Tally
from station.domain.words import say


def runoff_title(ballot: Ballot) -> str:
    """ "Runoff election" on every window and sheet of a runoff, else ""."""
    return "Runoff election" if ballot.runoff_of is not None else ""


def votes_phrase(ballot: Ballot, tally: Tally, words: tuple[str, str] = ONE_UNION_WORDS) -> str:
    """ "22 FOR, 8 AGAINST" (`words`: a UD's "10 YES, 6 NO", `Question.vote_words`), or
    "12 Machinists, 10 Carpenters, 8 Neither" (several unions)."""
    if not tally.choices or not ballot.several:
        return (
            f"{tally.for_union:,} {vote_words(words[0])}, {tally.against:,} {vote_words(words[1])}"
        )
    pairs = zip(ballot.choices, tally.choices, strict=True)
    return ", ".join(f"{votes:,} {name}" for name, votes in pairs)


def choices_phrase(ballot: Ballot) -> str:
    """The ballot's choices as `station new` names them: "FOR (Nurses United), AGAINST"
    where one union is on it, else "Machinists, Carpenters, Neither"."""
    if ballot.several:
        return ", ".join(ballot.choices)
    words = ballot.choice_words
    return f"{words[0]} ({ballot.unions[0]}), {words[1]}"


def runoff_determinative_statement(source: str, what: str = "runoff") -> str:
    """Why no runoff (or further election) is made from a tally whose challenges could
    change the result."""
    return (
        f"{source}: its challenges are determinative: they must be resolved first"
        f" (station decide), and the {what} is then made from the Revised Tally"
    )


def withdrawn_statement(sequel: str | None) -> str:
    """Why Station makes no election with a union withdrawn (`--withdrawn`): before an
    election a union that withdraws (a disclaimer of interest) is simply not on the
    ballot; what a runoff or a rerun offers once a union on it withdraws is the Regional
    Director's ruling, and the Board's practice for it could not be confirmed."""
    if sequel is None:
        return (
            "--withdrawn: a union that withdrew before the election is not on its ballot"
            " (a Petitioner that withdrew its petition has no election): leave it out of"
            " --union and --intervenor"
        )
    return (
        f"--withdrawn: Station does not make a {sequel} without a union that withdrew from"
        " it: what its ballot then offers is the Regional Director's ruling, which Station"
        " cannot confirm; set the election up as the Region directs, with its --case, its"
        " parties and its --union options"
    )


def empty_option_statement(name: str) -> str:
    """`--table ""` or `--neither ""`: an empty value is refused, never read as "none"."""
    what = {
        "table": "a table's label (e.g. 2); leave out --table for a count at one table",
        "neither": 'the words of the no-union choice; leave out --neither for "Neither"',
    }[name]
    return f"--{name} is empty: give {what}"


def runoff_of_table_statement(source: str, table: str, what: str = "a runoff") -> str:
    """Why no runoff (or rerun) is made from one table's tally: it is not the election's."""
    return (
        f"{source}: is the count of Table {table} alone, not the election's result;"
        f" {what} follows the result of every table together (give the folder"
        " `station consolidate` made of the tables)"
    )


def runoff_of_statement(case: str, date: str | None) -> str:
    """The election a runoff follows, by its day and case: "Runoff of the election of
    2026-12-08, case 10-RC-000001" ("in Case N" for a file that did not store the day).
    What certified its result (a hash) stays in the file, never in the caption."""
    if date is None:
        return f"Runoff of the election in Case {case}"
    return f"Runoff of the election of {date}, case {case}"


_ORDINALS = ("", "", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def held_again_kind(first: Mapping[str, str]) -> str:
    """What an election held again is, from its setup's `rerun_of`: "rerun election"
    (the second election), "third election" and on (the Board numbers the elections it
    directs in turn: "Direction of Second Election"), or "further election" (the one 29
    CFR 102.70(d) allows after a split vote)."""
    if first.get("cause") == RerunCause.NULLITY:
        return "further election"
    number = int(first.get("number", "2"))
    if number <= 2:
        return "rerun election"
    if number < len(_ORDINALS):
        return f"{_ORDINALS[number]} election"
    return f"election no. {number}"


def held_again_statement(first: Mapping[str, str]) -> str:
    """The line under a sheet's title naming the election this one is held instead of
    (in the language said: a window's header; the sheet speaks English)."""
    when = say("the election of {date}, case {case}", date=first["date"], case=first["case"])
    if first.get("cause") == RerunCause.NULLITY:
        return say(
            "Further election under 29 CFR 102.70(d): {when} was void, its votes divided"
            " so that no runoff could be held; only one further election is held",
            when=when,
        )
    number = int(first.get("number", "2"))
    if number <= 2:
        return say("Rerun of {when}", when=when)
    return say(
        "{kind}: rerun of {when}, itself held again", kind=_held_again_title(number), when=when
    )


def _held_again_title(number: int) -> str:
    """ "Third election" and on, as `held_again_kind` names it, in the language said."""
    match number:
        case 3:
            return say("Third election")
        case 4:
            return say("Fourth election")
        case 5:
            return say("Fifth election")
        case 6:
            return say("Sixth election")
        case 7:
            return say("Seventh election")
        case 8:
            return say("Eighth election")
        case 9:
            return say("Ninth election")
    return say("Election no. {number}", number=number)


def rerun_statement(ballot: Ballot) -> str:
    """ "Rerun of the election of DATE, case N" on every window and sheet of an election
    held again (`held_again_statement`), else ""."""
    first = ballot.rerun
    return "" if first is None else held_again_statement(first)


def election_title(ballot: Ballot) -> str:
    """ "Runoff election", "Rerun election", "Further election" (or a runoff's rerun),
    else "": the kind of election."""
    again = "" if ballot.rerun is None else held_again_kind(ballot.rerun)
    if ballot.runoff_of is not None and again:
        return f"{again[0].upper()}{again[1:]} of a runoff election"
    if again:
        return f"{again[0].upper()}{again[1:]}"
    return runoff_title(ballot)


def unprintable_statement(what: str, missing: str) -> str:
    """Why a name is refused (`station new`, the New election dialog, a sheet): `missing`
    are its characters no font on this computer draws.

    The sheet prints in DejaVu Sans and draws any other character in a font of the
    computer that has it (a name in Chinese, with a CJK font installed); a character no
    font has would print as an empty box on a sheet the parties sign.
    """
    return (
        f"the {what} has characters no font on this computer can print ({missing}):"
        " install a font that has them, or write the name without them"
    )
