"""Each union's piles, on a ballot of several unions, get `station verify`'s verdict in
the page word for word: a true export with recounts (one found wrong, then refilled)
passes, and a forger's recount moved to another union's pile, naming no union, or
naming one on Neither's pile, is named by the page (its own script, in Node) as by
`station verify`.
"""

from pathlib import Path
from typing import Any

import pytest

from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.keys import load_key
from tests.kinds_helpers import THREE, new
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
MACHINISTS, CARPENTERS = 1, 2


def exported(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """Piles of 2: the Machinists' pile 1 found wrong (3), an undo and a call refill it
    and it is confirmed; Neither's pile 1 confirmed; the Carpenters' pile 1 left to
    recount; a Carpenters vote carried as challenged by a dispute."""
    path = tmp_path / "unions.station"
    new(path, *THREE, "--pile", "2")
    seqs: dict[str, int] = {}
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        session.record(F, choice=MACHINISTS)
        session.record(A)
        session.record(F, choice=MACHINISTS)
        session.record(A)
        session.record(F, choice=CARPENTERS)
        seqs["m-wrong"] = session.check_pile(F, 1, 3, choice=MACHINISTS).event.seq
        seqs["neither"] = session.check_pile(A, 1, 2).event.seq
        session.undo()  # the Carpenters vote: the Machinists' pile stays wrong
        session.undo()  # the second Neither: its pile is no longer full
        session.undo()  # the second Machinists vote: its pile is open again
        session.record(F, choice=MACHINISTS)
        seqs["m-right"] = session.check_pile(F, 1, 2, choice=MACHINISTS).event.seq
        session.record(A)
        session.record(F, choice=CARPENTERS)
        session.record(F, choice=CARPENTERS)
        disputed = session.record(F, choice=CARPENTERS).event.seq
        session.dispute(disputed, F, "employer")  # carried as challenged
        assert [ref.name for ref in session.count.piles_to_check()] == [
            "Carpenters pile 1",
            "Neither pile 1",
        ]
    assert station("sign", path, "--agent", "R. Agent")[0] == 0
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    return folder, seqs


def test_a_true_export_of_union_piles_passes_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, qapp: object
) -> None:
    folder, _ = exported(tmp_path)
    assert assert_same_verdict(page, folder, None)["ok"]


FORGED: dict[str, tuple[str, Any, str]] = {
    "moved-to-carpenters": ("m-right", pile_detail(choice=CARPENTERS), "Carpenters pile 1 is not full"),
    "no-union": ("m-right", pile_detail(choice=None), "names the union (1 to 9, ballot order)"),
    "unknown-union": ("m-right", pile_detail(choice=3), "the ballot has no union 3"),
    "union-on-neither": ("neither", pile_detail(choice=MACHINISTS), "only a pile check of a union"),
    "refill-skipped": ("neither", lambda e: refill_skipped(e), "Machinists pile 1 was found"),
}  # fmt: skip


def refill_skipped(event: dict[str, Any]) -> None:
    """Neither's recount made the Machinists' pile 1 confirmed at once after it was
    found wrong."""
    event["call"] = "for"
    pile_detail(choice=MACHINISTS, found=2)(event)


@pytest.mark.parametrize("case", sorted(FORGED))
def test_a_forged_recount_of_a_unions_pile_is_named_in_the_page_as_in_verify(
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
