"""What feeds the observers' dashboard: the operator's own controller, or a journal followed.

Both feeds fold the same events into a `Count` with the same rules, so an in-process
dashboard and one in another process (or on another machine sharing the file) can
never disagree about a figure.
"""

import itertools
import sqlite3
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from station.domain import Action, Change, Count, ElectionSetup
from station.files import file_identity
from station.journal import Journal, JournalError, Record
from station.journal.verify import checked_count
from station.sheet.keys import existing_fingerprint
from station.sheet.prepare import earlier_key
from station.ui.count_controller import CountController

TICKER_LENGTH = 40  # changes kept for the ticker; the count itself is the fold
BATCH = 2000  # records read per poll, so that one read transaction stays short
HEARTBEAT_MS = 500


class DashboardFeed(QObject):
    """The count as a dashboard sees it: read-only, folded from the journal.

    Attributes:
        setup: the election.
        count: the running count (never written to by the dashboard).
        recent: the last changes, oldest first, for the ticker.
        head_seq, head_hash: the journal position observers write down.
        closed: whether the last event is the station closing the count.

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

    def __init__(self, setup: ElectionSetup, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setup = setup
        self.count = Count(pile_size=setup.pile)
        self.recent: deque[Change] = deque(maxlen=TICKER_LENGTH)
        self.head_seq = 0
        self.head_hash = ""
        self.closed = False
        # The key observers can check the sheet against: the one the last sheet names,
        # or before any sheet, this station's own (if this machine has it).
        self.key_fingerprint: str | None = existing_fingerprint()

    def _note(self, change: Change) -> None:
        self.recent.append(change)
        if change.event.action is Action.SIGN and change.event.detail:
            key = change.event.detail.get("key")
            self.key_fingerprint = key if isinstance(key, str) else self.key_fingerprint
        if change.event.action is Action.CLOSE:
            self.closed = True
        elif change.event.action is Action.OPEN:
            self.closed = False


class ControllerFeed(DashboardFeed):
    """The operator window's own count, passed on in the same event-loop turn.

    The controller emits `changed` only after the journal commit, so the dashboard
    never shows a call that is not on disk. A failed write makes the feed report the
    journal unavailable until the next successful commit.

    Signals:
        changed(Change), polled(), failed(str), reset(): as for every DashboardFeed.
    """

    def __init__(self, controller: CountController, parent: QObject | None = None) -> None:
        super().__init__(controller.setup, parent)
        self._controller = controller
        self.count = controller.count  # shared, read only: one fold, not two
        self.recent.extend(controller.recent)
        self.key_fingerprint = earlier_key(controller.journal, self.count) or self.key_fingerprint
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
        self.head_seq, self.head_hash = journal.head_seq, journal.head_hash

    def _on_controller_changed(self, change: Change) -> None:
        self._failing = False
        self._take_head()
        self._note(change)
        self.changed.emit(change)
        self.polled.emit()

    def _on_controller_write_failed(self, error: Exception) -> None:
        self._failing = True
        self.failed.emit(str(error))

    def _on_heartbeat_timeout(self) -> None:
        if not self._failing:
            self.polled.emit()


class JournalFollower(DashboardFeed):
    """Follows an election file another process writes, read-only and incrementally.

    Every `interval_ms` it asks SQLite's `data_version` (no page is read) and only
    when the writer committed does it read the new events, at most `BATCH` at a time,
    in one short statement; it keeps no read transaction open between polls, so the
    writer's WAL checkpoints are never held back. Each event's hash and its link to
    the previous one are checked before it is folded in.

    If the file disappears, is replaced or cannot be read, the follower reports
    `failed` and tries to open it again every `retry_ms`; when the same election
    comes back it carries on from where it was (or folds again from the start if
    the history it had is not there any more).

    Attributes:
        last_record: the last record folded in (its `mono_ns` measures the lag).

    Signals:
        changed(Change), polled(), failed(str), reset(): as for every DashboardFeed.
    """

    def __init__(
        self,
        path: Path,
        *,
        interval_ms: int = 50,
        retry_ms: int = 500,
        parent: QObject | None = None,
    ) -> None:
        journal = Journal.open(path, read_only=True, tidy=False)
        try:  # on any error from here the follower lets go of the file before it is gone
            super().__init__(journal.election.setup, parent)
            self.path = path
            self.election_id = journal.election.election_id
            self.last_record: Record | None = None
            self._journal: Journal | None = journal
            self._identity = _identity(path)
            self._data_version: int | None = None
            self._more = True
            self._problem: str | None = None
            self._retry_after = 0.0
            self._retry_s = retry_ms / 1000
            self.head_hash = journal.election.setup_hash
            # Asked before reading: a commit in between only costs one more look.
            self._data_version = journal.data_version()
            self._catch_up_all()
        except (_Unreadable, sqlite3.Error) as error:
            journal.close()
            raise JournalError(f"{path}: cannot be followed ({error})") from None
        except BaseException:
            journal.close()
            raise
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._on_timer_timeout)

    @property
    def journal(self) -> Journal | None:
        """The read-only journal, or None while it is unavailable."""
        return self._journal

    @property
    def problem(self) -> str | None:
        """Why the journal is unavailable, or None when it is readable."""
        return self._problem

    def start(self) -> None:
        """Poll every `interval_ms` from now on."""
        self._timer.start()

    def stop(self) -> None:
        """Stop polling (the dashboard then shows that no updates are coming)."""
        self._timer.stop()

    def close(self) -> None:
        """Stop and let go of the file."""
        self.stop()
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    def _on_timer_timeout(self) -> None:
        self.poll()

    def poll(self) -> None:
        """Look once: fold in whatever the writer committed, or report why not."""
        try:
            if self._journal is None:
                if time.monotonic() < self._retry_after:
                    return
                self._reopen()
            assert self._journal is not None
            if _identity(self.path) != self._identity:
                raise _Unreadable("the election file was moved, deleted or replaced")
            version = self._journal.data_version()
            if version != self._data_version or self._more:
                self._data_version = version
                self._catch_up(emit=True)
        except (_Unreadable, JournalError) as error:
            self._fail(str(error))
            return
        except (sqlite3.Error, OSError) as error:
            self._fail(f"cannot be read ({error})")
            return
        self._problem = None
        self.polled.emit()

    def _catch_up_all(self) -> None:
        """Fold everything there is, batch by batch, without telling anyone each event."""
        self._start_fast()
        self._more = True
        while self._more:
            self._catch_up(emit=False)

    def _start_fast(self) -> None:
        """From the start of a journal, check and fold all but its last events in bulk.

        As `verify` does (`checked_count`): other processes check the hash chain while
        this one folds the count, so a long count is on screen in a second or two, not
        a minute. The last `TICKER_LENGTH` events are left to `_catch_up`,
        one by one, for the ticker. On any doubt nothing is kept, and `_catch_up`
        checks every event one by one, naming the first that is wrong.
        """
        journal = self._journal
        assert journal is not None
        journal.refresh()
        upto = journal.head_seq - TICKER_LENGTH
        if self.count.last_seq != 0 or upto <= 0:
            return
        count = checked_count(journal, upto)
        if count is None:
            return
        self.count = count
        self.head_seq, self.head_hash = upto, journal.hash_of(upto)
        self.last_record = journal.record(upto)
        self.key_fingerprint = earlier_key(journal, count) or self.key_fingerprint

    def _catch_up(self, *, emit: bool) -> None:
        assert self._journal is not None
        records = self._journal.records(after=self.count.last_seq)
        batch = _take(records, BATCH)
        self._more = len(batch) == BATCH
        for record in batch:
            if record.prev_hash != self.head_hash or record.computed_hash() != record.hash:
                raise _Unreadable(
                    f"event {record.seq:,} does not match the hash chain (run `station verify`)"
                )
            try:
                change = self.count.apply(record.event())
            except ValueError as error:
                raise _Unreadable(f"{error} (run `station verify`)") from None
            self.head_seq, self.head_hash = record.seq, record.hash
            self.last_record = record
            self._note(change)
            if emit:
                self.changed.emit(change)

    def _reopen(self) -> None:
        journal = Journal.open(self.path, read_only=True, tidy=False)
        if journal.election.election_id != self.election_id:
            journal.close()
            raise _Unreadable("a different election file now has this name")
        self._journal = journal
        self._identity = _identity(self.path)
        self._data_version = None
        if not self._still_has_our_history(journal):
            self.count = Count(pile_size=self.setup.pile)
            self.recent.clear()
            self.head_seq, self.head_hash = 0, journal.election.setup_hash
            self.closed = False
            self._catch_up_all()
            self.reset.emit()

    def _still_has_our_history(self, journal: Journal) -> bool:
        if self.head_seq == 0:
            return True
        mine = _take(journal.records(after=self.head_seq - 1), 1)
        return bool(mine) and mine[0].hash == self.head_hash

    def _fail(self, problem: str) -> None:
        # The dashboard may be streamed: name the file, not the folders it sits in.
        problem = problem.replace(str(self.path), self.path.name)
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self._retry_after = time.monotonic() + self._retry_s
        if problem != self._problem:
            self._problem = problem
            self.failed.emit(problem)


class _Unreadable(Exception):
    """The journal cannot be followed right now (one line saying why)."""


def _take(records: Iterator[Record], limit: int) -> list[Record]:
    """At most `limit` records, then end the statement and with it the read transaction."""
    try:
        return list(itertools.islice(records, limit))
    finally:
        close = getattr(records, "close", None)  # a generator: closing resets its cursor
        if close is not None:
            close()


def _identity(path: Path) -> tuple[int, int]:
    try:
        return file_identity(path)
    except OSError:
        raise _Unreadable("the election file is gone (moved or deleted)") from None
