"""Ctrl+C in a terminal ends a windowed command quietly, with exit code 130.

SIGTERM (`kill`, a shutdown) and SIGHUP (the terminal that started Station closed) end
it the same way, with 143 and 129: the windows close as on any close, so the session's
close is recorded and the next opening does not call the last session interrupted.

Python runs its SIGINT handler only between bytecodes. While Qt's event loop waits in
C++ none run, and a KeyboardInterrupt raised later inside a slot is printed by PySide
as a traceback while the loop goes on. So Station installs its own handler, which ends
the loop (then the windows close as on any close), and a timer gives the interpreter a moment four times a
second to notice the signal.
"""

import signal
import sys
from types import FrameType

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what a shell reports for a process ended by Ctrl+C
WAKE_MS = 250
# The signals that end a windowed command as a closed window would; exit 128 + signal.
if sys.platform == "win32":
    # No SIGHUP. Ctrl+Break raises SIGBREAK. A console window closed is SIGBREAK to the C
    # runtime too, but Windows ends the process before Python's handler runs: every
    # committed call is on the disk, and the session reads as interrupted, as after a crash.
    ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGBREAK)
else:
    ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class InterruptToQuit(QObject):
    """While installed, SIGINT, SIGTERM or SIGHUP ends the event loop; `ended` then closes
    every window.

    Attributes:
        received: whether a signal ended the loop (the exit code is then 128 + signal).
        exit_code: that exit code: 130 for Ctrl+C, 143 for SIGTERM, 129 for SIGHUP.
    """

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.received = False
        self.exit_code = EXIT_INTERRUPTED
        self._app = app
        self._wake = QTimer(self)
        self._wake.setInterval(WAKE_MS)
        self._wake.timeout.connect(self._on_wake_timeout)

    def install(self) -> "InterruptToQuit":
        """From now on until the process ends (installed with the QApplication, so that a
        Ctrl+C while the first window is built is not lost either)."""
        for signum in ENDING_SIGNALS:
            signal.signal(signum, self._on_signal)
        self._wake.start()
        return self

    def run(self) -> int:
        """Run the event loop until the last window closes or Ctrl+C; the exit code."""
        code = 0 if self.received else self._app.exec()
        return self.ended(code)

    def ended(self, code: int) -> int:
        """The command's exit code once the loop returned `code`: 128 + signal after one.

        The windows are closed here, once the loop is over (closing them from the
        handler raced their last repaint): the operator window ends its session as
        on any close.
        """
        if not self.received:
            return code
        self._app.closeAllWindows()
        return self.exit_code

    def _on_signal(self, signum: int, _frame: FrameType | None) -> None:
        if self.received:
            return  # a second signal while the windows close: they are closing already
        self.received = True
        self.exit_code = 128 + signum
        self._app.exit(self.exit_code)

    def _on_wake_timeout(self) -> None:
        pass  # only lets the interpreter run the signal handler
