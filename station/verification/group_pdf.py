"""The tallies of an election of voting groups on the sheet: one per group and one per
pooled unit, each on a page of its own (`station.domain.group_sheet` says what they
state). After a decision each is that group's or unit's Revised Tally, lines 1-7 in the
columns of `revised_pdf`. The first follows the sheet's caption on its first page, for the
sheet has no lines of its own. Drawn by `pdf.sheet_html` and read back, text by text, by
`pdf_text`."""

import html
from collections.abc import Mapping
from typing import Any

from station.domain.group_sheet import SEPARATE_TALLIES, lone_group_statement
from station.domain.revised_sheet import COLUMN_TITLES
from station.domain.tally_form import FormBallot, line_words, printed_lines
from station.verification.revised_pdf import figures, sheet_columns


def _entries(sheet: Mapping[str, Any]) -> list[tuple[str, Mapping[str, Any]]]:
    """Each tally after the sheet's own, with its title: every group's, then every
    pooled unit's."""
    revised = "Revised " if sheet.get("title") == "Revised" else ""
    found = [
        (f"{revised}Tally of Ballots \u2014 voting group {entry['key']}: {entry['name']}", entry)
        for entry in sheet.get("groups", [])
    ]
    found += [
        (
            f"{revised}Tally of Ballots \u2014 unit of groups {' + '.join(unit['groups'])}:"
            f" {unit['name']}",
            unit,
        )
        for unit in sheet.get("units", [])
    ]
    return found


def group_sections(sheet: Mapping[str, Any]) -> list[tuple[str, list[str], list[str]]]:
    """Each tally after the sheet's own: its title, its printed lines ("1. … 30", or
    "3. … 2 +1 +0 3" in columns) and its statements, as the page prints them (none in an
    election of one group)."""
    ballot = FormBallot.of_sheet(sheet)
    found = []
    for title, entry in _entries(sheet):
        lines = [
            f"{number}. {words} {' '.join(shown)}" for number, words, shown in _rows(entry, ballot)
        ]
        found.append((title, lines, _statements(entry)))
    alone = lone_group_statement(sheet)
    if alone is not None and found:  # under the one group's own tally
        found[0][2].append(alone)
    return found


def _rows(entry: Mapping[str, Any], ballot: FormBallot) -> list[tuple[str, str, list[str]]]:
    """Each printed line: its number, its words and its figures (one, or one a column)."""
    rows = []
    for line in printed_lines(ballot):
        number = line.number
        if "columns" in entry:
            shown = [figure for figure in figures(entry, number) if figure]
        else:
            shown = [f"{entry['lines'][number]:,}"]
        rows.append((number, line_words(number, ballot), shown))
    return rows


def _statements(entry: Mapping[str, Any]) -> list[str]:
    said = entry["statements"]
    statements = [f"{n}. {said[n]}" for n in ("8", "9") if n in said]
    if "runoff" in said:
        statements.append(str(said["runoff"]))
    inclusion = entry.get("inclusion")
    if isinstance(inclusion, dict):  # question 1: its own figures and statements
        counted = ", ".join(
            f"{name} {inclusion[name]:,}"
            for name in ("yes", "no", "void", "blank", "challenged")
            if name in inclusion
        )
        own = inclusion.get("statements") or {}
        statements[0:0] = [
            f"Question 1, inclusion with the nonprofessional employees: {counted}",
            *(str(own[name]) for name in ("challenges", "result") if name in own),
        ]
    return statements


def groups_html(sheet: Mapping[str, Any]) -> str:
    """Every group's and pooled unit's tally, each starting a page."""
    ballot = FormBallot.of_sheet(sheet)
    e = html.escape
    parts = []
    alone = lone_group_statement(sheet)
    if "lines" not in sheet:  # the sheet's first page: the caption, then the first tally
        parts.append(f"<p>{e(SEPARATE_TALLIES)}</p>")
    for place, (title, entry) in enumerate(_entries(sheet)):
        first = place == 0 and "lines" not in sheet
        apart = "" if first else ' style="page-break-before: always"'
        parts.append(f'<p class="section"{apart}>{e(title)}</p>')
        parts.append('<table width="100%" class="lines" cellpadding="4" cellspacing="0">')
        if "columns" in entry:
            heads = "".join(
                f'<td class="colhead" width="12%" align="right"><b>{e(COLUMN_TITLES[c])}</b></td>'
                for c in sheet_columns(entry)
            )
            parts.append(f'<tr><td width="5%"></td><td></td>{heads}</tr>')
        for number, words, shown in _rows(entry, ballot):
            if "columns" in entry:  # line 1 (eligible) stands in the final column only
                shown = [*[""] * (len(sheet_columns(entry)) - len(shown)), *shown]
            cells = "".join(
                f'<td class="fig" align="right"><b>{e(figure)}</b></td>' for figure in shown
            )
            parts.append(
                f'<tr><td class="no" width="5%">{e(number)}.</td><td>{e(words)}</td>{cells}</tr>'
            )
        parts.append("</table>")
        parts += [f"<p><b>{e(text)}</b></p>" for text in _statements(entry)]
        if alone is not None:
            parts.append(f"<p>{e(alone)}</p>")
    return "\n".join(parts)
