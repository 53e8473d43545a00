"""The operator window's own count, fed to its dashboard in the same event-loop turn."""

from PySide6.QtCore import QObject, QTimer

from station.domain import Change
from station.domain.followed import Followed
from station.journal.follow import objections_at
from station.journal.session import earlier_key
from station.ui.dashboard.feed import DashboardFeed
from station.ui.operator.controller import CountController

HEARTBEAT_MS = 500


class ControllerFeed(DashboardFeed):
    """The operator window's own count, passed on in the same event-loop turn.

    The controller emits `changed` only after the journal commit, so the dashboard
    never shows a call that is not on disk. A failed write makes the feed report the
    journal unavailable until the next successful commit.

    Signals:
        changed(Change), polled(), failed(str), reset(): as for every DashboardFeed.
    """

    def __init__(
        self,
        controller: CountController,
        key_fingerprint: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        followed = Followed(controller.setup, key_fingerprint)
        followed.count = controller.count  # shared, read only: one fold, not two
        followed.recent.extend(controller.recent)
        followed.key_fingerprint = earlier_key(controller.journal, followed.count) or (
            key_fingerprint
        )
        followed.objections = objections_at(controller.journal, followed.count)
        super().__init__(followed, parent)
        self._controller = controller
        self._failing = False
        self._take_head()
        controller.changed.connect(self._on_controller_changed)
        controller.write_failed.connect(self._on_controller_write_failed)
        # The operator's process is alive as long as this timer fires: that is the pulse.
        self._heartbeat = QTimer(self)
        self._heartbeat.setInterval(HEARTBEAT_MS)
        self._heartbeat.timeout.connect(self._on_heartbeat_timeout)
        self._heartbeat.start()

    def _take_head(self) -> None:
        journal = self._controller.journal
        self.followed.head_seq, self.followed.head_hash = journal.head_seq, journal.head_hash

    def _on_controller_changed(self, change: Change) -> None:
        self._failing = False
        self._take_head()
        self.followed.note(change)
        self.changed.emit(change)
        self.polled.emit()

    def _on_controller_write_failed(self, error: Exception) -> None:
        self._failing = True
        self.failed.emit(str(error))

    def _on_heartbeat_timeout(self) -> None:
        if not self._failing:
            self.polled.emit()
