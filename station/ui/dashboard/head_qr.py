"""The journal head as a QR code, so that a phone captures it exactly.

A head written down by hand is a few hex digits at best; the QR code holds the whole
of it as `station verify FILE --head` takes it ("EVENTS:HASH", the full 64-digit
hash), so an observer's photo can be checked against the file later, digit for digit.
"""

import segno
from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

QUIET_ZONE = 4  # modules of light margin a reader needs around the code


def head_text(seq: int, digest: str) -> str:
    """What the code holds: the head as `station verify --head` takes it."""
    return f"{seq}:{digest}"


class HeadQr(QWidget):
    """A square QR code of the journal head, dark on light whatever the theme.

    The code is made when painted, not for each event: a dashboard catching up with a
    long count paints once.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""
        self._matrix: tuple[bytearray, ...] | None = None
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName("Journal head as a QR code")

    def set_head(self, seq: int, digest: str) -> None:
        text = head_text(seq, digest)
        if text != self._text:
            self._text = text
            self._matrix = None
            self.setToolTip(f"Scan to capture the head exactly: {text}")
            self.update()

    def text(self) -> str:
        """What the code says."""
        return self._text

    def modules(self) -> tuple[bytearray, ...]:
        """The code's rows of modules (1 dark, 0 light), without the quiet zone."""
        if self._matrix is None:
            # Error correction M: a projected, photographed code survives some blur.
            self._matrix = tuple(segno.make(self._text, error="m", micro=False).matrix)
        return self._matrix

    def sizeHint(self) -> QSize:
        return QSize(120, 120)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._text:
            return
        rows = self.modules()
        count = len(rows) + 2 * QUIET_ZONE
        side = min(self.width(), self.height())
        module = side / count
        painter = QPainter(self)
        painter.fillRect(QRectF(0, 0, side, side), QColor("#ffffff"))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#000000"))
        for y, row in enumerate(rows):
            for x, dark in enumerate(row):
                if dark:
                    painter.drawRect(
                        QRectF((x + QUIET_ZONE) * module, (y + QUIET_ZONE) * module, module, module)
                    )
        painter.end()
