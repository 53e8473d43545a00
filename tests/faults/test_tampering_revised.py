"""After the count: settlements, the decision and the revised count altered are caught.

One election is settled, signed, decided, revised and exported once; each case copies
it and alters one event the way a forger would (the chain recomputed, so only the rules
and the sheets' stated facts can tell), then runs `station verify` in-process.
"""

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from station.domain import Call, SheetKind
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.sheet.keys import key_for_signing
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.display import ensure_offscreen_app
from tests.faults.tampering import assert_caught, rewrite, rows, setup, verify

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE


@pytest.fixture(scope="module")
def revised_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    folder = tmp_path_factory.mktemp("revised")
    ensure_offscreen_app()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(folder / "home"))
        path = folder / "e.station"
        Journal.create(path, setup())
        journal = Journal.open(path)
        session = CountSession.resume(journal, keep=0)  # 1
        for call in (C, F, A, C, F, C, A, C):
            session.record(call)  # 2..9
        session.settle(5, "withdrawn")  # 10
        session.record(F)  # 11: the opened ballot
        session.settle(7, "sustained")  # 12
        key = key_for_signing()
        request = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
        prepare_sheet(session, request, key_fingerprint=key.fingerprint)  # 13
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.decide([1, 4], [], "Regional Director")  # 14
        session.record(F)  # 15
        session.record(A)  # 16
        prepare_sheet(session, request, key_fingerprint=key.fingerprint)  # 17
        export_sheet(journal, journal.restore(trust_snapshots=False), folder / "sheet", key)
        journal.close()  # 18
    return path, folder / "sheet", key.fingerprint


@pytest.fixture
def revised(revised_once: tuple[Path, Path, str], tmp_path: Path) -> tuple[Path, Path, str]:
    path, sheet, key = revised_once
    shutil.copy(path, tmp_path / path.name)
    shutil.copytree(sheet, tmp_path / "sheet")
    return tmp_path / path.name, tmp_path / "sheet", key


def test_the_revised_election_verifies(revised: tuple[Path, Path, str]) -> None:
    path, sheet, key = revised
    assert verify(path)[0] == 0
    code, out, err = verify(sheet, "--key", key)
    assert code == 0 and out.startswith(f"OK: {sheet}: Revised tally"), (out, err)


def detail_changed(seq: int, detail: str) -> Callable[[Path], None]:
    def change(path: Path) -> None:
        events = rows(path)
        events[seq - 1][7] = detail
        rewrite(path, events, rehash_from=seq)

    return change


def call_changed(seq: int, call: str) -> Callable[[Path], None]:
    def change(path: Path) -> None:
        events = rows(path)
        events[seq - 1][5] = call
        rewrite(path, events, rehash_from=seq)

    return change


CASES = [
    # A sustained challenge made a withdrawn one: line 6 of the first sheet no longer holds.
    ("sustained-made-withdrawn", detail_changed(12, '{"as":"withdrawn"}'), "event 13"),
    # The decision opening another challenge: the revised sheet's facts no longer hold.
    (
        "decision-changed",
        detail_changed(14, '{"by":"Regional Director","open":[1,3],"sustain":[]}'),
        "event 14 breaks the rules of the count: challenge 3 is not open",
    ),
    (
        "decision-sustains-instead",
        detail_changed(14, '{"by":"RD","open":[],"sustain":[1,4]}'),
        "event 15",
    ),
    ("revised-call-changed", call_changed(15, "against"), "event 17 (the revised tally sheet)"),
    ("revised-call-challenged", call_changed(16, "challenge"), "event 16 breaks the rules"),
]


@pytest.mark.parametrize(("change", "named"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_an_altered_settlement_decision_or_revised_count_is_named(
    revised: tuple[Path, Path, str], change: Callable[[Path], None], named: str
) -> None:
    path = revised[0]
    change(path)
    assert_caught([path], named)


def test_a_corrected_sheet_of_the_previous_version_still_verifies(tmp_path: Path) -> None:
    """Station called a sheet after a reopening "Revision 1" before it used the Board's
    "Corrected": a file made then (its SIGN event says so, hashed as it was) verifies."""
    import json

    from station.domain.tally_sheet import LATER_FACTS

    ensure_offscreen_app()
    path = tmp_path / "old.station"
    Journal.create(path, setup())
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    session.record(F)
    request = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
    prepare_sheet(session, request, key_fingerprint="0" * 64)
    from station.sheet.prepare import reopen_count

    reopen_count(session, "a FOR was an AGAINST")
    session.record(A)
    corrected = prepare_sheet(session, request, key_fingerprint="0" * 64).event.seq
    journal.close()
    events = rows(path)
    detail = json.loads(events[corrected - 1][7])
    assert detail["title"] == "Corrected"
    detail["title"] = "Revision 1"  # as the previous version wrote it, in its form whole:
    for later in LATER_FACTS:  # none of the facts Station states since
        detail.pop(later, None)
    events[corrected - 1][7] = json.dumps(detail, sort_keys=True, separators=(",", ":"))
    rewrite(path, events, rehash_from=corrected)
    code, _out, err = verify(path)
    assert code == 0, err
    detail["title"] = "Revision 2"  # but not any title: a wrong one is still caught
    events = rows(path)
    events[corrected - 1][7] = json.dumps(detail, sort_keys=True, separators=(",", ":"))
    rewrite(path, events, rehash_from=corrected)
    assert_caught([path], f"event {corrected} (the corrected tally sheet) its title says")
