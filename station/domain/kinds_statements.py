"""The sentences of a ballot of several choices and of the runoffs (issue 17).

Written once, as `statements.py` writes a one-union election's: the CLI, the sheet and
the dashboard all print these. While ballots remain uncounted they say that the result
is not yet determined, as lines 8-9 always do.
"""

from station.domain.choices import Ballot
from station.domain.runoff import Result
from station.domain.statements import result_statements
from station.domain.tally import Tally


def challenges_line(decisive: bool, pending: str | None) -> str:
    """Line 8 of a ballot of several choices (the one-union wording)."""
    if pending is not None:
        return (
            "Whether challenges are sufficient in number to affect the results of the"
            f" election is not yet determined: {pending}."
        )
    return result_statements(decisive, False, "")[0]


def choice_majority_statement(ballot: Ballot, majority: int | None, pending: str | None) -> str:
    """Line 9: the choice, if any, with a majority of valid votes plus challenged ballots."""
    if pending is not None:
        return (
            "Whether a majority of the valid votes counted plus challenged ballots has been"
            f" cast for any choice is not yet determined: {pending}."
        )
    if majority is None:
        return (
            "No choice has received a majority of the valid votes counted plus challenged ballots."
        )
    return (
        "A majority of the valid votes counted plus challenged ballots has been cast for"
        f" {ballot.choices[majority]}."
    )


def runoff_statement(
    ballot: Ballot, outcome: Result | None, pending: str | None, decisive: bool = False
) -> str | None:
    """What 29 CFR 102.70 calls for, once the count makes it so (None: nothing to say)."""
    if pending is not None or outcome is None:
        return None
    unless = ", unless the challenged ballots change it" if decisive else ""
    if outcome.runoff is not None:
        first, second = (ballot.choices[index] for index in outcome.runoff)
        return f"No choice has a majority — runoff between {first} and {second}{unless}."
    if outcome.rerun:
        return (
            "No choice has a majority and the votes are divided so that the election is void:"
            f" it is rerun with every choice (29 CFR 102.70(d)){unless}."
        )
    if outcome.exception:
        return (
            "No choice has a majority; two choices tie, another has no votes and every"
            " eligible voter cast a valid ballot: no runoff is held (29 CFR 102.70(d))."
        )
    return None


def runoff_title(ballot: Ballot) -> str:
    """ "Runoff election" on every window and sheet of a runoff, else ""."""
    return "Runoff election" if ballot.runoff_of is not None else ""


def votes_phrase(ballot: Ballot, tally: Tally) -> str:
    """ "22 FOR, 8 AGAINST", or "12 Machinists, 10 Carpenters, 8 Neither" (several unions)."""
    if not tally.choices:
        return f"{tally.for_union:,} FOR, {tally.against:,} AGAINST"
    pairs = zip(ballot.choices, tally.choices, strict=True)
    return ", ".join(f"{votes:,} {name}" for name, votes in pairs)


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


def runoff_of_table_statement(source: str, table: str) -> str:
    """Why no runoff is made from one table's tally: it is not the election's result."""
    return (
        f"{source}: is the count of Table {table} alone, not the election's result;"
        " a runoff follows the result of every table together"
    )
