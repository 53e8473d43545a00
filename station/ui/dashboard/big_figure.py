"""One labelled figure of the dashboard, drawn as large as its place allows."""

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget


class BigFigure(QWidget):
    """A word ("FOR") above a number ("2,654"), both scaled to the widget's size.

    The word is always drawn, so that the figure is read by its label and its place
    on screen, never by its colour alone; the colour only marks the word's underline.
    """

    def __init__(
        self, word: str, *, align: Qt.AlignmentFlag, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.word = word
        self._value = 0
        self._align = align
        self._text = QColor("#ffffff")
        self._accent = QColor("#ffffff")
        self._word_share = 0.24
        self._words_alike: tuple[str, ...] = (word,)
        self.setAccessibleName(word)
        # A screen reader reads the figure as its name and description: "FOR", "0".
        self.setAccessibleDescription("0")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_colours(self, text: str, accent: str) -> None:
        """Colours of the figure and of the underline that marks its side."""
        self._text, self._accent = QColor(text), QColor(accent)
        self.update()

    def set_word_share(self, share: float) -> None:
        """How much of the height the word takes (small figures give it more)."""
        self._word_share = share
        self.update()

    def size_words_as(self, words: tuple[str, ...]) -> None:
        """Draw the word in the size the longest of `words` fits in: figures stacked
        together (VOID, CHALLENGED, VALID VOTES) then read as one set, not three sizes."""
        self._words_alike = words
        self.update()

    def set_value(self, value: int) -> None:
        """Show a new number (repaints only if it changed)."""
        if value != self._value:
            self._value = value
            self.setAccessibleDescription(f"{value:,}")
            self.update()

    def value(self) -> int:
        """The number shown."""
        return self._value

    def text(self) -> str:
        """What the figure reads as, e.g. "FOR 2,654"."""
        return f"{self.word} {self._value:,}"

    def sizeHint(self) -> QSize:
        return QSize(200, 120)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        width, height = float(self.width()), float(self.height())
        word_font = self.word_font()
        if self.on_one_line():
            self._paint_on_one_line(painter, word_font, width, height)
            painter.end()
            return
        word_height = height * self._word_share
        flags = self._align | Qt.AlignmentFlag.AlignVCenter
        painter.setFont(word_font)
        painter.setPen(self._text)
        word_rect = QRectF(0, 0, width, word_height * 0.85)
        painter.drawText(word_rect, flags, self.word)
        # The side's colour underlines the word; it adds to the label, never replaces it.
        advance = QFontMetricsF(word_font).horizontalAdvance(self.word)
        bar_height = max(word_height * 0.09, 3.0)
        left = self._left_of(advance, width)
        painter.fillRect(QRectF(left, word_height * 0.87, advance, bar_height), self._accent)
        number = f"{self._value:,}"
        number_rect = QRectF(0, word_height, width, height - word_height)
        painter.setFont(_fitted(self.font(), number, width, number_rect.height(), bold=True))
        painter.drawText(number_rect, flags, number)
        painter.end()

    def _left_of(self, advance: float, width: float) -> float:
        """Where something `advance` wide starts, aligned as this figure is."""
        if self._align & Qt.AlignmentFlag.AlignRight:
            return width - advance
        if self._align & Qt.AlignmentFlag.AlignHCenter:
            return (width - advance) / 2
        return 0.0

    def on_one_line(self) -> bool:
        """Whether the word and the number are drawn side by side (a place far wider
        than high), not the word above the number."""
        return self.width() > self.height() * ONE_LINE_FROM

    def word_font(self) -> QFont:
        """The word's font at the present size: the largest the longest of the words
        drawn alike (`size_words_as`) fits in."""
        width, height = float(self.width()), float(self.height())
        if self.on_one_line():
            width, height = width * 0.62, height * 0.55
        else:
            height = height * self._word_share * 0.8
        fitted = [
            _fitted(self.font(), word, width, height, bold=True) for word in self._words_alike
        ]
        return min(fitted, key=QFont.pixelSize)

    def _paint_on_one_line(
        self, painter: QPainter, word_font: QFont, width: float, height: float
    ) -> None:
        """The word and the number side by side, for a place far wider than high.

        Stacked there (the small figures on a 1280x720 projector: 33 pixels high), the
        word was drawn 7 pixels high, unreadable across a room; side by side both are
        as high as the place allows, the word still first and underlined.
        """
        gap = height * 0.3
        number = f"{self._value:,}"
        number_font = _fitted(self.font(), number, width * 0.38 - gap, height * 0.9, bold=True)
        word_advance = QFontMetricsF(word_font).horizontalAdvance(self.word)
        number_advance = QFontMetricsF(number_font).horizontalAdvance(number)
        left = self._left_of(word_advance + gap + number_advance, width)
        # One baseline for both, the number's digits filling the height above it.
        baseline = (height + QFontMetricsF(number_font).capHeight()) / 2
        painter.setPen(self._text)
        painter.setFont(word_font)
        painter.drawText(QPointF(left, baseline), self.word)
        bar_height = max(height * 0.06, 2.0)
        painter.fillRect(
            QRectF(left, baseline + bar_height, word_advance, bar_height), self._accent
        )
        painter.setFont(number_font)
        painter.drawText(QPointF(left + word_advance + gap, baseline), number)


# A figure more than this many times wider than high is drawn on one line.
ONE_LINE_FROM = 3.2


def _fitted(base: QFont, text: str, width: float, height: float, *, bold: bool) -> QFont:
    """The largest font (by pixel size) in which `text` fits into width x height."""
    font = QFont(base)
    font.setBold(bold)
    size = max(height * 0.95, 6.0)
    font.setPixelSize(round(size))
    advance = QFontMetricsF(font).horizontalAdvance(text)
    if advance > width > 0:
        font.setPixelSize(max(round(size * width / advance * 0.98), 6))
    return font
