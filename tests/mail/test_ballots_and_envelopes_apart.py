"""A mail count's figures that are summed say ballots and sealed envelopes apart: the
tally dialog's "N of M ballots counted (…)" adds up to N, and the register's total
does not call envelopes ballots."""

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.domain.envelopes import Ruling, box_setup
from station.journal import Journal
from station.journal.session import CountSession
from station.ui.operator.sheet_dialogs import PrepareSheetDialog
from tests.mail.helpers import BESSEMER, VOTERS


def test_the_tally_dialog_adds_up_to_the_ballots_counted(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "bhm1.station"
    Journal.create(path, BESSEMER, VOTERS)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        for voter, ruling in (
            ("100", Ruling.ACCEPTED), ("101", Ruling.ACCEPTED), ("102", Ruling.ACCEPTED),
            ("103", Ruling.CHALLENGED), ("104", Ruling.CHALLENGED),
        ):  # fmt: skip
            session.rule_envelope(ruling, voter)
        session.end_envelopes()
        for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE):
            session.record(call)
        count = session.count
        setup = box_setup(BESSEMER, count.envelopes)
        dialog = PrepareSheetDialog(setup, count.tally, "Final", None)
        qtbot.addWidget(dialog)
        text = dialog.reconciliation.text()
    assert "3 of 3 ballots counted" in text
    assert "1 FOR, 1 AGAINST, 1 CHALLENGED, 0 VOID" in text, text
    assert "2 challenged envelopes, sealed (not among the ballots)" in text, text


def test_the_register_does_not_call_envelopes_ballots(qtbot: QtBot, tmp_path: Path) -> None:
    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from station.ui.operator.controller import CountController

    path = tmp_path / "bhm1.station"
    Journal.create(path, BESSEMER, VOTERS)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.rule_envelope(Ruling.CHALLENGED, "101")
        session.end_envelopes()
        session.record(Call.CHALLENGE)
    controller = CountController(Journal.open(path))
    try:
        dialog = ChallengeRegisterDialog(controller)
        qtbot.addWidget(dialog)
        text = dialog.totals.text()
        assert "2 challenged (line 6): 1 ballot; 1 challenged envelope, sealed" in text, text
    finally:
        controller.close()


def test_station_tally_says_which_challenged_are_sealed_envelopes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from station.cli import main

    path = tmp_path / "bhm1.station"
    Journal.create(path, BESSEMER, VOTERS)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.rule_envelope(Ruling.CHALLENGED, "101")
        session.rule_envelope(Ruling.CHALLENGED, "102")
        session.end_envelopes()
        session.record(Call.CHALLENGE)
    capsys.readouterr()
    assert main(["tally", str(path)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("Challenged"))
    assert (
        line.split()[2] == "3" and "2 challenged envelopes, sealed (not among the ballots)" in line
    )
