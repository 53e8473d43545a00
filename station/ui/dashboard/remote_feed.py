"""What feeds a dashboard on another machine: a count served by `station serve`.

The following and the verifying are `witness.follow.RemoteFollower`'s (Qt-free): it asks
the feed in a thread of its own, and each `poll()` here, on the window's thread, folds
only what it verified. This module owns the timer and turns what a poll found into the
same signals a local file's feed gives, so the window cannot tell the two apart except
by the status line: a feed that lies is FEED NOT VERIFIED, naming the event, and the
figures stay those verified before it; a feed gone quiet is NO FEED FOR N SECONDS. The
figures are only what a signed head covers: events after it are said apart under the
journal line, and NOT SIGNED FOR N SECONDS when they stay so.
"""

from PySide6.QtCore import QObject

from station.ui.dashboard.feed import PolledFeed
from station.witness.follow import RemoteFollower
from station.witness.statements import feed_status


class RemoteFeed(PolledFeed):
    """Polls a `RemoteFollower` every `interval_ms`; says what it verified, as signals.

    Signals:
        changed(Change), polled(), failed(str), reset(): as for every DashboardFeed;
            `failed` carries a status line and its detail (see `feed_status`).
    """

    def __init__(
        self,
        follower: RemoteFollower,
        *,
        interval_ms: int = 50,
        wait_s: float = 5.0,
        parent: QObject | None = None,
    ) -> None:
        self.follower: RemoteFollower = follower
        super().__init__(follower, interval_ms=interval_ms, parent=parent)
        self._wait_s = wait_s
        self._said: str | None = None

    @property
    def broken(self) -> str | None:
        return self.follower.broken

    @property
    def not_yet_signed(self) -> str | None:
        return self.follower.not_yet_signed

    def start(self) -> None:
        self.follower.start(wait_s=self._wait_s)
        super().start()

    def poll(self) -> None:
        follower = self.follower
        for change in follower.poll():
            self.changed.emit(change)
        problem = follower.problem
        if problem is None:
            self._said = None
            self.polled.emit()
            return
        said = feed_status(problem, broken=follower.broken is not None)
        if said != self._said:  # NO FEED FOR N SECONDS counts up: said again each second
            self._said = said
            self.failed.emit(said)
