"""After the count, typed into the real window under Xvfb: challenges settled, the first
sheet, the decision, the opened ballots counted, the Revised Tally exported and verified.

A model of the keys gives the tally each column must hold. Set STATION_SHOTS to a
folder to keep screenshots (and the revised sheet's first page, as PNG when pdftoppm is
there). Skipped where Xvfb or xdotool is missing.
"""

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.xvfb_helpers import (  # noqa: F401
    STARTED,
    Station,
    display,
    pytestmark,
    shot,
    station,
    wait_for_events,
    xdotool,
)

BALLOTS = 60
CALL_OF = {"f": "for", "a": "against", "v": "void", "c": "challenge"}


def totals(calls: list[str]) -> dict[str, int]:
    return {call: calls.count(call) for call in CALL_OF.values()}


@pytest.mark.long  # ~20 s under Xvfb: outside the README's test command, run by .ci/run
def test_challenges_resolved_and_the_revised_tally(tmp_path: Path, display: str) -> None:  # noqa: F811
    env = {
        **os.environ,
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    path = tmp_path / "bessemer.station"

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        with pytest.MonkeyPatch.context() as patch:
            for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
                patch.setenv(name, env[name])
            return station(*args)

    made = run(
        "new", path, "--case", "10-RC-269250", "--employer", "Amazon.com Services LLC",
        "--union", "Retail, Wholesale and Department Store Union", "--eligible", "80",
        "--ballots", str(BALLOTS), "--pile", "0", "--agent", "R. Agent",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    log = tmp_path / "app.log"
    rng = random.Random(1621)
    # The first count: every ballot called, a challenge now and then with its party.
    keys: list[str] = []
    calls: list[str] = []
    events = 1  # the station opened the count
    for _ in range(BALLOTS):
        key = rng.choices("favc", weights=(45, 40, 3, 12))[0]
        keys.append(key)
        calls.append(CALL_OF[key])
        events += 1
        if key == "c":
            keys.append(rng.choice("eu"))  # who challenged: an AMEND
            events += 1
    challenges = calls.count("challenge")
    assert challenges >= 5, "the seed gives enough challenges to settle two and decide"
    try:
        app = Station(path, env, log)
        app.keys(keys)
        wait_for_events(path, events, "the first count")
        # Two settled at the table, in the register (Ctrl+R): number 1 withdrawn, its
        # ballot opened, commingled and called; number 2 sustained, never opened.
        xdotool(env, "key", "ctrl+r")
        register = app.dialog("Challenge register")
        xdotool(env, "key", "--delay", "80", "Down", "Up", "alt+w")
        wait_for_events(path, events + 1, "challenge 1 withdrawn")
        xdotool(env, "key", "--delay", "80", "Down", "alt+s")
        wait_for_events(path, events + 2, "challenge 2 sustained")
        shot(env, "revised-register.png")
        xdotool(env, "key", "Escape")
        assert register
        app.focus()
        app.keys(["f"])  # the withdrawn challenge's ballot, called like any other
        calls.append("for")
        events += 3
        wait_for_events(path, events, "the opened ballot")
        app.prepare_sheet("ctrl+t", place="Bessemer, AL")
        events += 1
        wait_for_events(path, events, "the first sheet")
        app.quit()
        events += 1
        first = totals(calls)
        first["challenge"] -= 2  # one withdrawn, one sustained

        # The decision after the hearing: the next two opened, the one after sustained.
        decided = run(
            "decide", path, "--open", "3,4", "--sustain", "5", "--by", "Regional Director"
        )
        assert decided.returncode == 0, decided.stderr
        assert decided.stderr == ""  # two ballots commingled: no secrecy warning
        events += 3  # the command opens a session, records the decision, closes it

        app = Station(path, env, log)
        events += 1
        opened = ["a", "f"]
        app.keys(["f", "ctrl+z", *opened])  # a slip undone, then the two opened ballots
        events += 4
        wait_for_events(path, events, "the revised count")
        app.keys(["v"])  # one more than ordered: refused, nothing recorded
        shot(env, "revised-count.png")
        app.keys(["Escape"])
        app.prepare_sheet("ctrl+t", place="Bessemer, AL")
        events += 1
        wait_for_events(path, events, "the revised sheet")
        shot(env, "revised-sheet-prepared.png")
        app.quit()
        events += 1
    finally:
        for process in STARTED:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)
        STARTED.clear()

    tally = json.loads(run("tally", path, "--json").stdout)
    counted = {"for": opened.count("f"), "against": opened.count("a"), "void": 0}
    final = {k: first[k] + counted[k] for k in ("for", "against", "void")}
    assert {k: tally["original"][k] for k in ("for", "against", "void", "challenged")} == {
        "for": first["for"], "against": first["against"], "void": first["void"],
        "challenged": first["challenge"],
    }  # fmt: skip
    assert tally["challenged_counted"]["challenged"] == -3
    assert {k: tally["challenged_counted"][k] for k in ("for", "against", "void")} == counted
    assert {k: tally[k] for k in ("for", "against", "void")} == final
    assert tally["challenged"] == challenges - 5 and tally["locked"] == "revised"
    assert tally["events"] == events and tally["counted"] == BALLOTS
    listed = json.loads(run("challenges", path, "--json").stdout)["challenges"]
    assert [c["status"] for c in listed[:5]] == [
        "withdrawn", "sustained", "counted", "counted", "sustained"
    ]  # fmt: skip
    assert all(c["status"] == "open" for c in listed[5:])

    folder = tmp_path / "revised"
    assert run("export", path, "--out", folder).returncode == 0
    fingerprint = run("key").stdout.strip()
    verified = run("verify", folder, "--key", fingerprint)
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith(f"OK: {folder}: Revised tally")
    sheet = json.loads((folder / "tally.json").read_bytes())["sheet"]
    columns = sheet["columns"]
    assert columns["final"]["3"] == final["for"] and columns["original"]["4"] == first["against"]
    assert sheet["unresolved_challenges"] == [c["number"] for c in listed[5:]]
    pdf = subprocess.run(
        ["pdftotext", "-layout", str(folder / "tally.pdf"), "-"], capture_output=True, text=True
    )
    if pdf.returncode == 0:  # poppler-utils: the page read back as a person reads it
        text = " ".join(pdf.stdout.split())
        assert "Revised Tally of Ballots" in text and "Decision by Regional Director" in text
    shots = os.environ.get("STATION_SHOTS")
    if shots and shutil.which("pdftoppm"):
        subprocess.run(
            ["pdftoppm", "-png", "-r", "90", "-singlefile", str(folder / "tally.pdf"),
             str(Path(shots) / "revised-sheet")],
            check=True,
        )  # fmt: skip
