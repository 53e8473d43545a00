"""The Revised Tally of Ballots on paper: lines 1-7 in three columns, the decision named.

Used by `pdf.py` to draw and by `pdf_text.py` to read back: a line of a revised sheet
reads "3. Number of votes cast for … 875 +7 882" (original, challenged ballots counted,
final), so the same words are drawn and checked.
"""

import html
from collections.abc import Mapping
from typing import Any

from station.domain.kinds_sheet import line_numbers
from station.domain.revised_sheet import COLUMN_TITLES, COLUMNS
from station.domain.sheet_lines import printed_line_label


def figures(sheet: Mapping[str, Any], number: str) -> list[str]:
    """Line `number`'s figures in the three columns (line 1 has one: the eligible)."""
    columns = sheet["columns"]
    if number == "1":
        return ["", "", f"{columns['final']['1']:,}"]
    middle = columns["challenged_counted"][number]
    return [f"{columns['original'][number]:,}", f"{middle:+,}", f"{columns['final'][number]:,}"]


def line_words(sheet: Mapping[str, Any], number: str, union: str) -> str:
    """What the PDF's text holds for line `number` of a revised sheet."""
    shown = " ".join(figure for figure in figures(sheet, number) if figure)
    return f"{number}. {label(sheet, number, union)} {shown}"


def label(sheet: Mapping[str, Any], number: str, union: str) -> str:
    """Line `number`'s words: on a ballot of several unions, 3a, 3b, … name their union."""
    choices = [str(c["name"]) for c in sheet.get("choices") or ()]
    return printed_line_label(number, union, choices, sheet["lines"])


def revised_rows(sheet: Mapping[str, Any], union: str) -> list[str]:
    """The table rows of lines 1-7 and the column headings."""
    e = html.escape
    heads = "".join(
        f'<td class="colhead" width="14%" align="right"><b>{_stacked(COLUMN_TITLES[c])}</b></td>'
        for c in COLUMNS
    )
    rows = [f'<tr><td width="4%"></td><td width="54%"></td>{heads}</tr>']
    for number in line_numbers(sheet["lines"]):  # 3a, 3b, … on a ballot of several unions
        cells = "".join(
            f'<td class="fig" align="right">{"<b>" if i == 2 else ""}{figure}'
            f"{'</b>' if i == 2 else ''}</td>"
            for i, figure in enumerate(figures(sheet, number))
        )
        rows.append(
            f'<tr><td class="no">{number}.</td><td>{e(label(sheet, number, union))}</td>{cells}</tr>'
        )
    return rows


def _stacked(title: str) -> str:
    """ "Challenged ballots counted" on two lines, as the form's narrow columns have it."""
    first, _, rest = title.partition(" ")
    return f"{html.escape(first)}<br>{html.escape(rest)}"


def decision_paragraphs(sheet: Mapping[str, Any]) -> str:
    """The decisions named, and the challenges left unresolved (still challenged)."""
    e = html.escape
    parts = [e(str(words)) for words in sheet.get("decisions", [])]
    unresolved = sheet.get("unresolved_challenges", [])
    if unresolved:
        numbers = ", ".join(str(n) for n in unresolved)
        parts.append(f"Challenges left unresolved, still challenged (register numbers): {numbers}.")
    else:
        parts.append("No challenge is left unresolved.")
    parts.append("Lines 8 and 9 are stated on the final tally.")
    return f'<p class="decision">{" ".join(parts)}</p>'
