"""PyInstaller runtime hook (build.spec): Ctrl+C while the bundle starts ends it with 130.

The bundle's own runtime hooks import PySide6 before station/__main__.py runs; a
KeyboardInterrupt inside PySide6's start-up aborts the process (exit 134 or 139) and
elsewhere gives a traceback. Nothing is written while the bundle starts, so Ctrl+C
ends it at once, until station.launch installs the command's own handler.
"""

import os
import signal

if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # the checking processes' stays
    signal.signal(signal.SIGINT, lambda _signum, _frame: os._exit(130))
