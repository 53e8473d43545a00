"""The last calls, newest first, with corrections standing out."""

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont, QResizeEvent
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyleOptionViewItem, QWidget

from station.domain import Action, Change
from station.domain.describe import (
    PLAIN_WORDS,
    SESSION_RESUMED,
    Words,
    challenged_entry,
    describe,
    is_correction,
    is_session_change,
    resumes_session,
)
from station.domain.words import say

SHOWN = 200
MIN_HEIGHT = 120  # a few entries stay in view however many questions are open above
CORRECTION_BACKGROUND = QColor("#ffe08a")
CORRECTION_FOREGROUND = QColor("#3a2a00")
SESSION_FOREGROUND = QColor("#4b5563")
_SEQ = Qt.ItemDataRole.UserRole  # the event an entry shows
_ACTION = Qt.ItemDataRole.UserRole + 1  # its action
_TARGET = Qt.ItemDataRole.UserRole + 2  # the event it concerns (a disputed VOID's call)


class RecentCallsList(QListWidget):
    """A read-only list of the last changes to the count.

    An undo or redo is drawn bold on an amber band with an arrow, so that a correction
    never passes for an ordinary call, in colour or in black and white. A challenged
    ballot is one entry, completed in place when its party and reason are given; a
    clean close and the next opening are one entry.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.words: Words = PLAIN_WORDS  # the election's: what a vote is for, who challenged
        self.setObjectName("recentCalls")
        self.setAccessibleName(self.tr("Last calls"))
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # letters are call keys, not list search
        self.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        # A long entry wraps instead of being cut off ("supe..."); entries differ in height.
        self.setWordWrap(True)
        self.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMinimumHeight(MIN_HEIGHT)
        self._hinted_width = -1

    def show_changes(self, changes: Iterable[Change]) -> None:
        """Replace the list with these changes (oldest first in, newest shown on top)."""
        self.clear()
        for change in changes:
            self.add_change(change)

    def add_change(self, change: Change) -> None:
        """Put one change at the top, or complete the entry it belongs to."""
        action = change.event.action
        if action is Action.AMEND and self._amend_in_place(change):
            return
        top = self.item(0)
        if resumes_session(change) and top is not None and top.data(_ACTION) == Action.CLOSE:
            top.setText(say(SESSION_RESUMED))
            top.setData(_SEQ, change.event.seq)
            top.setData(_ACTION, action.value)
            self._hint(top)
            return
        item = QListWidgetItem(_text(change, self.words))
        item.setData(_SEQ, change.event.seq)
        item.setData(_ACTION, action.value)
        item.setData(_TARGET, change.event.target)
        if is_correction(change):
            font = QFont(self.font())
            font.setBold(True)
            item.setFont(font)
            item.setBackground(QBrush(CORRECTION_BACKGROUND))
            item.setForeground(QBrush(CORRECTION_FOREGROUND))
        elif is_session_change(change):
            item.setForeground(QBrush(SESSION_FOREGROUND))
        self.insertItem(0, item)
        self._hint(item)
        # The newest call in view, even after the list was scrolled down to read an old one:
        # otherwise new calls would arrive above what is shown, unseen.
        self.scrollToTop()
        while self.count() > SHOWN:
            self.takeItem(self.count() - 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        # Called for the viewport's resizes too (a scroll bar coming or going): the
        # entries wrap at its width, so each one's height is measured again.
        if self.viewport().width() != self._hinted_width:
            for row in range(self.count()):
                self._hint(self.item(row))
        super().resizeEvent(event)

    def _hint(self, item: QListWidgetItem) -> None:
        """Store the entry's size, as the list's own delegate measures it.

        Entries differ in height, so the list lays all of them out again on each
        insertion (up to SHOWN); without a stored size that is a wrapped text layout
        of every entry on every keypress, most of a millisecond here before the
        window repaints (bench/keypress.py). The size is what the view would measure
        itself: the same delegate and options, wrapping at the viewport's width.
        """
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        option.rect = self.viewport().rect()
        self._hinted_width = option.rect.width()
        if item.data(Qt.ItemDataRole.SizeHintRole) is not None:
            item.setData(Qt.ItemDataRole.SizeHintRole, None)  # measure the text, not the hint
        hint = self.itemDelegate().sizeHint(option, self.indexFromItem(item))
        item.setData(Qt.ItemDataRole.SizeHintRole, hint)

    def _amend_in_place(self, change: Change) -> bool:
        """Complete the entry of the challenged ballot an AMEND concerns, if listed."""
        target, challenge = change.event.target, change.challenge
        if challenge is None or change.ballot is None:
            return False
        for row in range(self.count()):  # newest first: a dispute before its VOID call
            item = self.item(row)
            action = item.data(_ACTION)
            if (action == Action.DISPUTE and item.data(_TARGET) == target) or (
                action == Action.CALL and item.data(_SEQ) == target
            ):
                group = self.words.group(target or 0)
                item.setText(
                    challenged_entry(change.ballot, challenge, self.words.challenger, group)
                )
                self._hint(item)
                return True
        return False

    def texts(self) -> list[str]:
        """What the list shows, top to bottom."""
        return [self.item(row).text() for row in range(self.count())]


def _text(change: Change, words: Words = PLAIN_WORDS) -> str:
    arrow = {Action.UNDO: "\u21b6 ", Action.REDO: "\u21b7 "}.get(change.event.action, "")
    return f"{arrow}{describe(change, words)}"
