"""The last calls as they land: a big flash for the newest and a ticker of the ones before."""

from collections.abc import Iterable

from PySide6.QtCore import QEasingCurve, QRectF, QSize, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from station.domain import Change
from station.domain.describe import PLAIN_WORDS, Words, is_correction
from station.domain.ticker import CORRECTION_TAG, ROWS, line_for, ticker_rows
from station.domain.words import say
from station.ui.contrast import blend, legible_on
from station.ui.dashboard.theme import DARK, Theme

FLASH_MS = 1600
FLASH_INK = "#000000"  # the words on the lit flash, in either theme

__all__ = ["CORRECTION_TAG", "ROWS", "CallFlash", "Ticker", "line_for"]


class CallFlash(QWidget):
    """The newest call in large type, lit up as it lands and fading to plain.

    A correction carries its arrow and the word CORRECTION, so it can never be
    mistaken for a new call, in colour or in black and white.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words: Words = PLAIN_WORDS  # the election's: what a vote is for, who challenged
        self._text = ""
        self._correction = False
        self._glow = 0.0
        self._theme = DARK
        self.setAccessibleName(self.tr("Last call"))  # its call is the description
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(1.0)
        self._animation.setEndValue(0.0)
        self._animation.setDuration(FLASH_MS)
        self._animation.setEasingCurve(QEasingCurve.Type.InQuad)
        self._animation.valueChanged.connect(self._on_animation_value_changed)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def text(self) -> str:
        """The words shown."""
        return self._text

    def is_lit(self) -> bool:
        """Whether the highlight of a call that just landed is still showing."""
        return self._glow > 0.0

    def clear(self) -> None:
        """Show nothing: no ballot has been called yet."""
        self._animation.stop()
        self._text, self._correction, self._glow = "", False, 0.0
        self.setAccessibleDescription("")
        self.update()

    def show_change(self, change: Change, *, animate: bool = True) -> None:
        """Show this change; light it up if it just happened."""
        self._text = line_for(change, self.words)
        self._correction = is_correction(change)
        self.setAccessibleDescription(self._text)
        self._animation.stop()
        if animate:
            self._glow = 1.0
            self._animation.start()
        else:
            self._glow = 0.0
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(500, 80)

    def _on_animation_value_changed(self, value: object) -> None:
        self._glow = float(value) if isinstance(value, float | int) else 0.0
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = self._theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect())
        radius = rect.height() * 0.12
        painter.setPen(QPen(QColor(theme.rule), max(rect.height() / 40, 1.0)))
        painter.setBrush(QColor(theme.panel))
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        glow = QColor(theme.flash)
        glow.setAlphaF(self._glow)
        if self._glow > 0:
            painter.setBrush(glow)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
        # The words in whichever ink reads best on the glow as it fades: dark on the lit
        # yellow whatever the theme, the theme's own on the panel it fades to.
        under = blend(theme.flash, theme.panel, self._glow)
        painter.setPen(QColor(legible_on(under, theme.text, FLASH_INK)))
        font = QFont(self.font())
        font.setBold(True)
        pad = rect.height() * 0.12
        inner = rect.adjusted(pad * 2, pad, -pad * 2, -pad)
        if self._correction:
            tag_font = QFont(font)
            tag_font.setPixelSize(max(round(inner.height() * 0.3), 7))
            painter.setFont(tag_font)
            tag_rect = QRectF(inner.left(), inner.top(), inner.width(), inner.height() * 0.34)
            painter.drawText(tag_rect, Qt.AlignmentFlag.AlignLeft, say(CORRECTION_TAG))
            inner.setTop(tag_rect.bottom())
        size = inner.height() * 0.8
        font.setPixelSize(max(round(size), 8))
        advance = QFontMetricsF(font).horizontalAdvance(self._text)
        if advance > inner.width() > 0:
            font.setPixelSize(max(round(size * inner.width() / advance * 0.98), 7))
        painter.setFont(font)
        painter.drawText(
            inner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self._text
        )
        painter.end()


class Ticker(QWidget):
    """The last calls, newest on top; corrections on a band with an arrow and a tag."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words: Words = PLAIN_WORDS  # the election's: what a vote is for, who challenged
        self._rows: list[tuple[str, bool, bool]] = []  # text, correction, session event
        self.rows = ROWS  # how many are drawn: fewer, and larger, in a narrow dashboard
        self._theme = DARK
        self.setAccessibleName(self.tr("Last calls"))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.update()

    def show_changes(self, changes: Iterable[Change]) -> None:
        """Show the newest `ROWS` of these changes (given oldest first).

        The station opening and closing the count are quieter rows; a clean close and
        the next opening are one ("opened" above "closed" read backwards); a challenged
        ballot is one row, completed when its party and reason are given.
        """
        self._rows = [
            (row.text, row.correction, row.session) for row in ticker_rows(changes, self.words)
        ]
        self.setAccessibleDescription("; ".join(text for text, _, _ in self._rows))
        self.update()

    def texts(self) -> list[str]:
        """The lines shown, newest first."""
        return [text for text, _, _ in self._rows]

    def corrections(self) -> list[str]:
        """The lines shown as corrections, newest first."""
        return [text for text, correction, _ in self._rows if correction]

    def sizeHint(self) -> QSize:
        return QSize(400, 300)

    def paintEvent(self, event: QPaintEvent) -> None:
        theme = self._theme
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        row_height = self.height() / self.rows
        font = QFont(self.font())
        font.setPixelSize(max(round(row_height * 0.46), 8))
        tag_font = QFont(font)
        tag_font.setBold(True)
        tag_font.setPixelSize(max(round(row_height * 0.2), 7))
        for index, (text, correction, session) in enumerate(self._rows[: self.rows]):
            row = QRectF(0, index * row_height, self.width(), row_height)
            inner = row.adjusted(
                row_height * 0.25, row_height * 0.06, -row_height * 0.2, -row_height * 0.06
            )
            font.setBold(correction or (index == 0 and not session))
            font.setItalic(session)
            if correction:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(theme.warning_background))
                painter.drawRoundedRect(
                    row.adjusted(0, 2, 0, -2), row_height * 0.15, row_height * 0.15
                )
                painter.setPen(QColor(theme.warning_text))
                painter.setFont(tag_font)
                painter.drawText(
                    inner,
                    Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop,
                    say(CORRECTION_TAG),
                )
                # The tag sits small in the corner; the words keep the row's width.
                inner.setTop(inner.top() + QFontMetricsF(tag_font).height() * 0.8)
            else:
                painter.setPen(QColor(theme.muted if session else theme.text))
            row_font = QFont(font)
            flags = int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            advance = QFontMetricsF(row_font).horizontalAdvance(text)
            if advance > inner.width() > 0:  # a long line shrinks, never loses words
                scale = inner.width() / advance * 0.95
                size = row_font.pixelSize() * scale
                if scale < 0.6:  # too small to read from the back: two lines instead
                    size = min(row_font.pixelSize() * scale * 1.7, inner.height() / 2.5)
                    flags |= int(Qt.TextFlag.TextWordWrap)
                row_font.setPixelSize(max(round(size), 7))
            painter.setFont(row_font)
            painter.drawText(inner, flags, text)
            if not correction and index + 1 < min(len(self._rows), self.rows):
                painter.setPen(QPen(QColor(theme.track), 1))
                painter.drawLine(row.bottomLeft(), row.bottomRight())
        painter.end()
