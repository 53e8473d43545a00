"""Who challenged is named alike everywhere (`station envelopes`, `station challenges`, the
prompt, the register), and a union's challenge on a ballot of several unions is never
said to be the first union's: the stored side is "petitioner", whichever union it was."""

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call
from station.domain.choices import Ballot, CaseKind
from station.domain.describe import challenged_entry
from station.domain.envelopes import Ruling
from station.domain.parties import Party
from station.domain.party_words import challenger, union_side
from station.journal import Journal
from station.journal.session import CountSession
from tests.ui.dashboard.test_dashboard_start import new
from tests.ui.windows import open_window


def test_a_union_on_a_ballot_of_several_is_not_the_first_union() -> None:
    one = Ballot(CaseKind.RC, "Acme", ("Local 1",))
    two = Ballot(CaseKind.RC, "Acme", ("U1", "U2"), intervenors=("U2",))
    three = Ballot(CaseKind.RD, "Acme", ("U1", "U2", "U3"))
    assert union_side(one) == "the Petitioner (Local 1)"
    assert union_side(two) == "a Union (U1 or U2)"
    assert union_side(three) == "a Union (U1, U2 or U3)"
    assert challenger(Party.PETITIONER, one) == "the Union"
    assert challenger(Party.PETITIONER, two) == "a Union"
    assert [challenger(p, two) for p in (Party.EMPLOYER, Party.BOARD_AGENT)] == [
        "the Employer",
        "the Board agent",
    ]


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
    assert setup.party_label(Party.PETITIONER) == "a Union (U1 or U2)"  # prompt, register
    assert main(["challenges", str(path)]) == 0
    out = capsys.readouterr().out
    assert "challenged by a Union: supervisor" in out and "U1" not in out
    # The log, the last calls and the dashboard's ticker say it so too (they said "the
    # Union", which on this ballot could be read as the first union; found by an outsider).
    assert main(["log", str(path)]) == 0
    log = capsys.readouterr().out
    assert "challenged by a Union: supervisor" in log and "by the Union" not in log
    with Journal.open(path, read_only=True) as journal:
        count = journal.fold()
    challenge = count.challenges.get(seq)
    assert challenge is not None
    assert challenged_entry(2, challenge, several=True) == (
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
