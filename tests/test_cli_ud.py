"""A UD (deauthorization) election at the command line: made from its case number,
counted, tallied and signed, its result judged against the employees eligible to vote
(NLRA 8(a)(3), 9(e)(1)), not against the votes cast (docs/rules.md, "Deauthorization (UD)")."""

import json
from pathlib import Path

import pytest

from station.domain import Call
from station.verification.pdf_text import pdf_words
from tests.helpers import session_on
from tests.kinds_helpers import count_votes, station, tally


def new_ud(path: Path, *args: str, eligible: int = 20) -> str:
    made = station(
        "new", path, "--case", "10-UD-254001", "--employer", "Acme", "--union", "Local 1",
        "--petitioner", "J. Worker", "--eligible", str(eligible), "--pile", "0", *args,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    return made.stdout


def test_station_new_names_the_question_and_its_yes_and_no(tmp_path: Path) -> None:
    said = new_ud(tmp_path / "ud.station")
    assert "UD: employees petition to rescind the union's union-security authority" in said
    assert "choices: YES, NO on: Do you wish to rescind the authority of your employer" in said


def test_a_majority_of_the_votes_is_not_a_majority_of_the_eligible(tmp_path: Path) -> None:
    """10 YES, 6 NO, 1 void, 2 challenged of 20 eligible: 10 is no majority of 20, and
    the 2 challenged ballots could make it one."""
    path = tmp_path / "ud.station"
    new_ud(path, "--ballots", "19")
    count_votes(path, [10, 6], challenged=2, void=1)
    summary = tally(path)
    assert summary["rescinded"] is False
    assert summary["challenges_determinative"] is True
    assert summary["majority_for_union"] is None
    assert summary["question"] == {
        "kind": "deauthorization",
        "words": (
            "Do you wish to rescind the authority of your employer and Local 1 to require,"
            " under their agreement, that employees make certain lawful payments to the"
            " union in order to retain their jobs?"
        ),
        "majority_of": "eligible",
        "majority_needed": 11,
    }
    assert summary["choices"] == [{"name": "YES", "votes": 10}, {"name": "NO", "votes": 6}]
    statements = summary["statements"]
    assert isinstance(statements, dict)
    assert statements["8"].startswith("Challenges are sufficient in number")
    assert statements["9"].startswith(
        "A majority of the employees eligible to vote have not voted to rescind the"
        " authority of the Employer and Local 1"
    )


@pytest.mark.parametrize(
    ("yes", "no", "challenged", "rescinded", "determinative"),
    [
        (11, 2, 0, True, False),  # few voted, but 11 of 20 eligible is a majority
        (10, 0, 0, False, False),  # half of those eligible is no majority
        (10, 0, 1, False, True),  # one more YES would be
        (9, 3, 1, False, False),  # 10 could not be
    ],
)
def test_the_authority_is_rescinded_only_by_a_majority_of_the_eligible(
    tmp_path: Path, yes: int, no: int, challenged: int, rescinded: bool, determinative: bool
) -> None:
    path = tmp_path / "ud.station"
    new_ud(path, "--ballots", str(yes + no + challenged))
    count_votes(path, [yes, no], challenged=challenged)
    summary = tally(path)
    assert (summary["rescinded"], summary["challenges_determinative"]) == (
        rescinded,
        determinative,
    )
    said = "have" if rescinded else "have not"
    assert f"eligible to vote {said} voted to rescind" in station("tally", path).stdout


def test_a_ud_sheet_states_the_eligible_majority_and_verifies(tmp_path: Path) -> None:
    path = tmp_path / "ud.station"
    new_ud(path, "--ballots", "13")
    count_votes(path, [11, 2])
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    exported = station("export", path, "--out", tmp_path / "sheet")
    assert exported.returncode == 0, exported.stderr
    sheet = json.loads((tmp_path / "sheet" / "tally.json").read_text("utf-8"))["sheet"]
    assert sheet["lines"]["9"] is True
    assert sheet["statements"]["9"].startswith(
        "A majority of the employees eligible to vote have voted to rescind"
    )
    verified = station("verify", tmp_path / "sheet")
    assert verified.returncode == 0, verified.stderr
    assert verified.stdout.startswith("OK: ")
    page = pdf_words((tmp_path / "sheet" / "tally.pdf").read_bytes())
    assert "National Labor Relations Board \u00b7 deauthorization election" in page
    assert "representation election" not in page


@pytest.mark.parametrize(
    "more",
    [
        ["--eligible", "20", "--union", "Local 2"],
        ["--eligible", "20", "--intervenor", "Local 2"],
        ["--group", "A=Drivers", "--group", "B=Clerks", "--eligible", "A=9", "--eligible", "B=11"],
    ],
)
def test_a_ud_election_has_one_question_about_one_union(tmp_path: Path, more: list[str]) -> None:
    refused = station(
        "new", tmp_path / "ud.station", "--case", "10-UD-254001", "--employer", "Acme",
        "--union", "Local 1", *more,
    )  # fmt: skip
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1
    assert "a UD (deauthorization) election asks one question about one union" in refused.stderr
    assert not (tmp_path / "ud.station").exists()


def test_the_determinative_challenges_are_opened_and_the_revised_tally_rescinds(
    tmp_path: Path,
) -> None:
    """The worked example: line 8 says the 2 challenged ballots could rescind, so the
    Regional Director may order them opened; both YES make 12 of 20 eligible."""
    path = tmp_path / "ud.station"
    new_ud(path, "--ballots", "19")
    count_votes(path, [10, 6], challenged=2, void=1)
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    decided = station("decide", path, "--open", "1,2", "--by", "RD")
    assert decided.returncode == 0, decided.stderr
    journal, session = session_on(path)
    try:
        session.record(Call.FOR)
        session.record(Call.FOR)
    finally:
        journal.close()
    revised = station("sign", path, "--agent", "R. Agent")
    assert revised.returncode == 0, revised.stderr
    summary = tally(path)
    assert (summary["for"], summary["against"], summary["challenged"]) == (12, 6, 0)
    assert summary["rescinded"] is True and summary["challenges_determinative"] is False
    assert summary["statements"]["9"].startswith(  # type: ignore[index]
        "A majority of the employees eligible to vote have voted to rescind"
    )


def test_challenges_that_could_not_rescind_are_not_opened(tmp_path: Path) -> None:
    """9 YES, 3 NO, 1 challenged of 20 eligible: 10 YES would still be no majority."""
    path = tmp_path / "ud.station"
    new_ud(path, "--ballots", "13")
    count_votes(path, [9, 3], challenged=1)
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    refused = station("decide", path, "--open", "1", "--by", "RD")
    assert refused.returncode == 2 and "not determinative" in refused.stderr


def test_the_log_and_verify_say_yes_and_no(tmp_path: Path) -> None:
    path = tmp_path / "ud.station"
    new_ud(path, "--ballots", "19")
    count_votes(path, [10, 6], challenged=2, void=1)
    log = station("log", path).stdout
    assert "Ballot 1 YES" in log and "Ballot 11 NO" in log
    assert " FOR" not in log and "AGAINST" not in log
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    assert station("export", path, "--out", tmp_path / "sheet").returncode == 0
    verified = station("verify", tmp_path / "sheet")
    assert verified.returncode == 0, verified.stderr
    assert ": 10 YES, 6 NO, 1 void, 2 challenged." in verified.stdout
