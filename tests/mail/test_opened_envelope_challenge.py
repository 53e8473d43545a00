"""An envelope challenge, from its listing to its opening, as a mail-ballot count runs it.

`station challenges --json` lists it with `"stage": "envelope"` and the voter's id and
name. Once it is opened (by the decision, or withdrawn during the stage) every figure
still adds up: the CHALLENGED button shows 0, never -1, and `tally` counts 6 of 6 over
lines totalling 6.
"""

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call, SheetKind
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.operator.controller import CountController
from station.ui.operator.window import OperatorWindow
from tests.mail.helpers import BESSEMER, VOTERS

F, A = Call.FOR, Call.AGAINST


def final(session: CountSession) -> None:
    prepare_sheet(
        session, SheetRequest(SheetKind.FINAL, "R. Agent", [], None), key_fingerprint="f" * 16
    )


def run(capsys: pytest.CaptureFixture[str], *args: object) -> dict[str, object]:
    assert main([str(arg) for arg in args]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("opened_by", ["decision", "withdrawal"])
def test_an_opened_envelope_challenge_leaves_every_figure_adding_up(
    tmp_path: Path, qtbot: QtBot, capsys: pytest.CaptureFixture[str], opened_by: str
) -> None:
    path = tmp_path / "mail.station"
    Journal.create(path, BESSEMER, VOTERS)
    journal = Journal.open(path, seal_secret=b"k" * 32)
    session = CountSession.resume(journal, keep=0)
    try:
        for voter in ("100", "101", "102", "103", "104"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
        seq = session.rule_envelope(Ruling.CHALLENGED, "105").event.seq
        (listed,) = run(capsys, "challenges", path, "--json")["challenges"]  # type: ignore[misc]
        assert (listed["stage"], listed["voter"]) == (
            "envelope",
            {"id": "105", "name": "Ada Yonath"},
        )
        if opened_by == "withdrawal":
            session.settle(seq, "withdrawn")  # during the stage: accepted after all
        session.end_envelopes()
        for call in [F, F, A, A, F] + ([A] if opened_by == "withdrawal" else []):
            session.record(call)
        final(session)
    finally:
        journal.close()
    if opened_by == "decision":
        capsys.readouterr()
        assert main(["decide", str(path), "--open", "1", "--by", "RD", "--reveal-ok"]) == 0
        capsys.readouterr()
        journal = Journal.open(path, seal_secret=b"k" * 32)
        session = CountSession.resume(journal, keep=0)
        try:
            session.record(A)
            final(session)
        finally:
            journal.close()
    tally = run(capsys, "tally", path, "--json")
    assert (tally["ballots"], tally["counted"], tally["challenged"]) == (6, 6, 0)
    assert tally["for"] + tally["against"] + tally["void"] == 6  # type: ignore[operator]
    window = OperatorWindow(CountController(Journal.open(path)))
    qtbot.addWidget(window)
    assert window.pad.buttons[Call.CHALLENGE].figure() == "0"
    assert window.pad.buttons[Call.FOR].figure() == "3"
    window.close()
