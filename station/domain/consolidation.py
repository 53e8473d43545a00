"""One tally from several tables' sheets: the arithmetic of a count run at several tables.

Each table counts its own ballots and certifies them on its own signed sheet. The
election's tally is the sum of the tables' calls (lines 2, 3, 4 and 6; lines 5 and 7
follow from them), with lines 8 and 9 stated on the sums, never on any one table: a
union that leads at every table may still fall short of a majority overall, and
challenges that decide nothing at one table may decide the election. Line 1 (the
eligible voters) is the unit's, the same on every table's sheet, so it is not summed.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from station.domain.statements import challenges_statement, majority_statement
from station.domain.tally import Tally
from station.domain.tally_sheet import LineValue, line_values

# The lines a table's sheet states as numbers that are summed (5 and 7 are sums of them).
SUMMED_LINES = ("2", "3", "4", "5", "6", "7")


@dataclass(frozen=True, slots=True)
class TableLines:
    """One table's certified figures, as its signed sheet states them."""

    label: str
    lines: Mapping[str, LineValue]
    counted: int
    ballots: int | None

    def tally(self) -> Tally:
        """The table's calls, from its lines 2, 3, 4 and 6."""
        return Tally(
            for_union=int(self.lines["3"]),
            against=int(self.lines["4"]),
            void=int(self.lines["2"]),
            challenged=int(self.lines["6"]),
        )


def summed_tally(tables: Sequence[TableLines]) -> Tally:
    """The election's calls: each call summed over the tables."""
    tallies = [table.tally() for table in tables]
    return Tally(
        for_union=sum(t.for_union for t in tallies),
        against=sum(t.against for t in tallies),
        void=sum(t.void for t in tallies),
        challenged=sum(t.challenged for t in tallies),
    )


def summed_ballots(tables: Sequence[TableLines]) -> int | None:
    """The ballots in all the tables' boxes, when every table knew its own."""
    if any(table.ballots is None for table in tables):
        return None
    return sum(int(table.ballots or 0) for table in tables)


def consolidated_facts(
    eligible: int, union: str, tables: Sequence[TableLines]
) -> dict[str, object]:
    """Lines 1-9, the statements of lines 8-9 and the ballots, for the tables together.

    Only final sheets are consolidated, so lines 8-9 state the result: the tables
    together hold every ballot counted.
    """
    tally = summed_tally(tables)
    return {
        "lines": line_values(eligible, tally),
        "statements": {"8": challenges_statement(tally), "9": majority_statement(tally, union)},
        "counted": tally.counted,
        "ballots": summed_ballots(tables),
    }
