"""The Revised Tally of Ballots: three columns over lines 1-9 (*W. Shanhouse Sons*).

**Original tally** (the first count's final sheet), **Challenged ballots counted** (what
the ballots a decision ordered opened added, line by line), **Final tally** (the count
now). Each line adds up across: line 6's middle figure is negative, the challenges the
decision resolved. Lines 8 and 9 are stated on the final column; the middle column has
none. A sheet prepared before any decision has none of this.
"""

from typing import TYPE_CHECKING

from station.domain.changes import Sheet
from station.domain.tally import Tally

if TYPE_CHECKING:  # pragma: no cover
    from station.domain.tally_sheet import LineValue

COLUMNS = ("original", "challenged_counted", "final")
COLUMN_TITLES = {
    "original": "Original tally",
    "challenged_counted": "Challenged ballots counted",
    "final": "Final tally",
}


def counted_figures(original: Tally, final: Tally) -> dict[str, int]:
    """What the opened ballots changed, as lines 2-7 (the middle column)."""
    return {
        "2": final.void - original.void,
        "3": final.for_union - original.for_union,
        "4": final.against - original.against,
        "5": final.valid - original.valid,
        "6": final.challenged - original.challenged,
        "7": final.valid_plus_challenged - original.valid_plus_challenged,
    }


def revised_facts(eligible: int, sheet: Sheet) -> dict[str, object]:
    """The columns, the decisions and the challenges left open, for a sheet after a decision."""
    from station.domain.tally_sheet import line_values  # the sheet's own lines, one place

    decided = sheet.decided
    if decided is None:
        return {}
    columns: dict[str, dict[str, LineValue]] = {
        "original": line_values(eligible, decided.original),
        "challenged_counted": dict(counted_figures(decided.original, sheet.tally)),
        "final": line_values(eligible, sheet.tally),
    }
    return {
        "columns": columns,
        "decisions": list(decided.decisions),
        "unresolved_challenges": list(decided.unresolved),
    }


def columns_problem(stated: object, computed: object) -> str | None:
    """The first figure of a revised sheet's columns that differs, named, or None."""
    if not isinstance(stated, dict) or not isinstance(computed, dict):
        return None if stated == computed else "its columns are not the journal's"
    for column in COLUMNS:
        found, expected = stated.get(column), computed.get(column)
        if not isinstance(found, dict) or not isinstance(expected, dict):
            return f"has no {COLUMN_TITLES[column]} column"
        for line, value in expected.items():
            if type(found.get(line)) is not type(value) or found.get(line) != value:
                return (
                    f"line {line} of the {COLUMN_TITLES[column]} column says"
                    f" {found.get(line)}; the journal gives {value}"
                )
    return None if stated == computed else "its columns are not the journal's"
