"""One labelled figure of the dashboard, drawn as large as its place allows."""

from PySide6.QtCore import QRectF, QSize, Qt
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
        self.setAccessibleName(word)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_colours(self, text: str, accent: str) -> None:
        """Colours of the figure and of the underline that marks its side."""
        self._text, self._accent = QColor(text), QColor(accent)
        self.update()

    def set_word_share(self, share: float) -> None:
        """How much of the height the word takes (small figures give it more)."""
        self._word_share = share
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
        word_height = height * self._word_share
        flags = self._align | Qt.AlignmentFlag.AlignVCenter
        word_font = _fitted(self.font(), self.word, width, word_height * 0.8, bold=True)
        painter.setFont(word_font)
        painter.setPen(self._text)
        word_rect = QRectF(0, 0, width, word_height * 0.85)
        painter.drawText(word_rect, flags, self.word)
        # The side's colour underlines the word; it adds to the label, never replaces it.
        advance = QFontMetricsF(word_font).horizontalAdvance(self.word)
        bar_height = max(word_height * 0.09, 3.0)
        if self._align & Qt.AlignmentFlag.AlignRight:
            left = width - advance
        elif self._align & Qt.AlignmentFlag.AlignHCenter:
            left = (width - advance) / 2
        else:
            left = 0.0
        painter.fillRect(QRectF(left, word_height * 0.87, advance, bar_height), self._accent)
        number = f"{self._value:,}"
        number_rect = QRectF(0, word_height, width, height - word_height)
        painter.setFont(_fitted(self.font(), number, width, number_rect.height(), bold=True))
        painter.drawText(number_rect, flags, number)
        painter.end()


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
