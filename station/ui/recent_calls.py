"""The last calls, newest first, with corrections standing out."""

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from station.domain import Action, Change
from station.domain.describe import describe, is_correction

SHOWN = 200
CORRECTION_BACKGROUND = QColor("#ffe08a")
CORRECTION_FOREGROUND = QColor("#3a2a00")
SESSION_FOREGROUND = QColor("#6b7280")


class RecentCallsList(QListWidget):
    """A read-only list of the last changes to the count.

    An undo or redo is drawn bold on an amber band with an arrow, so that a correction
    never passes for an ordinary call, in colour or in black and white.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recentCalls")
        self.setAccessibleName("Last calls")
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # letters are call keys, not list search
        self.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        self.setUniformItemSizes(True)

    def show_changes(self, changes: Iterable[Change]) -> None:
        """Replace the list with these changes (oldest first in, newest shown on top)."""
        self.clear()
        for change in changes:
            self.add_change(change)

    def add_change(self, change: Change) -> None:
        """Put one change at the top."""
        item = QListWidgetItem(_text(change))
        item.setData(Qt.ItemDataRole.UserRole, change.event.seq)
        if is_correction(change):
            font = QFont(self.font())
            font.setBold(True)
            item.setFont(font)
            item.setBackground(QBrush(CORRECTION_BACKGROUND))
            item.setForeground(QBrush(CORRECTION_FOREGROUND))
        elif change.event.action in (Action.OPEN, Action.CLOSE):
            item.setForeground(QBrush(SESSION_FOREGROUND))
        self.insertItem(0, item)
        while self.count() > SHOWN:
            self.takeItem(self.count() - 1)

    def texts(self) -> list[str]:
        """What the list shows, top to bottom."""
        return [self.item(row).text() for row in range(self.count())]


def _text(change: Change) -> str:
    arrow = {Action.UNDO: "\u21b6 ", Action.REDO: "\u21b7 "}.get(change.event.action, "")
    return f"{arrow}{describe(change)}"
