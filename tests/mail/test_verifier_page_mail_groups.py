"""A mail election of voting groups gets `station verify`'s verdict in the page, word for
word: each envelope ruling names its voter's group, each group's box is its envelopes
opened and its sealed challenged envelopes are on its own line 6, and an envelope the
decision orders opened is counted in its group's pile on the Revised Tally.

True exports (the final tally, and the Revised Tally after the hearing) pass; exports a
forger holding the key changed are named by the page (its own script in Node, and in
Chromium) as `station verify` names them.
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.sheet.keys import load_key
from tests.mail.helpers import groups_counted, groups_decided
from tests.sheet.helpers import edit_json, rechain_with_sheets, resign, sheet_event, station
from tests.verifier.picked import assert_same_verdict


def exported(tmp_path: Path, hearing: bool) -> Path:
    tmp_path.mkdir(exist_ok=True)
    path = tmp_path / "mail.station"
    groups_counted(path)
    if hearing:
        groups_decided(path)
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    return folder


@pytest.mark.parametrize("hearing", [False, True], ids=["final", "revised"])
def test_a_true_mail_export_of_voting_groups_passes_in_the_page_as_in_verify(
    tmp_path: Path, qapp: object, hearing: bool
) -> None:
    folder = exported(tmp_path, hearing)
    verdict = assert_same_verdict(folder, None)
    assert verdict["ok"]
    assert ("Revised tally" in verdict["lines"][0]) is hearing


def event_seq(folder: Path, found: Callable[[dict[str, Any]], bool]) -> int:
    """The first event of the export's journal that `found` picks."""
    lines = (folder / "journal.jsonl").read_text().splitlines()[1:]
    return next(e["seq"] for e in map(json.loads, lines) if found(e))


def detail_changed(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def changed(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        change(detail)
        event["detail"] = json.dumps(detail, sort_keys=True, separators=(",", ":"))

    return changed


def challenged_envelope(event: dict[str, Any]) -> bool:
    return event["action"] == "envelope" and '"voter":"102"' in event["detail"]


def opened_call(event: dict[str, Any]) -> bool:
    """The revised count's call: group A's only ballot answered no."""
    return event["action"] == "call" and '"inclusion":"no"' in event["detail"]


def to_group_b(detail: dict[str, Any]) -> None:
    detail.update(group="B")
    detail.pop("inclusion", None)


Picked = Callable[[dict[str, Any]], bool] | None
FORGED: dict[str, tuple[bool, Picked, Callable[[dict[str, Any]], None]]] = {
    # (after the hearing, the event changed (None: the sheet's own), how)
    "envelope-without-group": (False, challenged_envelope, detail_changed(lambda d: d.pop("group"))),
    "envelope-of-an-unknown-group": (False, challenged_envelope, detail_changed(lambda d: d.update(group="C"))),
    "sealed-envelope-moved-to-b": (False, challenged_envelope, detail_changed(lambda d: d.update(group="B"))),
    "opened-ballot-called-in-b": (True, opened_call, detail_changed(to_group_b)),
    "group-a-line-6": (False, None, detail_changed(lambda d: d["groups"][0]["lines"].update({"6": 0}))),
    "group-a-final-column": (True, None, detail_changed(lambda d: d["groups"][0]["columns"]["final"].update({"4": 0}))),
}  # fmt: skip


def forged(tmp_path: Path, case: str) -> Path:
    hearing, which, change = FORGED[case]
    folder = exported(tmp_path, hearing)
    last = int(sheet_event(folder)["seq"])  # type: ignore[call-overload]
    rechain_with_sheets(folder, last if which is None else event_seq(folder, which), change)
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, load_key())
    return folder


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_mail_export_of_voting_groups_is_named_in_the_page_as_in_verify(
    tmp_path: Path, qapp: object, case: str
) -> None:
    verdict = assert_same_verdict(forged(tmp_path, case), None)
    assert not verdict["ok"], verdict
