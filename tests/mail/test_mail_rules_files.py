"""A mail ballot under the Board's rules, through the session, the file and the CLI:
late envelopes counted, replacement kits, voters at the polls, envelopes received after
the tally, and C refused in the ballot count."""

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Action, Call
from station.domain.description import Vote
from station.domain.election import MAIL_RULES
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession, Refused
from tests.mail.helpers import BESSEMER, VOTERS

MIXED = replace(BESSEMER, mail_rules=MAIL_RULES, polls=True)
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "v0_2"


def session_on(path: Path) -> tuple[Journal, CountSession]:
    journal = Journal.open(path)
    return journal, CountSession.resume(journal, keep=0)


def counted_mixed(path: Path) -> None:
    """Six voters: 100 accepted, 101 late, 102 void then a replacement accepted, 103 at
    the polls, 104 challenged at the polls, 105 void; three ballots FOR, one AGAINST."""
    Journal.create(path, MIXED, VOTERS)
    journal, session = session_on(path)
    try:
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.rule_envelope(Ruling.LATE, "101")
        session.rule_envelope(Ruling.VOID, "102")
        session.rule_envelope(Ruling.ACCEPTED, "102")  # the duplicate kit came back
        session.rule_envelope(Ruling.AT_POLLS, "103")
        session.rule_envelope(Ruling.CHALLENGED, "104")  # challenged at the polls
        session.rule_envelope(Ruling.VOID, "105")
        session.end_envelopes()
        for call in (Call.FOR, Call.FOR, Call.AGAINST):
            session.record(call)
        with pytest.raises(Refused, match="cannot be challenged: its voter is unknown"):
            session.record(Call.CHALLENGE)
        session.record(Call.FOR)
    finally:
        journal.close()


def test_the_setup_stores_the_rules_and_the_polls_and_reads_them_back(tmp_path: Path) -> None:
    path = tmp_path / "m.station"
    Journal.create(path, MIXED, VOTERS)
    with Journal.open(path, read_only=True) as journal:
        assert journal.election.setup.current_mail_rules and journal.election.setup.polls
        assert (journal.election.row["mail_rules"], journal.election.row["polls"]) == (2, 1)


def test_a_mixed_count_through_the_file_tally_envelopes_sheet_and_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.station"
    counted_mixed(path)
    capsys.readouterr()
    assert main(["tally", str(path), "--json"]) == 0
    tally = json.loads(capsys.readouterr().out)
    assert tally["ballots"] == 4  # 100, 101, the replacement of 102, and 103 at the polls
    assert (tally["counted"], tally["for"], tally["against"], tally["challenged"]) == (4, 3, 1, 1)
    assert tally["envelopes"] == {
        "returned": 6,
        "accepted": 2,
        "challenged": 1,
        "void": 2,
        "late": 1,
        "replacements": 1,
        "at_polls": 1,
        "after_tally": 0,
        "sustained": 0,
        "ordered_opened": 0,
    }
    assert main(["tally", str(path)]) == 0
    out = capsys.readouterr().out
    assert "1 received after the due date (counted)" in out
    assert "Ballots to count: 3 by mail, 1 at the polls" in out
    assert main(["envelopes", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ACCEPTED  (replacement for the envelope voided at event 4)" in out
    assert "VOTED AT THE POLLS" in out
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    out = tmp_path / "sheet"
    assert main(["export", str(path), "--out", str(out)]) == 0
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    assert sheet["envelopes"]["late"] == 1 and sheet["envelopes"]["at_polls"] == 1
    assert sheet["ballots"] == 4
    capsys.readouterr()
    assert main(["verify", str(out)]) == 0, capsys.readouterr().err


def test_an_envelope_after_the_tally_is_listed_counted_and_on_a_later_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.station"
    counted_mixed(path)
    journal, session = session_on(path)
    try:
        with pytest.raises(Exception, match="once a final tally sheet is prepared"):
            session.record_after_tally("105")
    finally:
        journal.close()
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    journal, session = session_on(path)
    try:
        session.record_after_tally("105")  # locked by the final sheet: recorded all the same
        session.record_after_tally(write_in="Late Comer")
    finally:
        journal.close()
    capsys.readouterr()
    assert main(["envelopes", str(path), "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["envelopes"]["after_tally"] == 2
    after = [row for row in listed["rulings"] if row["ruling"] == "after tally"]
    assert [(row["voter"], row["name"], row["second_envelope"]) for row in after] == [
        ("105", "Ada Yonath", True),
        (None, "Late Comer", False),
    ]
    assert main(["envelopes", str(path)]) == 0
    assert "105  Ada Yonath  RECEIVED AFTER THE TALLY (not opened)" in capsys.readouterr().out
    assert main(["tally", str(path), "--json"]) == 0
    tally = json.loads(capsys.readouterr().out)
    assert (tally["counted"], tally["ballots"], tally["envelopes"]["after_tally"]) == (4, 4, 2)
    assert main(["reopen", str(path), "--reason", "a call was mistyped"]) == 0
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    out = tmp_path / "sheet"
    assert main(["export", str(path), "--out", str(out)]) == 0
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    assert sheet["envelopes"]["after_tally"] == 2
    capsys.readouterr()
    assert main(["verify", str(out)]) == 0, capsys.readouterr().err
    assert main(["verify", str(path)]) == 0, capsys.readouterr().err


def test_an_after_tally_envelope_of_a_voter_not_on_the_list_is_caught_by_verify(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.station"
    counted_mixed(path)
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    journal, session = session_on(path)
    try:
        # As a tool that forgets the list would write it: the rules of the count do not
        # read the list, `verify` does.
        session.commit(Action.AFTER_TALLY, detail={"voter": "999"})
    finally:
        journal.close()
    capsys.readouterr()
    assert main(["verify", str(path)]) != 0
    assert "voter '999', who is not on the list" in capsys.readouterr().err


def test_new_takes_polls_with_mail_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text("id,name\n1,Ada\n2,Grace\n", encoding="utf-8")
    base = ["new", "--case", "10-RC-269250", "--employer", "E", "--union", "U"]
    assert main([*base, str(tmp_path / "a.station"), "--eligible", "5", "--polls"]) == 2
    assert "polls: voting at the polls is part of a mail-ballot election" in capsys.readouterr().err
    assert not (tmp_path / "a.station").exists()
    file = tmp_path / "b.station"
    assert main([*base, str(file), "--mail", "--voters", str(voters), "--polls"]) == 0
    conn = sqlite3.connect(file)
    try:
        assert conn.execute("SELECT mail, mail_rules, polls FROM election").fetchone() == (1, 2, 1)
    finally:
        conn.close()


def test_after_tally_is_refused_in_one_line_for_a_file_set_up_before_the_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    copy = tmp_path / "mail.station"
    shutil.copyfile(FIXTURES / "mail.station", copy)
    before = copy.read_bytes()
    assert main(["open", str(copy), "--after-tally"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--after-tally: only a mail-ballot election" in err
    assert copy.read_bytes() == before


def test_a_file_set_up_before_the_rules_keeps_its_late_envelopes_unopened(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tally", str(FIXTURES / "mail.station"), "--json"]) == 0
    tally = json.loads(capsys.readouterr().out)
    envelopes = tally["envelopes"]
    assert "after_tally" not in envelopes and "at_polls" not in envelopes
    assert tally["ballots"] == envelopes["accepted"]  # late envelopes: never opened


def test_the_runoff_of_a_mail_election_may_be_by_mail_with_the_polls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text("id,name\n1,Ada\n2,Bo\n3,Cy\n4,Di\n5,Ed\n6,Flo\n", encoding="utf-8")
    first = tmp_path / "first.station"
    three = ["--union", "Machinists", "--intervenor", "Carpenters", "--pile", "0"]
    base = ["--case", "10-RC-000017", "--employer", "Fraser & Johnston", *three]
    assert main(["new", str(first), *base, "--mail", "--voters", str(voters)]) == 0
    journal, session = session_on(first)
    try:
        for voter in "123456":
            session.rule_envelope(Ruling.ACCEPTED, voter)
        session.end_envelopes()
        for choice in (1, 1, 1, 2, 2):  # no majority: a runoff of the two leading
            session.record(Vote(Call.FOR, choice=choice))
        session.record(Call.AGAINST)
    finally:
        journal.close()
    assert main(["sign", str(first), "--agent", "R. Agent"]) == 0
    runoff = tmp_path / "runoff.station"
    made = ["new", str(runoff), "--runoff-of", str(first), "--mail", "--voters", str(voters)]
    assert main([*made, "--polls"]) == 0, capsys.readouterr().err
    with Journal.open(runoff, read_only=True) as journal:
        setup = journal.election.setup
    assert setup.mail and setup.current_mail_rules and setup.polls
    assert setup.choices is not None and setup.choices.runoff_of


def test_the_register_links_a_challenged_replacement_to_the_void_envelope(
    tmp_path: Path,
) -> None:
    from station.domain.envelope_parties import envelope_entry

    path = tmp_path / "m.station"
    Journal.create(path, MIXED, VOTERS)
    journal, session = session_on(path)
    try:
        void = session.rule_envelope(Ruling.VOID, "100").event.seq
        challenged = session.rule_envelope(Ruling.CHALLENGED, "100").event.seq
        assert envelope_entry(session.count, VOTERS, challenged) == (
            f"Envelope 100 Ada Lovelace (replacement for the envelope voided at event {void})"
        )
    finally:
        journal.close()
