"""`station challenges` and `station decide` on a mail ballot's envelope challenges."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call, SheetKind
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.mail.helpers import counting


@pytest.fixture
def first_count(tmp_path: Path, qapp: object) -> Path:
    """Two envelopes accepted, three challenged (one written in), a ballot challenged."""
    path = tmp_path / "bhm1.station"
    with counting(path, new=True, seal_secret=b"k" * 32) as session:
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.rule_envelope(Ruling.ACCEPTED, "101")
        seq = session.rule_envelope(Ruling.CHALLENGED, "102").event.seq
        session.amend_challenge(seq, {"party": "employer", "reason": "supervisor"})
        session.rule_envelope(Ruling.CHALLENGED, "103")
        session.rule_envelope(Ruling.CHALLENGED, write_in="Not Listed")
        session.end_envelopes()
        session.record(Call.FOR)
        session.record(Call.CHALLENGE)
        prepare_sheet(
            session, SheetRequest(SheetKind.FINAL, "R. Agent", [], None), key_fingerprint="f" * 16
        )
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_challenges_name_the_envelopes_stage_and_voter(
    first_count: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "challenges", first_count, "--json")
    rows = json.loads(out)["challenges"]
    assert code == 0
    assert [(r["number"], r["stage"], r["voter"], r["party"]) for r in rows] == [
        (1, "envelope", {"id": "102", "name": "Grace Hopper"}, "employer"),
        (2, "envelope", {"id": "103", "name": "Alan Turing"}, "board agent"),
        (3, "envelope", {"id": None, "name": "Not Listed"}, "board agent"),
        (4, "ballot", None, "board agent"),
    ]
    code, out, _ = run(capsys, "challenges", first_count)
    assert code == 0
    assert "envelope of 102 Grace Hopper challenged by the Employer: supervisor" in out
    assert "envelope of written in: Not Listed challenged" in out


@pytest.mark.parametrize(
    ("opened", "warned"),
    [("1", True), ("4", True), ("1,4", False), ("1,2", False)],
)
def test_the_one_ballot_warning_counts_envelopes_and_ballots_together(
    first_count: Path, capsys: pytest.CaptureFixture[str], opened: str, warned: bool
) -> None:
    code, out, err = run(capsys, "decide", first_count, "--open", opened, "--by", "RD")
    if warned:  # refused until the agent says so, then warned before the record
        assert code == 2 and "--reveal-ok" in err and not out, err
        decide = ("decide", first_count, "--open", opened, "--by", "RD", "--reveal-ok")
        code, out, err = run(capsys, *decide)
    assert code == 0 and "decision recorded" in out
    assert ("warning:" in err) is warned, err


def test_a_withdrawal_after_the_envelope_stage_is_refused_and_writes_nothing(
    first_count: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = json.loads(run(capsys, "challenges", first_count, "--json")[1])["challenges"]
    seq = rows[0]["event"]  # register number 1: Grace Hopper's envelope
    assert run(capsys, "reopen", first_count, "--reason", "agreed at the table")[0] == 0
    journal = Journal.open(first_count, seal_secret=b"k" * 32)
    session = CountSession.resume(journal, keep=0)
    try:
        before = session.count.last_seq
        with pytest.raises(ValueError, match="the envelope stage has ended"):
            session.settle(seq, "withdrawn")
        assert session.count.last_seq == before
        session.settle(seq, "sustained")  # agreed sustained: off line 6, never opened
        assert session.count.tally.challenged == 3
    finally:
        journal.close()
