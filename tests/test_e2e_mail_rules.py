"""A mixed mail and polls count under the Board's mail rules, typed into the real windows
on a real X server (Xvfb).

Twelve voters: envelopes accepted and received after the due date (counted), a void one
and its replacement accepted and linked, a second envelope after an accepted one
refused, voters checked off at the polls, a voter challenged at the polls, a later
envelope of a voter at the polls refused; the stage ended; C refused in the ballot
count and the ballots called; the tally signed; then `station FILE --after-tally`
records an envelope received after the tally. `station tally --json`, `station envelopes
--json`, the exported sheet and `station verify --key` must agree with the model below.
Skipped where Xvfb or xdotool is missing.
"""

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from tests.xvfb_helpers import (  # noqa: F401 (display: a fixture)
    display,
    events_in,
    focus,
    focused_window,
    pytestmark,
    running_station,
    station,
    wait_for,
    xdotool,
)

NAMES = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov",
         "Donald Knuth", "Frances Allen", "Hedy Lamarr", "John Backus", "Radia Perlman",
         "Ken Thompson", "Mary Keller"]  # fmt: skip

# (keys typed into the envelope window, the events they make). Ids are typed whole, so
# the search's exact match comes first; a refused key makes no event.
ENVELOPES = [
    (["1", "0", "0", "1", "Return", "a"], 1),  # Ada Lovelace: accepted
    (["1", "0", "0", "2", "Return", "l"], 1),  # Grace Hopper: after the due date, counted
    (["1", "0", "0", "3", "Return", "v"], 1),  # Alan Turing: void (an unsigned stub) ...
    (["1", "0", "0", "3", "Return", "a"], 1),  # ... and the replacement kit, accepted
    (["1", "0", "0", "1", "Return", "a", "Escape"], 0),  # a second envelope: refused
    (["1", "0", "0", "4", "Return", "p"], 1),  # Edsger Dijkstra: voted at the polls
    (["1", "0", "0", "5", "Return", "p"], 1),  # Barbara Liskov: voted at the polls
    (["1", "0", "0", "6", "Return", "c", "Return"], 1),  # Donald Knuth: challenged at the polls
    (["1", "0", "0", "4", "Return", "l", "Escape"], 0),  # a mail envelope after the polls
    (["K", "n", "u", "t", "h", "Escape"], 0),  # a search dropped
    (["L", "a", "m", "a", "r", "r", "Return", "a"], 1),  # Hedy Lamarr, looked up by name
]
# The model: the ballots to count, by mail and at the polls.
FIGURES = {
    "returned": 6,  # 1001, 1002, 1003 twice, 1006 (its challenge envelope), 1008
    "accepted": 3,
    "challenged": 1,
    "void": 1,
    "late": 1,
    "replacements": 1,
    "at_polls": 2,
    "after_tally": 0,
}
BOX = 6  # 3 accepted + 1 late + 2 at the polls
CALLS = ["f", "f", "a", "f", "v", "a"]


@pytest.mark.long  # ~30 s: outside the README's test command, run by .ci/run (-m long)
def test_a_mixed_mail_count_under_the_rules_typed_under_xvfb(
    tmp_path: Path,
    display: str,  # noqa: F811
) -> None:
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    voters = tmp_path / "voters.csv"
    rows = "".join(f"{1001 + n},{name}\n" for n, name in enumerate(NAMES))
    voters.write_text("id,name\n" + rows, encoding="utf-8")
    path = tmp_path / "mixed.station"
    made = station(
        "new", path, "--case", "10-RC-269250", "--employer", "Amazon.com Services LLC",
        "--union", "RWDSU", "--mail", "--voters", voters, "--polls", "--agent", "R. Agent",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    events = 1  # the opening
    app_log = tmp_path / "app.log"
    with running_station(path, env, app_log) as app:
        envelopes = focused_window(env, "Station .* envelopes .* 10-RC-269250", app_log)
        for keys, made_events in ENVELOPES:
            xdotool(env, "key", "--delay", "40", *keys)
            events += made_events
            wait_for(path, events)
        xdotool(env, "key", "--delay", "50", "ctrl+shift+b", "Return")
        events += 1
        wait_for(path, events)
        operator = wait_for_window(env, "Station .* 10-RC-269250", exclude=envelopes)
        focus(env, operator)
        xdotool(env, "key", "--delay", "40", "c")  # refused: no ballot can be challenged now
        xdotool(env, "key", "--delay", "40", *CALLS)
        events += len(CALLS)
        wait_for(path, events)
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, app_log.read_text()

    tally = json.loads(station("tally", path, "--json").stdout)
    settled = {"sustained": 0, "ordered_opened": 0}
    assert tally["envelopes"] == {**FIGURES, **settled}
    assert (tally["ballots"], tally["counted"]) == (BOX, BOX)
    # Line 2: the ballot called void, and the envelope ruled void (never in the box).
    assert (tally["for"], tally["against"], tally["void"]) == (3, 2, 2)
    assert tally["challenged"] == 1  # the voter challenged at the polls, sealed
    text = station("tally", path).stdout
    assert "Ballots to count: 4 by mail, 2 at the polls" in text

    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    # After the tally: one more envelope arrives, recorded in the envelope window.
    events = events_in(path)
    with running_station(path, env, app_log, "--after-tally") as app:
        focused_window(env, "Station .* envelopes .* 10-RC-269250", app_log)
        xdotool(env, "key", "--delay", "40", "1", "0", "1", "0", "Return", "l")
        wait_for(path, events + 2)  # this session's opening, the envelope
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, app_log.read_text()

    listed = json.loads(station("envelopes", path, "--json").stdout)
    assert listed["envelopes"] == {**FIGURES, "after_tally": 1, **settled}
    rulings = [(r["voter"], r["ruling"], r["replaces"]) for r in listed["rulings"]]
    void_event = listed["rulings"][2]["event"]
    assert rulings == [
        ("1001", "accepted", None),
        ("1002", "late", None),
        ("1003", "void", None),
        ("1003", "accepted", void_event),
        ("1004", "polls", None),
        ("1005", "polls", None),
        ("1006", "challenged", None),
        ("1008", "accepted", None),
        ("1010", "after tally", None),
    ]
    assert json.loads(station("tally", path, "--json").stdout)["counted"] == BOX  # unchanged

    reopened = station("reopen", path, "--reason", "the envelope received after the tally")
    assert reopened.returncode == 0, reopened.stderr
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "sheet"
    exported = station("export", path, "--out", out)
    assert exported.returncode == 0, exported.stderr
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    assert sheet["envelopes"] == {**FIGURES, "after_tally": 1}
    assert (sheet["ballots"], sheet["counted"], sheet["lines"]["6"]) == (BOX, BOX, 1)
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert station("verify", path).returncode == 0


def wait_for_window(env: dict[str, str], name: str, *, exclude: str, seconds: float = 20) -> str:
    """The visible window named `name` other than `exclude` (the operator window, once
    the envelope window has handed over)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", name],
            capture_output=True, text=True, env=env,
        )  # fmt: skip
        for window in found.stdout.split():
            title = subprocess.run(
                ["xdotool", "getwindowname", window], capture_output=True, text=True, env=env
            )
            if window != exclude and "envelopes" not in title.stdout:
                return window
        time.sleep(0.1)
    raise AssertionError(f"no window named {name!r} but {exclude}")
