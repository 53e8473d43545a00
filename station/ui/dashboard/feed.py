"""What feeds the observers' dashboard, as Qt signals: here, a journal followed.

Every feed folds the same events into a `Count` with the same rules (the Qt-free
`Followed` holds it), so an in-process dashboard and one in another process (or on
another machine sharing the file) can never disagree about a figure. The following
itself is `journal.follow.Follower`; this module only owns the timer and the signals.
"""

from collections import deque
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, QTimer, Signal

from station.domain import Change, Count, ElectionSetup
from station.domain.followed import TICKER_LENGTH, Followed
from station.domain.statements import EventFault
from station.journal import Journal, Record
from station.journal.follow import Follower

__all__ = ["TICKER_LENGTH", "DashboardFeed", "Following", "JournalFollower", "PolledFeed"]


class DashboardFeed(QObject):
    """The count as a dashboard sees it: read-only, folded from the journal.

    Attributes (read from `followed`):
        setup: the election.
        count: the running count (never written to by the dashboard).
        recent: the last changes, oldest first, for the ticker.
        head_seq, head_hash: the journal position observers write down.
        closed: whether the last event is the station closing the count.
        key_fingerprint: the key observers can check the sheet against.

    Signals:
        changed(Change): one event was folded into `count`.
        polled(): the journal was looked at and was readable: the heartbeat.
        failed(str): the journal cannot be read now; says why. Cleared by `polled`.
        reset(): the count was folded again from the start; redraw everything.
    """

    changed = Signal(object)
    polled = Signal()
    failed = Signal(str)
    reset = Signal()

    def __init__(self, followed: Followed, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.followed = followed

    @property
    def setup(self) -> ElectionSetup:
        return self.followed.setup

    @property
    def count(self) -> Count:
        return self.followed.count

    @property
    def recent(self) -> deque[Change]:
        return self.followed.recent

    @property
    def head_seq(self) -> int:
        return self.followed.head_seq

    @property
    def head_hash(self) -> str:
        return self.followed.head_hash

    @property
    def closed(self) -> bool:
        return self.followed.closed

    @property
    def key_fingerprint(self) -> str | None:
        return self.followed.key_fingerprint

    @property
    def objections(self) -> str | None:
        """When objections are due, in words, once a sheet stating the result locks the
        count."""
        return self.followed.objections

    @property
    def not_yet_signed(self) -> str | None:
        """The events received after the last signed head, said apart (never counted), or
        None. A file followed here has no signed heads: everything read is its count."""
        return None

    @property
    def bad_event(self) -> tuple[int, EventFault] | None:
        """The event this feed stopped before for good (its number and why), or None:
        a file with an altered event is read as it stands, never as a passing outage."""
        return None

    @property
    def broken(self) -> str | None:
        """What made this feed untrustworthy (a forged event or head), or None.

        A file followed here is checked event by event and never breaks this way; a
        remote feed can. A broken feed's figures are shown as verified before it, and
        never summed with other tables'.
        """
        return None


class Following(Protocol):
    """What a polled feed's timer drives: a Qt-free follower of a file or of a server."""

    problem: str | None
    last_record: Record | None

    def poll(self) -> list[Change]: ...

    def close(self) -> None: ...


class PolledFeed(DashboardFeed):
    """A feed that asks its Qt-free `follower` every `interval_ms` (its subclass says how).

    The timer and the delegation are the same for a file and for a remote station; only
    what a poll turns into signals differs, so each subclass writes `poll` alone.
    """

    follower: Following

    def __init__(
        self, followed: Followed, *, interval_ms: int, parent: QObject | None = None
    ) -> None:
        super().__init__(followed, parent)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def problem(self) -> str | None:
        """Why the feed cannot be read now, or None when it is readable."""
        return self.follower.problem

    @property
    def last_record(self) -> Record | None:
        """The last record folded in (its `mono_ns` measures the lag)."""
        return self.follower.last_record

    def start(self) -> None:
        """Poll every `interval_ms` from now on."""
        self._timer.start()

    def stop(self) -> None:
        """Stop polling (the dashboard then shows that no updates are coming)."""
        self._timer.stop()

    def close(self) -> None:
        """Stop and let go of what is followed."""
        self.stop()
        self.follower.close()

    def _on_timer_timeout(self) -> None:
        self.poll()

    def poll(self) -> None:
        """Look once and say what was found, as signals."""
        raise NotImplementedError


class JournalFollower(PolledFeed):
    """Polls a `Follower` every `interval_ms` and says what it found, as signals.

    Raises JournalError (having let go of the file) if the file cannot be followed
    (`up_to_a_bad_event`: see `Follower`).

    Signals:
        changed(Change), polled(), failed(str), reset(): as for every DashboardFeed.
    """

    def __init__(
        self,
        path: Path,
        *,
        key_fingerprint: str | None = None,
        interval_ms: int = 50,
        retry_ms: int = 500,
        up_to_a_bad_event: bool = False,
        parent: QObject | None = None,
    ) -> None:
        self.follower: Follower = Follower(
            path,
            key_fingerprint=key_fingerprint,
            retry_s=retry_ms / 1000,
            up_to_a_bad_event=up_to_a_bad_event,
        )
        super().__init__(self.follower, interval_ms=interval_ms, parent=parent)
        self.path = path
        self._said: str | None = None  # the problem `failed` last said

    @property
    def journal(self) -> Journal | None:
        """The read-only journal, or None while it is unavailable."""
        return self.follower.journal

    @property
    def bad_event(self) -> tuple[int, EventFault] | None:
        """The event the file stopped being countable at, and why, or None."""
        return self.follower.bad_event

    def poll(self) -> None:
        """Look once, and say what was folded in, or why the journal cannot be read."""
        follower = self.follower
        resets = follower.resets
        changes = follower.poll()
        if follower.resets != resets:
            self.reset.emit()
        for change in changes:
            self.changed.emit(change)
        if follower.problem is None:
            self.polled.emit()
        elif follower.problem != self._said:  # a problem found opening the file too
            self.failed.emit(follower.problem)
        self._said = follower.problem
