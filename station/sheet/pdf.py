"""The printed Tally of Ballots: `tally.json`'s facts laid out as a one-page PDF.

The lines follow the order of the NLRB form (docs/rules.md, "The Tally of Ballots"); the
wording is our own. Qt draws the PDF (QTextDocument into QPdfWriter), so the text stays
selectable and `pdftotext` reads it back.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSizeF, Qt, QUuid
from PySide6.QtGui import (
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)

from station import __version__
from station.domain.words import english
from station.verification import sheet_page as page
from station.verification.sheet_page import (
    AGENT_CERTIFICATION as AGENT_CERTIFICATION,
)
from station.verification.sheet_page import (
    CELL_PADDING,
    footer_words,
)
from station.verification.sheet_page import (
    OBSERVERS_CERTIFICATION as OBSERVERS_CERTIFICATION,
)
from station.verification.sheet_page import (
    service_html as service_html,
)

_PAGE_SIZES = {"letter": QPageSize.PageSizeId.Letter, "a4": QPageSize.PageSizeId.A4}


def require_gui() -> None:
    """QPdfWriter and font metrics need an application object; the caller makes it.

    Drawing makes none as a side effect: the windows have theirs (`app.ensure_app`),
    the command line makes one with no screen (`display.ensure_offscreen_app`).
    """
    if QGuiApplication.instance() is None:
        raise RuntimeError(
            "drawing the tally sheet needs a QGuiApplication: make one first"
            " (station.ui.display.ensure_offscreen_app)"
        )


@english
def render_pdf(document: Mapping[str, Any], paper: str = "letter") -> bytes:
    """The PDF of the sheet described by a `tally.json` document, on `paper` (letter, a4).

    Every page carries a footer naming the case, the sheet, the certified head, the
    signing key and "page N of M", so that no page can be read, or swapped, alone.
    """
    sheet = document["sheet"]
    return draw_pdf(
        sheet_html(document),
        lambda number, pages: footer_words(document, number, pages),
        longer=sheet_html(document, certifications_apart=True),
        title=f"{page.record_title('Tally of Ballots')} \u2014 {sheet['case']} \u2014 {sheet['title']}",
        # The same sheet always gets the same document id (the sheet event's hash).
        document_id=document["sheet_event"]["hash"],
        paper=paper,
    )


def draw_pdf(
    body: str,
    footer: Callable[[int, int], str],
    *,
    title: str,
    document_id: str,
    paper: str,
    longer: str | None = None,
) -> bytes:
    """Pages of the sheet's HTML `body`, each with `footer(page, pages)` at its foot.

    `document_id` is a SHA-256 (hex) the PDF's id is made from, so that the same sheet
    always gives the same bytes. `longer` is drawn instead when `body` does not fit one
    page: the same sheet with its certifications starting a page, so that no signature
    line is parted from the certification it signs.
    """
    require_gui()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setPageSize(QPageSize(_PAGE_SIZES[paper]))
    writer.setPageMargins(QMarginsF(15, 12, 15, 10), QPageLayout.Unit.Millimeter)
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator(f"Station {__version__}")
    writer.setDocumentId(QUuid(QUuid.fromString(_uuid_of(document_id))))

    text = sheet_document(body)
    # Lay the text out in the writer's own pixels, so that 10pt prints as 10pt (the
    # default would use the screen's resolution and blow the page up by a third).
    text.documentLayout().setPaintDevice(writer)
    text.setDocumentMargin(0)
    footer_font = _sheet_font(7)
    footer_height = 4.5 * QFontMetricsF(footer_font, writer).height()
    width, body_height = writer.width(), writer.height() - footer_height
    scale = _one_page_scale(text, width, body_height)
    if text.pageCount() > 1 and longer is not None:
        text.setHtml(longer)
    pages = text.pageCount()

    painter = QPainter(writer)
    try:
        for page in range(pages):
            if page:
                writer.newPage()
            painter.save()
            painter.scale(scale, scale)
            painter.translate(0, -page * body_height / scale)
            text.drawContents(
                painter, QRectF(0, page * body_height / scale, width / scale, body_height / scale)
            )
            painter.restore()
            painter.setFont(footer_font)
            painter.drawText(
                QRectF(0, body_height, width, footer_height),
                int(Qt.AlignmentFlag.AlignBottom | Qt.AlignmentFlag.AlignLeft)
                | int(Qt.TextFlag.TextWordWrap),
                footer(page + 1, pages),
            )
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())


def sheet_document(body: str) -> QTextDocument:
    """The sheet's HTML as Qt lays it out (before it is given its pages).

    Every paragraph reads left to right, the sheet's own language: a cell holding only
    a right-to-left name (a union named in Hebrew) would otherwise become a
    right-to-left paragraph, right-aligned against the next column's label. The name
    itself is still drawn right to left, inside its line.
    """
    text = QTextDocument()
    text.setDefaultFont(_sheet_font(10))
    option = text.defaultTextOption()
    option.setTextDirection(Qt.LayoutDirection.LeftToRight)
    text.setDefaultTextOption(option)
    text.setDefaultStyleSheet(_CSS)
    text.setHtml(body)
    return text


# A sheet a little longer than its page (a Revised Tally of several unions, say) is drawn
# up to this much smaller rather than spill a few lines, or an empty block, onto a page 2
# that is nothing but its footer: the parties sign one page.
_SMALLEST_ONE_PAGE = 85  # percent


def _one_page_scale(text: QTextDocument, width: float, height: float) -> float:
    """Lay `text` out on pages of `width` x `height`, and return the scale to draw it at:
    1 when it fits (the sheet as it always was), or the largest scale down to
    `_SMALLEST_ONE_PAGE` that makes it one page (laid out wider, so it still fills the
    width once drawn smaller); 1 again, on several pages, when none does."""
    text.setPageSize(QSizeF(width, height))
    if text.pageCount() == 1:
        return 1.0
    for percent in range(99, _SMALLEST_ONE_PAGE - 1, -1):  # whole percents: same bytes
        scale = percent / 100
        text.setPageSize(QSizeF(width / scale, height / scale))
        if text.pageCount() == 1:
            return scale
    text.setPageSize(QSizeF(width, height))
    return 1.0


def _sheet_font(points: float) -> QFont:
    font = QFont("DejaVu Sans")
    font.setPointSizeF(points)
    # No ligatures: "\ufb01" as one glyph breaks searching and copying the sheet's text.
    for feature in ("liga", "clig"):
        font.setFeature(QFont.Tag(feature), 0)
    return font


def _uuid_of(digest: str) -> str:
    return f"{{{digest[:8]}-{digest[8:12]}-{digest[12:16]}-{digest[16:20]}-{digest[20:32]}}}"


def unprintable(text: str) -> str:
    """The characters of `text` no font of this computer draws (they would print as boxes).

    The sheet's font is DejaVu Sans; Qt draws a character it lacks in another font of
    the computer that has it, and the PDF embeds that font, so the sheet reads the same
    on every computer that opens it.
    """
    require_gui()
    metrics = QFontMetricsF(_sheet_font(10))
    return "".join(
        sorted({ch for ch in text if not ch.isspace() and not metrics.inFontUcs4(ord(ch))})
    )


@english
def sheet_html(document: Mapping[str, Any], *, certifications_apart: bool = False) -> str:
    """The sheet's HTML (`sheet_page.sheet_html`), its envelope table's columns as wide as
    this computer's font needs them."""
    return page.sheet_html(
        document, certifications_apart=certifications_apart, shares=column_shares
    )


def envelopes_html(
    figures: Mapping[str, int] | None,
    eligible: object = None,
    *,
    revised: bool = False,
    ballots: object = None,
) -> str:
    """A mail ballot's envelope figures (`sheet_page.envelopes_html`), its columns as wide
    as this computer's font needs them."""
    return page.envelopes_html(
        figures, eligible, revised=revised, ballots=ballots, shares=column_shares
    )


# The narrower paper's width inside the margins (A4: 210 mm less 2 x 15), in points; a
# table cell's padding (HTML pixels, 1/96 inch), and what it and the cell's borders take
# of the column's width, in points, with one to spare.
_BODY_POINTS = (210 - 2 * 15) / 25.4 * 72
_CELL_POINTS = 2 * (CELL_PADDING + 1) * 72 / 96 + 1


def column_shares(cells: Sequence[tuple[str, str]]) -> list[float]:
    """Each column's share of a full-width table, in percent, for cells of a label over a
    bold figure: first its widest word, then the width left over after its label's whole
    length. Qt shares a table's width out by the cells' whole text alone, and breaks a
    word its column is then too narrow for ("Voi" over "d")."""
    points = QImage(1, 1, QImage.Format.Format_Mono)  # measured at 72 dpi: in points
    points.setDotsPerMeterX(round(72 / 0.0254))
    points.setDotsPerMeterY(round(72 / 0.0254))
    font = _sheet_font(10)
    plain = QFontMetricsF(font, points)
    font.setBold(True)
    bold = QFontMetricsF(font, points)
    floors = [
        max(
            max((plain.horizontalAdvance(word) for word in label.split()), default=0.0),
            bold.horizontalAdvance(figure),
        )
        + _CELL_POINTS
        for label, figure in cells
    ]
    wholes = [plain.horizontalAdvance(label) for label, _ in cells]
    spare = max(_BODY_POINTS - sum(floors), 0.0)
    widths = [
        floor + spare * whole / sum(wholes) for floor, whole in zip(floors, wholes, strict=True)
    ]
    return [round(100 * width / sum(widths), 1) for width in widths]


_CSS = """
body { font-family: 'DejaVu Sans', 'Helvetica', sans-serif; font-size: 10pt; }
.title { font-size: 20pt; font-weight: bold; }
.kind { font-size: 13pt; font-weight: bold; }
.case { margin-top: 6px; margin-bottom: 6px; }
.label { color: #444444; }
.lines td { border-bottom: 1px solid #999999; }
.colhead { font-size: 8pt; }
.decision { font-size: 8.5pt; margin-top: 2px; margin-bottom: 0px; }
.no { font-weight: bold; }
.fig { font-size: 12pt; }
.section { font-size: 12pt; font-weight: bold; margin-top: 10px; margin-bottom: 4px; }
.was { font-size: 9pt; color: #444444; }
.service { margin-top: 10px; }
.deadline { font-size: 9pt; }
.notice { margin-top: 4px; margin-bottom: 6px; border-color: #000000; }
.sign { font-size: 10pt; margin-top: 2px; }
.party { font-weight: bold; color: #444444; margin-top: 4px; }
.role { color: #444444; font-size: 9pt; }
tt { font-family: 'DejaVu Sans Mono', monospace; }
"""
