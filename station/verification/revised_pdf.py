"""The Revised Tally of Ballots on paper: lines 1-7 in four columns, the decision named.

Used by `pdf.py` to draw and by `pdf_text.py` to read back: a line of a revised sheet
reads "6. Number of challenged ballots 416 -300 -80 36" (original, challenged ballots
counted, challenges sustained, final), so the same words are drawn and checked. A sheet
signed with three columns (no set-aside column) is drawn and read with those three.
"""

import html
from collections.abc import Mapping
from typing import Any

from station.domain.revised_sheet import COLUMN_TITLES, COLUMNS, THREE_COLUMNS
from station.domain.tally_form import FormBallot, line_words, printed_lines

MINUS = "\u2212"


def sheet_columns(sheet: Mapping[str, Any]) -> tuple[str, ...]:
    """The columns this sheet has: four, or the three a sheet was signed with before."""
    return COLUMNS if "set_aside" in sheet["columns"] else THREE_COLUMNS


def figures(sheet: Mapping[str, Any], number: str) -> list[str]:
    """Line `number`'s figures in each column (line 1 has one: the eligible); the middle
    columns are changes, signed."""
    columns, names = sheet["columns"], sheet_columns(sheet)
    if number == "1":
        return [*[""] * (len(names) - 1), f"{columns['final']['1']:,}"]
    # A true minus is as wide as the plus: "\u22121" sits under "+0".
    middle = [f"{columns[name][number]:+,}".replace("-", MINUS) for name in names[1:-1]]
    return [f"{columns['original'][number]:,}", *middle, f"{columns['final'][number]:,}"]


def line_text(sheet: Mapping[str, Any], number: str, union: str) -> str:
    """What the PDF's text holds for line `number` of a revised sheet."""
    shown = " ".join(figure for figure in figures(sheet, number) if figure)
    return f"{number}. {label(sheet, number, union)} {shown}"


def label(sheet: Mapping[str, Any], number: str, union: str) -> str:
    """Line `number`'s words: on a ballot of several unions, 3a, 3b, … name their union."""
    return line_words(number, FormBallot.of_sheet(sheet))


def revised_rows(sheet: Mapping[str, Any], union: str) -> list[str]:
    """The table rows of lines 1-7 and the column headings."""
    e = html.escape
    names = sheet_columns(sheet)
    width = 14 if len(names) == 3 else 12
    heads = "".join(
        f'<td class="colhead" width="{width}%" align="right"><b>{_stacked(COLUMN_TITLES[c])}</b></td>'
        for c in names
    )
    rows = [f'<tr><td width="4%"></td><td width="{96 - width * len(names)}%"></td>{heads}</tr>']
    last = len(names) - 1
    for number in printed_numbers(sheet):  # 3a, 3b, … on a ballot of several unions
        cells = "".join(
            f'<td class="fig" align="right">{"<b>" if i == last else ""}{figure}'
            f"{'</b>' if i == last else ''}</td>"
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
    # An election of voting groups: each group's tally has its columns.
    groups = sheet.get("groups") or [{}]
    if "set_aside" in (sheet.get("columns") or groups[0].get("columns") or {}):
        parts.append(
            "Every challenge the decisions resolved is in one of the middle columns: opened"
            " and counted, or sustained and set aside, never opened."
        )
    parts.append("Lines 8 and 9 are stated on the final tally.")
    return f'<p class="decision">{" ".join(parts)}</p>'


def printed_numbers(sheet: Mapping[str, Any]) -> list[str]:
    """The numbered rows of a sheet's table: 1-7, with 3a, 3b, … in place of 3."""
    return [line.number for line in printed_lines(FormBallot.of_sheet(sheet))]
