"""The `station` command's first instructions: Ctrl+C ends it quietly from the start.

A KeyboardInterrupt raised while Python imports modules surfaces anywhere: inside
importlib (a traceback instead of exit 130), or inside PySide6's own start-up code,
which then aborts the process ("Fatal Python error: libshiboken/signature", exit 134)
or crashes it (139). Nothing is written while modules import, so Ctrl+C during any
import ends the process at once with 130. Anywhere else it raises KeyboardInterrupt as
usual, where the command's own handling (cli.main, the windows' InterruptToQuit) ends
it quietly with 130 too, after what it was writing is whole.

This module imports nothing of Station's, so the console script (pyproject
[project.scripts]) and `python -m station` run it before any other module loads.
"""

import contextlib
import os
import signal
import sys
from types import FrameType

EXIT_INTERRUPTED = 130  # 128 + SIGINT

# Where the frames of an import run: importlib, and PyInstaller's importers in the bundle.
_IMPORT_FILES = ("importlib._bootstrap", "pyimod0")


def interrupt_quietly() -> None:
    """Install the Ctrl+C handler, unless Ctrl+C was left ignored for this process
    (the journal's checking processes: their parent ends them)."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _on_interrupt)


_running = False  # whether run() is inside its `try`, where KeyboardInterrupt is handled


def run() -> int:
    """The `station` command (Ctrl+C handled since this module was imported)."""
    global _running
    code = EXIT_INTERRUPTED
    try:
        _running = True
        _log_without_console()
        from station.cli import main

        code = main()
        return code
    except KeyboardInterrupt:  # in the instant before or after main's own handling
        return EXIT_INTERRUPTED
    finally:
        _running = False
        # The command is over, its files closed: from here Ctrl+C only ends it sooner.
        signal.signal(signal.SIGINT, _end_now)
        if code == EXIT_INTERRUPTED:
            # What Ctrl+C left half-done (a transaction's context not yet entered) is
            # finalized as Python ends, after its database closed: "Exception ignored"
            # and a traceback on the terminal of a command that ended as asked.
            sys.unraisablehook = _say_nothing


def _say_nothing(_unraisable: object) -> None:
    """Python's hook for an exception no code can catch, once the command was interrupted."""


def _log_without_console() -> None:
    """A launcher with no terminal (Windows's station-window.exe, the macOS app) writes
    what it prints, its one-line errors above all, into a log file (station.console_log)."""
    from station.console_log import log_what_is_printed, without_console

    if without_console():
        with contextlib.suppress(OSError):  # no log folder: nowhere to say so either
            log_what_is_printed()


def _on_interrupt(_signum: int, frame: FrameType | None) -> None:
    # Before run() is inside its try (the console script's lines, run's first
    # instruction) nothing is written yet: end at once, as during an import.
    if not _running or frame is None or _importing(frame):
        _end_now()
    raise KeyboardInterrupt


def _importing(frame: FrameType) -> bool:
    """Whether `frame` runs inside an import (its callers cross C code, as from PySide6)."""
    current: FrameType | None = frame
    while current is not None:
        if any(part in current.f_code.co_filename for part in _IMPORT_FILES):
            return True
        current = current.f_back
    return False


def _end_now(*_ignored: object) -> None:
    for stream in (sys.stdout, sys.stderr):  # what was printed stays printed
        with contextlib.suppress(BaseException):  # ending anyway: a closed pipe is no news
            stream.flush()
    os._exit(EXIT_INTERRUPTED)


# As this module is imported, before the console script calls run(): a Ctrl+C in the
# instant between (Python checks for signals as run() begins, before its `try`) was
# Python's own traceback, exit -2 (a CI run, Ctrl+C at 0.0 s). Commands only: the
# journal's checking processes start with Ctrl+C ignored and keep it so.
interrupt_quietly()
