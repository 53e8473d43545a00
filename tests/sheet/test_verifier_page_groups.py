"""An election of voting groups gets `station verify`'s verdict in the page, word for word.

Each call names its group's pile, a Sonotone group's its answer to question 1; the sheet
states each group's tally, the unit the professionals' yes pools, and lines 8-9 of the
groups together. True exports (pooled and apart) pass; exports a forger holding the key
changed are named by the page (its own script in Node, and in Chromium) as `station verify`
names them.
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Call
from station.sheet.keys import load_key
from tests.groups_helpers import calls, new
from tests.sheet.helpers import edit_json, rechain_from, resign, sheet_event, station
from tests.verifier.chromium import assert_page_says_what_verify_says, browser
from tests.verifier.node import assert_same_verdict

__all__ = ["browser"]  # fixtures

A_YES, A_NO = ("A", Call.FOR, "yes"), ("A", Call.AGAINST, "no")
B_FOR, B_AGAINST = ("B", Call.FOR, None), ("B", Call.AGAINST, None)
BALLOTS: dict[str, list[tuple[str, Call, str | None]]] = {
    # Two of three professionals for inclusion: one unit of both groups.
    "pooled": [A_YES, A_YES, A_NO, ("A", Call.CHALLENGE, None), B_FOR, B_AGAINST, B_AGAINST,
               ("B", Call.VOID, None)],
    # Against inclusion: two units, each its own tally and result.
    "apart": [A_NO, A_NO, ("A", Call.FOR, "yes"), B_FOR, B_FOR, B_AGAINST],
}  # fmt: skip


def exported(tmp_path: Path, case: str) -> Path:
    path = tmp_path / "groups.station"
    new(path, "--sonotone", "A", "--ballots", "A=4", "--ballots", "B=4")
    calls(path, *BALLOTS[case])
    assert station("sign", path, "--agent", "R. Agent")[0] == 0
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    return folder


@pytest.mark.parametrize("case", sorted(BALLOTS))
def test_a_true_export_of_voting_groups_passes_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object, case: str
) -> None:
    folder = exported(tmp_path, case)
    assert assert_same_verdict(page, folder, None)["ok"]


def test_a_lone_self_determination_group_passes_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object
) -> None:
    path = tmp_path / "globe.station"
    made = station(
        "new", path, "--case", "10-RC-000061", "--employer", "Mercy Hospital",
        "--union", "Nurses United", "--group", "A=Maintenance employees",
        "--eligible", "A=5", "--ballots", "A=3", "--self-determination", "A",
    )  # fmt: skip
    assert made[0] == 0, made
    calls(path, ("A", Call.FOR, None), ("A", Call.AGAINST, None), ("A", Call.FOR, None))
    assert station("sign", path, "--agent", "R. Agent")[0] == 0
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    assert assert_same_verdict(page, folder, None)["ok"]


def sheet_changed(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def changed(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        change(detail)
        event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))

    return changed


def call_detail(**changes: object) -> Callable[[dict[str, Any]], None]:
    return sheet_changed(lambda d: d.update(changes))


FORGED: dict[str, tuple[str, int, Callable[[dict[str, Any]], None]]] = {
    # (ballots, the event changed (0: the sheet's own), how)
    "no-group": ("pooled", 2, lambda e: e.update(detail=None)),
    "unknown-group": ("pooled", 2, call_detail(group="C")),
    "inclusion-asked-of-b": ("pooled", 6, call_detail(inclusion="yes")),
    "inclusion-on-a-void": ("pooled", 9, call_detail(group="A", inclusion="no")),
    "a-yes-made-no": ("pooled", 2, call_detail(inclusion="no")),
    "a-vote-moved-to-b": ("apart", 2, call_detail(group="B")),
    "group-line-3": ("pooled", 0, sheet_changed(lambda d: d["groups"][1]["lines"].update({"3": 5}))),
    "unit-line-8": ("pooled", 0, sheet_changed(lambda d: d["units"][0]["lines"].update({"8": False}))),
    "inclusion-figures": ("pooled", 0, sheet_changed(lambda d: d["groups"][0].update(inclusion={"yes": 3, "no": 0}))),
    "unit-dropped": ("pooled", 0, sheet_changed(lambda d: d.update(units=[]))),
    "pooled-statement": ("pooled", 0, sheet_changed(lambda d: d["groups"][0]["statements"].update({"9": "Won."}))),
    "apart-line-9": ("apart", 0, sheet_changed(lambda d: d["groups"][1]["lines"].update({"9": False}))),
    "together-statement": ("apart", 0, sheet_changed(lambda d: d["statements"].update({"8": "Decided."}))),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_export_of_voting_groups_is_named_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object, case: str
) -> None:
    ballots, seq, change = FORGED[case]
    folder = exported(tmp_path, ballots)
    last = int(sheet_event(folder)["seq"])  # type: ignore[call-overload]
    rechain_from(folder, seq or last, change)
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, load_key())
    verdict = assert_same_verdict(page, folder, None)
    assert not verdict["ok"], verdict


def test_voting_groups_true_and_forged_in_chromium(
    browser: Any, page: Path, tmp_path: Path
) -> None:
    folder = exported(tmp_path, "pooled")
    assert_page_says_what_verify_says(browser, page, folder, None, station("verify", folder))
    rechain_from(folder, int(sheet_event(folder)["seq"]), FORGED["unit-line-8"][2])  # type: ignore[call-overload]
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, load_key())
    said = station("verify", folder)
    assert said[0] == 1, said
    assert_page_says_what_verify_says(browser, page, folder, None, said)
