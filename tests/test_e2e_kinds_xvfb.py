"""A three-choice count typed into the real window under Xvfb.

Keys 1 and 2 vote for the two unions, 0 for Neither, with challenges (their reasons by
letter, never a call key), voids, undos and redos; `station tally --json` must then
give exactly what a model of the keys gives, and once the final sheet is prepared, the
runoff 29 CFR 102.70 calls for, read literally (`brute_force_result`); the runoff's
election is then made from it. Skipped where Xvfb or xdotool is missing.
"""

import json
import os
import random
from pathlib import Path

import pytest

from tests.domain.helpers import brute_force_result
from tests.xvfb_helpers import (
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

__all__ = ["display", "pytestmark"]

# Each key, and the choice it votes for (None: a key that records no vote).
VOTES = {"1": "Teamsters Local 901", "2": "Warehouse Workers United", "0": "Neither"}


def plan(seed: int, total: int) -> tuple[list[str], dict[str, int], int]:
    """Random keys with mistakes undone, and the choices a recount gives."""

    def call(rng: random.Random) -> tuple[list[str], str]:
        key = rng.choices("120cv", weights=(40, 32, 22, 4, 2))[0]
        if key == "c":  # the reason by letter: an amendment, never a call
            return [key, rng.choice("isxmro")], "challenge"
        return [key], {"v": "void"}.get(key, key)

    keys, active, events = keys_with_mistakes(
        random.Random(seed),
        total,
        undo_below=0.07,
        redo_below=0.10,
        redo_key=lambda rng: "ctrl+y",
        call=call,
    )
    counts = {name: active.count(key) for key, name in VOTES.items()}
    counts["challenge"], counts["void"] = active.count("challenge"), active.count("void")
    return keys, counts, events


@pytest.mark.long  # ~15 s: outside the README's test command, run by .ci/run (-m long)
def test_a_three_choice_count_typed_under_xvfb(tmp_path: Path, display: str) -> None:
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    path = tmp_path / "three.station"
    made = station(
        "new", path, "--case", "10-RC-301717", "--employer", "Harbor Freight Logistics",
        "--union", "Teamsters Local 901", "--intervenor", "Warehouse Workers United",
        "--eligible", "300", "--pile", "0",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    app_log = tmp_path / "app.log"
    with running_station(path, env, app_log) as app:
        focused_window(env, "Station .* 10-RC-301717", app_log)
        keys, expected, events = plan(seed=1953, total=220)
        type_keys(env, path, keys, 1)  # after the opening
        # F and A are no call keys on this ballot: they record nothing.
        xdotool(env, "key", "--delay", "15", "f", "a")
        wait_for(path, events + 1, seconds=20)
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, app_log.read_text()
    log = [json.loads(line) for line in station("log", path, "--json").stdout.splitlines()]
    assert len(log) == events + 2  # every key, plus the opening and the closing
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    tally = json.loads(station("tally", path, "--json").stdout)
    votes = [expected[name] for name in VOTES.values()]
    assert tally["choices"] == [
        {"name": n, "votes": v} for n, v in zip(VOTES.values(), votes, strict=True)
    ]
    assert tally["challenged"] == expected["challenge"] and tally["void"] == expected["void"]
    model = brute_force_result(tuple(votes), 2)
    names = list(VOTES.values())
    assert tally["majority_for"] == (None if model.majority is None else names[model.majority])
    if model.runoff is not None and not tally["challenges_determinative"]:
        assert tally["runoff"] == {"between": [names[i] for i in model.runoff]}
    assert tally["rerun"] is model.rerun
    assert station("verify", path).returncode == 0
    # With these keys (about 40/32/22) no choice has a majority: a runoff is due.
    assert tally["runoff"] is not None
    runoff = tmp_path / "runoff.station"
    made = station("new", runoff, "--runoff-of", path)
    if tally["challenges_determinative"]:
        # Resolved first (here all sustained after the hearing), then the runoff is made
        # from the Revised Tally.
        assert made.returncode == 2 and "determinative" in made.stderr, made.stderr
        listed = json.loads(station("challenges", path, "--json").stdout)
        numbers = ",".join(str(entry["number"]) for entry in listed["challenges"])
        decided = station("decide", path, "--sustain", numbers, "--by", "Regional Director")
        assert decided.returncode == 0, decided.stderr
        assert station("sign", path, "--agent", "R. Agent").returncode == 0
        tally = json.loads(station("tally", path, "--json").stdout)
        assert tally["challenged"] == 0 and not tally["challenges_determinative"]
        made = station("new", runoff, "--runoff-of", path)
    assert made.returncode == 0, made.stderr
    second = json.loads(station("tally", runoff, "--json").stdout)
    between = tally["runoff"]["between"]
    if "Neither" in between:  # a union against Neither: one union's keys, F and A
        assert "choices" not in second and second["union"] == between[0]
    else:  # two unions and no Neither (102.70(c))
        assert [choice["name"] for choice in second["choices"]] == between
    assert second["runoff_of"].split(":")[0] == str(tally["events"] - 2)  # the certified head
