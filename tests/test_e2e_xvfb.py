"""A real count typed into the real window on a real X server (Xvfb), as an operator would.

Hundreds of keys with mistakes, undos and redos go through xdotool to the station
process; afterwards `station tally --json` must give exactly the expected tally and
`station log` must hold every key. Skipped where Xvfb or xdotool is missing (CI
installs both).
"""

import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    not (shutil.which("Xvfb") and shutil.which("xdotool")), reason="needs Xvfb and xdotool"
)

KEY_CALLS = {"f": "for", "a": "against", "c": "challenge", "v": "void"}


def _answers(display: str, seconds: float) -> bool:
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
        if _answers(f":{number}", 10):
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


def plan_keys(seed: int, total: int) -> tuple[list[str], dict[str, int], int]:
    """Random keypresses with mistakes fixed by undo, and the tally a recount gives."""
    rng = random.Random(seed)
    keys: list[str] = []
    active: list[str] = []
    undone: list[str] = []
    events = 0
    while len(keys) < total:
        roll = rng.random()
        if roll < 0.08 and active:
            keys.append("ctrl+z")
            undone.append(active.pop())
        elif roll < 0.11 and undone:
            keys.append("ctrl+y" if rng.random() < 0.5 else "ctrl+shift+z")
            active.append(undone.pop())
        elif roll < 0.11:
            continue
        else:
            key = rng.choices("facv", weights=(45, 45, 5, 5))[0]
            keys.append(key)
            active.append(KEY_CALLS[key])
            undone.clear()
        events += 1
    tally = {call: active.count(call) for call in KEY_CALLS.values()}
    return keys, tally, events


@pytest.mark.long  # ~10 s: .ci/run runs it with the other typed counts (pytest -m long)
def test_a_real_count_typed_under_xvfb(tmp_path: Path, display: str) -> None:
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    path = tmp_path / "count.station"
    made = station(
        "new", path, "--case", "29-RC-288020", "--employer", "Amazon.com Services LLC",
        "--union", "Amazon Labor Union", "--eligible", "8325", "--ballots", "400",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    app_log = tmp_path / "app.log"
    with app_log.open("w") as log_file:
        app = subprocess.Popen(
            [sys.executable, "-m", "station", str(path)], env=env, stderr=log_file
        )
    try:
        found = xdotool(env, "search", "--sync", "--name", "Station .* 29-RC-288020")
        assert found, app_log.read_text()
        window = found.split()[0]
        xdotool(env, "windowsize", window, "1280", "780")
        xdotool(env, "windowfocus", "--sync", window)  # returns once the window has focus
        keys, expected, events = plan_keys(seed=2022, total=300)
        for start in range(0, len(keys), 50):
            xdotool(env, "key", "--delay", "15", *keys[start : start + 50])
        # A key held down for a second: the X server auto-repeats it, Station records one.
        # The pause is the hold itself (X starts repeating after about 660 ms), not a wait.
        xdotool(env, "keydown", "f")
        time.sleep(1.0)
        xdotool(env, "keyup", "f")
        expected["for"] += 1
        events += 1
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and events_in(path) < events + 1:
            time.sleep(0.1)  # read in this process: a `station tally` each time took longer
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, app_log.read_text()
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(timeout=10)
    tally = json.loads(station("tally", path, "--json").stdout)
    assert {call: tally[call] for call in ("for", "against", "void")} == {
        "for": expected["for"],
        "against": expected["against"],
        "void": expected["void"],
    }
    assert tally["challenged"] == expected["challenge"]
    log = [json.loads(line) for line in station("log", path, "--json").stdout.splitlines()]
    assert log[0]["action"] == "open" and log[-1]["action"] == "close"
    assert len(log) == events + 2  # every key, plus the opening and the closing
    assert station("verify", path).returncode == 0
