"""Every kind of ballot the page replays gets `verify`'s verdict in Chromium, word for word.

Several unions (lines 3a, 3b, … and 29 CFR 102.70 for lines 8 and 9), RD and RM cases,
and one union whose FOR beats AGAINST without a majority of the valid votes plus the
challenged ballots (line 9 says no): true exports, and exports a forger holding the key
changed, each named as `station verify FOLDER --key` names it.
"""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call, ElectionSetup
from station.journal import Journal
from station.journal.bounded_json import canonical_detail
from station.sheet.keys import StationKey, load_key
from station.verification.document import canonical_json
from tests.kinds_helpers import count_votes
from tests.sheet.helpers import rechain_from, resign, sheet_event, station
from tests.verifier.chromium import assert_page_says_what_verify_says, browser

# Every kind of export checked in a real Chromium, seconds a module: run by .ci/run's
# long run, outside the README's three minutes (the conformance corpus and the Node
# runs of the page stay in it).
pytestmark = pytest.mark.long

__all__ = ["browser"]  # fixtures


def edit_json(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Change a JSON file of the export, written back as Station writes it."""
    document = json.loads(path.read_bytes())
    change(document)
    path.write_bytes(canonical_json(document))


KINDS: dict[str, tuple[dict[str, Any], list[int], int, int]] = {
    # name: (setup, votes of each choice (Neither last), challenged, void)
    "three-choices": (dict(union="Machinists", intervenors=["Carpenters"]), [12, 10, 8], 1, 0),
    # Fraser & Johnston (1953): 45 is a majority of 87 valid votes, not of 94.
    "fraser-johnston": (dict(union="Machinists", intervenors=["Carpenters"]), [45, 9, 33], 7, 1),
    "four-choices-rerun": (dict(union="A", unions=["B", "C"]), [5, 5, 5, 2], 0, 0),
    "rd": (dict(case_number="10-RD-000017", union="Local 1", petitioner="J. Worker"), [3, 5], 1, 0),
    "rm": (dict(case_number="10-RM-000017", union="Local 1"), [6, 2], 0, 0),
    "no-majority-with-challenges": (dict(union="Local 1"), [10, 9], 5, 0),
    # A Corrected Tally: signed, reopened, two more ballots called, signed again.
    "corrected": (dict(union="Local 1"), [4, 3], 1, 0),
    "corrected-three-choices": (dict(union="A", intervenors=["B"]), [4, 3, 2], 1, 0),
    # Piles of 3: recounted, one found wrong, corrected, refilled and confirmed.
    "piles": (dict(union="Local 1", pile=3), [7, 3], 0, 0),
}


def recount_piles(path: Path) -> None:
    """7 FOR then 3 AGAINST counted: every full pile recounted, AGAINST's found wrong first."""
    journal = Journal.open(path)
    journal.start_session()
    journal.append(Action.PILE, Call.FOR, target=1, detail={"found": 3})
    journal.append(Action.PILE, Call.FOR, target=2, detail={"found": 3})
    journal.append(Action.PILE, Call.AGAINST, target=1, detail={"found": 2})  # found wrong
    journal.append(Action.UNDO, Call.AGAINST, target=11)  # the last AGAINST: pile 1 emptied
    journal.append(Action.CALL, Call.AGAINST)  # refilled
    journal.append(Action.PILE, Call.AGAINST, target=1, detail={"found": 3})
    journal.close()


def signed_export(folder: Path, kind: str) -> Path:
    given, votes, challenged, void = KINDS[kind]
    setup = ElectionSetup.validated(
        **{"case_number": "10-RC-000017", "employer": "Acme", "eligible": 140, "pile": 0, **given}
    )
    path = folder / "count.station"
    Journal.create(path, setup)
    count_votes(path, votes, challenged=challenged, void=void)
    if kind == "piles":
        recount_piles(path)
    sheet = ("sign", path, "--agent", "R. Agent", "--observer", "Employer:Jo Roe")
    code, _, err = station(*sheet)
    assert code == 0, err
    if kind.startswith("corrected"):
        assert station("reopen", path, "--reason", "a FOR pile miscounted")[0] == 0
        count_votes(path, [1, *([0] * (len(votes) - 2)), 1])
        code, _, err = station(*sheet)
        assert code == 0, err
    code, _, err = station("export", path, "--out", folder / "export")
    assert code == 0, err
    return folder / "export"


def verify(folder: Path, key: str) -> tuple[int, str, str]:
    return station("verify", folder, "--key", key)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_true_export_of_each_kind_passes_in_chromium(
    browser: Any, page: Path, tmp_path: Path, kind: str
) -> None:
    folder = signed_export(tmp_path, kind)
    key = load_key().fingerprint
    said = verify(folder, key)
    assert said[0] == 0, said
    assert_page_says_what_verify_says(browser, page, folder, key, said)


def bump(line: str):  # type: ignore[no-untyped-def]
    def change(folder: Path, key: StationKey) -> None:
        edit_json(folder / "tally.json", lambda d: d["sheet"]["lines"].update({line: 99}))
        resign(folder, key)

    return change


def vote_moved(folder: Path, key: StationKey) -> None:
    """Ballot 2's vote given to the second union, the chain and the sheet made anew."""

    def move(event: dict[str, Any]) -> None:
        event["detail"] = json.dumps({"choice": 2}, separators=(",", ":"))

    rechain_from(folder, 2, move)
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, key)


def vote_for_no_union(folder: Path, key: StationKey) -> None:
    rechain_from(folder, 3, lambda event: event.update(detail=None))
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, key)


def rechained(seq: int, change: Callable[[dict[str, Any]], None]):  # type: ignore[no-untyped-def]
    """Event `seq` changed, then every event hashed again and the export signed anew."""

    def forge(folder: Path, key: StationKey) -> None:
        last = int(sheet_event(folder)["seq"])  # type: ignore[call-overload]
        rechain_from(folder, seq if seq > 0 else last + seq, change)
        if seq != 0:  # the sheet names its head as the forged chain now has it
            rechain_from(folder, last, lambda e: set_head(e, e["seq"] - 1, e["prev_hash"]))
        sheet = json.loads(
            json.loads((folder / "journal.jsonl").read_text().splitlines()[-1])["detail"]
        )
        edit_json(folder / "tally.json", lambda d: d.update(sheet=sheet))
        edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
        edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
        resign(folder, key)

    return forge


def set_head(event: dict[str, Any], seq: int, digest: str) -> None:
    detail_changed(head={"hash": digest, "seq": seq})(event)


def detail_changed(**changes: object) -> Callable[[dict[str, Any]], None]:
    def change(event: dict[str, Any]) -> None:
        detail = {**json.loads(event["detail"]), **changes}
        event["detail"] = canonical_detail(detail)

    return change


def sheet_changed(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    """The SIGN event's sheet changed in place (a statement, a party, a choice's votes)."""

    def changed(event: dict[str, Any]) -> None:
        detail = json.loads(event["detail"])
        change(detail)
        event["detail"] = canonical_detail(detail)

    return changed


FORGED = {
    "3a-bumped": ("three-choices", bump("3a")),
    "3b-bumped": ("fraser-johnston", bump("3b")),
    "8-flipped": ("fraser-johnston", lambda f, k: (
        edit_json(f / "tally.json", lambda d: d["sheet"]["lines"].update({"8": False})),
        resign(f, k),
    )),
    "9-flipped": ("no-majority-with-challenges", lambda f, k: (
        edit_json(f / "tally.json", lambda d: d["sheet"]["lines"].update({"9": True})),
        resign(f, k),
    )),
    "vote-moved": ("three-choices", vote_moved),
    "vote-for-no-union": ("three-choices", vote_for_no_union),
    "rd-line-3": ("rd", bump("3")),
    "correction-reason": ("corrected", rechained(0, detail_changed(
        correction={"reason": "none given", "replaces": {"3": 4, "5": 7, "7": 8, "4": 3}}))),
    "correction-line": ("corrected-three-choices", rechained(0, detail_changed(
        correction={"reason": "a FOR pile miscounted", "replaces": {"3a": 5}}))),
    "reopen-without-reason": ("corrected", rechained(15, lambda e: e.update(detail=None))),
    "a-pile-not-full": ("piles", rechained(14, lambda e: e.update(target=3))),
    "a-wrong-pile-recounted-unrefilled": ("piles", rechained(
        17, lambda e: e.update(action="pile", call="against", target=1, detail='{"found":3}'))),
    "undo-of-another-call": ("rm", rechained(9, lambda e: e.update(action="undo", target=3))),
    "a-call-after-the-sheet": ("corrected", rechained(15, lambda e: e.update(
        action="call", call="for", detail=None))),
    "a-second-sheet-unopened": ("corrected", rechained(15, lambda e: e.update(action="close", detail=None))),
    "line-8-reworded": ("fraser-johnston", rechained(0, sheet_changed(lambda d: d["statements"].update(
        {"8": "Challenges are not sufficient in number to affect the results of the election."})))),
    "line-9-reworded": ("rm", rechained(0, sheet_changed(lambda d: d["statements"].update(
        {"9": "A majority of the valid votes counted plus challenged ballots has not been cast for Local 1."})))),
    "runoff-dropped": ("three-choices", rechained(0, sheet_changed(lambda d: d["statements"].pop("runoff")))),
    "runoff-between-others": ("three-choices", rechained(0, sheet_changed(
        lambda d: d.update(runoff={"between": ["Machinists", "Neither"]})))),
    "majority-claimed": ("three-choices", rechained(0, sheet_changed(lambda d: d.update(majority_for="Machinists")))),
    "rerun-denied": ("four-choices-rerun", rechained(0, sheet_changed(lambda d: d.update(rerun=False)))),
    "choice-votes": ("three-choices", rechained(0, sheet_changed(lambda d: d["choices"][1].update(votes=11)))),
    "rd-petitioner-as-union": ("rd", rechained(0, sheet_changed(lambda d: d["parties"][1].update(role="Union")))),
    "rm-employer-role": ("rm", rechained(0, sheet_changed(lambda d: d["parties"][0].update(role="Employer")))),
    "objections-due-later": ("rm", rechained(0, sheet_changed(lambda d: d.update(objections_due="2099-01-05")))),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_export_of_each_kind_is_named_in_chromium_as_in_verify(
    browser: Any, page: Path, tmp_path: Path, case: str
) -> None:
    kind, change = FORGED[case]
    folder = signed_export(tmp_path, kind)
    key = load_key()
    change(folder, key)
    said = verify(folder, key.fingerprint)
    assert said[0] == 1, said
    assert_page_says_what_verify_says(browser, page, folder, key.fingerprint, said)
