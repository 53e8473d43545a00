"""The race picture: FOR against AGAINST on one scale, with what could still swing it."""

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from station.domain import Tally
from station.ui.dashboard.theme import DARK, Theme


class RaceBar(QWidget):
    """One bar the width of the valid votes plus the challenged ballots (tally line 7).

    FOR fills it from the left, AGAINST from the right, and the challenged ballots,
    sealed and unread, sit hatched between them. The line in the middle is the
    majority: FOR past it is a majority for the union, AGAINST reaching it means the
    union cannot win on these ballots, and when the hatched part straddles it the
    challenges could still swing the result (tally line 8).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tally = Tally()
        self._theme = DARK
        self.setAccessibleName("Race: FOR against AGAINST with the majority line")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def set_tally(self, tally: Tally) -> None:
        """Draw a new tally (repaints only if it changed)."""
        if tally != self._tally:
            self._tally = tally
            self.update()

    def sizeHint(self) -> QSize:
        return QSize(600, 90)

    def segments(self) -> tuple[float, float, float]:
        """Shares of the bar (FOR, challenged, AGAINST), each between 0 and 1."""
        tally = self._tally
        total = tally.valid_plus_challenged
        if total == 0:
            return 0.0, 0.0, 0.0
        return (
            tally.for_union / total,
            tally.challenged / total,
            tally.against / total,
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        theme, tally = self._theme, self._tally
        painter, track, text_height = start_bar(self, theme)
        width, height = float(self.width()), float(self.height())
        metrics = QFontMetricsF(painter.font())

        for_share, challenged_share, against_share = self.segments()
        for_rect = QRectF(track.left(), track.top(), track.width() * for_share, track.height())
        swing = QRectF(
            for_rect.right(), track.top(), track.width() * challenged_share, track.height()
        )
        against_rect = QRectF(
            track.right() - track.width() * against_share,
            track.top(),
            track.width() * against_share,
            track.height(),
        )
        painter.fillRect(for_rect, QColor(theme.for_colour))
        painter.fillRect(against_rect, QColor(theme.against_colour))
        if swing.width() > 0:
            _hatch(painter, swing, QColor(theme.challenged_colour), max(track.height() / 9, 1.5))
        painter.setPen(QPen(QColor(theme.rule), max(height / 60, 1.0)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(track)

        # The majority line runs through the bar, with its name above it.
        middle = draw_majority(painter, track, text_height, height, theme)
        label = "MAJORITY"
        label_width = metrics.horizontalAdvance(label)
        painter.drawText(
            QRectF(middle - label_width / 2 - 4, 0, label_width + 8, text_height * 0.95),
            Qt.AlignmentFlag.AlignCenter,
            label,
        )

        # Below the bar: FOR at the left, AGAINST at the right, the challenged between.
        below = QRectF(0, track.bottom() + text_height * 0.05, width, text_height)
        left_text = f"FOR {tally.for_union:,}"
        right_text = f"{tally.against:,} AGAINST"
        painter.drawText(
            below, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, left_text
        )
        painter.drawText(
            below, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, right_text
        )
        if tally.challenged:
            # A hatched swatch names the hatched part, in black and white too.
            words = f"{tally.challenged:,} challenged, sealed"
            swatch = text_height * 0.7
            words_width = swatch * 1.3 + metrics.horizontalAdvance(words)
            low = metrics.horizontalAdvance(left_text) + text_height
            high = width - metrics.horizontalAdvance(right_text) - text_height - words_width
            left = min(max(swing.center().x() - words_width / 2, low), max(high, low))
            key = QRectF(left, below.center().y() - swatch / 2, swatch, swatch)
            painter.fillRect(key, QColor(theme.track))
            _hatch(painter, key, QColor(theme.challenged_colour), max(swatch / 4, 1.5))
            painter.setPen(QColor(theme.text))
            painter.drawText(
                QRectF(left + swatch * 1.3, below.top(), words_width, below.height()),
                Qt.AlignmentFlag.AlignVCenter,
                words,
            )
        if tally.valid_plus_challenged == 0:
            painter.setPen(QColor(theme.muted))
            painter.drawText(track, Qt.AlignmentFlag.AlignCenter, "no votes counted yet")
        painter.end()


def start_bar(widget: QWidget, theme: Theme) -> tuple[QPainter, QRectF, float]:
    """A painter on `widget` with the bold label font set, the empty track drawn.

    The bar takes the middle half of the height; a quarter above it and a quarter below
    are for words, in a type sized to them. Returns the painter (to be ended by the
    caller), the track and the height of a line of words.
    """
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    width, height = float(widget.width()), float(widget.height())
    text_height = height * 0.26
    font = QFont(widget.font())
    font.setPixelSize(max(round(text_height * 0.8), 8))
    font.setBold(True)
    painter.setFont(font)
    track = QRectF(0, text_height, width, height - 2 * text_height)
    painter.fillRect(track, QColor(theme.track))
    return painter, track, text_height


def draw_majority(
    painter: QPainter, track: QRectF, text_height: float, height: float, theme: Theme
) -> float:
    """The majority line through the middle of the bar; returns its x, pen set for words."""
    middle = track.center().x()
    painter.setPen(QPen(QColor(theme.text), max(height / 22, 2.0)))
    painter.drawLine(QLineF(middle, track.top() - text_height * 0.15, middle, track.bottom()))
    painter.setPen(QColor(theme.text))
    return middle


def _hatch(painter: QPainter, rect: QRectF, colour: QColor, spacing: float) -> None:
    """Diagonal stripes scaled to the bar, so they stay visible at any resolution."""
    painter.save()
    painter.setClipRect(rect)
    painter.setPen(QPen(colour, max(spacing / 3, 1.0)))
    start = rect.left() - rect.height()
    x = start
    while x < rect.right():
        painter.drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()))
        x += spacing
    painter.restore()
