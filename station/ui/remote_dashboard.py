"""`station dashboard URL`: the observers' dashboard on another machine, from a feed."""

from station.app import _full_screen_toggler, ensure_app, run_loop
from station.settings import Settings
from station.ui.dashboard.remote_feed import RemoteFeed
from station.ui.dashboard.window import DashboardWindow
from station.witness.follow import RemoteFollower


def run_remote_dashboard(follower: RemoteFollower, theme: str | None) -> int:
    """Show the dashboard of a served count until it is closed; nothing unverified shown."""
    from PySide6.QtCore import QTimer

    app = ensure_app()
    settings = Settings()
    feed = RemoteFeed(follower)
    window: DashboardWindow | None = None
    try:
        window = DashboardWindow(feed, theme=theme or settings.theme())
        window.saved_geometry = settings.geometry("dashboard")
        window.theme_changed.connect(settings.set_theme)
        window.dismiss_requested.connect(_full_screen_toggler(window))

        def on_started() -> None:
            print(
                f"station: following {follower.address.shown} (case"
                f" {follower.setup.case_number}, {follower.head_seq:,} events verified, heads"
                f" signed by key {follower.key_fingerprint}); close the window or press Ctrl+C"
                " to stop",
                flush=True,
            )

        feed.start()
        window.place()
        QTimer.singleShot(0, on_started)
        return run_loop(app)
    finally:
        if window is not None and not window.isFullScreen():
            settings.set_geometry("dashboard", window.saveGeometry())
        feed.close()
