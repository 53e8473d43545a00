"""A launcher with no terminal (Windows's station-window.exe, the macOS app) keeps its
one-line errors in a log file the README names (station/console_log.py)."""

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from station import console_log
from tests.platforms import pretend

# What Windows gives a program of the GUI subsystem (pythonw, station-window.exe): no
# standard output or error at all.
NO_CONSOLE = """
import sys
sys.stdout = sys.stderr = None
from station.launch import run
sys.argv = ["station", *sys.argv[1:]]
sys.exit(run())
"""


def test_without_a_console_a_one_line_error_goes_to_the_log(tmp_path: Path) -> None:
    state = str(tmp_path / "state")
    # The user's log folder: Linux's from XDG_STATE_HOME, macOS's under HOME
    # (~/Library/Logs), Windows's in the local application data folder.
    env = {**os.environ, "XDG_STATE_HOME": state, "HOME": state}
    env["WIN_PD_OVERRIDE_LOCAL_APPDATA"] = state
    missing = tmp_path / "missing.station"
    done = subprocess.run(
        [sys.executable, "-c", NO_CONSOLE, "tally", str(missing)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert done.stdout == done.stderr == ""
    logs = list((tmp_path / "state").rglob(console_log.LOG_FILE))
    assert len(logs) == 1, logs
    lines = logs[0].read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ station: .*missing\.station.*", lines[0])


def test_the_log_stamps_each_line_and_still_shows_it(tmp_path: Path) -> None:
    shown = io.StringIO()
    log = tmp_path / "station.log"
    with log.open("a", encoding="utf-8") as file:
        stamped = console_log._Stamped(file, shown)
        stamped.write("station: first\nstation: sec")
        stamped.write("ond\n")
    assert shown.getvalue() == "station: first\nstation: second\n"
    lines = log.read_text(encoding="utf-8").splitlines()
    assert [line.split(" ", 1)[1] for line in lines] == ["station: first", "station: second"]


def test_a_terminal_or_a_pipe_is_a_console(monkeypatch: pytest.MonkeyPatch) -> None:
    for platform in ("linux", "win32"):
        pretend(monkeypatch, platform)
        assert console_log.without_console() is False


@pytest.mark.stand_in("darwin")
def test_the_macos_apps_program_logs_even_from_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Finder drops its output: the app's program logs always, and shows it too."""
    pretend(monkeypatch, "darwin")
    assert console_log.without_console() is False  # Station from source or a venv
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/Applications/Station.app/Contents/MacOS/station")
    assert console_log.without_console() is True
