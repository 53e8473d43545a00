"""The printed Tally of Ballots: `tally.json`'s facts laid out as a one-page PDF.

The lines follow the order of the NLRB form (DOMAIN.md); the wording is our own. Qt
draws the PDF (QTextDocument into QPdfWriter), so the text stays selectable and
`pdftotext` reads it back.
"""

import html
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF
from PySide6.QtGui import QFont, QGuiApplication, QPageLayout, QPageSize, QPdfWriter, QTextDocument
from PySide6.QtWidgets import QApplication

from station import __version__
from station.domain.tally_sheet import Party, line_label

_PAGE_SIZES = {"letter": QPageSize.PageSizeId.Letter, "a4": QPageSize.PageSizeId.A4}

AGENT_CERTIFICATION = (
    "I certify that the ballots cast in this election were counted under my supervision,"
    " in the presence of the observers named below, and that the figures above are the"
    " result of that count as recorded, call by call, in the journal identified at the foot"
    " of this sheet."
)
OBSERVERS_CERTIFICATION = (
    "We, the observers named below, each acting for the party shown, certify that the"
    " ballots were counted fairly and accurately in our presence, that the secrecy of every"
    " ballot was kept, and that the results are as shown above."
)
_BLANK_OBSERVER_LINES = 2  # handwritten names when none were entered


def ensure_gui() -> None:
    """QPdfWriter needs an application object; the command line makes one with no screen.

    A QApplication (not just a QGuiApplication), so that windows opened later in the
    same process still work.
    """
    if QGuiApplication.instance() is None:
        QApplication(["station", "-platform", "offscreen"])


def render_pdf(document: Mapping[str, Any], paper: str = "letter") -> bytes:
    """The PDF of the sheet described by a `tally.json` document, on `paper` (letter, a4)."""
    ensure_gui()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(_PAGE_SIZES[paper]))
    writer.setPageMargins(QMarginsF(15, 12, 15, 12), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    sheet = document["sheet"]
    writer.setTitle(f"Tally of Ballots — {sheet['case']} — {sheet['title']}")
    writer.setCreator(f"Station {__version__}")

    text = QTextDocument()
    font = QFont("DejaVu Sans", 10)
    # No ligatures: "ﬁ" as one glyph breaks searching and copying the sheet's text.
    for feature in ("liga", "clig"):
        font.setFeature(QFont.Tag(feature), 0)
    text.setDefaultFont(font)
    text.setDefaultStyleSheet(_CSS)
    text.setHtml(sheet_html(document))
    # Lay the text out in the writer's own pixels, so that 9pt prints as 9pt (the
    # default would use the screen's resolution and blow the page up by a third).
    text.documentLayout().setPaintDevice(writer)
    text.setPageSize(QSizeF(writer.width(), writer.height()))
    text.setDocumentMargin(0)
    text.print_(writer)
    buffer.close()
    return bytes(data.data())


def sheet_html(document: Mapping[str, Any]) -> str:
    """The sheet as the HTML subset QTextDocument renders."""
    sheet = document["sheet"]
    union = str(sheet["union"])
    e = _escape
    lines = sheet["lines"]
    parts = [
        '<table width="100%" class="head"><tr>'
        '<td><span class="title">Tally of Ballots</span><br>'
        "National Labor Relations Board &middot; representation election</td>"
        f'<td align="right"><span class="kind">{e(_kind_words(sheet))}</span></td>'
        "</tr></table>",
        '<table width="100%" class="case" cellpadding="2">',
        _row("Case", f"<b>{e(sheet['case'])}</b>", "Date of count", e(sheet["count_date"])),
        _row("Employer", e(sheet["employer"]), "Place of count", e(sheet["place"] or "")),
        _row("Petitioner", e(union), "Ballots counted", _counted_words(sheet)),
        "</table>",
    ]
    parts.append(_notice(sheet))
    parts.append('<table width="100%" class="lines" cellpadding="5" cellspacing="0">')
    for number in ("1", "2", "3", "4", "5", "6", "7"):
        parts.append(
            f'<tr><td class="no" width="5%">{number}.</td>'
            f'<td width="80%">{e(line_label(number, union))}</td>'
            f'<td class="fig" width="15%" align="right"><b>{lines[number]:,}</b></td></tr>'
        )
    for number in ("8", "9"):
        parts.append(
            f'<tr><td class="no">{number}.</td>'
            f'<td colspan="2"><b>{e(sheet["statements"][number])}</b></td></tr>'
        )
    parts.append("</table>")

    parts.append('<p class="section">Certification of the Board agent</p>')
    parts.append(f"<p>{e(AGENT_CERTIFICATION)}</p>")
    parts.append('<table width="100%" cellpadding="2">')
    parts.append(f"<tr><td>{_signature(str(sheet['agent']), 'Board agent')}</td></tr>")
    parts.append("</table>")

    parts.append('<p class="section">Certification of the observers</p>')
    parts.append(f"<p>{e(OBSERVERS_CERTIFICATION)}</p>")
    # One column per party, side by side, as the parties sit at the count.
    parts.append('<table width="100%" cellpadding="2"><tr>')
    for party in Party:
        names = [o["name"] for o in sheet["observers"] if o["party"] == party.value]
        role = f"For {party.label(union)}"
        blocks = "".join(_signature(name, role) for name in names or [""] * _BLANK_OBSERVER_LINES)
        parts.append(f'<td width="50%" valign="top">{blocks}</td>')
    parts.append("</tr></table>")

    head = sheet["head"]
    parts.append(
        '<p class="foot">'
        f"Certified record: journal events 1&ndash;{head['seq']:,}, head hash"
        f" <tt>{e(head['hash'])}</tt><br>"
        f"Prepared at journal event {document['sheet_event']['seq']:,}"
        f" ({e(sheet['prepared'])}) &middot; election {e(document['election']['election_id'])}<br>"
        f"Signing key fingerprint <tt>{e(sheet['key'])}</tt> &middot;"
        " check this sheet against its files with <tt>station verify FOLDER</tt></p>"
    )
    return "\n".join(parts)


def _kind_words(sheet: Mapping[str, Any]) -> str:
    if sheet["kind"] == "interim":
        return "INTERIM TALLY"
    if sheet["revision"]:
        return f"REVISED TALLY — REVISION {sheet['revision']}"
    return "FINAL TALLY"


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
    if sheet["kind"] == "interim":
        return (
            '<p class="notice">Interim tally: the count was paused and will resume.'
            " These figures are not the result of the election.</p>"
        )
    superseded = sheet["supersedes"]
    if superseded:
        return (
            f'<p class="notice">This revision supersedes the tally prepared at journal event'
            f" {superseded['seq']:,} (event hash <tt>{_escape(superseded['hash'][:16])}</tt>),"
            " which remains a true record of the count as it stood then.</p>"
        )
    return ""


def _row(label: str, value: str, label2: str, value2: str) -> str:
    return (
        f'<tr><td class="label" width="13%">{label}</td><td width="37%">{value}</td>'
        f'<td class="label" width="16%">{label2}</td><td width="34%">{value2}</td></tr>'
    )


def _signature(name: str, role: str) -> str:
    printed = _escape(name) if name else "&nbsp;"
    return (
        '<p class="sign">&nbsp;<br>&nbsp;<br>__________________________________<br>'
        f'<b>{printed}</b><br><span class="role">{_escape(role)}</span></p>'
    )


def _escape(value: object) -> str:
    return html.escape(str(value), quote=False)


_CSS = """
body { font-family: 'DejaVu Sans', 'Helvetica', sans-serif; font-size: 10pt; }
.title { font-size: 20pt; font-weight: bold; }
.kind { font-size: 13pt; font-weight: bold; }
.case { margin-top: 6px; margin-bottom: 6px; }
.label { color: #444444; }
.lines td { border-bottom: 1px solid #999999; }
.no { font-weight: bold; }
.fig { font-size: 12pt; }
.section { font-size: 12pt; font-weight: bold; margin-top: 14px; }
.notice { font-weight: bold; border: 1px solid #000000; padding: 4px; }
.sign { font-size: 10pt; margin-top: 6px; }
.role { color: #444444; font-size: 9pt; }
.foot { font-size: 7.5pt; color: #333333; margin-top: 18px; }
tt { font-family: 'DejaVu Sans Mono', monospace; }
"""
