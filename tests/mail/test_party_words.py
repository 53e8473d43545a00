"""Who challenged is named alike everywhere (`station envelopes`, `station challenges`, the
prompt, the register). On a ballot of several unions each union challenges as itself; a
challenge an older file stored as "petitioner" there (some union, which one unrecorded)
is never said to be the first union's."""

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call
from station.domain.describe import challenged_entry
from station.domain.description import describe
from station.domain.election import ElectionSetup
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from tests.ui.dashboard.helpers import new
from tests.ui.windows import open_window


def test_each_challenger_is_named_by_its_role_or_name() -> None:
    def said(*unions: str, case: str = "10-RC-000001", **more: object) -> list[str]:
        setup = ElectionSetup.validated(
            case_number=case,
            employer="Acme",
            union=unions[0],
            unions=unions[1:],
            eligible=9,
            **more,  # type: ignore[arg-type]
        )
        election = describe(setup)
        return [election.said(id) for id in (*election.challenger_ids, "petitioner")]

    assert said("Local 1") == ["the Employer", "the Union", "the Board agent", "the Union"]
    assert said("U1", "U2") == ["the Employer", "U1", "U2", "the Board agent", "a Union"]
    rd = said("Local 1", case="10-RD-000001", petitioner="Ann Smith")
    assert rd == ["the Employer", "the Petitioner", "the Union", "the Board agent", "the Union"]


def test_station_envelopes_says_the_union_as_station_challenges_does(
    mail_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = Journal.open(mail_file)
    session = CountSession.resume(journal, keep=0)
    try:
        seq = session.rule_envelope(Ruling.CHALLENGED, "101").event.seq
        session.amend_challenge(seq, {"party": "petitioner", "reason": "supervisor"})
    finally:
        journal.close()
    assert main(["envelopes", str(mail_file)]) == 0
    envelopes = capsys.readouterr().out
    assert "101  Charles Babbage  CHALLENGED by the Union: supervisor" in envelopes
    assert "petitioner" not in envelopes.lower()
    assert main(["challenges", str(mail_file)]) == 0
    assert "challenged by the Union: supervisor" in capsys.readouterr().out
    assert main(["envelopes", str(mail_file), "--json"]) == 0  # the stored side, as before
    assert json.loads(capsys.readouterr().out)["rulings"][0]["party"] == "petitioner"


def test_a_second_unions_challenge_is_a_unions_in_the_register_and_prompt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.station"
    new(path, "--case", "10-RC-301740", "--union", "U1", "--union", "U2", "--eligible", "9")
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        seq = session.record(Call.CHALLENGE).event.seq
        session.amend_challenge(seq, {"party": "petitioner", "reason": "supervisor"})
        setup = journal.election.setup
    assert describe(setup).said("petitioner") == "a Union"  # prompt, register
    assert main(["challenges", str(path)]) == 0
    out = capsys.readouterr().out
    assert "challenged by a Union: supervisor" in out and "U1" not in out
    # The log, the last calls and the dashboard's ticker say it so too: "the Union" could
    # be read on this ballot as the first union.
    assert main(["log", str(path)]) == 0
    log = capsys.readouterr().out
    assert "challenged by a Union: supervisor" in log and "by the Union" not in log
    with Journal.open(path, read_only=True) as journal:
        count = journal.fold()
    challenge = count.challenges.get(seq)
    assert challenge is not None
    assert challenged_entry(2, challenge, describe(setup).said) == (
        "Ballot 2 CHALLENGED by a Union: supervisor"
    )
    assert challenged_entry(2, challenge) == "Ballot 2 CHALLENGED by the Union: supervisor"


def test_the_last_calls_say_a_union_on_a_ballot_of_several(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "two.station"
    new(path, "--case", "10-RC-301740", "--union", "U1", "--union", "U2", "--eligible", "9")
    window = open_window(qtbot, path)
    controller = window.controller
    assert controller.record(Call.CHALLENGE)
    seq = controller.journal.head_seq
    assert controller.amend_challenge(seq, {"party": "petitioner", "reason": "supervisor"})
    shown = [window.recent.item(row).text() for row in range(window.recent.count())]
    assert any("CHALLENGED by a Union: supervisor" in line for line in shown), shown
    assert not any("the Union" in line for line in shown), shown
