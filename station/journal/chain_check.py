"""Checking the hash chain of many events at once, on every core the machine has.

Each event's hash can be checked on its own, given the hash of the event before it, so
a long journal is cut into ranges: other processes check the later ranges while this
one replays the count, then checks the first range itself. A range answers with the
first event that breaks the chain in it, or None; `verify` then names the first break
in the journal one event at a time, as it always did.
"""

import contextlib
import itertools
import os
import signal
import sqlite3
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from pathlib import Path

from station.files import file_identity
from station.journal.chain_walk import ChainWalk, walk_in
from station.journal.times import Backwards
from station.paths import sqlite_uri
from station.progress import EVERY

# This process folds the count as well, which costs about as much as checking the
# hashes of a third of the events: it keeps a small share of them to begin with, and
# takes back the later ranges no other process has begun once it is done.
_OWN_SHARE = 0.3
# The other processes' share comes in ranges, so that this one can take back those no
# other process has begun yet: at least this many a process, and none much longer than
# `_RANGE_EVENTS`. The pool hands each process a range and queues one more for it, which
# can no longer be taken back, so at the end this process may wait for two ranges: 100,000
# events each made it wait half a second of a two-second verify, 12,500 (30 ms here) do
# not; a range costs its process a millisecond to begin.
_RANGES_A_PROCESS = 8
_RANGE_EVENTS = 12_500
# Below this many events one process checks them all: starting another costs more.
PARALLEL_FROM = 50_000


def first_break_in_file(
    path: str, identity: tuple[int, int], first: int, last: int, before: str
) -> tuple[int | None, Backwards | None]:
    """The walk of events `first` to `last` of the file at `path`, read-only: where it
    broke (`chain_break_in`) and where its times ran backwards.

    Raises FileChanged if the file there is no longer the one (device, inode) the
    other process is checking.
    """
    conn = sqlite3.connect(sqlite_uri(Path(path), "mode=ro"), uri=True)
    try:
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute("BEGIN")  # one read: the file checked below is the one read
        conn.execute("SELECT 1 FROM events LIMIT 1").fetchall()
        if file_identity(path) != identity:
            raise FileChanged(path)
        walk = walk_in(conn, first, last, before)
        return walk.first_break(last), walk.backwards
    finally:
        conn.close()


class FileChanged(Exception):
    """Another file now has the name of the one being checked."""


# How another process's check can fail without saying anything of the journal: the
# file under the name changed or went (FileChanged, OSError), SQLite could not read it
# there, or the process died or was never let run. Anything else is a bug.
_PROCESS_FAILED = (FileChanged, OSError, sqlite3.Error, BrokenProcessPool, CancelledError)


class ChainCheck:
    """A check of events 1 to `last`, begun in other processes and finished in this one.

    Make it, do other work meanwhile (replay the count), then call `first_break`,
    which checks the first range here, takes back the later ranges no other process
    has begun (on a busy machine this one may be done first), and waits for the
    others. `workers` other processes check the later ranges: by default one a spare
    core, from `PARALLEL_FROM` events on. `in_other_processes` says whether they did
    (if one cannot start or fails, this process checks its range instead). After
    `first_break`, `backwards` names the first event dated before the one before it
    (`clock.first_backwards`), if the chain holds.
    """

    def __init__(
        self,
        path: Path,
        last: int,
        hash_of: Callable[[int], str],
        *,
        identity: tuple[int, int] | None = None,
        workers: int | None = None,
    ) -> None:
        self.last = last
        self.hash_of = hash_of  # the hash of an event; of 0, the setup hash
        if workers is None:
            workers = _spare_cores() if last >= PARALLEL_FROM else 0
        self.in_other_processes = workers > 0
        self.backwards: Backwards | None = None
        self.own = last if workers == 0 else int(last * _OWN_SHARE / (workers + 1))
        self._pool: ProcessPoolExecutor | None = None
        self._ranges: list[tuple[int, int, str, Future[tuple[int | None, Backwards | None]]]] = []
        if workers == 0:
            return
        parts = workers * max(_RANGES_A_PROCESS, (last - self.own) // (workers * _RANGE_EVENTS))
        bounds = [self.own + (last - self.own) * part // parts for part in range(parts + 1)]
        # Each range starts from the hash of the event before it, as this process reads
        # it (KeyError if that event is missing: raised before any process starts).
        ranges = [(start + 1, end, hash_of(start)) for start, end in itertools.pairwise(bounds)]
        try:
            identity = identity or file_identity(path)
            with _interrupts_left_to_this_process():
                self._pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"))
                for first, end, before in ranges:
                    answer = self._pool.submit(
                        first_break_in_file, str(path), identity, first, end, before
                    )
                    self._ranges.append((first, end, before, answer))
        except (OSError, RuntimeError):  # no other process here: check all in this one
            self.close()
            self._ranges, self.own, self.in_other_processes = [], last, False

    def first_break(
        self, conn: sqlite3.Connection, checked: Callable[[int], None] | None = None
    ) -> int | None:
        """The first event from 1 to `last` that breaks the chain, or None.

        `conn` reads the file in this process (the journal's own connection).
        `checked`, if given, is called now and then with how many of this process's
        share it has checked, out of `own`.
        """
        try:
            own = self._own_walk(conn, checked)
            walks = [(own.first_break(self.own), own.backwards)]
            # From the last: the other processes take the ranges from the first.
            for first, end, before, answer in reversed(self._ranges):
                if answer.cancel():  # no process had begun it: this one is free now
                    walk = walk_in(conn, first, end, before)
                    walks.append((walk.first_break(end), walk.backwards))
            begun = [answer for *_, answer in self._ranges if not answer.cancelled()]
            self.in_other_processes = self.in_other_processes and bool(begun)
            try:
                walks += [answer.result() for answer in begun]
            except _PROCESS_FAILED:  # a process that failed tells nothing of the journal
                self.in_other_processes = False
                walk = walk_in(conn, self.own + 1, self.last, self.hash_of(self.own))
                walks = [walks[0], (walk.first_break(self.last), walk.backwards)]
        finally:
            self.close()
        found = [seq for seq, _ in walks if seq is not None]
        if found:
            return min(found)
        self.backwards = min((each for _, each in walks if each is not None), default=None)
        return None

    def _own_walk(
        self, conn: sqlite3.Connection, checked: Callable[[int], None] | None
    ) -> ChainWalk:
        """The walk of this process's share, a slice at a time between reports."""
        walk = ChainWalk(1, self.hash_of(0))  # event 1: no time before it
        step = max(EVERY, self.own // 100)
        for last in range(min(step, self.own), self.own + step, step):
            last = min(last, self.own)
            if walk.go(conn, last).first_break(last) is not None:
                break
            if checked is not None:
                checked(last)
        return walk

    def close(self) -> None:
        """Let the other processes go, once any range still being checked is done."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


@contextlib.contextmanager
def _interrupts_left_to_this_process() -> Iterator[None]:
    """Start processes that ignore Ctrl+C: this one ends them (and says nothing more).

    Ctrl+C goes to every process of the terminal's group; a checking process that got
    it would print a KeyboardInterrupt traceback. An ignored signal stays ignored in a
    started program, before any of its code runs, so it is ignored while they start.
    """
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: its signals are not this code's to change
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _spare_cores() -> int:
    """Cores this process may use beside its own (at most 3: the disk is the limit then)."""
    if sys.platform == "linux":
        cores = len(os.sched_getaffinity(0))  # those it is allowed (taskset, a container)
    else:  # macOS and Windows have no affinity call: every core the machine has
        cores = os.cpu_count() or 1
    return max(0, min(cores - 1, 3))
