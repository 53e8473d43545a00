"""One-line refusals for the findings of an outsider's first hour with Station: a second
decision before the revised tally, a runoff from determinative challenges, a
consolidation of one table, a witness file held against a consolidation."""

from station.domain.resolution import Decision


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


def runoff_determinative_statement(source: str) -> str:
    """Why no runoff is made from a tally whose challenges could change the result."""
    return (
        f"{source}: its challenges are determinative: they must be resolved first"
        " (station decide), and the runoff is then made from the Revised Tally"
    )


ONE_TABLE = (
    "a consolidation sums two or more tables' exports; one table's sheet is not the"
    " election's result"
)

WITNESS_OF_CONSOLIDATION = (
    "--witness checks an election file or one table's export, not a consolidation:"
    " verify the witnessed table's own export with --witness"
)


def empty_option_statement(name: str) -> str:
    """`--table ""` or `--neither ""`: an empty value is refused, never read as "none"."""
    what = {
        "table": "a table's label (e.g. 2); leave out --table for a count at one table",
        "neither": 'the words of the no-union choice; leave out --neither for "Neither"',
    }[name]
    return f"--{name} is empty: give {what}"
