"""The words of a printed line 1-7, on every sheet Station draws and reads back.

A ballot of several unions prints line 3 once per union (3a, 3b, …, kinds_sheet.py)
and never a plain line 3 (in `tally.json`, "3" is the unions together, as FOR is in
the journal). Line 5 then names the lines it sums as printed: "(lines 3a + 3b + 4)",
never "(lines 3 + 4)" over a line 3 the page does not have. Sheets drawn before this
say "(lines 3 + 4)"; `LINE_5_BEFORE` lets a verifier still accept them as they are.
"""

import re
from collections.abc import Iterable, Sequence

from station.domain.kinds_sheet import union_line_label
from station.domain.tally_sheet import line_label

LINE_5_BEFORE = line_label("5", "")


def per_union_lines(lines: Iterable[str]) -> list[str]:
    """ "3a", "3b", …: the per-union lines a sheet has (none on a ballot of one union)."""
    return sorted(number for number in lines if number.startswith("3") and number != "3")


def printed_line_label(
    number: str, union: str, choices: Sequence[str], lines: Iterable[str]
) -> str:
    """Line `number`'s words as printed: 3a, 3b, … name their union; line 5 names the
    lines it sums."""
    if number[0] == "3" and number != "3":
        return union_line_label(number, choices)
    per_union = per_union_lines(lines)
    if number == "5" and per_union:
        return f"Number of valid votes counted (lines {' + '.join([*per_union, '4'])})"
    return line_label(number, union)


_LINE_5_NOW = re.compile(r"Number of valid votes counted \(lines 3[a-i](?: \+ 3[a-i])* \+ 4\)")


def as_drawn_before(text: str) -> str:
    """`text` with line 5's words as sheets drawn before named them ("(lines 3 + 4)"), so
    that a verifier accepts a signed PDF of the previous version exactly as it is."""
    return _LINE_5_NOW.sub(lambda _: LINE_5_BEFORE, text)
