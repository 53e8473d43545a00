"""Progress of long work (verifying, exporting a large journal), without Qt.

The core functions take an optional `Progress` callback, called now and then with how
much is done out of how much in all; the window shows a progress dialog from it and
the command line a line on stderr.
"""

import sys
import time
from collections.abc import Callable
from typing import TextIO

Progress = Callable[[int, int], None]
"""Called with (done, total) in the same units, e.g. events; done == total at the end."""

EVERY = 500  # events between two calls: often enough to move, rare enough to cost nothing


class TerminalProgress:
    """A `\\r`-updated line on stderr, only for a terminal and only once the work takes a while.

    Short runs and pipes (`station verify FILE 2>log`) print nothing, so scripts see
    exactly the output they always saw.
    """

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        *,
        delay: float = 0.5,
        interval: float = 0.1,
        force: bool = False,
    ) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.delay = delay
        self.interval = interval
        self.enabled = force or self.stream.isatty()
        self._started = time.monotonic()
        self._last = 0.0
        self._shown = False

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        finished = total > 0 and done >= total
        if now - self._started < self.delay and not self._shown:
            return
        if now - self._last < self.interval and not finished:
            return
        self._last = now
        self._shown = True
        percent = 100 * done // total if total > 0 else 100
        self.stream.write(f"\r{self.label}: {done:,} of {total:,} ({percent}%)")
        self.stream.flush()

    def finish(self) -> None:
        """End the line, if one was shown, so the next output starts on its own line."""
        if self._shown:
            self.stream.write("\n")
            self.stream.flush()
            self._shown = False
