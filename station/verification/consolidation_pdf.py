"""A consolidation's printed page, from its `tally.json` alone: the HTML Qt draws and
its text, and the check that `tally.pdf` shows that text whole.

`consolidated_html` is the consolidated Tally of Ballots as the HTML subset Qt's
QTextDocument renders (`station.sheet.consolidate_pdf` draws it onto pages, with
`footer_words` at each page's foot); `consolidation_text` is its text, block by block
in the order it is drawn. `consolidation_pdf_problem` reads `tally.pdf` back and
compares its text whole with the text the document's own version drew (`pdf_text`,
as an export's sheet is compared): a page redrawn with a word added, or a figure
changed, is named by its first difference. A version once released is never redrawn:
Station 0.2.0's page is `consolidation_v1`'s.
"""

import html
from collections.abc import Mapping
from typing import Any

from station.domain.consolidation import SUMMED_LINES
from station.domain.election_facts import parties_row, party_columns
from station.domain.parties import Party
from station.domain.table_statements import table_title, tables_counted_statement
from station.domain.tally_form import FormBallot, printed_lines
from station.domain.words import english
from station.verification import consolidation_formats, consolidation_v1
from station.verification.form_words import (
    FOR_THE_REGIONAL_DIRECTOR,
    issued_words,
    kind_of_election,
    objections_words,
)
from station.verification.group_pdf import groups_html
from station.verification.pdf_text import drawn_problem
from station.verification.sheet_page import (
    COUNT_RECORD,
    ColumnShares,
    envelopes_html,
    even_shares,
    html_text,
    observers_table,
    record_title,
    service_html,
)

CONSOLIDATION_CERTIFICATION = (
    "I certify that the figures above are the sums of the signed tally sheets of the"
    " tables listed, each verified with its journal before it was added."
)
OBSERVERS_CERTIFICATION = (
    "We, the observers named below, each acting for the party shown, certify that the"
    " figures above are the sums of the tables' signed tally sheets listed."
)
_GIVES = "tally.json gives"


def numbered_lines(document: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Lines 1-7 as the sheet prints them, each with its words: 3a, 3b, … in place of 3
    on a ballot of several unions, each naming its union."""
    ballot = FormBallot.of_sheet({**document, "union": document["election"]["union"]})
    return [(line.number, line.words(ballot)) for line in printed_lines(ballot)]


def statement_numbers(document: Mapping[str, Any]) -> list[str]:
    """Lines 8 and 9, then the runoff's sentence when 29 CFR 102.70 calls for one."""
    return [n for n in ("8", "9", "runoff") if n in document["statements"]]


def as_groups_sheet(document: Mapping[str, Any]) -> dict[str, Any]:
    """The consolidation's facts as a sheet's, for the groups' tallies (`group_pdf`)."""
    return {**document, "union": document["election"]["union"]}


def kinds_row_text(table: Mapping[str, Any]) -> str:
    """A table's votes by choice and envelope figures, as its row reads ("" if none)."""
    words = [f"{c['name']} {c['votes']:,}" for c in table.get("choices") or ()]
    envelopes = table.get("envelopes")
    if envelopes:
        words.append(
            f"envelopes: {envelopes['returned']:,} returned, {envelopes['accepted']:,} accepted,"
            f" {envelopes['challenged']:,} challenged, {envelopes['void']:,} void,"
            + (
                f" {envelopes['late']:,} received after the due date (counted)"
                if "after_tally" in envelopes  # a table ruled by the Board's mail rules
                else f" {envelopes['late']:,} late"
            )
        )
    return " \u00b7 ".join(words)


@english
def consolidation_text(document: Mapping[str, Any]) -> list[str]:
    """The page's text above its footers, block by block in the order Qt draws it."""
    return html_text(consolidated_html(document))


@english
def footer_words(document: Mapping[str, Any], page: int, pages: int) -> str:
    """The foot of page `page` of `pages`."""
    labels = ", ".join(table_title(table["label"]) for table in document["tables"])
    return (
        f"Case {document['election']['case']} \u00b7 consolidated tally of {labels}\n"
        f"Prepared {document['prepared']} \u00b7 signing key {document['key']}\n"
        f"Check with: station verify FOLDER --key FINGERPRINT \u00b7 page {page} of {pages}"
    )


def consolidation_pdf_problem(data: bytes, document: Mapping[str, Any]) -> str | None:
    """Where `tally.pdf`'s text (its bytes) first differs from the text its document's
    version drew, or None. `document` is `tally.json`'s, of a version
    `consolidation_formats` knows, once it is known to be the tables' sum."""
    if document.get("format") == consolidation_formats.CONSOLIDATED_V1:
        text, footer = consolidation_v1.consolidation_text, consolidation_v1.footer_words
    else:
        text, footer = consolidation_text, footer_words
    return drawn_problem(
        data, text(document), lambda page, pages: footer(document, page, pages), _GIVES
    )


def _as_sheet(document: Mapping[str, Any]) -> dict[str, Any]:
    """What the parties' rows of a table's sheet read (election_facts.py), for the sums."""
    election = document["election"]
    named = {"case": election["case"], "employer": election["employer"], "union": election["union"]}
    return {**named, "observers": document.get("observers", [])} | (
        {"parties": document["parties"]} if "parties" in document else {}
    )


def _deauthorization(document: Mapping[str, Any]) -> bool:
    """Whether the tables counted a UD election (the case number says)."""
    return FormBallot.of_sheet({"case": document["election"]["case"]}).majority_of_eligible


def consolidated_html(document: Mapping[str, Any], shares: ColumnShares = even_shares) -> str:
    """The page as the HTML subset Qt draws; `shares`, how wide the envelope table's
    columns are (the font's to say, `station.sheet.pdf`; the text does not depend on it)."""
    e = _escape
    election = document["election"]
    union = str(election["union"])
    parties = parties_row(_as_sheet(document))  # "Petitioner", or the parties by role
    kinds = bool({"parties", "envelopes"} & set(document))  # more rows: tighter, one page
    padding, tight = ((1 if "envelopes" in document else 2), 1) if kinds else (5, 2)
    lines = document["lines"]
    tables = document["tables"]
    counted = f"{document['counted']:,}"
    if document["ballots"] is not None:
        counted += f" of {document['ballots']:,} ballots in the boxes"
    parts = [
        '<table width="100%" class="head"><tr>'
        f'<td><span class="title">{record_title("Tally of Ballots")}</span><br>'
        f"{COUNT_RECORD}<br>"
        f"National Labor Relations Board &middot; {kind_of_election(_deauthorization(document))}"
        "</td>"
        '<td align="right"><span class="kind">CONSOLIDATED TALLY</span><br>'
        f"{e(tables_counted_statement(len(tables)))}</td>"
        "</tr></table>",
        '<table width="100%" class="case" cellpadding="2">',
        _row("Case", f"<b>{e(election['case'])}</b>", "Prepared", e(document["prepared"])),
        _row("Employer", e(election["employer"]), "Tables", str(len(tables))),
        _row(e(parties[0]), e(parties[1]), "Ballots counted", counted),
        *(
            [_row("", "", "Date issued", e(issued_words(document)))]
            if issued_words(document)
            else []
        ),
        "</table>",
        envelopes_html(document.get("envelopes"), shares=shares),  # a mail ballot's, summed
        # Tighter rows when the envelopes or the lines per union add some: one page.
        f'<table width="100%" class="lines" cellpadding="{padding}" cellspacing="0">',
    ]
    for number, label in numbered_lines(document):
        parts.append(
            f'<tr><td class="no" width="5%">{number}.</td>'
            f'<td width="80%">{e(label)}</td>'
            f'<td class="fig" width="15%" align="right"><b>{lines[number]:,}</b></td></tr>'
        )
    for number in statement_numbers(document):
        parts.append(
            f'<tr><td class="no">{number + "." if number != "runoff" else ""}</td>'
            f'<td colspan="2"><b>{e(document["statements"][number])}</b></td></tr>'
        )
    if objections_words(document):
        parts.append(
            '<tr><td class="no"></td>'
            f'<td class="deadline" colspan="2">{e(objections_words(document))}</td></tr>'
        )
    parts.append("</table>")

    parts.append('<p class="section">The tables</p>')
    parts.append(f'<table width="100%" class="lines" cellpadding="{tight}" cellspacing="0">')
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
            + _kinds_row(table, len(headings) + 1)
            # The key on a line of its own: Qt may break a line at a hyphen in it.
            + f'<tr><td colspan="{len(headings) + 1}" class="role">head <tt>{e(table["head"]["hash"])}'
            f"</tt> (event {table['head']['seq']:,})<br>signed by key"
            f" <tt>{e(table['key'])}</tt> &middot; agent {e(table['agent'])}</td></tr>"
        )
    parts.append("</table>")

    # An election of voting groups: each group's and each pooled unit's tally, on the sums.
    parts.append(groups_html(as_groups_sheet(document)))
    parts.append('<p class="section">Certification of the Board agent</p>')
    parts.append(f"<p>{e(CONSOLIDATION_CERTIFICATION)}</p>")
    parts.append(
        _signature(f"Board agent \u2014 {FOR_THE_REGIONAL_DIRECTOR}", name=document.get("agent"))
    )
    parts.append('<p class="section">Certification of the observers</p>')
    parts.append(f"<p>{e(OBSERVERS_CERTIFICATION)}</p>")
    # One column per party, by role (in an RD case the union is "the Union").
    columns = party_columns(_as_sheet(document), Party.UNION.label(union))
    parts += observers_table(columns, lambda name, width: _signature("", width, name=name))
    parts.append(service_html(_as_sheet(document)))
    return "\n".join(parts)


def _kinds_row(table: Mapping[str, Any], span: int) -> str:
    text = kinds_row_text(table)
    return f'<tr><td colspan="{span}" class="role">{_escape(text)}</td></tr>' if text else ""


def _row(label: str, value: str, label2: str, value2: str) -> str:
    return (
        f'<tr><td class="label" width="13%">{label}</td><td width="37%">{value}</td>'
        f'<td class="label" width="16%">{label2}</td><td width="34%">{value2}</td></tr>'
    )


def _signature(role: str, width: int = 36, *, name: str | None = None) -> str:
    """A blank line to sign on, with the role under it (and the signer's name before it,
    when known: the agent's, from `consolidate --agent`; the observers write theirs).

    An observer's line has no role under it (the column is headed by the party): a line
    saved per block keeps a sheet of three parties, or with a mail ballot's envelopes,
    on one page.
    """
    under = f'<br><span class="role">{_escape(role)}</span>' if role else ""
    if name:
        under = f"<br><b>{_escape(name)}</b>" + (
            f'<br><span class="role">{_escape(role)}</span>' if role else ""
        )
    return f'<p class="sign">&nbsp;<br>{"_" * width}{under}</p>'


def _escape(value: object) -> str:
    return html.escape(str(value), quote=False)
