"""The windows read from outside the process, as a screen reader on Linux reads them.

The real `station demo` runs on Xvfb with Qt's AT-SPI bridge on a session bus of the
test's own; tests/ui/atspi_reader.py, run by the system's Python (Debian's
python3-pyatspi is not on PyPI), walks the application's accessible tree over the bus.
What a blind operator or observer needs: the four call buttons by role and name with
their counts, the dashboard's figures each naming its word and its number, and after
a key press the changed count read again in both windows.

Needs Xvfb, xdotool, dbus-daemon, at-spi2-core and python3-pyatspi (.ci/packages.txt).
Where .ci/run installed them (STATION_CI_PACKAGES) one missing fails the test;
elsewhere it is skipped, saying which.
"""

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.xvfb_helpers import display, focus, xdotool

__all__ = ["display"]

READER = Path(__file__).with_name("atspi_reader.py")
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHER = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")
CALLS = ("FOR", "AGAINST", "CHALLENGED", "VOID")
Node = list[object]  # [window, role, name, description, showing]


def missing_packages() -> list[str]:
    """The Debian packages this test needs that the machine lacks."""
    missing = [
        package
        for program, package in (
            ("Xvfb", "xvfb"),
            ("xdotool", "xdotool"),
            ("dbus-daemon", "dbus-daemon"),
        )
        if not shutil.which(program)
    ]
    if not any(Path(launcher).exists() for launcher in BUS_LAUNCHER):
        missing.append("at-spi2-core")
    has_pyatspi = Path(SYSTEM_PYTHON).exists() and (
        subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True).returncode == 0
    )
    if not has_pyatspi:
        missing.append("python3-pyatspi")
    return missing


@pytest.fixture
def packages() -> None:
    missing = missing_packages()
    if missing and os.environ.get("STATION_CI_PACKAGES"):
        pytest.fail(f".ci/packages.txt is installed, yet this machine lacks {', '.join(missing)}")
    if missing:
        pytest.skip(f"reading over AT-SPI needs {', '.join(missing)}, which is not installed")


@pytest.fixture
def session_bus(packages: None, display: str, tmp_path: Path) -> Iterator[dict[str, str]]:
    """The environment of a process on the test's display and its own session bus,
    with the accessibility bus and its registry already up."""
    # A desktop's own accessibility bus (AT_SPI_BUS_ADDRESS) is never read or written:
    # not by the reader, the station, or the bus's registry the daemon starts.
    own = {key: value for key, value in os.environ.items() if key != "AT_SPI_BUS_ADDRESS"}
    daemon = subprocess.Popen(
        ["dbus-daemon", "--session", "--nofork", "--print-address=1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=own,
    )
    try:
        assert daemon.stdout is not None
        address = daemon.stdout.readline().strip()
        assert address, "dbus-daemon gave no address"
        env = {
            **own,
            "DISPLAY": display,
            "DBUS_SESSION_BUS_ADDRESS": address,
            "QT_QPA_PLATFORM": "xcb",
            "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
            "TMPDIR": str(tmp_path),  # the demo's file, and whatever the buses leave
        }
        woken = subprocess.run(
            [SYSTEM_PYTHON, "-I", str(READER), "--wake"], env=env, capture_output=True, timeout=20
        )
        assert woken.returncode == 0, woken.stderr
        yield env
    finally:
        daemon.terminate()
        daemon.wait(timeout=10)
        if daemon.stdout is not None:
            daemon.stdout.close()


def read(env: dict[str, str], *until: dict[str, str]) -> list[Node]:
    """Station's accessible objects, read once each of `until` is among them."""
    done = subprocess.run(
        [SYSTEM_PYTHON, "-I", str(READER), "Station", "--timeout", "15"]
        + [arg for wanted in until for arg in ("--until", json.dumps(wanted))],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr
    nodes: list[Node] = json.loads(done.stdout)
    return nodes


def call_buttons(nodes: list[Node]) -> dict[str, str]:
    """The operator window's call buttons a screen reader finds: name -> description."""
    return {
        str(name): str(description)
        for _, role, name, description, showing in nodes
        if role == "push button" and showing and str(name).startswith("Record ")
    }


def figures(nodes: list[Node], window: str) -> dict[str, str]:
    """What the dashboard's objects say that hold a number: name -> description."""
    return {
        str(name): str(description)
        for where, _, name, description, showing in nodes
        if str(where).startswith(window) and showing and re.fullmatch(r"[\d,]+", str(description))
    }


def so_far(buttons: dict[str, str], call: str) -> int:
    """The count a call button's description gives ("43 FOR so far")."""
    found = re.fullmatch(rf"([\d,]+) {call} so far", buttons[f"Record {call}"])
    assert found, buttons
    return int(found.group(1).replace(",", ""))


def test_a_screen_reader_reads_the_calls_and_the_dashboard_and_each_change(
    session_bus: dict[str, str], tmp_path: Path
) -> None:
    env = session_bus
    log = tmp_path / "station.log"
    with log.open("w") as log_file:
        app = subprocess.Popen([sys.executable, "-m", "station", "demo"], env=env, stderr=log_file)
    try:
        nodes = read(env, {"role": "push button", "name": "Record FOR"})
        buttons = call_buttons(nodes)
        assert sorted(buttons) == sorted(f"Record {call}" for call in CALLS), nodes
        counts = {call: so_far(buttons, call) for call in CALLS}

        operator = xdotool(env, "search", "--sync", "--onlyvisible", "--name", "^DEMO — Station —")
        focus(env, operator)
        xdotool(env, "key", "F11")  # the dashboard, in the same process
        dashboard = "DEMO — Station dashboard"
        nodes = read(env, {"name": "VALID VOTES"})
        shown = figures(nodes, dashboard)
        for call in CALLS:
            assert shown.get(call) == f"{counts[call]:,}", (call, shown)
        # In a screen reader's list of windows, as the operator window is.
        windows = {str(name): role for where, role, name, *_ in nodes if where == ""}
        listed = [role for name, role in windows.items() if name.startswith(dashboard)]
        assert listed == ["frame"], windows
        assert shown["VALID VOTES"] == f"{counts['FOR'] + counts['AGAINST']:,}", shown

        focus(env, operator)
        xdotool(env, "key", "f")
        after = counts["FOR"] + 1
        nodes = read(
            env,
            {"name": "Record FOR", "description": f"{after:,} FOR so far"},
            {"name": "FOR", "description": f"{after:,}"},
        )
        assert so_far(call_buttons(nodes), "AGAINST") == counts["AGAINST"]
        assert figures(nodes, dashboard)["FOR"] == f"{after:,}"

        focus(env, operator)
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, log.read_text()
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(timeout=10)
