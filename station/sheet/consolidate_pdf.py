"""The printed consolidated Tally of Ballots: the tables' sums on one sheet.

Laid out like a table's own sheet (`pdf.py`, whose page drawing it shares): the case,
lines 1-9 on the sums, then a table of the tables (label, ballots counted, lines 2-7,
head hash, signing key), then the agent's and the observers' signature lines.
"""

import hashlib
import html
from collections.abc import Mapping
from typing import Any

from station.domain.consolidation import SUMMED_LINES
from station.domain.table_statements import table_title, tables_counted_statement
from station.domain.tally_sheet import OBSERVER_PARTIES, line_label
from station.sheet.pdf import draw_pdf

CONSOLIDATION_CERTIFICATION = (
    "I certify that the figures above are the sums of the signed tally sheets of the"
    " tables listed, each verified with its journal before it was added."
)
OBSERVERS_CERTIFICATION = (
    "We, the observers named below, each acting for the party shown, certify that the"
    " figures above are the sums of the tables' signed tally sheets listed."
)
_BLANK_LINES = 2


def render_consolidated_pdf(document: Mapping[str, Any], paper: str = "letter") -> bytes:
    """The PDF of a consolidation's `tally.json` document."""
    election = document["election"]
    digest = hashlib.sha256(
        "".join(table["sheet_event"]["hash"] for table in document["tables"]).encode()
    ).hexdigest()
    return draw_pdf(
        consolidated_html(document),
        lambda page, pages: _footer(document, page, pages),
        title=f"Consolidated Tally of Ballots \u2014 {election['case']}",
        document_id=digest,  # the same tables always give the same id
        paper=paper,
    )


def table_row_text(table: Mapping[str, Any]) -> str:
    """A row of the table of the tables, as its text reads back from the PDF."""
    lines = table["lines"]
    figures = " ".join(f"{lines[number]:,}" for number in SUMMED_LINES)
    return f"{table_title(table['label'])} {table['counted']:,} {figures}"


def consolidated_html(document: Mapping[str, Any]) -> str:
    e = _escape
    election = document["election"]
    union = str(election["union"])
    lines = document["lines"]
    tables = document["tables"]
    counted = f"{document['counted']:,}"
    if document["ballots"] is not None:
        counted += f" of {document['ballots']:,} ballots in the boxes"
    parts = [
        '<table width="100%" class="head"><tr>'
        '<td><span class="title">Tally of Ballots</span><br>'
        "National Labor Relations Board &middot; representation election</td>"
        '<td align="right"><span class="kind">CONSOLIDATED TALLY</span><br>'
        f"{e(tables_counted_statement(len(tables)))}</td>"
        "</tr></table>",
        '<table width="100%" class="case" cellpadding="2">',
        _row("Case", f"<b>{e(election['case'])}</b>", "Prepared", e(document["prepared"])),
        _row("Employer", e(election["employer"]), "Tables", str(len(tables))),
        _row("Petitioner", e(union), "Ballots counted", counted),
        "</table>",
        '<table width="100%" class="lines" cellpadding="5" cellspacing="0">',
    ]
    for number in ("1", "2", "3", "4", "5", "6", "7"):
        parts.append(
            f'<tr><td class="no" width="5%">{number}.</td>'
            f'<td width="80%">{e(line_label(number, union))}</td>'
            f'<td class="fig" width="15%" align="right"><b>{lines[number]:,}</b></td></tr>'
        )
    for number in ("8", "9"):
        parts.append(
            f'<tr><td class="no">{number}.</td>'
            f'<td colspan="2"><b>{e(document["statements"][number])}</b></td></tr>'
        )
    parts.append("</table>")

    parts.append('<p class="section">The tables</p>')
    parts.append('<table width="100%" class="lines" cellpadding="2" cellspacing="0">')
    headings = ["Counted", *(f"Line {number}" for number in SUMMED_LINES)]
    parts.append(
        '<tr><td class="label">Table</td>'
        + "".join(f'<td class="label" align="right">{h}</td>' for h in headings)
        + "</tr>"
    )
    for table in tables:
        figures = [table["counted"], *(table["lines"][number] for number in SUMMED_LINES)]
        parts.append(
            f"<tr><td><b>{e(table_title(table['label']))}</b></td>"
            + "".join(f'<td align="right">{value:,}</td>' for value in figures)
            + "</tr>"
            f'<tr><td colspan="{len(headings) + 1}" class="role">head <tt>{e(table["head"]["hash"])}'
            f"</tt> (event {table['head']['seq']:,}) &middot; signed by key"
            f" <tt>{e(table['key'])}</tt> &middot; agent {e(table['agent'])}</td></tr>"
        )
    parts.append("</table>")

    parts.append('<p class="section">Certification of the Board agent</p>')
    parts.append(f"<p>{e(CONSOLIDATION_CERTIFICATION)}</p>")
    parts.append(_signature("", "Board agent"))
    parts.append('<p class="section">Certification of the observers</p>')
    parts.append(f"<p>{e(OBSERVERS_CERTIFICATION)}</p>")
    parts.append('<table width="100%" cellpadding="2"><tr>')
    for party in OBSERVER_PARTIES:
        blocks = "".join(_signature("", "") for _ in range(_BLANK_LINES))
        heading = f'<p class="party">For {e(party.label(union))}</p>'
        parts.append(f'<td width="50%" valign="top">{heading}{blocks}</td>')
    parts.append("</tr></table>")
    return "\n".join(parts)


def _footer(document: Mapping[str, Any], page: int, pages: int) -> str:
    labels = ", ".join(table_title(table["label"]) for table in document["tables"])
    return (
        f"Case {document['election']['case']} \u00b7 consolidated tally of {labels}\n"
        f"Prepared {document['prepared']} \u00b7 signing key {document['key']}\n"
        f"Check with: station verify FOLDER --key FINGERPRINT \u00b7 page {page} of {pages}"
    )


def _row(label: str, value: str, label2: str, value2: str) -> str:
    return (
        f'<tr><td class="label" width="13%">{label}</td><td width="37%">{value}</td>'
        f'<td class="label" width="16%">{label2}</td><td width="34%">{value2}</td></tr>'
    )


def _signature(name: str, role: str) -> str:
    printed = f"<b>{_escape(name)}</b>, " if name else ""
    role_words = f'<span class="role">{_escape(role)}</span>' if role else "&nbsp;"
    return (
        '<p class="sign">&nbsp;<br>____________________________________<br>'
        f"{printed}{role_words}</p>"
    )


def _escape(value: object) -> str:
    return html.escape(str(value), quote=False)
