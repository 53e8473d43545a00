"""The standalone dashboard (`station dashboard FILE`) built as the command builds it.

Its keys are a process's own (`standalone_keys`): the tables' dashboard and the dashboard
of a served count have them too. One function, so that the command and the tests that hold its first picture equal to
`station tally` build the very same window, in the same order.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QWidget

from station.ui.dashboard import window as dashboard_window
from station.ui.dashboard.feed import DashboardFeed

if TYPE_CHECKING:  # pragma: no cover
    from station.ui.dashboard.window import DashboardWindow


def standalone_dashboard(
    feed: DashboardFeed, theme: str, *, hide_challenges: bool = False
) -> "DashboardWindow":
    """The observers' dashboard of `feed`, challenge figures withheld if asked (fixed)."""
    # Looked up when called: the window class is the window module's, whatever it is then.
    window = dashboard_window.DashboardWindow(feed, theme=theme)
    window.after_count.withhold(hide_challenges, fixed=hide_challenges)
    standalone_keys(window)
    return window


def standalone_keys(window: QWidget) -> None:
    """The keys of a dashboard that is a process of its own (`station dashboard`), as the
    operator window has them: Ctrl+Q and Ctrl+W close it, F11 switches between full
    screen and a window, Escape leaves full screen (and never enters it)."""

    def toggle() -> None:
        if window.isFullScreen():
            window.showNormal()
        else:
            window.showFullScreen()

    def leave() -> None:
        if window.isFullScreen():
            window.showNormal()

    for keys, act in (("Ctrl+Q", window.close), ("Ctrl+W", window.close)):
        QShortcut(QKeySequence(keys), window).activated.connect(act)
    QShortcut(QKeySequence(Qt.Key.Key_F11), window).activated.connect(toggle)
    QShortcut(QKeySequence(Qt.Key.Key_Escape), window).activated.connect(leave)
