"""`station new --mail --voters`, `station envelopes` and the stage in `station tally`."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession

NEW = ["new", "--case", "10-RC-269250", "--employer", "Amazon", "--union", "RWDSU", "--mail"]


def test_a_mail_election_takes_its_voter_list_and_eligible_from_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text("Name,ID,Dept\nAda Lovelace,1,Eng\nGrace Hopper,2,Navy\n", encoding="utf-8")
    file = tmp_path / "m.station"
    assert main([*NEW, str(file), "--voters", str(voters)]) == 0
    capsys.readouterr()
    assert main(["tally", str(file), "--json"]) == 0
    tally = json.loads(capsys.readouterr().out)
    assert tally["eligible"] == 2 and tally["stage"] == "envelopes"
    assert main(["tally", str(file)]) == 0
    out = capsys.readouterr().out  # envelopes first: no call yet
    assert "The envelope stage is under way: envelopes can be ruled" in out
    assert "calls can be recorded" not in out
    assert tally["envelopes"] == {
        "returned": 0,
        "accepted": 0,
        "challenged": 0,
        "void": 0,
        "late": 0,
        "replacements": 0,
        "at_polls": 0,
        "after_tally": 0,
        "sustained": 0,
        "ordered_opened": 0,
    }


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "line 1 should be a header row"),
        (b"id,dept\n1,Eng\n", "line 1 (the header row) has no 'name' column"),
        (b"ID,Name\n1,Ada\n2,Bob\n1,Cy\n", "line 4 repeats id '1' (first on line 2)"),
        (b"id,name\n", "the list is empty"),
        (b"id,name\n1,Ada\n2,Bj\xf6rn\n", "line 3 is not UTF-8 text"),
        (b"id,name\n1,Ada,extra\n", "line 2 has 3 fields, the header 2"),
        (b"id,name\n1,\n", "line 2 has no name"),
        (b"id,name,id\n1,Ada,2\n", "line 1 (the header row) names the column 'id' twice"),
    ],
)
def test_a_bad_list_is_one_line_exit_2_and_no_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, says: str
) -> None:
    voters = tmp_path / "list.csv"
    voters.write_bytes(content)
    file = tmp_path / "m.station"
    assert main([*NEW, str(file), "--voters", str(voters)]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == [voters]


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--mail"], "needs its voter list"),
        (["--mail", "--voters", "v.csv", "--ballots", "3"], "--ballots with --mail"),
        (["--voters", "v.csv", "--eligible", "3"], "add --mail"),
        ([], "required: --eligible"),
        (["--mail", "--voters", "missing.csv"], "cannot be read"),
    ],
)
def test_mail_options_are_checked(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    extra: list[str],
    says: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("v.csv").write_text("id,name\n1,Ada\n")
    args = [a for a in NEW if a != "--mail"]
    assert main([*args, "m.station", *extra]) == 2
    assert says in capsys.readouterr().err
    assert not Path("m.station").exists()


def test_envelopes_lists_every_ruling_with_name_party_reason_and_corrections(
    mail_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = Journal.open(mail_file)
    session = CountSession.resume(journal, keep=0)
    try:
        session.rule_envelope(Ruling.ACCEPTED, "100")
        seq = session.rule_envelope(Ruling.CHALLENGED, "101").event.seq
        session.amend_challenge(seq, {"party": "employer", "reason": "supervisor"})
        session.rule_envelope(Ruling.VOID, "102")
        session.undo_envelope()
        session.rule_envelope(Ruling.CHALLENGED, "100")  # a second envelope
        session.rule_envelope(Ruling.LATE, write_in="Late Person")
    finally:
        journal.close()
    assert main(["envelopes", str(mail_file), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["envelopes"] == {
        **{"returned": 4, "accepted": 1, "challenged": 2, "void": 0, "late": 1},
        **{"sustained": 0, "ordered_opened": 0},
    }
    rows = out["rulings"]
    assert [(r["voter"], r["name"], r["ruling"], r["counts"]) for r in rows] == [
        ("100", "Ada Lovelace", "accepted", True),
        ("101", "Charles Babbage", "challenged", True),
        ("102", "Grace Hopper", "void", False),
        ("100", "Ada Lovelace", "challenged", True),
        (None, "Late Person", "late", True),
    ]
    assert (rows[1]["party"], rows[1]["reason"]) == ("employer", "supervisor")
    assert [c["correction"] for c in rows[2]["corrections"]] == ["undone"]
    assert rows[3]["second_envelope"] and rows[4]["write_in"]
    assert main(["envelopes", str(mail_file)]) == 0
    text = capsys.readouterr().out
    assert "101  Charles Babbage  CHALLENGED by the Employer: supervisor" in text
    assert "Envelopes (under way): 4 returned, 1 accepted, 2 challenged, 0 void, 1 late" in text


def test_envelopes_of_an_ordinary_election_is_one_line_exit_2(
    election_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["envelopes", str(election_file)]) == 2
    assert "is not a mail-ballot election" in capsys.readouterr().err
