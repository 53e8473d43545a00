"""The standalone dashboard (`station dashboard FILE`) built as the command builds it.

One function, so that the command and the tests that hold its first picture equal to
`station tally` build the very same window, in the same order.
"""

from typing import TYPE_CHECKING

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
    return window
