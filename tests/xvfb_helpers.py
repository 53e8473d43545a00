"""What every count typed into the real windows under Xvfb needs: a server, the commands,
the station process and random keys with mistakes in them.

Skipped where Xvfb or xdotool is missing (CI installs both): a module that imports
`pytestmark` from here is skipped with it.
"""

import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"
)


def display_answers(display: str, seconds: float) -> bool:
    """Whether the X server on `display` answers within `seconds` (xdotool asks it)."""
    env = {**os.environ, "DISPLAY": display}
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        probe = subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True)
        if probe.returncode == 0:
            return True
        time.sleep(0.1)
    return False


@pytest.fixture
def display() -> Iterator[str]:
    """A private Xvfb server on a free display number (never :0, often a real desktop's)."""
    for number in random.sample(range(100, 900), 10):
        if Path(f"/tmp/.X{number}-lock").exists():
            continue
        server = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if display_answers(f":{number}", 10):
            break
        server.kill()
        server.wait(timeout=10)
    else:
        pytest.fail("no Xvfb server could be started")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


def station(
    *args: str | Path, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "station", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def xdotool(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(["xdotool", *args], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, f"xdotool {' '.join(args)}: {done.stderr}"
    return done.stdout.strip()


def events_in(path: Path) -> int:
    """How many events the file holds, read as a dashboard would (read-only)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT IFNULL(MAX(seq), 0) FROM events").fetchone()[0])
    finally:
        conn.close()


def wait_for(path: Path, events: int, seconds: float = 30) -> None:
    """Until the file holds `events` events (read in this process: a `station tally`
    each time took longer); fails naming both counts if it does not in time."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and events_in(path) < events:
        time.sleep(0.1)
    assert events_in(path) >= events, f"{events_in(path)} events, {events} expected"


def type_keys(
    env: dict[str, str],
    path: Path,
    keys: list[str],
    before: int,
    *,
    batch: int = 40,
    delay: str = "15",
    seconds: float = 60,
) -> int:
    """Type `keys`, each of which records one event, a batch at a time: the next batch
    only once the file holds every event of the one before (`before` events at first).

    Keys typed far ahead of a slow machine were lost (a CI run: "168 events, 223
    expected"); waiting for each batch keeps the typing no faster than the station
    journals. Returns the events the file then holds.
    """
    for start in range(0, len(keys), batch):
        chunk = keys[start : start + batch]
        xdotool(env, "key", "--delay", delay, *chunk)
        wait_for(path, before + start + len(chunk), seconds)
    return before + len(keys)


def type_text(env: dict[str, str], text: str) -> None:
    """Type `text` into the focused field (a name, a place)."""
    xdotool(env, "type", "--delay", "20", text)


def is_operator_window(env: dict[str, str], window: str) -> bool:
    """Whether `window` is the operator window (not the envelope window)."""
    done = subprocess.run(
        ["xdotool", "getwindowname", window], capture_output=True, text=True, env=env
    )
    return done.returncode == 0 and "envelopes" not in done.stdout


def operator_window_after(env: dict[str, str], case: str, envelopes: str, log: Path) -> str:
    """The operator window that replaces the envelope window `envelopes` once the stage
    ends, with the keyboard."""
    operator = ""
    deadline = time.monotonic() + 30
    while not operator and time.monotonic() < deadline:
        found = subprocess.run(  # none while one window goes and the other comes
            ["xdotool", "search", "--onlyvisible", "--name", f"Station .* {case}"],
            capture_output=True, text=True, env=env,
        )  # fmt: skip
        names = found.stdout.split()
        operator = next((w for w in names if w != envelopes and is_operator_window(env, w)), "")
    assert operator, log.read_text()
    focus(env, operator)
    return operator


@contextmanager
def running_station(
    path: Path, env: dict[str, str], log: Path, *options: str
) -> Iterator["subprocess.Popen[bytes]"]:
    """`station FILE [OPTIONS]` on the test's display, its stderr in `log`; killed if
    still running."""
    with log.open("w") as log_file:
        app = subprocess.Popen(
            [sys.executable, "-m", "station", str(path), *options], env=env, stderr=log_file
        )
    try:
        yield app
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(timeout=10)


def focused_window(env: dict[str, str], name: str, log: Path) -> str:
    """The first window whose title matches `name`, at 1280x780 and with the keyboard."""
    found = xdotool(env, "search", "--sync", "--onlyvisible", "--name", name)
    assert found, log.read_text()
    window = found.split()[0]
    xdotool(env, "windowsize", window, "1280", "780")
    focus(env, window)
    return window


def focus(env: dict[str, str], window: str, seconds: float = 20) -> None:
    """Give `window` the keyboard (`windowfocus --sync` returns once it has it).

    Only a viewable window takes the focus: one found as Qt maps it (or maps it again
    after a resize) refuses with BadMatch (X_SetInputFocus), as the typed mail count
    did in two CI dry runs. It is asked again until it is viewable.
    """
    deadline = time.monotonic() + seconds
    while True:
        done = subprocess.run(
            ["xdotool", "windowfocus", "--sync", window],
            capture_output=True, text=True, env=env, timeout=60,
        )  # fmt: skip
        if done.returncode == 0:
            return
        if "BadMatch" not in done.stderr or time.monotonic() > deadline:
            raise AssertionError(f"xdotool windowfocus --sync {window}: {done.stderr}")
        time.sleep(0.1)


def keys_with_mistakes(
    rng: random.Random,
    total: int,
    *,
    undo_below: float,
    redo_below: float,
    redo_key: Callable[[random.Random], str],
    call: Callable[[random.Random], tuple[list[str], str]],
) -> tuple[list[str], list[str], int]:
    """About `total` random keys: calls, some undone and some of those redone.

    A roll below `undo_below` undoes the last standing call, below `redo_below` redoes
    the last undone one (a new call forgets what was undone); otherwise `call` gives the
    keys of one call and what it records. Returns the keys, the calls still standing and
    the events the keys make (one a key).
    """
    keys: list[str] = []
    active: list[str] = []
    undone: list[str] = []
    events = 0
    while len(keys) < total:
        roll = rng.random()
        if roll < undo_below and active:
            keys.append("ctrl+z")
            undone.append(active.pop())
            events += 1
        elif roll < redo_below and undone:
            keys.append(redo_key(rng))
            active.append(undone.pop())
            events += 1
        elif roll < redo_below:
            continue
        else:
            pressed, recorded = call(rng)
            keys += pressed
            active.append(recorded)
            undone.clear()
            events += len(pressed)
    return keys, active, events


RECOUNT_S = 0.6  # an Enter answers a pile's question only once it was on screen a moment


def last_seq(path: Path) -> int:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return int(conn.execute("SELECT IFNULL(MAX(seq), 0) FROM events").fetchone()[0])
    finally:
        conn.close()


def wait_for_events(path: Path, events: int, what: str) -> None:
    deadline = time.monotonic() + 60
    while last_seq(path) < events:
        assert time.monotonic() < deadline, f"{what}: {last_seq(path)} of {events} events"
        time.sleep(0.1)
    assert last_seq(path) == events, f"{what}: {last_seq(path)} events, expected {events}"


STARTED: list[subprocess.Popen[bytes]] = []  # every station started, killed at the end


class Station:
    """The operator window in its own process, driven by xdotool."""

    def __init__(self, path: Path, env: dict[str, str], log: Path) -> None:
        self.env = env
        self.path = path
        with log.open("a") as log_file:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "station", str(path)], env=env, stderr=log_file
            )
        STARTED.append(self.process)
        self.window = xdotool(env, "search", "--sync", "--name", "^Station — 10-RC-").split()[0]
        xdotool(env, "windowmove", self.window, "0", "0")
        xdotool(env, "windowsize", self.window, "1100", "1000")
        self.focus()

    def focus(self, window: str | None = None) -> None:
        focus(self.env, window or self.window)

    def keys(self, keys: list[str]) -> None:
        for start in range(0, len(keys), 60):
            xdotool(self.env, "key", "--delay", "12", *keys[start : start + 60])

    def dialog(self, title: str) -> str:
        found = xdotool(self.env, "search", "--sync", "--name", title).split()[0]
        self.focus(found)
        return found

    def step(self, kind: str, keys: list[str], events: int) -> None:
        if kind == "recount":
            # The pile just filled: the question is on screen while the agent recounts.
            wait_for_events(self.path, events - 1, "the pile filled")
            time.sleep(RECOUNT_S)
        self.keys(keys)

    def prepare_sheet(self, shortcut: str, *, place: str) -> None:
        """Open the sheet dialog (pause or final), type the place, press Enter."""
        self.focus()
        xdotool(self.env, "key", shortcut)
        try:
            found = subprocess.run(
                ["xdotool", "search", "--sync", "--name", "Prepare the tally sheet"],
                capture_output=True, text=True, env=self.env, timeout=20,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            found = None
        if found is None or found.returncode != 0:
            # As in quit(): with no window manager the shortcut can reach no window.
            self.focus()
            xdotool(self.env, "key", shortcut)
        self.dialog("Prepare the tally sheet")
        xdotool(self.env, "type", "--delay", "10", place)
        xdotool(self.env, "key", "Return")
        self.focus()

    def quit(self) -> None:
        self.focus()
        xdotool(self.env, "key", "ctrl+q")
        try:
            code = self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            # Xvfb has no window manager: a key sent as a dialog closes can reach no
            # window. Asked once more with the focus given again; a station that does not
            # quit then still fails here.
            shot(self.env, "quit-not-taken.png")
            self.focus()
            xdotool(self.env, "key", "ctrl+q")
            code = self.process.wait(timeout=30)
        assert code == 0


def shot(env: dict[str, str], name: str) -> None:
    folder = os.environ.get("STATION_SHOTS")
    if folder:
        subprocess.run(
            ["import", "-window", "root", str(Path(folder) / name)], env=env, check=False
        )
