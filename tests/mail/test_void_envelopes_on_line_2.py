"""An envelope ruled void at the envelope stage is a void ballot on line 2 of the tally.

Starbucks Camp Road, Hamburg NY (Region 3, mail, tally of 2021-12-09): 8 for, 12
against, 2 challenged and 1 void, an envelope "not returned correctly or signed"; the
challenges were not sufficient and the union lost (docs/rules.md, "Mail ballots").
The eligible figure was not published with the tally; 30 stands in for it.
"""

import json
from dataclasses import replace
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call
from station.domain.election import MAIL_RULES
from station.domain.envelopes import Ruling
from station.domain.voters import Voter, VoterList
from station.journal import Journal
from station.journal.session import CountSession
from tests.mail.helpers import BESSEMER

CAMP_ROAD = replace(
    BESSEMER,
    case_number="03-RC-282115",
    employer="Starbucks Corporation",
    union="Workers United",
    eligible=30,
    mail_rules=MAIL_RULES,
)
VOTERS = VoterList.of(tuple(Voter(str(100 + n), f"Voter {n}", ()) for n in range(30)), ())


def camp_road(path: Path) -> None:
    """20 envelopes accepted, 2 challenged, 1 void; 8 ballots FOR, 12 AGAINST."""
    Journal.create(path, CAMP_ROAD, VOTERS)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    try:
        for n in range(20):
            session.rule_envelope(Ruling.ACCEPTED, str(100 + n))
        session.rule_envelope(Ruling.CHALLENGED, "120")
        session.rule_envelope(Ruling.CHALLENGED, "121")
        session.rule_envelope(Ruling.VOID, "122")  # not returned correctly or signed
        session.end_envelopes()
        for call in [Call.FOR] * 8 + [Call.AGAINST] * 12:
            session.record(call)
    finally:
        journal.close()


def test_camp_road_puts_the_void_envelope_on_line_2_and_the_lines_add_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    path = tmp_path / "camp-road.station"
    camp_road(path)
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    out = tmp_path / "export"
    assert main(["export", str(path), "--out", str(out)]) == 0
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    lines = sheet["lines"]
    assert [lines[n] for n in "1234567"] == [30, 1, 8, 12, 20, 2, 22]
    assert (lines["8"], lines["9"]) == (False, False)  # not sufficient; the union lost
    # The 20 ballots opened were counted; the void envelope is on line 2, not in the box.
    assert (sheet["ballots"], sheet["counted"]) == (20, 20)
    assert sheet["apart"] == {"sealed_envelopes": 2, "void_envelopes": 1}
    assert "not sufficient" in sheet["statements"]["8"]
    assert "has not been cast" in sheet["statements"]["9"]
    capsys.readouterr()
    assert main(["verify", str(out)]) == 0, capsys.readouterr().err
    said = capsys.readouterr().out
    assert "line 2 also holds 1 envelope ruled void (not among the ballots)" in said
    assert main(["verify", str(path)]) == 0
    capsys.readouterr()

    assert main(["tally", "--json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["void"], summary["counted"], summary["ballots"]) == (1, 20, 20)
    assert main(["tally", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "1 envelope ruled void (line 2, not among the ballots)" in printed
