"""The Revised Tally of an election of voting groups gets `station verify`'s verdict in
the page, word for word: the decision's challenges leave their group's line 6, each
opened ballot is called in its own group's pile, and each group's and pooled unit's
tally is stated in the four columns of the Revised Tally.

True exports (units apart, and pooled by the professionals' yes) pass; exports a forger
holding the key changed are named by the page (its own script in Node, and in Chromium)
as `station verify` names them.
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Call
from station.journal import Journal
from station.journal.seal import station_secret
from station.journal.session import CountSession
from station.sheet.keys import load_key
from tests.groups_helpers import calls, new
from tests.kinds_helpers import station as run
from tests.sheet.helpers import edit_json, rechain_with_sheets, resign, sheet_event, station
from tests.verifier.chromium import assert_page_says_what_verify_says, browser
from tests.verifier.node import assert_same_verdict

__all__ = ["browser"]  # fixtures

Ballot = tuple[str, Call, str | None]
F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
# (setup, the first count, the decision, the revised count)
CASES: dict[str, tuple[list[str], list[Ballot], list[str], list[Ballot]]] = {
    # Unit A's two challenges (1, 2) could change its result; unit B's one (3) could not.
    "apart": (
        ["--ballots", "A=5", "--ballots", "B=5"],
        [("A", F, None), ("A", C, None), ("A", F, None), ("A", A, None), ("A", C, None),
         ("B", F, None), ("B", C, None), ("B", F, None), ("B", F, None), ("B", A, None)],
        ["--open", "1,2", "--sustain", "3"],
        [("A", A, None), ("A", V, None)],
    ),
    # The professionals' yes pools both groups: one unit, its two challenges determinative.
    "pooled": (
        ["--sonotone", "A", "--ballots", "A=3", "--ballots", "B=3"],
        [("A", F, "yes"), ("A", A, "yes"), ("A", C, None), ("B", F, None), ("B", A, None),
         ("B", C, None)],
        ["--open", "1", "--sustain", "2", "--reveal-ok"],
        [("A", F, "yes")],
    ),
}  # fmt: skip


def exported(tmp_path: Path, case: str) -> Path:
    setup, first, decision, revised = CASES[case]
    path = tmp_path / "groups.station"
    new(path, *setup)
    calls(path, *first)
    assert run("sign", path, "--agent", "R. Agent").returncode == 0
    done = run("decide", path, *decision, "--by", "R. Director")
    assert done.returncode == 0, done.stderr
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        for group, call, answer in revised:
            session.record(call, group=group, inclusion=answer)
    assert run("sign", path, "--agent", "R. Agent").returncode == 0
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    return folder


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_true_revised_tally_of_voting_groups_passes_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object, case: str
) -> None:
    verdict = assert_same_verdict(page, exported(tmp_path, case), None)
    assert verdict["ok"] and "Revised tally" in verdict["lines"][0], verdict


def detail_changed(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def changed(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        change(detail)
        event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))

    return changed


def last_call(events: list[dict[str, Any]]) -> int:
    return int(max(e["seq"] for e in events if e["action"] == "call"))


def decision(events: list[dict[str, Any]]) -> int:
    return int(next(e["seq"] for e in events if e["action"] == "decide"))


def the_sheet(events: list[dict[str, Any]]) -> int:
    return int(events[-1]["seq"])


def to_group_b(detail: dict[str, Any]) -> None:
    detail.update(group="B")
    detail.pop("inclusion", None)


Event = Callable[[list[dict[str, Any]]], int]
FORGED: dict[str, tuple[str, Event, Callable[[dict[str, Any]], None]]] = {
    # (the count, the event changed, how)
    "opened-ballot-called-in-b": ("apart", last_call, detail_changed(to_group_b)),
    "b-challenge-opened-too": ("apart", decision, detail_changed(lambda d: d.update(open=[1, 2, 3], sustain=[]))),
    "a-challenge-sustained-instead": ("pooled", decision, detail_changed(lambda d: d.update(open=[2], sustain=[1]))),
    "group-b-set-aside-column": ("apart", the_sheet, detail_changed(lambda d: d["groups"][1]["columns"]["set_aside"].update({"6": 0}))),
    "unit-final-column": ("pooled", the_sheet, detail_changed(lambda d: d["units"][0]["columns"]["final"].update({"3": 1}))),
    "unit-columns-dropped": ("pooled", the_sheet, detail_changed(lambda d: d["units"][0].pop("columns"))),
}  # fmt: skip


def forged(tmp_path: Path, case: str) -> Path:
    count, which, change = FORGED[case]
    return rewritten(exported(tmp_path, count), which, change)


def rewritten(folder: Path, which: Event, change: Callable[[dict[str, Any]], None]) -> Path:
    """The export with one event changed, the chain and sheets made to fit, signed again."""
    events = [json.loads(line) for line in (folder / "journal.jsonl").read_text().splitlines()[1:]]
    rechain_with_sheets(folder, which(events), change)
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, load_key())
    return folder


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_revised_tally_of_voting_groups_is_named_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object, case: str
) -> None:
    verdict = assert_same_verdict(page, forged(tmp_path, case), None)
    assert not verdict["ok"], verdict


def test_revised_tally_of_voting_groups_true_and_forged_in_chromium(
    browser: Any, page: Path, tmp_path: Path
) -> None:
    (tmp_path / "true").mkdir()
    folder = exported(tmp_path / "true", "pooled")
    assert_page_says_what_verify_says(browser, page, folder, None, station("verify", folder))
    (tmp_path / "forged").mkdir()
    folder = forged(tmp_path / "forged", "unit-final-column")
    said = station("verify", folder)
    assert said[0] == 1, said
    assert_page_says_what_verify_says(browser, page, folder, None, said)


def settled(tmp_path: Path) -> Path:
    """Challenges settled at the table before the final tally: group A's withdrawn and
    its ballot called again (FOR), group B's sustained and set aside."""
    path = tmp_path / "settled.station"
    new(path, "--ballots", "A=2", "--ballots", "B=2")
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        session.record(F, group="A")
        challenged_a = session.record(C, group="A").event.seq
        challenged_b = session.record(C, group="B").event.seq
        session.record(A, group="B")
        session.settle(challenged_a, "withdrawn")
        session.settle(challenged_b, "sustained")
        session.record(F, group="A")
    assert run("sign", path, "--agent", "R. Agent").returncode == 0
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    return folder


def test_challenges_settled_in_an_election_of_voting_groups_get_verifys_verdict_in_the_page(
    page: Path, tmp_path: Path, qapp: object
) -> None:
    (tmp_path / "true").mkdir()
    verdict = assert_same_verdict(page, settled(tmp_path / "true"), None)
    assert verdict["ok"], verdict
    # The ballot called again after the withdrawal, put in group B's pile.
    (tmp_path / "forged").mkdir()
    folder = rewritten(settled(tmp_path / "forged"), last_call, detail_changed(to_group_b))
    verdict = assert_same_verdict(page, folder, None)
    assert not verdict["ok"] and "its groups says" in verdict["lines"][0], verdict
