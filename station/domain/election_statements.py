"""The sentences about the election itself: its kind (a runoff), its votes in one phrase,
and why a setup asked for cannot be made (`station new`, the New election dialog).

Lines 8 and 9 and what 29 CFR 102.70 calls for are `result_statements.py`'s.
"""

from station.domain.choices import Ballot
from station.domain.tally import Tally


def runoff_title(ballot: Ballot) -> str:
    """ "Runoff election" on every window and sheet of a runoff, else ""."""
    return "Runoff election" if ballot.runoff_of is not None else ""


def votes_phrase(ballot: Ballot, tally: Tally) -> str:
    """ "22 FOR, 8 AGAINST", or "12 Machinists, 10 Carpenters, 8 Neither" (several unions)."""
    if not tally.choices or not ballot.several:
        return f"{tally.for_union:,} FOR, {tally.against:,} AGAINST"
    pairs = zip(ballot.choices, tally.choices, strict=True)
    return ", ".join(f"{votes:,} {name}" for name, votes in pairs)


def choices_phrase(ballot: Ballot) -> str:
    """The ballot's choices as `station new` names them: "FOR (Nurses United), AGAINST"
    where one union is on it, else "Machinists, Carpenters, Neither"."""
    if ballot.several:
        return ", ".join(ballot.choices)
    words = ballot.choice_words
    return f"{words[0]} ({ballot.unions[0]}), {words[1]}"


def runoff_determinative_statement(source: str) -> str:
    """Why no runoff is made from a tally whose challenges could change the result."""
    return (
        f"{source}: its challenges are determinative: they must be resolved first"
        " (station decide), and the runoff is then made from the Revised Tally"
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


# How much of a hash a runoff's words show: enough to match it to the folder or file.
_HASH_SHOWN = 16


def runoff_of_statement(case: str, runoff_of: str) -> str:
    """The election a runoff follows, by its case and what certified its result: a
    consolidation of tables ("tables SHA256", the hash of its `tally.json`) or one
    count's final tally ("EVENTS:HASH", the event it certifies)."""
    where = f"Runoff of the election in Case {case}"
    kind, space, digest = runoff_of.partition(" ")
    if space and kind == "tables":
        return (
            f"{where}, counted at several tables (their consolidated tally {digest[:_HASH_SHOWN]})"
        )
    events, colon, head = runoff_of.partition(":")
    if colon and events.isdigit():
        return (
            f"{where} (its final tally certifies events 1\u2013{int(events):,},"
            f" head {head[:_HASH_SHOWN]})"
        )
    return f"{where} ({runoff_of})"


def rerun_statement(ballot: Ballot) -> str:
    """ "Rerun of the election of DATE, case N" on every window and sheet of a rerun."""
    first = ballot.rerun
    if first is None:
        return ""
    return f"Rerun of the election of {first['date']}, case {first['case']}"


def election_title(ballot: Ballot) -> str:
    """ "Runoff election", "Rerun election" (or both), else "": the kind of election."""
    titles = [runoff_title(ballot), "Rerun election" if ballot.rerun_of is not None else ""]
    said = [title for title in titles if title]
    if len(said) == 2:
        return "Rerun of a runoff election"
    return said[0] if said else ""


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
