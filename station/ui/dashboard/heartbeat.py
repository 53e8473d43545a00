"""A dot that pulses each time the dashboard's feed proves to be alive."""

import time

from PySide6.QtCore import QEasingCurve, QRectF, QSize, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

PULSE_MS = 900


class HeartbeatDot(QWidget):
    """Lit on a successful look at the journal, fading until the next; hollow when not live.

    The feed is polled twenty times a second, but a dot flickering at 20 Hz would be
    unreadable (and ugly in a video stream), so it pulses at most once a second.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._colour = QColor("#3ddc84")
        self._live = True
        self._level = 0.3
        self._last_pulse = 0.0
        self.beats = 0
        # A screen reader reads the status beside it (LIVE...): the dot only says it beats.
        self.setAccessibleName(self.tr("Heartbeat of the feed"))
        self._animation = QVariantAnimation(self)
        self._animation.setStartValue(1.0)
        self._animation.setEndValue(0.3)
        self._animation.setDuration(PULSE_MS)
        self._animation.setEasingCurve(QEasingCurve.Type.OutQuad)
        self._animation.valueChanged.connect(self._on_animation_value_changed)

    def set_colour(self, colour: str) -> None:
        self._colour = QColor(colour)
        self.update()

    def set_live(self, live: bool) -> None:
        """Live: a filled, pulsing dot. Not live: a still, hollow ring."""
        if live != self._live:
            self._live = live
            if not live:
                self._animation.stop()
            self.update()

    def is_live(self) -> bool:
        return self._live

    def pulse(self) -> None:
        """One successful look at the feed (pulses at most once a second)."""
        now = time.monotonic()
        if not self._live or now - self._last_pulse < 1.0:
            return
        self._last_pulse = now
        self.beats += 1
        self._animation.stop()
        self._animation.start()

    def sizeHint(self) -> QSize:
        return QSize(24, 24)

    def _on_animation_value_changed(self, value: object) -> None:
        self._level = float(value) if isinstance(value, float | int) else 0.3
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        side = min(self.width(), self.height()) * 0.8
        rect = QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)
        colour = QColor(self._colour)
        if self._live:
            colour.setAlphaF(self._level)
            painter.setPen(QPen(self._colour, max(side / 10, 1.0)))
            painter.setBrush(colour)
        else:
            painter.setPen(QPen(self._colour, max(side / 8, 1.5)))
        painter.drawEllipse(rect)
        painter.end()
