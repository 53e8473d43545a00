"""Knowing when Qt painted a widget: the end of every latency the benchmarks time."""

from PySide6.QtCore import QEvent, QObject


class PaintWatch(QObject):
    """Notes when a widget receives a paint event."""

    def __init__(self) -> None:
        super().__init__()
        self.painted = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.painted = True
        return False
