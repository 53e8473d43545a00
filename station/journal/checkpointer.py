"""WAL checkpoints off the write path: a thread of the writer's own moves the -wal into
the file, so that no operator's keypress waits for it.

Left to SQLite, the commit that fills the -wal to `CHECKPOINT_PAGES` pages also writes
them all into the file and flushes the file: three times a call's work, and on a busy
disk tens of milliseconds more, on whichever keypress happened to fill it. Here the
writer never checkpoints (`wal_autocheckpoint = 0`); every `EVERY` events it asks this
thread, which checkpoints through a connection of its own while the writer goes on
committing. A PASSIVE checkpoint takes no lock a writer waits for (SQLite runs one
beside readers and a writer), and the thread holds no lock of Python's while SQLite
works, so a call commits as before: durably, in the -wal, before the screen moves.

The main file keeps up as it did (all but the last hundred events or so: a copy of it
alone still holds nearly the whole count), and closing checkpoints what is left, as
before. Only for a process whose cycle collector runs in the windows' thread
(`ui.main_thread_gc`), as a station's is: a collection this thread triggered would
otherwise destroy Qt objects from it.
"""

import contextlib
import sqlite3
import threading
from pathlib import Path

from station.journal.connection import commit_durably
from station.paths import sqlite_uri

EVERY = 100  # events between checkpoints: the most a copy of the file alone can lack


class Checkpointer:
    """A thread that checkpoints the -wal of the file at `path` when asked (`appended`).

    Opened while the writer holds the file, so that its connection reads the writer's
    file even if the name is later given to another.
    """

    def __init__(self, path: Path, every: int = EVERY) -> None:
        self.every = every
        self._since = 0  # events appended since the last request
        self._conn = sqlite3.connect(
            sqlite_uri(path, "mode=rw"), uri=True, check_same_thread=False, isolation_level=None
        )
        try:
            commit_durably(self._conn)  # its checkpoints flush as the writer's did
            self._conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error:
            self._conn.close()
            raise
        self._changed = threading.Condition()
        self._asked = self._done = 0
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="wal-checkpoints", daemon=True)
        self._thread.start()

    def appended(self) -> None:
        """The writer committed an event: every `every` events, ask for a checkpoint."""
        self._since += 1
        if self._since >= self.every:
            self._since = 0
            with self._changed:
                self._asked += 1
                self._changed.notify_all()

    def wait(self, timeout: float) -> bool:
        """Wait until every checkpoint asked for is done; False if `timeout` s passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._done >= self._asked, timeout)

    def stop(self) -> None:
        """End the thread (after the checkpoint under way, if one is) and close its
        connection; the writer then closes the file, checkpointing what is left."""
        with self._changed:
            self._stopping = True
            self._changed.notify_all()
        self._thread.join()
        self._conn.close()

    def _run(self) -> None:
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self._stopping or self._done < self._asked)
                if self._stopping:
                    return
                asked = self._asked
            # If it cannot be done now (a reader in the way, a full disk), the next
            # request or the writer's close does it.
            with contextlib.suppress(sqlite3.Error):
                self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            with self._changed:
                self._done = asked
                self._changed.notify_all()
