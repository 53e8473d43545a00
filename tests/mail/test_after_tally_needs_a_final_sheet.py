"""`station FILE --after-tally` opens the window for envelopes received after the tally
only once a final tally sheet is prepared: before that it is one line, exit 2, before any
window opens, and the file is left as it was."""

from dataclasses import replace
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call
from station.domain.election import MAIL_RULES
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from tests.mail.helpers import BESSEMER, VOTERS

MAIL = replace(BESSEMER, mail_rules=MAIL_RULES)


@pytest.fixture
def windows(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Each operator window asked for, by whether it records envelopes after the tally."""
    opened: list[bool] = []

    def operator(journal: Journal, after_tally: bool = False) -> int:
        opened.append(after_tally)
        journal.close()
        return 0

    monkeypatch.setattr("station.app.run_operator", operator)
    return opened


def _mail(path: Path, end: bool) -> None:
    Journal.create(path, MAIL, VOTERS)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    try:
        session.rule_envelope(Ruling.ACCEPTED, "100")
        if end:
            session.end_envelopes()
            session.record(Call.FOR)
    finally:
        journal.close()


def _events(path: Path) -> int:
    with Journal.open(path, read_only=True) as journal:
        return journal.head_seq


@pytest.mark.parametrize("end", [False, True], ids=["stage open", "stage ended"])
def test_before_a_final_tally_sheet_it_is_one_line_and_no_window(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], windows: list[bool], end: bool
) -> None:
    path = tmp_path / "m.station"
    _mail(path, end)
    events = _events(path)
    assert main([str(path), "--after-tally"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "no final tally sheet is prepared yet" in err and "station sign" in err
    assert windows == [] and _events(path) == events


def test_after_a_final_tally_sheet_the_window_opens(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], windows: list[bool]
) -> None:
    path = tmp_path / "m.station"
    _mail(path, end=True)
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    assert main([str(path), "--after-tally"]) == 0, capsys.readouterr().err
    assert windows == [True]


def test_a_file_that_is_not_a_mail_election_is_told_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], windows: list[bool]
) -> None:
    path = tmp_path / "n.station"
    Journal.create(path, replace(BESSEMER, mail=False, mail_rules=None))
    assert main([str(path), "--after-tally"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "this is not a mail-ballot election" in err, err
    assert "this Station's rules" not in err  # it is not a question of rules
    assert windows == []
