"""`station tally` of a mail count warns of envelopes accepted beyond the eligible voters
and of ballots counted beyond the box, in the text and under `warnings` in --json (the
sheet's and the dashboard's sentences); neither said it before."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession

OVER_ACCEPTED = (
    "WARNING: 7 envelopes accepted, more than the 6 eligible voters (line 1): check the"
    " write-ins and second envelopes before the ballots are opened"
)
BEYOND = "8 of 7 ballots counted \u2014 more than the ballots in the box!"


def tally(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[str, dict[str, object]]:
    assert main(["tally", str(path)]) == 0
    text = capsys.readouterr().out
    assert main(["tally", str(path), "--json"]) == 0
    return text, json.loads(capsys.readouterr().out)


def test_over_acceptance_and_a_count_beyond_the_box_are_warned_of(
    mail_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Journal.open(mail_file) as journal:
        session = CountSession.resume(journal, keep=0)
        for voter in ("100", "101", "102", "103", "104", "105"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
    text, out = tally(capsys, mail_file)
    assert out["warnings"] == [] and "WARNING" not in text
    with Journal.open(mail_file) as journal:
        session = CountSession.resume(journal, keep=0)
        session.rule_envelope(Ruling.ACCEPTED, write_in="Extra Person")
    text, out = tally(capsys, mail_file)
    assert out["warnings"] == [OVER_ACCEPTED]
    assert OVER_ACCEPTED in text.splitlines()
    with Journal.open(mail_file) as journal:
        session = CountSession.resume(journal, keep=0)
        session.end_envelopes()
        for _ in range(7):
            session.record(Call.FOR)
        session.record(Call.AGAINST, over_count=True)
    text, out = tally(capsys, mail_file)
    assert out["warnings"] == [OVER_ACCEPTED, BEYOND]
    assert BEYOND in text.splitlines()


def test_a_count_at_a_poll_has_no_warnings_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "poll.station"
    assert main(["new", str(path), "--case", "10-RC-301740", "--employer", "Harbor",
                 "--union", "U1", "--eligible", "9", "--agent", "R. Agent"]) == 0  # fmt: skip
    capsys.readouterr()
    _, out = tally(capsys, path)
    assert "warnings" not in out and out["envelopes"] is None
