"""The tally sheet's page, from its document alone: the HTML Qt draws and its text.

`sheet_html` is the sheet as the HTML subset Qt's QTextDocument renders
(`station.sheet.pdf` draws it onto pages, with `footer_words` at each page's foot);
`sheet_text` is the text of that HTML, block by block in the order it is drawn, which
is what `verify` reads back from `tally.pdf` and compares whole (`pdf_text`). Both are
computed here, from `tally.json`'s document, so the page and its check can never say
different things. No Qt: what only a font can tell (how wide a column must be) is
handed in (`ColumnShares`).
"""

import html
from collections.abc import Callable, Mapping, Sequence
from html.parser import HTMLParser
from typing import Any

from station.domain.election import DEMO_CASE
from station.domain.election_facts import parties_row, party_columns, service_parties
from station.domain.envelopes import counted_together_statement, figure_labels, opened_of
from station.domain.mail_statements import over_accepted_statement
from station.domain.parties import Party
from station.domain.statements import accounted_statement
from station.domain.table_statements import table_title
from station.domain.tally_form import FormBallot, line_words, printed_lines
from station.domain.words import english
from station.verification.form_words import (
    FOR_THE_REGIONAL_DIRECTOR,
    SERVICE_ACKNOWLEDGED,
    correction_words,
    election_words,
    issued_words,
    objections_words,
    replaced_heading,
    replaced_sentence,
    replaced_words,
    rerun_words,
    revised_of_tables_words,
    runoff_words,
    type_words,
)
from station.verification.group_pdf import groups_html
from station.verification.revised_pdf import decision_paragraphs, revised_rows, sheet_columns
from station.verification.witnessed import FACT as WITNESSED
from station.verification.witnessed import witnessed_seq, witnesses

ColumnShares = Callable[[Sequence[tuple[str, str]]], list[float]]
"""Each column's share of a full-width table, in percent, for cells of (label, figure):
a layout the font decides (`station.sheet.pdf`); the text does not depend on it."""


def even_shares(cells: Sequence[tuple[str, str]]) -> list[float]:
    """Columns of one width: enough for the text, which is all the core needs."""
    return [round(100 / len(cells), 1)] * len(cells)


CELL_PADDING = 4  # of the envelope table's cells, in HTML pixels (1/96 inch)

# What the Board agent certifies is the tabulation, as on the Board's Tally of Ballots
# (Form NLRB-760: "the results of the tabulation of ballots cast"): not who was present
# (a count may have no observers) and not Station's journal (its foot and signature).
AGENT_CERTIFICATION = (
    "The undersigned agent of the Regional Director certifies that the figures above are"
    " the results of the tabulation of ballots cast in the election held in the above case."
)
COUNT_RECORD = (
    "The record of the count made with Station, from which the official Tally of Ballots"
    " (Form NLRB-760) is prepared; it is not the Agency's form."
)
"""Under a sheet's title: what the sheet is, where a Region looks first."""
OBSERVERS_CERTIFICATION = (
    "We, the observers named below, each acting for the party shown, certify that the"
    " ballots were counted fairly and accurately in our presence, that the secrecy of every"
    " ballot was kept, and that the results are as shown above."
)
_BLANK_OBSERVER_LINES = 2  # handwritten names when none were entered
WITNESSES_HEADING = "Witnessed by the parties' witnesses"


def witnesses_statement(seq: int) -> str:
    """What a witness's cosignature on the sheet proves, in one plain sentence."""
    return (
        f"Each witness below cosigned the count record as it stood at journal event {seq:,}:"
        " it saw this history of the count up to that event, and will refuse to cosign any"
        " other."
    )


@english
def sheet_text(document: Mapping[str, Any]) -> list[str]:
    """The sheet's text above its footers, block by block in the order Qt draws it: each
    paragraph, table cell or line of a cell (`<br>`) one string, its white space made one
    space. A sheet too long for one page is the same text (`certifications_apart` only
    moves a page break)."""
    return html_text(sheet_html(document))


def html_text(markup: str) -> list[str]:
    """The text of the HTML subset the sheet is drawn in, block by block, in order."""
    reader = _BlockReader()
    reader.feed(markup)
    reader.close()
    return reader.blocks()


class _BlockReader(HTMLParser):
    """Text gathered between the tags that start or end a block of Qt's rich text."""

    _BREAKS = frozenset({"p", "td", "tr", "table", "br"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self._blocks: list[str] = [""]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BREAKS:
            self._blocks.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._BREAKS:
            self._blocks.append("")

    def handle_data(self, data: str) -> None:
        self._blocks[-1] += data

    def blocks(self) -> list[str]:
        found = (" ".join(block.split()) for block in self._blocks)
        return [block for block in found if block]


@english
def footer_words(document: Mapping[str, Any], page: int, pages: int) -> str:
    """The foot of page `page` of `pages`: the case, the sheet, the certified head, the
    signing key and the page, so that no page can be read, or swapped, alone."""
    sheet = document["sheet"]
    return (
        f"Case {_case_words(document)} \u00b7 {_kind_words(sheet).lower()} \u00b7 certifies journal"
        f" events 1\u2013{sheet['head']['seq']:,}, head {sheet['head']['hash']}\n"
        f"Prepared at journal event {document['sheet_event']['seq']:,} ({sheet['prepared']})"
        f" \u00b7 election {document['election']['election_id']}\n"
        # FINGERPRINT, not the key above: only a fingerprint written down at the count
        # tells this station's key from a forger's (docs/observer.md).
        f"Signing key {sheet['key']} \u00b7 check with: station verify FOLDER --key FINGERPRINT"
        f" \u00b7 page {page} of {pages}"
    )


@english
def sheet_html(
    document: Mapping[str, Any],
    *,
    certifications_apart: bool = False,
    shares: ColumnShares = even_shares,
) -> str:
    """The sheet as the HTML subset QTextDocument renders; with `certifications_apart`,
    the certifications and their signature lines start a new page (a sheet too long for
    one page)."""
    sheet = document["sheet"]
    union = str(sheet["union"])
    e = _escape
    # An election of voting groups has no lines of its own: each group's and pooled
    # unit's tally follows (`groups_html`), and nothing adds them up.
    grouped = "groups" in sheet
    lines = sheet.get("lines") or {}
    parties = parties_row(sheet)  # "Petitioner", or the parties by role
    parts = [
        '<table width="100%" class="head"><tr>'
        f'<td><span class="title">{record_title(_title_words(sheet))}</span><br>'
        f"{COUNT_RECORD}<br>"
        f"National Labor Relations Board &middot; {_election_words(sheet)}"
        f"{'<br>' + e(runoff_words(sheet)) if runoff_words(sheet) else ''}"
        f"{'<br>' + e(rerun_words(sheet)) if sheet.get('rerun_of') else ''}"
        f"{'<br>' + e(revised_of_tables_words(sheet)) if revised_of_tables_words(sheet) else ''}"
        "</td>"
        f'<td align="right"><span class="kind">{e(_kind_words(sheet))}</span></td>'
        "</tr></table>",
        '<table width="100%" class="case" cellpadding="2">',
        _row("Case", f"<b>{e(_case_words(document))}</b>", "Date of count", e(sheet["count_date"])),
        _row("Employer", e(sheet["employer"]), "Place of count", e(sheet["place"] or "")),
        _row(e(parties[0]), e(parties[1]), "Ballots counted", _counted_words(sheet)),
        # No "Type" with nothing beside it: a type not given at `station new` is left out.
        _row(
            "Type" if type_words(sheet) else "",
            e(type_words(sheet)),
            "Date issued",
            e(issued_words(sheet)),
        ),
        *(
            [f'<tr><td class="label">Unit</td><td colspan="3">{e(sheet["unit"])}</td></tr>']
            if sheet.get("unit")
            else []
        ),
        "</table>",
    ]
    parts.append(_notice(sheet))
    # a mail ballot's envelope stage (warned if more were accepted than line 1's voters)
    revised = "columns" in sheet  # a sheet after a decision: three columns, tighter rows
    parts.append(
        envelopes_html(
            sheet.get("envelopes"),
            _eligible(sheet),
            revised=revised,
            ballots=sheet.get("ballots"),
            shares=shares,
        )
    )
    parts.append(
        f'<table width="100%" class="lines" cellpadding="{2 if revised else 4}" cellspacing="0">'
    )
    if revised:
        parts += revised_rows(sheet, union)
    # 3a, 3b, … on a ballot of several unions
    replaced = "correction" in sheet  # a corrected tally: the figures it replaces, beside
    if replaced and not revised:
        parts.append(
            '<tr><td></td><td></td><td></td><td class="colhead" align="right">'
            f"{e(replaced_heading(sheet))}</td></tr>"
        )
    numbered = () if revised or "lines" not in sheet else printed_lines(_ballot(sheet))
    for number in [line.number for line in numbered]:
        beside = (
            f'<td class="was" width="17%" align="right">{e(replaced_words(sheet, number))}</td>'
            if replaced
            else ""
        )
        parts.append(
            f'<tr><td class="no" width="5%">{number}.</td>'
            f'<td width="{63 if replaced else 80}%">{e(_line_label(number, sheet))}</td>'
            f'<td class="fig" width="15%" align="right"><b>{lines[number]:,}</b></td>{beside}</tr>'
        )
    # the label and every column (and a corrected tally's figures replaced)
    span = 1 + len(sheet_columns(sheet)) if revised else 2 + replaced
    # "N of M" made of the lines, when a ballot counted is on none or line 6 holds more
    accounted = accounted_statement(lines, sheet.get("apart") or {})
    if accounted:
        parts.append(
            f'<tr><td class="no"></td><td class="deadline" colspan="{span}">{e(accounted)}</td></tr>'
        )
    statements = sheet.get("statements") or {}
    for number in [n for n in ("8", "9", "runoff") if n in statements]:
        parts.append(
            f'<tr><td class="no">{number + "." if number != "runoff" else ""}</td>'
            f'<td colspan="{span}"><b>{e(statements[number])}</b></td></tr>'
        )
    deadline = objections_words(sheet)
    if deadline:
        parts.append(
            f'<tr><td class="no"></td><td class="deadline" colspan="{span}">{e(deadline)}</td></tr>'
        )
    parts.append("</table>")
    if revised or (grouped and "decisions" in sheet):
        parts.append(decision_paragraphs(sheet))
        if replaced_sentence(sheet):
            parts.append(f'<p class="decision">{e(replaced_sentence(sheet))}</p>')

    # An election of voting groups: each group's and each pooled unit's tally.
    if grouped:
        parts.append(groups_html(sheet))
    parts.append(witnesses_html(sheet))
    apart = ' style="page-break-before: always"' if certifications_apart or grouped else ""
    parts.append(f'<p class="section"{apart}>Certification of the Board agent</p>')
    parts.append(f"<p>{e(AGENT_CERTIFICATION)}</p>")
    parts.append('<table width="100%" cellpadding="2">')
    agent = _signature(str(sheet["agent"]), "Board agent", below=FOR_THE_REGIONAL_DIRECTOR)
    parts.append(f"<tr><td>{agent}</td></tr>")
    parts.append("</table>")

    parts.append('<p class="section">Certification of the observers</p>')
    parts.append(f"<p>{e(OBSERVERS_CERTIFICATION)}</p>")
    columns = party_columns(sheet, Party.UNION.label(union))  # one per party, by role
    parts += observers_table(columns, lambda name, width: _signature(name, "", width))
    if document["election"].get("table") is None:  # one table's sheet is not the tally served
        parts.append(service_html(sheet))

    return "\n".join(parts)


KEEP = "white-space: nowrap"
"""A cell kept on one line: Qt shares a table's width by its cells' whole text and would
break a time from its "UTC"; a long witness name wraps in its own cell instead."""


def witnesses_html(sheet: Mapping[str, Any]) -> str:
    """The parties' witnesses whose cosignatures the sheet records (`witnessed`), one row
    each: the witness key's name, its key ID, when it cosigned (UTC) and to which event;
    nothing on a sheet without them."""
    found = witnesses(sheet.get(WITNESSED))
    seq = witnessed_seq(sheet.get(WITNESSED))
    if not found or seq is None:
        return ""
    e = _escape
    rows = "".join(
        f"<tr><td>{e(witness.name)}</td>"
        f'<td style="{KEEP}">key ID {witness.key_id}</td>'
        f'<td style="{KEEP}">cosigned {witness.utc}</td>'
        f'<td style="{KEEP}">to event {seq:,}</td></tr>'
        for witness in found
    )
    return (
        f'<p class="section">{WITNESSES_HEADING}</p>'
        f"<p>{e(witnesses_statement(seq))}</p>"
        f'<table width="100%" cellpadding="2">{rows}</table>'
    )


def service_html(sheet: Mapping[str, Any]) -> str:
    """The parties' acknowledgment of service: a signature line for each, by role and name."""
    served = service_parties(sheet)
    width = 72 // len(served)
    cells = "".join(
        f'<td width="{100 // len(served)}%" valign="top"><p class="sign">&nbsp;<br>{"_" * width}'
        f'<br><span class="role">For the {_escape(role)} ({_escape(name)}), date</span></p></td>'
        for role, name in served
    )
    return (
        f'<p class="service"><b>Service of the tally.</b> {SERVICE_ACKNOWLEDGED}</p>'
        f'<table width="100%" cellpadding="2"><tr>{cells}</tr></table>'
    )


def _case_words(document: Mapping[str, Any]) -> str:
    """The case number, and the table for one table's sheet of a count at several."""
    table = document["election"].get("table")
    case = str(document["sheet"]["case"])
    return case if table is None else f"{case} \u2014 {table_title(table)}"


def envelopes_html(
    figures: Mapping[str, int] | None,
    eligible: object = None,
    *,
    revised: bool = False,
    ballots: object = None,
    shares: ColumnShares = even_shares,
) -> str:
    """The envelope figures of a mail ballot, above lines 1-9 (nothing for a count at a poll).

    On a revised sheet the challenged envelopes may since have been opened by the
    decision: their cell says what the stage did, and line 6's columns what became of them;
    `ballots`, the sheet's box, then holds them beside the mail and the polls' ballots.
    """
    if not figures:
        return ""
    over = (
        over_accepted_statement(
            opened_of(figures) + figures.get("at_polls", 0), eligible, "eligible voters (line 1)"
        )
        if isinstance(eligible, int)
        else ""
    )
    warning = f'<p class="section">{_escape(over)}</p>' if over else ""
    labels = figure_labels(figures, revised=revised)
    widths = shares([(label, f"{figures[key]:,}") for key, label in labels])
    cells = "".join(
        f'<td align="center" width="{share}%">{label}<br><b>{figures[key]:,}</b></td>'
        for (key, label), share in zip(labels, widths, strict=True)
    )
    together = counted_together_statement(figures, ballots)
    modes = f'<p class="section">{_escape(together)}</p>' if together else ""
    return (
        '<p class="section">Mail ballots: the envelope stage</p>'
        '<table width="100%" border="1" cellspacing="0"'
        f' cellpadding="{CELL_PADDING}"><tr>{cells}</tr></table>'
        f"{modes}{warning}"
    )


def _kind_words(sheet: Mapping[str, Any]) -> str:
    if sheet["case"] == DEMO_CASE:
        return f"DEMO \u2014 {_kind_words({**sheet, 'case': ''})}"
    if sheet["kind"] == "interim":
        return "INTERIM TALLY"
    if ("columns" in sheet or "decisions" in sheet) and str(sheet["title"]) == "Revised":
        return "REVISED TALLY"
    if sheet["revision"]:
        return "CORRECTED TALLY" + (f" {sheet['revision']}" if sheet["revision"] > 1 else "")
    return "FINAL TALLY"


def _title_words(sheet: Mapping[str, Any]) -> str:
    """The Board's words: a Revised Tally counts opened challenges, a Corrected one fixes
    a mistake (a sheet exported before Station used them keeps its plain title)."""
    title = str(sheet.get("title", ""))
    if title == "Revised" or title.startswith("Corrected"):
        return f"{title.split()[0]} Tally of Ballots"
    return "Tally of Ballots"


def record_title(title: str) -> str:
    """ "Count record: Tally of Ballots": the title of a sheet made with Station, which
    is the count's record, not the Board's form of that name (`COUNT_RECORD`)."""
    return f"Count record: {title}"


def _counted_words(sheet: Mapping[str, Any]) -> str:
    counted, ballots = sheet["counted"], sheet["ballots"]
    if ballots is None:
        return f"{counted:,}"
    words = f"{counted:,} of {ballots:,} ballots in the box"
    if counted < ballots:
        return f"{words} &mdash; <b>{ballots - counted:,} not counted</b>"
    if counted > ballots:
        return f"{words} &mdash; <b>{counted - ballots:,} more than the box held</b>"
    return words


def _notice(sheet: Mapping[str, Any]) -> str:
    words = _notice_words(sheet)
    if sheet["case"] == DEMO_CASE:
        demo = (
            "DEMO \u2014 not a real election. This sheet was made with the demo of Station"
            " (station demo); it certifies nothing."
        )
        words = f"{demo} {words}" if words else demo
    if not words:
        return ""
    # Qt's rich text draws borders on tables, not on paragraphs.
    return (
        '<table width="100%" border="1" cellspacing="0" cellpadding="6" class="notice">'
        f"<tr><td><b>{words}</b></td></tr></table>"
    )


def _notice_words(sheet: Mapping[str, Any]) -> str:
    if sheet["kind"] == "interim":
        return (
            "Interim tally: the count was paused and will resume."
            " These figures are not the result of the election."
        )
    if sheet["supersedes"]:
        superseded = sheet["supersedes"]
        reason = correction_words(sheet)
        return (
            # Named by its event, as a Board agent finds it in the journal; its hash
            # is the file's (`supersedes`) and the footer's, not the sentence's.
            f"This tally supersedes the final tally prepared at journal event"
            f" {superseded['seq']:,}, which remains a true record of the count as it stood"
            " then." + (f" {_escape(reason)}" if reason else "")
        )
    return ""


def _row(label: str, value: str, label2: str, value2: str) -> str:
    return (
        f'<tr><td class="label" width="13%">{label}</td><td width="37%">{value}</td>'
        f'<td class="label" width="16%">{label2}</td><td width="34%">{value2}</td></tr>'
    )


def observers_table(
    columns: Sequence[tuple[str, Sequence[str]]], signature: Callable[[str, int], str]
) -> list[str]:
    """The observers' signature lines, a column per party, side by side, as the parties
    sit at the count; the HTML's parts. The headings stand in a row of their own: one
    that wraps to two lines never pushes its column's lines below the others'.
    `signature(name, width)` draws one line `width` underscores long, with the name
    entered for it, or "" where none was (`_BLANK_OBSERVER_LINES` such lines)."""
    share = f"{100 // len(columns)}%"
    parts = ['<table width="100%" cellpadding="2"><tr>']
    for title, _ in columns:
        heading = f'<p class="party">{_escape(title)}</p>'
        parts.append(f'<td width="{share}" valign="bottom">{heading}</td>')
    parts.append("</tr><tr>")
    width = 72 // len(columns)  # 36 underscores in each of two columns, as ever
    for _, names in columns:
        blank = [""] * _BLANK_OBSERVER_LINES
        blocks = "".join(signature(name, width) for name in names or blank)
        parts.append(f'<td width="{share}" valign="top">{blocks}</td>')
    parts.append("</tr></table>")
    return parts


def _signature(name: str, role: str, line: int = 36, below: str = "") -> str:
    """A signature line; `line` underscores long (shorter in three or more columns)."""
    printed = f"<b>{_escape(name)}</b>" if name else "&nbsp;"
    role_words = f', <span class="role">{_escape(role)}</span>' if role else ""
    under = f'<br><span class="role">{_escape(below)}</span>' if below else ""
    return f'<p class="sign">&nbsp;<br>{"_" * line}<br>{printed}{role_words}{under}</p>'


def _escape(value: object) -> str:
    return html.escape(str(value), quote=False)


def _eligible(sheet: Mapping[str, Any]) -> object:
    """The election's eligible voters, against which accepted envelopes are warned of:
    line 1, or in an election of voting groups every group's line 1."""
    if "lines" in sheet:
        return sheet["lines"].get("1")
    return sum(int(group["lines"]["1"]) for group in sheet.get("groups") or ())


def _ballot(sheet: Mapping[str, Any]) -> FormBallot:
    return FormBallot.of_sheet(sheet)


def _line_label(number: str, sheet: Mapping[str, Any]) -> str:
    """A line's words; line 3a, 3b, … names its union (a ballot of several)."""
    return line_words(number, _ballot(sheet))


def _election_words(sheet: Mapping[str, Any]) -> str:
    """ "representation election", "deauthorization election", "runoff election" (29 CFR
    102.70), "rerun election"."""
    return election_words(sheet)
