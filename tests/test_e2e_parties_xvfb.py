"""Every party challenges and signs for itself, and runoffs between any two choices,
typed into the real windows under Xvfb.

* An RD count: the decertification petitioner (key P) challenges two voters; the
  observers entered in the Prepare dialog are printed each under its own party on the
  signed sheet (read back with pdftotext).
* A three-choice count: the intervenor challenges by its own key (2) and is credited
  (`challenges_by_party`), never "the Union".
* A runoff between the intervenor and Neither, made with `--runoff-of` from a typed
  count and counted with F and A.
* A runoff by mail: the envelopes ruled in the envelope window, then the ballots called.

Each batch of keys is typed only once the journal holds the events of the one before
(`type_keys`): a slow machine loses keys typed far ahead of it. Skipped where Xvfb or
xdotool is missing.
"""

import html
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.xvfb_helpers import (
    display,
    events_in,
    focus,
    focused_window,
    operator_window_after,
    pytestmark,
    running_station,
    station,
    type_keys,
    type_text,
    wait_for,
    xdotool,
)

__all__ = ["display", "pytestmark"]

EMPLOYER = "Harbor Freight Logistics"
UNION = "Teamsters Local 901"
INTERVENOR = "Warehouse Workers United"
THREE = ["--union", UNION, "--intervenor", INTERVENOR]
# 2 for the union, 4 for the intervenor, 3 for Neither: a runoff of the intervenor and
# Neither (102.70(c)).
VOTES_2_4_3 = ["1", "2", "2", "0", "2", "1", "0", "2", "0"]


def env_for(display: str) -> dict[str, str]:
    return {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}


def new(path: Path, *args: str | Path) -> None:
    made = station("new", path, *args)
    assert made.returncode == 0, made.stderr


def tally(path: Path) -> dict[str, object]:
    done = station("tally", path, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert isinstance(result, dict)
    return result


def typed_count(path: Path, env: dict[str, str], case: str, keys: list[str], log: Path) -> None:
    """Open `path` in the operator window, type `keys` (one event each), quit."""
    before = events_in(path) + 1  # and the opening
    with running_station(path, env, log) as app:
        focused_window(env, f"Station .* {case}", log)
        type_keys(env, path, keys, before)
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=30) == 0, log.read_text()


def signed(path: Path) -> dict[str, object]:
    done = station("sign", path, "--agent", "R. Agent")
    assert done.returncode == 0, done.stderr
    return tally(path)


def three_choice_count(tmp_path: Path, env: dict[str, str], keys: list[str], ballots: int) -> Path:
    """A typed and signed count of the union, the intervenor and Neither."""
    path = tmp_path / "first.station"
    new(
        path, "--case", "10-RC-301717", "--employer", EMPLOYER, *THREE, "--eligible", "30",
        "--ballots", str(ballots), "--pile", "0",
    )  # fmt: skip
    typed_count(path, env, "10-RC-301717", keys, tmp_path / "first.log")
    signed(path)
    return path


def observer_columns(path: Path, folder: Path) -> list[str]:
    """The observers' certification of the signed sheet, a text per column (a party's
    heading and the names under it), as pdftotext places the exported PDF's words."""
    exported = station("export", path, "--out", folder)
    assert exported.returncode == 0, exported.stderr
    done = subprocess.run(
        ["pdftotext", "-bbox", str(folder / "tally.pdf"), "-"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    words = [
        (float(x), float(y), html.unescape(word))
        for x, y, word in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<', done.stdout
        )
    ]
    texts = [word for _, _, word in words]
    certification = max(i for i, word in enumerate(texts) if word == "Certification")
    start = texts.index("For", certification)  # the first party's heading
    end = texts.index("Service", start)
    block = words[start:end]
    columns = sorted({x for x, _, word in block if word == "For"})
    edges = [*columns[1:], float("inf")]
    return [
        " ".join(w for x, _, w in sorted(block, key=lambda b: (b[1], b[0])) if left <= x < right)
        for left, right in zip(columns, edges, strict=True)
    ]


def column_of(columns: list[str], heading: str) -> str:
    found = [column for column in columns if column.startswith(heading)]
    assert len(found) == 1, columns
    return found[0]


@pytest.mark.long  # ~20 s: outside the README's test command, run by .ci/run (-m long)
@pytest.mark.skipif(not shutil.which("pdftotext"), reason="needs pdftotext")
def test_the_rd_petitioner_challenges_and_each_observer_signs_for_its_party(
    tmp_path: Path, display: str
) -> None:
    env = env_for(display)
    path = tmp_path / "rd.station"
    keys = ["f", "f", "a", "c", "p", "i", "f", "a", "a", "c", "p", "s", "f", "v", "a", "f"]
    new(
        path, "--case", "10-RD-000017", "--employer", EMPLOYER, "--union", UNION,
        "--petitioner", "J. Worker", "--eligible", "30", "--ballots", "12", "--pile", "0",
        "--agent", "R. Agent",
    )  # fmt: skip
    log = tmp_path / "app.log"
    with running_station(path, env, log) as app:
        window = focused_window(env, "Station .* 10-RD-000017", log)
        events = type_keys(env, path, keys, 1)
        # The final sheet, typed into the Prepare dialog: the focus starts on the place
        # (the agent is known), then each party's observers in the parties' order.
        xdotool(env, "key", "ctrl+t")
        dialog = xdotool(env, "search", "--sync", "--onlyvisible", "--name", "Prepare the tally")
        focus(env, dialog.split()[0])
        type_text(env, "Bessemer")
        for observer in ("Jane Roe", "Pat Doe", "Lou Steward"):  # Employer, Petitioner, Union
            xdotool(env, "key", "Tab")
            type_text(env, observer)
        xdotool(env, "key", "--delay", "50", "shift+Tab", "shift+Tab", "shift+Tab", "Return")
        wait_for(path, events + 1)
        focus(env, window)  # no window manager hands it back once the dialog closes
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=30) == 0, log.read_text()
    summary = tally(path)
    assert (summary["for"], summary["against"], summary["void"]) == (5, 4, 1)
    assert summary["challenged"] == 2
    by_party = summary["challenges_by_party"]
    assert isinstance(by_party, dict)
    assert by_party["employee petitioner"] == 2  # never the union's, nor the agent's
    assert not by_party.get("union") and not by_party.get("board agent")
    listed = json.loads(station("challenges", path, "--json").stdout)["challenges"]
    assert [row["party"] for row in listed] == ["employee petitioner"] * 2
    columns = observer_columns(path, tmp_path / "export")
    assert len(columns) == 3, columns  # a block per party: Employer, Petitioner, Union
    assert column_of(columns, "For the Employer").endswith("Jane Roe")
    assert column_of(columns, "For the Petitioner (J. Worker)").endswith("Pat Doe")
    assert column_of(columns, f"For the Union ({UNION})").endswith("Lou Steward")
    assert station("verify", path).returncode == 0


@pytest.mark.long
def test_the_intervenor_challenges_by_its_own_key_and_is_credited(
    tmp_path: Path, display: str
) -> None:
    env = env_for(display)
    # C then 2: the intervenor (the second union) challenged; then a reason; the digits
    # record votes again after the first answer.
    keys = ["1", "1", "2", "c", "2", "i", "0", "2", "1", "c", "2", "s", "0", "0"]
    path = three_choice_count(tmp_path, env, keys, 10)
    summary = tally(path)
    assert [choice["votes"] for choice in summary["choices"]] == [3, 2, 3]  # type: ignore[index,union-attr]
    assert summary["challenged"] == 2
    by_party = summary["challenges_by_party"]
    assert isinstance(by_party, dict) and by_party["union 2"] == 2
    assert not by_party.get("union 1") and not by_party.get("board agent")
    listed = json.loads(station("challenges", path, "--json").stdout)["challenges"]
    assert [row["reason"] for row in listed] == ["not on the eligibility list", "supervisor"]
    assert INTERVENOR in station("challenges", path).stdout
    assert station("verify", path).returncode == 0


@pytest.mark.long
def test_a_runoff_between_the_intervenor_and_neither_is_made_and_counted(
    tmp_path: Path, display: str
) -> None:
    env = env_for(display)
    first = three_choice_count(tmp_path, env, VOTES_2_4_3, 9)  # 2 / 4 / 3
    assert tally(first)["runoff"] == {"between": [INTERVENOR, "Neither"]}
    runoff = tmp_path / "runoff.station"
    new(runoff, "--runoff-of", first)
    made = tally(runoff)
    assert made["union"] == INTERVENOR and "choices" not in made
    assert made["runoff_of"]
    assert made["ballots"] is None  # the runoff's box is not the first one's
    # F and A: the one union's keys; U names the intervenor as the challenger.
    keys = ["f", "f", "a", "c", "u", "f", "a", "f", "f"]
    typed_count(runoff, env, "10-RC-301717", keys, tmp_path / "runoff.log")
    final = signed(runoff)
    calls = [key for key in keys if key in "fac"]
    assert (final["for"], final["against"]) == (calls.count("f"), calls.count("a"))
    assert final["challenged"] == 1 and final["majority_for_union"] is True
    # The intervenor is the runoff's one union: its challenge is the union's.
    assert final["challenges_by_party"] == {"employer": 0, "union": 1, "board agent": 0}
    assert f"has been cast for {INTERVENOR}" in final["statements"]["9"]  # type: ignore[index]
    assert station("verify", runoff).returncode == 0


@pytest.mark.long
def test_a_runoff_by_mail_is_ruled_and_counted(tmp_path: Path, display: str) -> None:
    env = env_for(display)
    first = three_choice_count(tmp_path, env, VOTES_2_4_3, 9)
    voters = tmp_path / "voters.csv"
    names = ["Ada Byron", "Bo Chen", "Cy Diaz", "Di Evans", "Ed Ford"]
    voters.write_text(
        "id,name\n" + "".join(f"{201 + n},{name}\n" for n, name in enumerate(names)),
        encoding="utf-8",
    )
    runoff = tmp_path / "runoff.station"
    new(runoff, "--runoff-of", first, "--mail", "--voters", voters)
    log = tmp_path / "runoff.log"
    with running_station(runoff, env, log) as app:
        envelopes = focused_window(env, "Station .* envelopes .* 10-RC-301717", log)
        events = 1  # the opening
        for voter in ("201", "202", "203", "205"):  # each looked up by id and accepted
            xdotool(env, "key", "--delay", "30", *voter, "Return", "a")
            events += 1
            wait_for(runoff, events)
        # 204 challenged by the union on this runoff's ballot (the intervenor), U.
        xdotool(env, "key", "--delay", "30", "2", "0", "4", "Return", "c", "u", "Return")
        events += 2
        wait_for(runoff, events)
        xdotool(env, "key", "--delay", "50", "ctrl+shift+b", "Return")
        events += 1
        wait_for(runoff, events)
        operator_window_after(env, "10-RC-301717", envelopes, log)
        type_keys(env, runoff, ["f", "a", "f", "f"], events)
        xdotool(env, "key", "ctrl+q")
        assert app.wait(timeout=30) == 0, log.read_text()
    final = signed(runoff)
    assert final["stage"] == "ballots" and final["union"] == INTERVENOR
    assert (final["for"], final["against"], final["ballots"]) == (3, 1, 4)
    assert final["challenged"] == 1 and final["runoff_of"]
    envelopes_json = final["envelopes"]
    assert isinstance(envelopes_json, dict) and envelopes_json["accepted"] == 4
    assert final["challenges_by_party"] == {"employer": 0, "union": 1, "board agent": 0}
    assert station("verify", runoff).returncode == 0
