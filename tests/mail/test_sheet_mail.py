"""A mail ballot's tally sheet: the envelope figures above lines 1-9, checked like them."""

import json
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call, SheetKind
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from tests.mail.helpers import counted


def test_the_sheet_carries_the_envelope_figures_and_verify_folder_checks_them(
    mail_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    counted(mail_file)
    assert main(["sign", str(mail_file), "--agent", "R. Agent"]) == 0
    out = tmp_path / "sheet"
    assert main(["export", str(mail_file), "--out", str(out)]) == 0
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    assert sheet["envelopes"] == {
        "returned": 6,
        "accepted": 3,
        "challenged": 1,
        "void": 1,
        "late": 1,
    }
    assert (sheet["ballots"], sheet["counted"], sheet["lines"]["6"]) == (3, 3, 1)
    capsys.readouterr()
    assert main(["verify", str(out)]) == 0, capsys.readouterr().err
    assert main(["verify", str(mail_file)]) == 0


def test_a_sheet_whose_envelope_figures_were_changed_is_caught(mail_file: Path) -> None:
    from station.domain.tally_sheet import computed_facts, facts_problem

    counted(mail_file)
    with Journal.open(mail_file, read_only=True) as journal:
        count = journal.fold(journal.head_seq)
        sheet = count.next_sheet(SheetKind.FINAL)
        facts = computed_facts(journal.election.setup, sheet, journal.head_hash, None)
    forged = {**facts, "envelopes": {**facts["envelopes"], "accepted": 4}}  # type: ignore[dict-item]
    assert facts_problem(facts, facts) is None
    assert "its envelopes says" in (facts_problem(forged, facts) or "")


def test_sign_warns_when_the_ballots_counted_are_not_the_envelopes_accepted(
    mail_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    counted(mail_file)  # 3 accepted, 3 called
    journal = Journal.open(mail_file)
    session = CountSession.resume(journal, keep=0)
    try:
        session.undo()  # one ballot fewer than the envelopes accepted
    finally:
        journal.close()
    capsys.readouterr()
    assert main(["sign", str(mail_file), "--agent", "R. Agent"]) == 0
    assert "warning: 2 ballots counted, but the box held 3" in capsys.readouterr().err


def test_the_dashboard_words_an_envelope_challenge_without_its_voter(mail_file: Path) -> None:
    from station.domain.describe import describe

    journal = Journal.open(mail_file)
    session = CountSession.resume(journal, keep=0)
    try:
        seq = session.rule_envelope(Ruling.CHALLENGED, "101").event.seq
        change = session.amend_challenge(seq, {"party": "employer", "reason": "supervisor"})
    finally:
        journal.close()
    assert describe(change) == "Envelope challenged by the Employer: supervisor"


def test_more_envelopes_accepted_than_voters_is_warned_on_the_sheet(
    mail_file: Path, tmp_path: Path
) -> None:
    # 4 voters on the list, 6 envelopes accepted: the sheet must say so.
    from station.sheet.pdf import sheet_html

    journal = Journal.open(mail_file)
    session = CountSession.resume(journal, keep=0)
    try:
        for voter in ("100", "101", "102", "103", "104", "105"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
        session.rule_envelope(Ruling.ACCEPTED, write_in="Nora Newhire")
        session.end_envelopes()
        for _ in range(7):
            session.record(Call.FOR)
    finally:
        journal.close()
    assert main(["sign", str(mail_file), "--agent", "R. Agent"]) == 0
    out = tmp_path / "sheet"
    assert main(["export", str(mail_file), "--out", str(out)]) == 0
    html = sheet_html(json.loads((out / "tally.json").read_bytes()))
    assert "WARNING: 7 envelopes accepted, more than the 6 eligible voters (line 1)" in html


def test_a_sheet_in_todays_form_cannot_leave_out_a_fact_as_an_older_station_did(
    mail_file: Path,
) -> None:
    # Station 0.2.0 stated none of the later facts; a sheet stating one is today's,
    # whole: leaving out `apart` beside its deadline is not intact, re-signed or not.
    from station.domain.tally_sheet import SheetContext, computed_facts, facts_problem, shown_fact

    counted(mail_file)
    with Journal.open(mail_file, read_only=True) as journal:
        sheet = journal.fold(journal.head_seq).next_sheet(SheetKind.FINAL)
        context = SheetContext("2026-11-03T09:00:00-05:00")
        facts = computed_facts(journal.election.setup, sheet, journal.head_hash, None, context)
    assert {"apart", "objections_due"} <= set(facts)
    assert facts_problem(facts, facts) is None
    without_apart = {key: value for key, value in facts.items() if key != "apart"}
    assert facts_problem(without_apart, facts) == (
        f"its apart says nothing; the journal gives {shown_fact(facts['apart'])}"
    )
    as_0_2_wrote_it = {k: v for k, v in facts.items() if k not in ("apart", "objections_due")}
    assert facts_problem(as_0_2_wrote_it, facts) is None
