"""Sentences said aloud by a screen reader when a window changes without being touched.

A screen-reader user hears what has focus; the dashboard takes no focus and changes on
its own (each call, a decided result, a signed sheet, a lost feed), and the operator
window keeps the focus on no control (its keys record calls), so both announce: the
operator hears each call recorded, each question and each refusal.
Qt 6.8 and later have an announcement event for that; `announce` is the one place that
sends it, and `Announcer` keeps the count's progress to a summary every few seconds,
never one announcement per call (a count of thousands would be a wall of speech).
"""

import time
from collections.abc import Callable, Collection, Sequence

from PySide6 import QtGui
from PySide6.QtCore import QObject, QTimer
from PySide6.QtGui import QAccessible, QAccessibleValueChangeEvent, QTextDocumentFragment

# The count's progress is said at most once in this many seconds.
PROGRESS_EVERY_S = 5.0
# Qt 6.8 and later; with an earlier Qt (PySide6 6.7 is allowed) a change of the source's
# value carries the message instead, which screen readers say less surely.
ANNOUNCEMENT = getattr(QtGui, "QAccessibleAnnouncementEvent", None)


def announce(source: QObject, message: str, *, assertive: bool = False) -> None:
    """Have a screen reader say `message`, as `source` (a widget of the window) says it.

    Polite messages wait for the reader to finish what it is saying; an assertive one
    (a problem) interrupts it. Before Qt 6.8 the message is the source's new value.
    """
    if ANNOUNCEMENT is None:
        QAccessible.updateAccessibility(QAccessibleValueChangeEvent(source, message))
        return
    event = ANNOUNCEMENT(source, message)
    if assertive:
        event.setPoliteness(QAccessible.AnnouncementPoliteness.Assertive)
    QAccessible.updateAccessibility(event)


def announce_rich(source: QObject, rich_text: str, *, assertive: bool = False) -> None:
    """`announce` a banner's rich text as the words it shows (no tags, no entities)."""
    announce(source, QTextDocumentFragment.fromHtml(rich_text).toPlainText(), assertive=assertive)


class Announcer(QObject):
    """Says a window's statements at once and its progress at most every `every_s`.

    `progress(summary)` is called on every change of the count: the first is said at
    once, then at most one summary per `every_s`, the latest one, said when the pause
    is over (so the last call of a burst is always heard). `statement(text)` is said
    at once, every time.
    """

    def __init__(
        self,
        source: QObject,
        *,
        every_s: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(source)
        self._source = source
        self._every_s = PROGRESS_EVERY_S if every_s is None else every_s
        self._clock = clock
        self._said_at: float | None = None
        self._said = ""
        self._pending: str | None = None
        self._statements: tuple[str, ...] = ()
        self._statements_seen = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._on_timer_timeout)

    def progress(self, summary: str) -> None:
        """The count now stands at `summary`: said now, or once the pause is over."""
        if summary == self._said:
            self._pending = None
            return
        now = self._clock()
        if self._said_at is None or now - self._said_at >= self._every_s:
            self._say_progress(summary, now)
            return
        self._pending = summary
        if not self._timer.isActive():
            wait = self._every_s - (now - self._said_at)
            self._timer.start(max(round(wait * 1000), 0))

    def statements(self, shown: Sequence[str], *, urgent: Collection[str] = ()) -> None:
        """The window's statements now `shown`: each one new since the last call is
        said at once (none the first time: they were there before anything changed),
        assertively if it is one of `urgent` (a table left out)."""
        new = [text for text in shown if text and text not in self._statements]
        if self._statements_seen and new:
            self.statement(" ".join(new), assertive=any(text in urgent for text in new))
        self._statements, self._statements_seen = tuple(shown), True

    def statement(self, text: str, *, assertive: bool = False) -> None:
        """Say `text` now (a result decided, a sheet prepared, a problem)."""
        if text:
            announce(self._source, text, assertive=assertive)

    def _say_progress(self, summary: str, now: float) -> None:
        self._said, self._said_at, self._pending = summary, now, None
        announce(self._source, summary)

    def _on_timer_timeout(self) -> None:
        if self._pending is not None:
            self._say_progress(self._pending, self._clock())
