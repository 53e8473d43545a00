"""A real count typed into the real window on a real X server (Xvfb), as an operator would.

Hundreds of keys with mistakes, undos and redos go through xdotool to the station
process; afterwards `station tally --json` must give exactly the expected tally and
`station log` must hold every key. Skipped where Xvfb or xdotool is missing (CI
installs both).
"""

import json
import os
import random
import time
from pathlib import Path

import pytest

from tests.xvfb_helpers import (  # noqa: F401 (display: a fixture)
    display,
    focused_window,
    keys_with_mistakes,
    pytestmark,
    running_station,
    station,
    type_keys,
    wait_for,
    xdotool,
)

KEY_CALLS = {"f": "for", "a": "against", "c": "challenge", "v": "void"}


def plan_keys(seed: int, total: int) -> tuple[list[str], dict[str, int], int]:
    """Random keypresses with mistakes fixed by undo, and the tally a recount gives."""

    def call(rng: random.Random) -> tuple[list[str], str]:
        key = rng.choices("facv", weights=(45, 45, 5, 5))[0]
        return [key], KEY_CALLS[key]

    keys, active, events = keys_with_mistakes(
        random.Random(seed),
        total,
        undo_below=0.08,
        redo_below=0.11,
        redo_key=lambda rng: "ctrl+y" if rng.random() < 0.5 else "ctrl+shift+z",
        call=call,
    )
    tally = {name: active.count(name) for name in KEY_CALLS.values()}
    return keys, tally, events


@pytest.mark.long  # ~10 s: .ci/run runs it with the other typed counts (pytest -m long)
def test_a_real_count_typed_under_xvfb(tmp_path: Path, display: str) -> None:  # noqa: F811
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    path = tmp_path / "count.station"
    made = station(
        "new", path, "--case", "29-RC-288020", "--employer", "Amazon.com Services LLC",
        "--union", "Amazon Labor Union", "--eligible", "8325", "--ballots", "400",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    app_log = tmp_path / "app.log"
    with running_station(path, env, app_log) as app:
        focused_window(env, "Station .* 29-RC-288020", app_log)
        keys, expected, events = plan_keys(seed=2022, total=300)
        type_keys(env, path, keys, 1)  # after the opening
        # A key held down for a second: the X server auto-repeats it, Station records one.
        # The pause is the hold itself (X starts repeating after about 660 ms), not a wait.
        xdotool(env, "keydown", "f")
        time.sleep(1.0)
        xdotool(env, "keyup", "f")
        expected["for"] += 1
        events += 1
        wait_for(path, events + 1, seconds=20)
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, app_log.read_text()
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
