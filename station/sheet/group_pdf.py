"""The tallies of an election of voting groups on the sheet: one per group and one per
pooled unit, each on a page of its own (`station.domain.group_sheet` says what they
state). Drawn by `pdf.sheet_html` and read back, text by text, by `pdf_text`."""

import html
from collections.abc import Mapping
from typing import Any

from station.domain.tally_form import FormBallot, line_words, printed_lines


def group_sections(sheet: Mapping[str, Any]) -> list[tuple[str, list[str], list[str]]]:
    """Each tally after the sheet's own: its title, its printed lines ("1. … 30") and
    its statements, as the page prints them (none in an election of one group)."""
    ballot = FormBallot.of_sheet(sheet)
    found = []
    for entry in sheet.get("groups", []):
        title = f"Tally of Ballots \u2014 voting group {entry['key']}: {entry['name']}"
        found.append((title, *_tally_texts(entry, ballot)))
        inclusion = entry.get("inclusion")
        if isinstance(inclusion, dict):
            found[-1][2].insert(
                0,
                "Question 1, inclusion with the nonprofessional employees:"
                f" yes {inclusion['yes']:,}, no {inclusion['no']:,}",
            )
    for unit in sheet.get("units", []):
        title = (
            f"Tally of Ballots \u2014 unit of groups {' + '.join(unit['groups'])}: {unit['name']}"
        )
        found.append((title, *_tally_texts(unit, ballot)))
    return found


def _tally_texts(entry: Mapping[str, Any], ballot: FormBallot) -> tuple[list[str], list[str]]:
    lines = [
        f"{line.number}. {line_words(line.number, ballot)} {entry['lines'][line.number]:,}"
        for line in printed_lines(ballot)
    ]
    said = entry["statements"]
    statements = [f"{n}. {said[n]}" for n in ("8", "9") if n in said]
    if "runoff" in said:
        statements.append(str(said["runoff"]))
    return lines, statements


def groups_html(sheet: Mapping[str, Any]) -> str:
    """Every group's and pooled unit's tally, each starting a page."""
    parts = []
    for title, lines, statements in group_sections(sheet):
        parts.append(
            f'<p class="section" style="page-break-before: always">{html.escape(title)}</p>'
        )
        parts.append('<table width="100%" class="lines" cellpadding="4" cellspacing="0">')
        for text in lines:
            number, _, rest = text.partition(". ")
            words, _, figure = rest.rpartition(" ")
            parts.append(
                f'<tr><td class="no" width="5%">{html.escape(number)}.</td>'
                f'<td width="80%">{html.escape(words)}</td>'
                f'<td class="fig" width="15%" align="right"><b>{html.escape(figure)}</b></td></tr>'
            )
        parts.append("</table>")
        parts += [f"<p><b>{html.escape(text)}</b></p>" for text in statements]
    return "\n".join(parts)
