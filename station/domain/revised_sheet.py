"""The Revised Tally of Ballots: four columns over lines 1-9 (*W. Shanhouse Sons*).

**Original tally** (the first count's final sheet), **Challenged ballots counted** (what
the ballots a decision ordered opened added, line by line: their votes on lines 2-5,
and on line 6 the challenges they were), **Challenges sustained (set aside)** (the
challenges a decision sustained, off lines 6 and 7, never opened or counted) and
**Final tally** (the count now). Each line adds up across, and every challenge the
decisions resolved is in one of the two middle columns. Lines 8 and 9 are stated on the
final column; the middle ones have none. A sheet prepared before any decision has none
of this. A sheet signed with three columns (the middle one both together, Station 0.2)
is held to that layout.

On a ballot of several unions each column has line 3 once per union ("3a", "3b", … as
the first sheet has them, election_facts.py), and the first and last columns' lines 8 and
9 follow 29 CFR 102.70 as that sheet's do; the runoff, if any, is stated on the final
column with lines 8 and 9.
"""

from typing import Any

from station.domain.changes import Sheet
from station.domain.election import ElectionSetup
from station.domain.tally import Tally
from station.domain.tally_form import Figures, LineValue, ballot_form, differences, line_values

COLUMNS = ("original", "challenged_counted", "set_aside", "final")
THREE_COLUMNS = ("original", "challenged_counted", "final")  # as Station 0.2 signed them
COLUMN_TITLES = {
    "original": "Original tally",
    "challenged_counted": "Challenged ballots counted",
    "set_aside": "Challenges sustained (set aside)",
    "final": "Final tally",
}


def counted_figures(setup: ElectionSetup, original: Tally, final: Tally) -> dict[str, int]:
    """What the decisions changed on each line that counts ballots, opened ballots and
    sustained challenges together (`tally --json`'s `challenged_counted`, and the middle
    column of a three-column sheet): lines 2-7, and 3a, 3b, … on a ballot of several."""
    eligible = setup.eligible
    return differences(ballot_form(setup), Figures(eligible, original), Figures(eligible, final))


def set_aside_figures(changed: dict[str, int]) -> dict[str, int]:
    """The challenges sustained, line by line: off lines 6 and 7, nothing else.

    Every challenge that left line 6 was either opened and counted (a ballot on line 2
    or 5 now) or sustained; with every opened ballot counted (no final sheet is
    prepared before), the sustained ones are what line 6 lost beyond the ballots counted.
    """
    sustained = changed["6"] + changed["2"] + changed["5"]
    return {number: sustained if number in ("6", "7") else 0 for number in changed}


def split_columns(changed: dict[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """The two middle columns: the opened ballots counted, the challenges set aside."""
    aside = set_aside_figures(changed)
    return {number: changed[number] - aside[number] for number in changed}, aside


def revised_facts(setup: ElectionSetup, sheet: Sheet) -> dict[str, object]:
    """The columns, the decisions and the challenges left open, for a sheet after a decision."""
    decided = sheet.decided
    if decided is None:
        return {}
    counted, aside = split_columns(counted_figures(setup, decided.original, sheet.tally))
    columns: dict[str, dict[str, LineValue]] = {
        "original": column_lines(setup, decided.original),
        "challenged_counted": dict(counted),
        "set_aside": dict(aside),
        "final": column_lines(setup, sheet.tally),
    }
    return {
        "columns": columns,
        "decisions": list(decided.decisions),
        "unresolved_challenges": list(decided.unresolved),
    }


def column_lines(setup: ElectionSetup, tally: Tally) -> dict[str, LineValue]:
    """Lines 1-9 of one column: as the first sheet's, line 3 of each union included."""
    return line_values(ballot_form(setup), Figures(setup.eligible, tally))


def columns_problem(stated: object, computed: object) -> str | None:
    """The first figure of a revised sheet's columns that differs, named, or None."""
    if not isinstance(stated, dict) or not isinstance(computed, dict):
        return None if stated == computed else "its columns are not the journal's"
    if "set_aside" not in stated and "set_aside" in computed:
        computed = three_columns(computed)
    if _before_union_lines(stated, computed):
        # A revised sheet of several unions prepared before its columns had lines 3a, …
        # (and lines 8-9 under 102.70): still held to every figure it does state.
        computed = {c: {k: v for k, v in computed[c].items() if k in _LEGACY} for c in computed}
        stated = {c: {k: v for k, v in stated[c].items() if k in _LEGACY} for c in stated}
    for column in COLUMNS if "set_aside" in computed else THREE_COLUMNS:
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


def three_columns(columns: dict[str, Any]) -> dict[str, Any]:
    """The columns as a three-column sheet states them: both middle ones together."""
    counted, aside = columns["challenged_counted"], columns["set_aside"]
    together = {number: counted[number] + aside[number] for number in counted}
    return {
        "original": columns["original"],
        "challenged_counted": together,
        "final": columns["final"],
    }


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
