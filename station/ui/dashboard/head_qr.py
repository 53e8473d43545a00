"""The journal head as a QR code, so that a phone captures it exactly.

A head written down by hand is a few hex digits at best; the QR code holds the whole
of it as `station verify FILE --head` takes it ("EVENTS:HASH", the full 64-digit
hash), so an observer's photo can be checked against the file later, digit for digit.
"""

import segno
from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

QUIET_ZONE = 4  # modules of light margin a reader needs around the code
# Making the code takes segno about 5 ms: for every call of a count at 20 a second, that
# was two thirds of the time from a call to the dashboard showing it. A new head shows at
# once, then no other for this long; the last head of a burst follows when it is over.
# A phone captures a code that stays put anyway.
REFRESH_MS = 500


def head_text(seq: int, digest: str) -> str:
    """What the code holds: the head as `station verify --head` takes it."""
    return f"{seq}:{digest}"


class HeadQr(QWidget):
    """A square QR code of the journal head, dark on light whatever the theme.

    The code is made when painted, not for each event: a dashboard catching up with a
    long count paints once, and a count under way changes it at most twice a second.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = ""  # what the code shows
        self._latest = ""  # the head it is to show
        self._matrix: tuple[bytearray, ...] | None = None
        self._resting = QTimer(self)  # while it runs, a new head waits
        self._resting.setSingleShot(True)
        self._resting.setInterval(REFRESH_MS)
        self._resting.timeout.connect(self._show_latest)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(self.tr("Journal head as a QR code"))

    def set_head(self, seq: int, digest: str) -> None:
        self._latest = head_text(seq, digest)
        if not self._resting.isActive():
            self._show_latest()

    def _show_latest(self) -> None:
        if self._latest != self._text:
            self._text = self._latest
            self._matrix = None
            self.setToolTip(
                self.tr("Scan to capture the head exactly: {head}").format(head=self._text)
            )
            self.update()
            self._resting.start()

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
