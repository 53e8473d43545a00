"""The standalone dashboard (`station dashboard FILE`) built as the command builds it.

One function, so that the command and the tests that hold its first picture equal to
`station tally` build the very same window, in the same order.
"""

from station.ui.dashboard.feed import DashboardFeed
from station.ui.dashboard.window import DashboardWindow


def standalone_dashboard(
    feed: DashboardFeed, theme: str, *, hide_challenges: bool = False
) -> DashboardWindow:
    """The observers' dashboard of `feed`, challenge figures withheld if asked (fixed)."""
    window = DashboardWindow(feed, theme=theme)
    window.after_count.withhold(hide_challenges, fixed=hide_challenges)
    return window
