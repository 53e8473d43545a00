"""A whole mail-ballot count typed into the real windows on a real X server (Xvfb).

A list of 300 voters; envelopes looked up by id and by name and ruled with every key
(accepted, challenged with a party and a reason, void, late: counted), corrections by
undo and redo, a write-in, second envelopes (A refused, then voided; after a void, a
replacement accepted), the stage ended with Ctrl+Shift+B and Enter, then the ballots of
the envelopes accepted and received late called in the operator window. A
model of the keys says what must come out: `station tally --json`, `station envelopes
--json`, the exported sheet and `station verify` must all agree with it. Skipped where
Xvfb or xdotool is missing.
"""

import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.xvfb_helpers import (  # noqa: F401 (display: a fixture)
    display,
    focused_window,
    operator_window_after,
    pytestmark,
    running_station,
    station,
    wait_for,
    xdotool,
)

FIRST = ["ada", "alan", "barbara", "donald", "edsger", "frances", "grace", "hedy"]
LAST = ["allen", "backus", "dijkstra", "hopper", "knuth", "lamarr", "liskov", "turing"]
PARTY_KEYS = {"e": "employer", "u": "petitioner", "b": "board agent"}
# The reasons' letters, the same at every stage (domain/challenges.py REASON_KEYS).
REASONS = {
    "i": "not on the eligibility list",
    "s": "supervisor",
    "x": "no longer employed",
    "m": "signature or name mismatch",
    "r": "envelope damaged or opened",
    "o": "other",
}
RULING_KEYS = {"a": "accepted", "c": "challenged", "v": "void", "l": "late"}


def name_of(n: int) -> str:
    return f"{FIRST[n % 8].title()} {LAST[(n // 8) % 8].title()}-{n:03d}"


@dataclass
class Model:
    """What the keys must have recorded: every ruling in order, and which still count."""

    rulings: list[dict[str, object]] = field(default_factory=list)
    done: list[int] = field(default_factory=list)  # indexes into rulings that count
    undone: list[int] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    events: int = 0

    def voters_ruled(self) -> set[object]:
        return {self.rulings[i]["voter"] for i in self.done}

    def rule(self, voter: str | None, name: str, ruling: str, **challenge: object) -> None:
        self.rulings.append(
            {"voter": voter, "name": name, "ruling": ruling, "party": None, "reason": None}
        )
        self.rulings[-1].update(challenge)
        self.done.append(len(self.rulings) - 1)
        self.undone.clear()

    def figures(self) -> dict[str, int]:
        counting = [self.rulings[i]["ruling"] for i in self.done]
        return {
            "returned": len(counting),
            **{r: counting.count(r) for r in ("accepted", "challenged", "void", "late")},
            "replacements": sum(bool(self.rulings[i].get("replaces")) for i in self.done),
            "at_polls": 0,
            "after_tally": 0,
        }

    def earlier(self, voter: str) -> list[str]:
        """The rulings of this voter's envelopes that count."""
        return [
            str(self.rulings[i]["ruling"]) for i in self.done if self.rulings[i]["voter"] == voter
        ]


def typed(text: str) -> list[str]:
    return [{"-": "minus", " ": "space"}.get(char, char) for char in text]


def plan(seed: int) -> Model:
    rng = random.Random(seed)
    model = Model()
    order = rng.sample(range(1, 301), 300)
    for n in order[:170]:
        voter, name = str(1000 + n), name_of(n)
        search = typed(voter) if rng.random() < 0.6 else typed(name.split()[1])  # "turing-017"
        key = rng.choices("acvl", weights=(80, 10, 5, 5))[0]
        model.keys += [*search, "Return", key]
        model.events += 1
        if key == "c":
            party = rng.choice([None, "e", "u", "b"])
            reason = rng.choice([None, *REASONS])
            extra = [party] if party else []
            extra += [reason] if reason else []
            model.keys += [*extra, "Return"]  # numeric ids: Enter first
            # The Board agent is the challenger already: B changes nothing, so records nothing.
            model.events += len(extra) - (party == "b")
            model.rule(
                voter,
                name,
                "challenged",
                party=PARTY_KEYS[party] if party else "board agent",
                reason=REASONS[reason] if reason else None,
            )
        else:
            model.rule(voter, name, RULING_KEYS[key])
        roll = rng.random()
        if roll < 0.06:  # a slip, taken back
            model.keys.append("ctrl+z")
            model.undone.append(model.done.pop())
            model.events += 1
            if rng.random() < 0.5:
                model.keys.append("ctrl+shift+z")
                model.done.append(model.undone.pop())
                model.events += 1
        elif roll < 0.10 and set(model.earlier(voter)) == {"void"}:  # a replacement kit
            model.keys += [*typed(voter), "Return", "a"]
            model.rule(voter, name, "accepted", replaces=True)
            model.events += 1
        elif roll < 0.10 and model.earlier(voter):  # a second envelope: A refused, then V
            model.keys += [*typed(voter), "Return", "a", "v"]
            model.rule(voter, name, "void", second=True)
            model.events += 1
    model.keys += ["ctrl+n", *typed("Nora Newhire"), "Return", "Return", "Escape"]
    model.rule(None, "Nora Newhire", "challenged", party="board agent", reason=REASONS["i"])
    model.events += 1
    return model


@pytest.mark.long  # ~40 s: outside the README's test command, run by .ci/run (-m long)
def test_a_mail_ballot_count_typed_under_xvfb(tmp_path: Path, display: str) -> None:  # noqa: F811
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    voters = tmp_path / "voters.csv"
    voters.write_text(
        "id,name,department\n" + "".join(f"{1000 + n},{name_of(n)},Pick\n" for n in range(1, 301)),
        encoding="utf-8",
    )
    path = tmp_path / "bhm1.station"
    made = station(
        "new", path, "--case", "10-RC-269250", "--employer", "Amazon.com Services LLC",
        "--union", "RWDSU", "--mail", "--voters", voters, "--agent", "R. Agent",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    model = plan(seed=2021)
    figures = model.figures()
    box = figures["accepted"] + figures["late"]  # late envelopes are opened too
    calls = ["f" if n % 3 else "a" for n in range(box)]
    app_log = tmp_path / "app.log"
    with running_station(path, env, app_log) as app:
        envelopes = focused_window(env, "Station .* envelopes .* 10-RC-269250", app_log)
        for start in range(0, len(model.keys), 60):
            xdotool(env, "key", "--delay", "12", *model.keys[start : start + 60])
        wait_for(path, model.events + 1)  # + the opening
        xdotool(env, "key", "--delay", "50", "ctrl+shift+b", "Return")
        wait_for(path, model.events + 2)
        operator_window_after(env, "10-RC-269250", envelopes, app_log)
        xdotool(env, "key", "--delay", "15", *calls)
        wait_for(path, model.events + 2 + len(calls))
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=20) == 0, app_log.read_text()

    tally = json.loads(station("tally", path, "--json").stdout)
    settled = {"sustained": 0, "ordered_opened": 0}  # no decision: none settled after the stage
    assert tally["stage"] == "ballots" and tally["envelopes"] == {**figures, **settled}
    assert (tally["for"], tally["against"]) == (calls.count("f"), calls.count("a"))
    assert tally["ballots"] == box == tally["counted"]
    assert tally["challenged"] == figures["challenged"]
    listed = json.loads(station("envelopes", path, "--json").stdout)
    assert listed["envelopes"] == {**figures, **settled}
    counting = [r for r in listed["rulings"] if r["counts"]]
    expected = [model.rulings[i] for i in sorted(model.done)]
    assert [(r["voter"], r["name"], r["ruling"]) for r in counting] == [
        (m["voter"], m["name"], m["ruling"]) for m in expected
    ]
    for row, want in zip(counting, expected, strict=True):
        if want["ruling"] == "challenged":
            assert (row["party"], row["reason"]) == (want["party"], want["reason"])
        assert row["second_envelope"] == bool(want.get("second"))
    assert len(listed["rulings"]) == len(model.rulings)  # the undone ones are listed too
    signed = station("sign", path, "--agent", "R. Agent", "--observer", "Employer:Jane Roe")
    assert signed.returncode == 0, signed.stderr
    out = tmp_path / "sheet"
    assert station("export", path, "--out", out).returncode == 0
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    assert sheet["envelopes"] == figures and sheet["ballots"] == box
    assert sheet["lines"]["6"] == figures["challenged"]
    assert station("verify", out).returncode == 0
    assert station("verify", path).returncode == 0
