"""Counts of voting groups typed into the real operator window under Xvfb.

* A Sonotone count where the professionals vote for inclusion: their question-2 votes
  are pooled with the nonprofessionals' into one unit. A professional ballot is undone
  whole with Ctrl+Z, and a challenge is followed by G then B while its prompt (whose B
  names the Board agent) is still open.
* One where they vote against: two units, each decided by its own group.
* An Armour-Globe (self-determination) count: each group decides only whether it joins.
* Two units counted on one day, each group its own unit.

Each count's units are checked against a model of the rule written here, not the code
under test: a brute force over every way its challenged ballots could be resolved. The
Sonotone counts are signed, exported and verified with the station's key.

Each batch of ballots is typed only once the journal holds the events of the one before:
a slow machine loses keys typed far ahead of it. Skipped where Xvfb or xdotool is
missing.
"""

import itertools
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.xvfb_helpers import (
    display,
    events_in,
    focused_window,
    pytestmark,
    running_station,
    station,
    wait_for,
    xdotool,
)

__all__ = ["display", "pytestmark"]

EMPLOYER = "Mercy Hospital"
UNION = "Nurses United"
PROFESSIONALS, NONPROFESSIONALS = "Professional employees", "Nonprofessional employees"
SONOTONE = [
    "--group", f"A={PROFESSIONALS}", "--group", f"B={NONPROFESSIONALS}",
    "--eligible", "A=30", "--eligible", "B=80", "--sonotone", "A",
]  # fmt: skip
# What a resolved challenged ballot may turn out to be: set aside (None), or opened
# with question 2 FOR, AGAINST or void (None) and, apart, question 1 yes, no or neither.
OPENED = [None, *itertools.product(("for", "against", None), ("yes", "no", None))]
# Question 1's keys and what each records.
ANSWERED = {"y": "yes", "n": "no", "x": "void", "minus": "blank"}


@dataclass
class Pile:
    """One group's ballots as the test typed them."""

    votes: dict[str, int] = field(default_factory=lambda: {"for": 0, "against": 0})
    void: int = 0
    challenged: int = 0
    yes: int = 0
    no: int = 0
    spoiled: int = 0  # question 1 void
    blank: int = 0  # question 1 unmarked


@dataclass
class Script:
    """The keys of a count and what they record, kept by the test itself.

    `batches` are the keys to type and the events the journal holds once they are in:
    a Sonotone ballot (Y, then F) is one event, G and a key none, a challenge three (C,
    who, why), Ctrl+Z one.
    """

    group: str
    piles: dict[str, Pile] = field(default_factory=dict)
    batches: list[tuple[list[str], int]] = field(default_factory=list)
    events: int = 1  # the opening
    standing: list[tuple[str, str, str | None]] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)

    def pile(self) -> Pile:
        return self.piles.setdefault(self.group, Pile())

    def switch(self, group: str) -> None:
        self.keys += ["g", group.lower()]
        self.group = group

    def vote(self, call: str, answer: str | None = None, *, asked: bool = False) -> None:
        """A FOR or AGAINST; `answer` the key of question 1 on a Sonotone ballot
        ("y", "n", "x" for void, or "minus" for unmarked)."""
        if answer is not None:
            self.keys.append(answer)
        self.keys.append(call[0])
        inclusion = ANSWERED.get(answer or "")
        self._apply(call, inclusion, +1)
        self.standing.append((self.group, call, inclusion))
        self._done(1)

    def void(self, answer: str | None = None) -> None:
        """V: question 2 void; after `answer` (question 1's key on a Sonotone ballot) that
        answer still counts, and without one the ballot is void whole."""
        if answer is not None:
            self.keys.append(answer)
        self.keys.append("v")
        self.pile().void += 1
        self._answered(ANSWERED[answer] if answer else "void", +1)
        self.standing.append((self.group, "void", None))
        self._done(1)

    def challenge(self, who: str, why: str) -> None:
        self.keys += ["c", who, why]
        self.pile().challenged += 1
        self.standing.append((self.group, "challenged", None))
        # A challenge is the Board agent's (b) until a party is given: naming the Board
        # agent again changes nothing, and nothing is recorded.
        self._done(2 if who == "b" else 3)

    def undo(self) -> None:
        """Ctrl+Z: the last ballot goes whole (a vote and its question 1)."""
        group, call, inclusion = self.standing.pop()
        assert call in ("for", "against")  # what this test undoes
        self.keys.append("ctrl+z")
        before, self.group = self.group, group
        self._apply(call, inclusion, -1)
        self.group = before
        self._done(1)

    def _apply(self, call: str, inclusion: str | None, sign: int) -> None:
        self.pile().votes[call] += sign
        self._answered(inclusion or "blank", sign)

    def _answered(self, inclusion: str, sign: int) -> None:
        pile = self.pile()
        name = {"yes": "yes", "no": "no", "void": "spoiled", "blank": "blank"}[inclusion]
        setattr(pile, name, getattr(pile, name) + sign)

    def _done(self, events: int) -> None:
        self.events += events
        if len(self.keys) >= 24:
            self.flush()

    def flush(self) -> None:
        if self.keys:
            self.batches.append((self.keys, self.events))
            self.keys = []


def typed(tmp_path: Path, env: dict[str, str], case: str, args: list[str], script: Script) -> Path:
    """A new election of `args`, its ballots typed into the operator window, then quit."""
    path = tmp_path / "groups.station"
    made = station(
        "new", path, "--case", case, "--employer", EMPLOYER, "--union", UNION,
        "--pile", "0", *args,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    script.flush()
    log = tmp_path / "app.log"
    with running_station(path, env, log) as app:
        focused_window(env, f"Station .* {case}", log)
        wait_for(path, 1)  # the opening
        for keys, events in script.batches:
            xdotool(env, "key", "--delay", "20", *keys)
            wait_for(path, events)
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=30) == 0, log.read_text()
    assert events_in(path) == script.events + 1  # and the closing
    return path


def tally(path: Path) -> dict[str, Any]:
    done = station("tally", path, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert isinstance(result, dict)
    return result


def groups_of(
    script: Script, names: dict[str, str], sonotone: str | None
) -> list[dict[str, object]]:
    """What `tally --json` must say of each group: the piles as typed."""
    found = []
    for key, name in names.items():
        pile = script.piles[key]
        entry: dict[str, object] = {
            "key": key, "name": name, "for": pile.votes["for"],
            "against": pile.votes["against"], "void": pile.void, "challenged": pile.challenged,
        }  # fmt: skip
        if key == sonotone:
            entry["inclusion"] = {
                "yes": pile.yes, "no": pile.no, "void": pile.spoiled, "blank": pile.blank,
                "challenged": pile.challenged,
            }  # fmt: skip
        found.append(entry)
    return found


def model_units(
    piles: dict[str, Pile], names: dict[str, str], sonotone: str | None
) -> list[dict[str, object]]:
    """The units these piles decide, by the rule as docs/rules.md states it.

    A Sonotone group is pooled with the other group when a majority of its valid votes on
    question 1 is yes (a tie is not); otherwise every group is its own unit. The union
    wins a unit with more FOR than AGAINST; line 9 asks for a majority of the valid votes
    plus the challenged ballots. A unit's challenges are determinative when any way of
    resolving the challenged ballots (each set aside, or opened with any answer to each
    question) changes the outcome for one of its groups: the unit the union wins it in,
    or no union (the same whatever the unit: Form NLRB-5547 opens challenged ballots
    only if they determine the outcome).
    """

    def outcome(figures: dict[str, Pile]) -> dict[str, frozenset[str] | None]:
        """For each group: the groups of the unit the union wins it in, or None."""
        pooled = sonotone is not None and figures[sonotone].yes > figures[sonotone].no
        members = [frozenset(figures)] if pooled else [frozenset(key) for key in figures]
        said = {}
        for unit in members:
            wins = sum(figures[k].votes["for"] for k in unit) > sum(
                figures[k].votes["against"] for k in unit
            )
            said.update({key: unit if wins else None for key in unit})
        return said

    now = outcome(piles)
    pooled = sonotone is not None and piles[sonotone].yes > piles[sonotone].no
    units_now = [frozenset(piles)] if pooled else [frozenset(key) for key in piles]
    sealed = [key for key, pile in piles.items() for _ in range(pile.challenged)]
    changed: set[str] = set()
    for fates in itertools.product(OPENED, repeat=len(sealed)):
        opened = {
            key: Pile(dict(pile.votes), pile.void, 0, pile.yes, pile.no)
            for key, pile in piles.items()
        }
        for key, fate in zip(sealed, fates, strict=True):
            if fate is None:
                continue
            call, answer = fate
            if call is not None:
                opened[key].votes[call] += 1
            if key == sonotone and answer is not None:
                setattr(opened[key], answer, getattr(opened[key], answer) + 1)
        then = outcome(opened)
        changed |= {key for key in piles if then[key] != now[key]}
    units = []
    for key in piles:
        unit = next(u for u in units_now if key in u)
        if min(unit) != key:
            continue  # listed with its first group
        keys = sorted(unit)
        votes = {call: sum(piles[k].votes[call] for k in keys) for call in ("for", "against")}
        challenged = sum(piles[k].challenged for k in keys)
        decisive = bool(changed & unit)
        units.append(
            {
                "name": " and ".join(names[k] for k in keys),
                "groups": keys,
                "for": votes["for"],
                "against": votes["against"],
                "void": sum(piles[k].void for k in keys),
                "challenged": challenged,
                "majority_for": 2 * votes["for"] > votes["for"] + votes["against"] + challenged,
                "challenges_determinative": decisive,
                "result_decided": not decisive,  # every ballot is counted
            }
        )
    return units


def check(
    summary: dict[str, Any], script: Script, names: dict[str, str], sonotone: str | None
) -> None:
    """Each group's figures as typed, and each unit as the model decides it."""
    groups = summary["groups"]
    assert isinstance(groups, list)
    shown = [
        {k: v for k, v in group.items() if k not in ("eligible", "ballots")} for group in groups
    ]
    assert shown == groups_of(script, names, sonotone)
    # Each unit's statement is the domain's words (held by its own tests); the figures and
    # the outcome are the model's.
    stated = [{k: v for k, v in unit.items() if k != "statement"} for unit in summary["units"]]
    assert stated == model_units(script.piles, names, sonotone)


def signed_exported_verified(path: Path, tmp_path: Path) -> dict[str, Any]:
    """`station sign`, `export` and `verify FOLDER --key`; the exported sheet."""
    done = station("sign", path, "--agent", "R. Agent", "--observer", "Employer:A. Smith")
    assert done.returncode == 0, done.stderr
    out = tmp_path / "export"
    done = station("export", path, "--out", out)
    assert done.returncode == 0, done.stderr
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "OK" in verified.stdout
    sheet = json.loads((out / "tally.json").read_text("utf-8"))["sheet"]
    assert isinstance(sheet, dict)
    return sheet


def env_for(display: str) -> dict[str, str]:
    return {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}


SONOTONE_NAMES = {"A": PROFESSIONALS, "B": NONPROFESSIONALS}


@pytest.mark.long  # each ~15 s: outside the README's test command, run with -m long
def test_professionals_for_inclusion_are_pooled_signed_and_verified(
    tmp_path: Path, display: str
) -> None:
    script = Script("A")  # the window opens on the first group
    for answer, call in (("y", "for"), ("y", "for"), ("y", "against"), ("n", "for")):
        script.vote(call, answer)
    script.vote("against", "n")
    script.undo()  # the ballot whole: its NO goes with its AGAINST
    script.vote("for", "y")
    script.switch("B")
    for call in ("for", "against", "for"):
        script.vote(call)
    script.challenge("e", "i")
    script.switch("A")
    script.vote("against", "y")
    script.void()
    script.vote("for", "minus")  # question 1 left unmarked: counted on question 2 only
    script.void("y")  # question 2 void: its question 1 still counts (Providence Health)
    script.vote("against", "x")  # question 1 void: its question 2 still counts
    script.challenge("u", "s")
    script.switch("B")  # G then B: a group, not the prompt's Board agent
    for call in ("for", "against", "for"):
        script.vote(call)
    script.void()
    path = typed(
        tmp_path, env_for(display), "10-RC-000261",
        [*SONOTONE, "--ballots", "A=11", "--ballots", "B=8"], script,
    )  # fmt: skip
    summary = tally(path)
    check(summary, script, SONOTONE_NAMES, "A")
    assert script.piles["A"].yes > script.piles["A"].no  # what this count is about
    (unit,) = summary["units"]
    assert unit["groups"] == ["A", "B"] and unit["majority_for"] is True
    assert "voted for inclusion: its votes are pooled" in station("tally", path).stdout
    sheet = signed_exported_verified(path, tmp_path)
    assert [group["key"] for group in sheet["groups"]] == ["A", "B"]
    (pooled,) = sheet["units"]
    assert pooled["groups"] == ["A", "B"] and pooled["lines"]["1"] == 110


@pytest.mark.long
def test_professionals_against_inclusion_are_two_units_signed_and_verified(
    tmp_path: Path, display: str
) -> None:
    script = Script("A")
    answers = [("n", "for"), ("n", "for"), ("y", "against"), ("n", "against"), ("y", "for")]
    for answer, call in answers:
        script.vote(call, answer)
    script.challenge("b", "x")
    script.vote("for", "n")
    script.switch("B")
    for call in ("against", "against", "for", "against"):
        script.vote(call)
    script.void()
    script.vote("against")
    path = typed(
        tmp_path, env_for(display), "10-RC-000262",
        [*SONOTONE, "--ballots", "A=7", "--ballots", "B=6"], script,
    )  # fmt: skip
    summary = tally(path)
    check(summary, script, SONOTONE_NAMES, "A")
    units = summary["units"]
    assert isinstance(units, list)
    assert [(u["groups"], u["majority_for"]) for u in units] == [(["A"], True), (["B"], False)]
    assert "did not vote for inclusion: it is a unit of its own" in station("tally", path).stdout
    sheet = signed_exported_verified(path, tmp_path)
    assert [group["key"] for group in sheet["groups"]] == ["A", "B"]
    assert not sheet.get("units")  # no pooled unit: each group's sheet is its unit's


@pytest.mark.long
def test_self_determination_groups_each_decide_whether_they_join(
    tmp_path: Path, display: str
) -> None:
    names = {"A": "Quality inspectors", "B": "Plant clerical employees"}
    script = Script("A")
    for call in ("for", "for", "against", "for"):
        script.vote(call)
    script.void()
    script.switch("B")
    for call in ("against", "against", "for"):
        script.vote(call)
    script.challenge("e", "i")
    script.vote("against")
    args = [
        "--group", f"A={names['A']}", "--group", f"B={names['B']}",
        "--eligible", "A=6", "--eligible", "B=7", "--ballots", "A=5", "--ballots", "B=5",
        "--self-determination", "A", "--self-determination", "B",
    ]  # fmt: skip
    path = typed(tmp_path, env_for(display), "10-RC-000263", args, script)
    check(tally(path), script, names, None)
    text = station("tally", path).stdout
    final = "challenges are not sufficient to affect the result \u2014 a majority"
    # Units decided apart: each line gives its figures first, then lines 8 and 9.
    assert re.search(
        f"Unit A: [^\n]* \u2014 {final} for {UNION} \u2014 the group joins the existing", text
    )
    # A one-union ballot's choices are FOR and AGAINST, never "Neither".
    assert re.search(f"Unit B: [^\n]* \u2014 {final} AGAINST \\(no union\\)", text)  # 1 to 3
    assert text.count("joins the existing unit") == 1


@pytest.mark.long
def test_two_units_are_counted_on_one_day(tmp_path: Path, display: str) -> None:
    names = {"A": "Drivers", "B": "Mechanics"}
    script = Script("A")
    for call in ("for", "against", "against", "for", "for"):
        script.vote(call)
    script.challenge("b", "x")
    script.switch("B")
    for call in ("against", "against", "for"):
        script.vote(call)
    script.void()
    script.vote("against")
    args = [
        "--group", f"A={names['A']}", "--group", f"B={names['B']}",
        "--eligible", "A=8", "--eligible", "B=9", "--ballots", "A=6", "--ballots", "B=5",
    ]  # fmt: skip
    path = typed(tmp_path, env_for(display), "10-RC-000264", args, script)
    summary = tally(path)
    check(summary, script, names, None)
    assert summary["eligible"] == 17 and summary["ballots"] == 11
    units = summary["units"]
    assert isinstance(units, list)
    # A: 3 to 2 with one challenged, which could tie it; B: 1 to 3.
    assert [(u["groups"], u["challenges_determinative"]) for u in units] == [
        (["A"], True),
        (["B"], False),
    ]
    # Every ballot counted: line 8 is stated, not left undetermined.
    said = station("tally", path).stdout
    assert re.search("Unit A: [^\n]* \u2014 challenges are sufficient to affect the result", said)
