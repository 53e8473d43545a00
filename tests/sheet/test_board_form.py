"""The parts of the Board's Tally of Ballots around lines 1-9: the type of election and
the unit, the date issued, "For the Regional Director", the parties' acknowledgment of
service, when objections are due, and what a corrected tally replaces and why."""

import json
from datetime import date
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.domain.objections import objections_due
from station.journal import Journal
from station.sheet.keys import key_for_signing
from station.sheet.pdf import render_pdf
from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import count_votes, station, tally
from tests.sheet.helpers import resign

UNIT = (
    "All full-time and regular part-time associates employed at 546 Gulf Avenue, Staten"
    " Island, New York; excluding guards and supervisors as defined in the Act"
)


def new_typed(path: Path, *more: str) -> None:
    made = station(
        "new", path, "--case", "29-RC-288020", "--employer", "Amazon.com Services LLC",
        "--union", "Amazon Labor Union", "--eligible", "40", "--agent", "R. Agent",
        "--type", "stipulated", "--unit", UNIT, *more,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr


def export(path: Path, out: Path) -> dict[str, object]:
    assert station("sign", path, "--observer", "Employer:Jane Roe").returncode == 0
    done = station("export", path, "--out", out)
    assert done.returncode == 0, done.stderr
    document = json.loads((out / "tally.json").read_bytes())
    assert isinstance(document, dict)
    return document


@pytest.mark.parametrize(
    ("prepared", "due"),
    [
        (date(2026, 12, 1), date(2026, 12, 8)),  # Tuesday: the next Tuesday
        (date(2026, 12, 4), date(2026, 12, 11)),  # Friday: the weekend skipped
        (date(2026, 11, 25), date(2026, 12, 3)),  # Thanksgiving skipped
        (date(2026, 12, 21), date(2026, 12, 29)),  # Christmas skipped
        (date(2027, 6, 14), date(2027, 6, 22)),  # Juneteenth observed on Friday the 18th
    ],
)
def test_objections_are_due_five_business_days_after(prepared: date, due: date) -> None:
    assert objections_due(prepared) == due


def test_the_type_and_unit_are_set_up_and_in_tally_json(tmp_path: Path) -> None:
    path = tmp_path / "jfk8.station"
    new_typed(path)
    summary = tally(path)
    assert summary["type"] == "stipulated" and summary["unit"] == UNIT
    assert summary["objections_due"] is None  # no final sheet yet


def test_a_type_not_of_the_board_is_one_line(tmp_path: Path) -> None:
    done = station(
        "new", tmp_path / "x.station", "--case", "29-RC-288020", "--employer", "E",
        "--union", "U", "--eligible", "4", "--type", "runoff",
    )  # fmt: skip
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "--runoff-of" in done.stderr and not (tmp_path / "x.station").exists()


def test_the_sheet_prints_the_boards_form_and_verify_checks_it(
    tmp_path: Path, qapp: object
) -> None:
    path = tmp_path / "jfk8.station"
    new_typed(path)
    count_votes(path, [14, 10], challenged=1)
    out = tmp_path / "export"
    document = export(path, out)
    sheet = document["sheet"]
    assert isinstance(sheet, dict)
    prepared = date.fromisoformat(str(sheet["prepared"])[:10])
    assert sheet["objections_due"] == objections_due(prepared).isoformat()
    assert sheet["type"] == "stipulated" and sheet["unit"] == UNIT
    assert tally(path)["objections_due"] == sheet["objections_due"]
    words = pdf_words((out / "tally.pdf").read_bytes())
    for text in (
        "Type Stipulated",
        f"Unit {UNIT}",
        "Date issued",
        "For the Regional Director",
        "The undersigned acknowledge service of this tally.",
        "For the Employer (Amazon.com Services LLC), date",
        "For the Petitioner (Amazon Labor Union), date",
        "must be filed with the Regional Director, with an offer of proof, by",
        "within five business days after this tally was prepared (29 CFR 102.69(a)(8))",
    ):
        assert text in words, text
    assert "page 1 of 1" in words
    assert station("verify", out).returncode == 0


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda s: s.update(objections_due="2099-01-01"), "objections_due"),
        (lambda s: s.update(unit="All employees"), "unit"),
        (lambda s: s.update(type="consent"), "type"),
    ],
)
def test_a_re_signed_sheet_with_another_form_line_is_named(
    tmp_path: Path, qapp: object, edit: object, named: str
) -> None:
    path = tmp_path / "jfk8.station"
    new_typed(path)
    count_votes(path, [3, 2])
    out = tmp_path / "export"
    document = export(path, out)
    edit(document["sheet"])  # type: ignore[operator, index]
    (out / "tally.json").write_bytes(
        (
            json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
        ).encode()
    )
    (out / "tally.pdf").write_bytes(render_pdf(document))
    resign(out, key_for_signing())
    done = station("verify", out)
    assert done.returncode != 0 and named in done.stdout + done.stderr, done.stdout


def test_a_pdf_without_the_deadline_is_caught(tmp_path: Path, qapp: object) -> None:
    path = tmp_path / "jfk8.station"
    new_typed(path)
    count_votes(path, [3, 2])
    out = tmp_path / "export"
    document = export(path, out)
    drawn = json.loads(json.dumps(document))
    del drawn["sheet"]["objections_due"]
    (out / "tally.pdf").write_bytes(render_pdf(drawn))
    resign(out, key_for_signing())
    done = station("verify", out)
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "tally.pdf: line " in said, said
    assert 'the journal gives "Objections to the conduct of the election' in said, said


def test_a_corrected_tally_says_why_and_what_it_replaces(tmp_path: Path, qapp: object) -> None:
    path = tmp_path / "jfk8.station"
    new_typed(path)
    count_votes(path, [12, 10])
    assert station("sign", path).returncode == 0
    reason = "a ballot was found under the table"
    assert station("reopen", path, "--reason", reason).returncode == 0
    journal = Journal.open(path)
    journal.start_session()
    journal.append(Action.CALL, Call.FOR)
    journal.close()
    out = tmp_path / "export"
    document = export(path, out)
    sheet = document["sheet"]
    assert isinstance(sheet, dict)
    assert sheet["title"] == "Corrected"
    assert sheet["correction"] == {"reason": reason, "replaces": {"3": 12, "5": 22, "7": 22}}
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert f"Replaces (event {sheet['supersedes']['seq']})" in words  # type: ignore[index]
    assert f"The count was reopened because: {reason}." in words
    assert "3. Number of votes cast for Amazon Labor Union 13 was 12" in words
    assert "4. Number of votes cast against participating labor organization(s) 10 " in words
    assert station("verify", out).returncode == 0
    assert station("verify", path).returncode == 0
    # Re-signed with another figure replaced: verify names the line.
    sheet["correction"]["replaces"]["3"] = 11  # type: ignore[index]
    (out / "tally.json").write_bytes(
        (
            json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
        ).encode()
    )
    (out / "tally.pdf").write_bytes(render_pdf(document))
    resign(out, key_for_signing())
    done = station("verify", out)
    assert done.returncode != 0
    assert "correction" in done.stdout + done.stderr, done.stdout


def test_a_corrected_revised_tally_states_what_it_replaces(tmp_path: Path, qapp: object) -> None:
    from station.journal.session import CountSession

    path = tmp_path / "jfk8.station"
    new_typed(path)
    count_votes(path, [3, 3], challenged=2)
    assert station("sign", path).returncode == 0
    assert station("decide", path, "--open", "1,2", "--by", "Regional Director").returncode == 0
    count_votes(path, [1, 1])
    assert station("sign", path).returncode == 0  # the Revised Tally
    assert station("reopen", path, "--reason", "the last opened ballot was FOR").returncode == 0
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    session.undo()
    session.record(Call.FOR)
    journal.close()
    out = tmp_path / "export"
    sheet = export(path, out)["sheet"]
    assert isinstance(sheet, dict) and "columns" in sheet
    assert sheet["correction"]["replaces"] == {"3": 4, "4": 4}  # type: ignore[index]
    words = pdf_words((out / "tally.pdf").read_bytes())
    seq = sheet["supersedes"]["seq"]  # type: ignore[index]
    assert f"Replaces (event {seq}): line 3 was 4; line 4 was 4." in words
    assert station("verify", out).returncode == 0


def test_the_sheet_says_it_is_the_count_record_and_the_agent_certifies_the_tabulation(
    tmp_path: Path,
) -> None:
    # Form NLRB-760's certification is of "the results of the tabulation of ballots
    # cast"; a count may have no observers (a video count, a party that names none), and
    # the sheet is the count's record from which the official tally is prepared.
    path = tmp_path / "video.station"
    new_typed(path)
    count_votes(path, [3, 2])
    assert station("sign", path).returncode == 0  # no observer named
    out = tmp_path / "sheet"
    assert station("export", path, "--out", out).returncode == 0
    words = pdf_words((out / "tally.pdf").read_bytes())
    assert words.startswith(
        "Count record: Tally of Ballots The record of the count made with Station, from which"
        " the official Tally of Ballots (Form NLRB-760) is prepared; it is not the Agency's"
        " form. National Labor Relations Board"
    ), words[:300]
    assert (
        "Certification of the Board agent The undersigned agent of the Regional Director"
        " certifies that the figures above are the results of the tabulation of ballots cast"
        " in the election held in the above case."
    ) in words
    assert "presence of the observers" not in words and "journal identified" not in words
    assert station("verify", out).returncode == 0
