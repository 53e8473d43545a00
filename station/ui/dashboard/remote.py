"""`station dashboard URL [URL ...]`: the observers' dashboard on another machine, from feeds.

One feed is the single dashboard; several feeds (the tables of one count, each served by
its own station) are the tables' dashboard: the total and a row per table. Every feed is
verified by its `RemoteFollower` before anything of it is shown.

The composition root (`station.app`) imports the operator side, so this module never
imports it: the caller hands it the application and the loop to run (lint-enforced by
ui/dashboard/ruff.toml).
"""

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication

from station.settings import Settings
from station.ui.dashboard.remote_feed import RemoteFeed
from station.ui.dashboard.standalone import standalone_keys
from station.ui.dashboard.tables import TablesDashboard
from station.ui.dashboard.window import DashboardWindow
from station.witness.follow import RemoteFollower
from station.witness.statements import KEY_NOT_CHECKED


def feeds_read_only() -> str:
    """The tables' dashboard's footer when it follows feeds, not files."""
    return QCoreApplication.translate(
        "TablesDashboard", "Verified view of each table's feed \u00b7 T: theme"
    )


def run_remote_dashboard(
    followers: Sequence[RemoteFollower],
    theme: str | None,
    *,
    make_app: Callable[[], QApplication],
    run_loop: Callable[[QApplication], int],
    hide_challenges: bool = False,
) -> int:
    """Show the dashboard of one served count, or of several tables' feeds, until closed.

    The followers are the caller's, already verified once; they are closed here at the end.
    """
    app = make_app()
    settings = Settings()
    feeds = [RemoteFeed(follower) for follower in followers]
    window: DashboardWindow | TablesDashboard | None = None
    try:
        if len(feeds) == 1:
            single = DashboardWindow(feeds[0], theme=theme or settings.theme())
            single.saved_geometry = settings.geometry("dashboard")
            single.after_count.withhold(hide_challenges, fixed=hide_challenges)
            single.theme_changed.connect(settings.set_theme)
            standalone_keys(single)
            window = single
        else:
            tables = TablesDashboard(
                feeds,
                theme=theme or settings.theme(),
                read_only=feeds_read_only(),
                hide_challenges=hide_challenges,
            )
            tables.theme_changed.connect(settings.set_theme)
            standalone_keys(tables)
            window = tables

        def on_started() -> None:
            for follower in followers:
                print(
                    f"station: following {follower.address.shown} (case"
                    f" {follower.setup.case_number}"
                    + (f", table {follower.setup.table}" if len(followers) > 1 else "")
                    + f", {follower.head_seq:,} events verified, heads signed by key"
                    f" {follower.key_fingerprint})"
                    + ("" if follower.key_checked else KEY_NOT_CHECKED),
                    flush=True,
                )
            print("station: close the window or press Ctrl+C to stop", flush=True)

        for feed in feeds:
            feed.start()
        window.place()
        QTimer.singleShot(0, on_started)
        return run_loop(app)
    finally:
        if isinstance(window, DashboardWindow) and not window.isFullScreen():
            settings.set_geometry("dashboard", window.saveGeometry())
        for feed in feeds:
            feed.close()
