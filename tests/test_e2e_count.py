"""A whole count of a real-sized election, typed into the real window under Xvfb.

A thousand ballots called by key (the size of LDJ5's count; the 40,000-call soak in
tests/ui/operator/test_soak.py is the long run), with challenges from both sides given a party and
a reason, a disputed void, mistakes undone, a pile recounted at every hundred (one of
them found short and set right), a pause overnight with an interim tally and a restart
the next morning, an over-count refused, and the final sheet prepared. A model of the
same keys gives the tally the journal must hold. Set STATION_SHOTS to a folder to keep
screenshots of the windows along the way. Skipped where Xvfb or xdotool is missing.
"""

import json
import os
import random
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.xvfb_helpers import (  # noqa: F401
    STARTED,
    Station,
    display,
    focus,
    pytestmark,
    shot,
    station,
    wait_for_events,
    xdotool,
)

BALLOTS = 900
PILE = 100
DAY_ONE = BALLOTS // 2
SHORT_PILE = 2  # the FOR pile found one short on day one
CALL_OF = {"f": "for", "a": "against", "v": "void", "c": "challenge"}
PARTY_OF = {"e": "employer", "u": "petitioner", "b": "board agent"}


@dataclass
class Model:
    """What the keys should do to the count, event by event."""

    keys: list[str] = field(default_factory=list)
    done: list[str] = field(default_factory=list)  # calls that count, in order
    totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CALL_OF.values(), 0))
    by_party: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PARTY_OF.values(), 0))
    events: int = 0
    confirmed: set[tuple[str, int]] = field(default_factory=set)

    def call(self, key: str) -> None:
        call = CALL_OF[key]
        self.keys.append(key)
        self.done.append(call)
        self.totals[call] += 1
        self.events += 1
        if call == "challenge":
            self.by_party["board agent"] += 1

    def undo(self) -> None:
        call = self.done.pop()
        self.keys.append("ctrl+z")
        self.totals[call] -= 1
        self.events += 1
        full = self.totals[call] // PILE
        self.confirmed = {(c, k) for c, k in self.confirmed if c != call or k <= full}

    def challenge_by(self, party_key: str, reason_key: str | None) -> None:
        self.keys.append(party_key)
        # A challenge is the Board agent's until a party is given: naming the Board agent
        # again changes nothing, and nothing is recorded.
        self.events += PARTY_OF[party_key] != "board agent"
        self.by_party["board agent"] -= 1
        self.by_party[PARTY_OF[party_key]] += 1
        if reason_key:
            self.keys.append(reason_key)
            self.events += 1

    def dispute_last_void(self, party_key: str) -> None:
        self.keys += ["d", party_key]
        self.events += 1
        index = len(self.done) - 1 - self.done[::-1].index("void")
        self.done[index] = "challenge"
        self.totals["void"] -= 1
        self.totals["challenge"] += 1
        self.by_party[PARTY_OF[party_key]] += 1

    def pile_to_confirm(self) -> tuple[str, int] | None:
        for call in CALL_OF.values():
            for pile in range(1, self.totals[call] // PILE + 1):
                if (call, pile) not in self.confirmed:
                    return call, pile
        return None

    def confirm_pile(self) -> None:
        pending = self.pile_to_confirm()
        assert pending is not None
        self.keys.append("Return")
        self.events += 1
        self.confirmed.add(pending)


Step = tuple[str, list[str], int]  # ("keys", "recount" or "short pile", keys, events after)


def plan_day(
    model: Model, rng: random.Random, ballots: int, *, mismatch_at: int | None
) -> list[Step]:
    """Steps for one day: keys to type, and the short pile (typed in its dialog)."""
    steps: list[Step] = []
    start = len(model.keys)

    def flush() -> None:
        nonlocal start
        if len(model.keys) > start:
            steps.append(("keys", model.keys[start:], model.events))
            start = len(model.keys)

    def recount() -> None:
        """The agent recounts the full pile (it takes a moment), then Enter."""
        nonlocal start
        flush()
        model.confirm_pile()
        steps.append(("recount", ["Return"], model.events))
        start = len(model.keys)

    for _ in range(ballots):
        key = rng.choices("favc", weights=(52, 45, 1.5, 1.5))[0]
        model.call(key)
        if key == "c":
            model.challenge_by(
                rng.choice("eub"), rng.choice("isxmro") if rng.random() < 0.8 else None
            )
        if key == "v" and rng.random() < 0.3:
            model.dispute_last_void(rng.choice("eu"))
        pending = model.pile_to_confirm()
        if pending and pending[0] == "for" and pending[1] == mismatch_at:
            flush()
            model.keys.append("n")  # the recount finds 99, typed in a dialog
            model.events += 1  # the mismatch is recorded
            steps.append(("short pile", [], model.events))
            start = len(model.keys)
            # Then: undo the last FOR, call that ballot AGAINST, the next FOR refills the
            # pile, and Enter confirms it.
            model.undo()
            model.call("a")
            model.call("f")
            recount()
            mismatch_at = None
            continue
        if pending:
            recount()
        elif key in "fa" and rng.random() < 0.02:
            model.undo()  # a slip of the hand, seen at once and called again
            model.call(key)
            if model.pile_to_confirm():
                recount()
    flush()
    return steps


@pytest.mark.long  # ~25 s: outside the README's test command, run by .ci/run (-m long)
def test_a_whole_count_over_two_days(tmp_path: Path, display: str) -> None:  # noqa: F811
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
    path = tmp_path / "bessemer.station"
    made = station(
        "new", path, "--case", "10-RC-269250", "--employer", "Amazon.com Services LLC",
        "--union", "Retail, Wholesale and Department Store Union", "--eligible", "3000",
        "--ballots", str(BALLOTS), "--pile", str(PILE), "--agent", "R. Agent",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    log = tmp_path / "app.log"
    rng = random.Random(2021)
    model = Model()
    dashboard = subprocess.Popen(
        [sys.executable, "-m", "station", "dashboard", str(path)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        # Day one: about half the box, then the pause with an interim tally.
        app = Station(path, env, log)
        model.events += 1  # the station opened the count
        board = xdotool(env, "search", "--sync", "--name", "^Station dashboard").split()[0]
        xdotool(env, "windowmove", board, "1100", "0")
        xdotool(env, "windowsize", board, "1180", "720")
        app.focus()
        for kind, keys, events in plan_day(model, rng, DAY_ONE, mismatch_at=SHORT_PILE):
            if kind == "short pile":
                wait_for_events(path, events - 1, "before the short pile")
                app.keys(["n"])
                app.dialog(f"FOR pile {SHORT_PILE}")
                xdotool(env, "key", "--delay", "20", "ctrl+a", "9", "9", "Return")
                app.focus()
                wait_for_events(path, events, "the short pile recorded")
                shot(env, "count-mismatch.png")
            else:
                app.step(kind, keys, events)
        wait_for_events(path, model.events, "day one")
        shot(env, "count-day-one.png")
        app.prepare_sheet("ctrl+p", place="Bessemer, AL")
        model.events += 1
        wait_for_events(path, model.events, "the interim tally")
        shot(env, "count-paused.png")
        app.quit()
        model.events += 1  # closed for the night

        # Day two: resume, count the rest, one ballot too many refused, the final sheet.
        app = Station(path, env, log)
        model.events += 1
        xdotool(env, "key", "ctrl+shift+p")
        model.events += 1
        wait_for_events(path, model.events, "resumed")
        shot(env, "count-resumed.png")
        rest = BALLOTS - len(model.done)  # the short pile's ballot was called once more
        for kind, keys, events in plan_day(model, rng, rest, mismatch_at=None):
            app.step(kind, keys, events)
        wait_for_events(path, model.events, "day two")
        app.keys(["f"])  # the box is empty: refused, and nothing recorded
        shot(env, "count-over.png")
        app.keys(["Escape"])
        app.prepare_sheet("ctrl+t", place="Bessemer, AL")
        model.events += 1
        wait_for_events(path, model.events, "the final sheet")
        shot(env, "count-final.png")
        app.quit()
        model.events += 1
    finally:
        for process in (dashboard, *STARTED):
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
        STARTED.clear()

    tally = json.loads(station("tally", path, "--json").stdout)
    assert tally["counted"] == BALLOTS and tally["remaining"] == 0
    assert {k: tally[k] for k in ("for", "against", "void", "challenged")} == {
        "for": model.totals["for"],
        "against": model.totals["against"],
        "void": model.totals["void"],
        "challenged": model.totals["challenge"],
    }
    assert tally["challenges_by_party"] == model.by_party
    assert tally["piles_to_check"] == [] and tally["pile_mismatches"] == []
    assert tally["locked"] == "final"
    assert tally["events"] == model.events
    text_log = station("log", path).stdout
    assert f"FOR pile {SHORT_PILE} recounted: 99 found, 100 recorded" in text_log
    # Day one called one ballot more than DAY_ONE: the short pile's, called again.
    assert f"Count paused after ballot {DAY_ONE + 1:,}; interim tally prepared" in text_log
    assert f"Count resumed at ballot {DAY_ONE + 2:,}" in text_log
    assert text_log.count("Station opened the count") == 2
    assert station("verify", path).returncode == 0
