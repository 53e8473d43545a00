"""Where a launcher with no terminal writes what it would print: a log file in the user's
log folder, each line stamped with the time.

Windows's console-less launcher (`station-window.exe`, like `pythonw`) has no standard
output or error at all: a one-line error (a file that cannot be opened, a second station
on the same file) would vanish, and a `print` to nowhere is no place to look. The macOS
app opened from the Finder writes into the void too. Both append here instead (and to
the terminal as well, when the app's program is started from one):

- Windows: %LOCALAPPDATA%\\station\\Logs\\station.log
- macOS: ~/Library/Logs/station/station.log
- Linux (only when started without a console, e.g. by pythonw-like launchers):
  ~/.local/state/station/log/station.log
"""

import io
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO, cast

LOG_FILE = "station.log"


def log_path() -> Path:
    """The log file, in the user's log folder (see above)."""
    from platformdirs import user_log_path

    return user_log_path("station", appauthor=False) / LOG_FILE


def without_console() -> bool:
    """Whether no terminal shows what this process prints: Windows's console-less launcher
    (no stderr at all), or the program inside the macOS app, whose output the Finder
    drops (it is logged then even when a terminal started it, and shown there too)."""
    if sys.stderr is None:
        return True
    if sys.platform == "darwin":
        return bool(getattr(sys, "frozen", False)) and ".app/Contents/MacOS/" in sys.executable
    return False  # Linux and Windows: a process with a stderr has a terminal or a pipe


def log_what_is_printed(path: Path | None = None) -> Path:
    """From now on, stdout and stderr are appended to the log (and still shown where they
    were, if anywhere). Returns the log's path."""
    path = path or log_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    log = path.open("a", encoding="utf-8", errors="backslashreplace")
    sys.stdout = cast(TextIO, _Stamped(log, sys.stdout))
    sys.stderr = cast(TextIO, _Stamped(log, sys.stderr))
    return path


class _Stamped(io.TextIOBase):
    """Each line written goes to the log with the UTC time before it, then to `shown`."""

    def __init__(self, log: TextIO, shown: TextIO | None) -> None:
        super().__init__()
        self._log = log
        self._shown = shown
        self._line_begins = True

    def write(self, text: str) -> int:
        for piece in text.splitlines(keepends=True):
            if self._line_begins:
                self._log.write(f"{datetime.now(UTC):%Y-%m-%dT%H:%M:%SZ} ")
            self._log.write(piece)
            self._line_begins = piece.endswith("\n")
        self._log.flush()
        if self._shown is not None:
            self._shown.write(text)
        return len(text)

    def flush(self) -> None:
        # Also called when this object is collected (io's finaliser closes it), which
        # may be after the log or the shown stream was closed.
        for stream in (self._log, self._shown):
            if stream is not None and not stream.closed:
                stream.flush()

    def isatty(self) -> bool:
        return False  # no progress lines redrawn into a file

    def writable(self) -> bool:
        return True
