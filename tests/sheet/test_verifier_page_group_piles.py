"""Each voting group's piles, recounted in its own box, get `station verify`'s verdict in
the page word for word: a true export with recounts (one found wrong, then refilled)
passes, and a forger's recount moved to another group's pile, or naming no group, is
named by the page (its own script, in Node) as by `station verify`.
"""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.keys import load_key
from tests.groups_helpers import new
from tests.sheet.helpers import (
    edit_json,
    pile_detail,
    rechain_from,
    resign,
    sheet_event,
    station,
)
from tests.verifier.node import assert_same_verdict

F, A = Call.FOR, Call.AGAINST


def exported(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """Piles of 2: A's FOR pile 1 found wrong (3), an undo and a call refill it and it is
    confirmed; B's AGAINST pile 1 confirmed; A's FOR pile 2 left to recount."""
    path = tmp_path / "groups.station"
    new(path, "--pile", "2")
    seqs: dict[str, int] = {}
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        for call, group in ((F, "A"), (A, "B"), (F, "A"), (A, "B"), (F, "B")):
            session.record(call, group=group)
        seqs["a-wrong"] = session.check_pile(F, 1, 3, "A").event.seq
        seqs["b-pile"] = session.check_pile(A, 1, 2, "B").event.seq
        session.undo()  # B's FOR: A's pile stays wrong
        session.undo()  # B's second AGAINST: B's pile 1 is no longer full
        session.undo()  # A's second FOR: A's pile is open again
        session.record(F, group="A")
        seqs["a-right"] = session.check_pile(F, 1, 2, "A").event.seq
        session.record(F, group="A")
        session.record(F, group="A")
        assert [ref.name for ref in session.count.piles_to_check()] == ["group A FOR pile 2"]
    assert station("sign", path, "--agent", "R. Agent")[0] == 0
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    return folder, seqs


def test_a_true_export_of_group_piles_passes_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object
) -> None:
    folder, _ = exported(tmp_path)
    assert assert_same_verdict(page, folder, None)["ok"]


FORGED: dict[str, tuple[str, Callable[[dict[str, Any]], None], str]] = {
    "moved-to-b": ("a-right", pile_detail(group="B"), "group B FOR pile 1 is not full"),
    "no-group": ("b-pile", pile_detail(group=None), "names its group (A, B)"),
    "unknown-group": ("b-pile", pile_detail(group="C"), "names its group (A, B)"),
    "refill-skipped": ("b-pile", lambda e: refill_skipped(e), "group A FOR pile 1 was found"),
}


def refill_skipped(event: dict[str, Any]) -> None:
    """B's recount made A's FOR pile 1 confirmed at once after it was found wrong."""
    event["call"] = "for"
    pile_detail(group="A", found=2)(event)


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_recount_of_a_groups_pile_is_named_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object, case: str
) -> None:
    folder, seqs = exported(tmp_path)
    step, change, named = FORGED[case]
    rechain_from(folder, seqs[step], change)
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, load_key())
    verdict = assert_same_verdict(page, folder, None)
    assert not verdict["ok"] and named in verdict["lines"][0], verdict
