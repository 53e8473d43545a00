"""The Revised Tally of Ballots: three columns over lines 1-9 (*W. Shanhouse Sons*).

**Original tally** (the first count's final sheet), **Challenged ballots counted** (what
the ballots a decision ordered opened added, line by line), **Final tally** (the count
now). Each line adds up across: line 6's middle figure is negative, the challenges the
decision resolved. Lines 8 and 9 are stated on the final column; the middle column has
none. A sheet prepared before any decision has none of this.

On a ballot of several unions each column has line 3 once per union ("3a", "3b", … as
the first sheet has them, kinds_sheet.py), and the first and last columns' lines 8 and
9 follow 29 CFR 102.70 as that sheet's do; the runoff, if any, is stated on the final
column with lines 8 and 9.
"""

from typing import TYPE_CHECKING

from station.domain.changes import Sheet
from station.domain.election import ElectionSetup
from station.domain.kinds_sheet import kinds_facts
from station.domain.tally import Tally

if TYPE_CHECKING:  # pragma: no cover
    from station.domain.tally_sheet import LineValue

COLUMNS = ("original", "challenged_counted", "final")
COLUMN_TITLES = {
    "original": "Original tally",
    "challenged_counted": "Challenged ballots counted",
    "final": "Final tally",
}


def counted_figures(original: Tally, final: Tally, unions: int = 0) -> dict[str, int]:
    """What the opened ballots changed, as lines 2-7 (the middle column); with `unions`
    on a ballot of several, line 3 of each union too (3a, 3b, …)."""
    per_union = {
        f"3{letter}": after - before
        for letter, before, after in zip(
            "abcdefghi", original.choices[:unions], final.choices[:unions], strict=False
        )
    }
    return per_union | {
        "2": final.void - original.void,
        "3": final.for_union - original.for_union,
        "4": final.against - original.against,
        "5": final.valid - original.valid,
        "6": final.challenged - original.challenged,
        "7": final.valid_plus_challenged - original.valid_plus_challenged,
    }


def revised_facts(setup: ElectionSetup, sheet: Sheet) -> dict[str, object]:
    """The columns, the decisions and the challenges left open, for a sheet after a decision."""
    decided = sheet.decided
    if decided is None:
        return {}
    unions = len(setup.ballot.unions) if setup.ballot.several else 0
    columns: dict[str, dict[str, LineValue]] = {
        "original": column_lines(setup, decided.original),
        "challenged_counted": dict(counted_figures(decided.original, sheet.tally, unions)),
        "final": column_lines(setup, sheet.tally),
    }
    return {
        "columns": columns,
        "decisions": list(decided.decisions),
        "unresolved_challenges": list(decided.unresolved),
    }


def column_lines(setup: ElectionSetup, tally: Tally) -> dict[str, "LineValue"]:
    """Lines 1-9 of one column: as the first sheet's, line 3 of each union included."""
    from station.domain.tally_sheet import line_values  # the sheet's own lines, one place

    lines = line_values(setup.eligible, tally)
    kinds_facts(setup, tally, None, lines)  # 3a, 3b, … and lines 8-9 under 102.70, in place
    return lines


def columns_problem(stated: object, computed: object) -> str | None:
    """The first figure of a revised sheet's columns that differs, named, or None."""
    if not isinstance(stated, dict) or not isinstance(computed, dict):
        return None if stated == computed else "its columns are not the journal's"
    if _before_union_lines(stated, computed):
        # A revised sheet of several unions prepared before its columns had lines 3a, …
        # (and lines 8-9 under 102.70): still held to every figure it does state.
        computed = {c: {k: v for k, v in computed[c].items() if k in _LEGACY} for c in computed}
        stated = {c: {k: v for k, v in stated[c].items() if k in _LEGACY} for c in stated}
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


_LEGACY = ("1", "2", "3", "4", "5", "6", "7")


def _before_union_lines(stated: dict[str, object], computed: dict[str, object]) -> bool:
    final, expected = stated.get("final"), computed.get("final")
    return (
        isinstance(final, dict)
        and isinstance(expected, dict)
        and "3a" in expected
        and not any(str(key).startswith("3") and key != "3" for key in final)
    )


def choice_columns(
    setup: ElectionSetup, original: Tally, final: Tally
) -> tuple[list[dict[str, object]], list[dict[str, object]]] | None:
    """On a ballot of several unions, the choices' votes in the original column and what
    the opened ballots added to each (`station tally --json`'s `original.choices` and
    `challenged_counted.choices`; the final column's are the top level's). None for one
    union."""
    if not setup.ballot.several:
        return None
    names = setup.ballot.choices
    return (
        [{"name": n, "votes": v} for n, v in zip(names, original.choices, strict=True)],
        [
            {"name": n, "votes": after - before}
            for n, before, after in zip(names, original.choices, final.choices, strict=True)
        ],
    )
