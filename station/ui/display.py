"""Whether a window can be opened here, said in one line before Qt would abort.

Without a display Qt's xcb platform plugin calls qFatal, which aborts the process (exit
134) after a misleading "xcb-cursor0 is needed" note. Station checks the obvious case
(no DISPLAY and no WAYLAND_DISPLAY) before creating the QApplication, and turns Qt's
own fatal start-up message into one line and exit 2 for the rest (a DISPLAY no server
answers, a missing system library).
"""

import os
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the CLI imports NoDisplay for every command, most of which need no Qt
    from PySide6.QtCore import QMessageLogContext, QtMsgType

EXIT_NO_DISPLAY = 2
ELSEWHERE = (
    "run it on the station's desktop; `station tally FILE`, `station log FILE` and"
    " `station --self-test` need no display"
)


class NoDisplay(Exception):
    """No window can be opened here (one-line message)."""


def check_display(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> None:
    """Raise NoDisplay when Qt is sure to find no display (Linux with neither X nor Wayland)."""
    if not platform.startswith("linux") or environ.get("QT_QPA_PLATFORM"):
        return  # macOS and Windows always have a screen; a chosen platform knows its own
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        raise NoDisplay(f"cannot open a window: no display (DISPLAY is not set); {ELSEWHERE}")


def fatal_problem(messages: list[str]) -> str:
    """The one line for Qt's fatal start-up messages, naming the cause Qt buried."""
    for message in messages:
        if message.startswith("could not connect to display"):
            shown = message.removeprefix("could not connect to display").strip() or "(empty)"
            return f"cannot open a window: no display answers at DISPLAY={shown}; {ELSEWHERE}"
    first = next((m for m in messages if m.strip()), "Qt gave no reason").splitlines()[0]
    return (
        f"cannot open a window: {first.strip()} (on Debian or Ubuntu, install the system"
        " libraries listed in .ci/packages.txt, as the README says)"
    )


@contextmanager
def fatal_start_is_one_line() -> Iterator[None]:
    """While the QApplication is made: a Qt fatal error ends the process with one line.

    qFatal aborts as soon as its message handler returns, so the handler is the last
    place to say something useful; it exits with EXIT_NO_DISPLAY there. Nothing has
    been written by then: the window never opened.
    """
    from PySide6.QtCore import QtMsgType, qInstallMessageHandler

    messages: list[str] = []

    def on_qt_message(kind: "QtMsgType", _context: "QMessageLogContext", message: str) -> None:
        messages.append(message)
        if kind == QtMsgType.QtFatalMsg:
            print(f"station: {fatal_problem(messages)}", file=sys.stderr, flush=True)
            os._exit(EXIT_NO_DISPLAY)

    previous = qInstallMessageHandler(on_qt_message)
    try:
        yield
    finally:
        qInstallMessageHandler(previous)


def ensure_offscreen_app() -> None:
    """An application object with no screen, for drawing tally sheets on the command line.

    A QApplication (not just a QGuiApplication), so that windows opened later in the
    same process still work.
    """
    from PySide6.QtWidgets import QApplication

    if QApplication.instance() is None:
        QApplication(["station", "-platform", "offscreen"])
