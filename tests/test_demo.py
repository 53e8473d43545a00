"""The demo election: part-way through a real-looking count, and marked DEMO where a real file cannot be."""

from pathlib import Path

import pytest

from station.cli import main
from station.demo import DEMO_SETUP, create_demo
from station.domain import Action, ElectionSetup, SetupError
from station.domain.election import DEMO_CASE
from station.journal import Journal
from tests.helpers import verify_file


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    return create_demo(tmp_path / "demo.station")


def test_the_demo_is_a_count_part_way_through_with_every_kind_of_event(demo: Path) -> None:
    assert verify_file(demo).ok
    journal = Journal.open(demo, read_only=True)
    try:
        count = journal.restore(trust_snapshots=False)
        actions = {record.action for record in journal.records()}
    finally:
        journal.close()
    assert {Action.UNDO, Action.AMEND, Action.PILE, Action.DISPUTE} <= {Action(a) for a in actions}
    tally = count.tally
    assert 0 < tally.counted < DEMO_SETUP.ballots  # type: ignore[operator]
    assert tally.for_union and tally.against and tally.void and tally.challenged
    challenges = count.challenges.counting()
    assert all(challenge.reason is not None for challenge in challenges)
    assert {c.party for c in challenges} >= {"employer", "petitioner", "board agent"}
    assert count.locked_by is None and not count.piles.mismatches()


def test_only_the_demo_carries_the_demo_case_number(demo: Path) -> None:
    journal = Journal.open(demo, read_only=True)
    try:
        assert journal.election.setup.is_demo
    finally:
        journal.close()
    for typed in (DEMO_CASE, DEMO_CASE.lower(), f"  {DEMO_CASE} "):
        with pytest.raises(SetupError, match="reserved for the demo"):
            ElectionSetup.validated(case_number=typed, employer="E", union="U", eligible=10)
    real = ElectionSetup.validated(case_number="29-RC-288020", employer="E", union="U", eligible=9)
    assert not real.is_demo


def test_station_new_refuses_the_demo_case_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.station"
    code = main(["new", str(path), "--case", DEMO_CASE, "--employer", "E", "--union", "U",
                 "--eligible", "10"])  # fmt: skip
    assert code == 2
    assert "reserved for the demo" in capsys.readouterr().err
    assert not path.exists()


def test_a_sheet_of_the_demo_says_demo_and_still_verifies(
    demo: Path, tmp_path: Path, qapp: object
) -> None:
    from station.domain import SheetKind
    from station.journal.session import CountSession
    from station.sheet.export import export_sheet
    from station.sheet.keys import key_for_signing
    from station.sheet.prepare import SheetRequest, prepare_sheet
    from station.sheet.verify_export import verify_export
    from station.verification.pdf_text import pdf_words

    key = key_for_signing()
    journal = Journal.open(demo)
    try:
        count = journal.restore(trust_snapshots=False)
        count.apply(journal.start_session().event())
        request = SheetRequest(SheetKind.INTERIM, "D. Emo", [], None)
        prepare_sheet(CountSession(journal, count), request, key_fingerprint=key.fingerprint)
        export_sheet(journal, count, tmp_path / "out", key)
    finally:
        journal.close()
    assert verify_export(tmp_path / "out", expected_key=key.fingerprint).ok
    words = pdf_words((tmp_path / "out" / "tally.pdf").read_bytes())
    assert "DEMO \u2014 INTERIM TALLY" in words
    assert "DEMO \u2014 not a real election" in words
    assert "Interim tally: the count was paused" in words  # the demo words add, never replace
    assert DEMO_CASE in words
