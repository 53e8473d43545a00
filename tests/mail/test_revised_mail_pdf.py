"""The Revised Tally of a mail count on paper: the envelope box, line 6's columns and how
to check it say the same thing as the figures the decision left."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.pdf import sheet_html
from station.verification.pdf_text import pdf_words
from tests.mail.helpers import BESSEMER, VOTERS


def test_the_revised_mail_sheet_says_the_envelope_was_opened_and_how_to_check_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "mail.station"
    Journal.create(path, BESSEMER, VOTERS)
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        for voter in ("100", "101"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
        session.rule_envelope(Ruling.CHALLENGED, "102")
        session.end_envelopes()
        session.record(Call.FOR)
        session.record(Call.AGAINST)
    finally:
        journal.close()
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    journal = Journal.open(path)
    try:
        session = CountSession.resume(journal, keep=0)
        session.decide([1], [], "Regional Director")
        session.record(Call.AGAINST)
    finally:
        journal.close()
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    out = tmp_path / "revised"
    assert main(["export", str(path), "--out", str(out)]) == 0
    document = json.loads((out / "tally.json").read_bytes())
    assert document["sheet"]["columns"]["final"]["6"] == 0
    html = sheet_html(document)
    assert "Challenged (sealed)" not in html  # no envelope is sealed any longer
    assert "Challenged at this stage" in html
    assert "\u22121" in html  # a minus as wide as the plus of "+0", so the signs align
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert "station verify FOLDER --key FINGERPRINT" in words
    capsys.readouterr()
    assert main(["verify", str(out)]) == 0, capsys.readouterr().err
