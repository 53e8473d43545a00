"""`station new` with voting groups, and `station tally --json`'s groups and units."""

import json
from pathlib import Path

import pytest

from station.domain import Call
from tests.cli_helpers import one_line_refusal
from tests.groups_helpers import GROUPS, calls, new
from tests.kinds_helpers import station, tally


def test_professionals_for_inclusion_are_pooled(tmp_path: Path) -> None:
    path = tmp_path / "sonotone.station"
    new(path, "--sonotone", "A", "--ballots", "A=4", "--ballots", "B=3")
    calls(
        path,
        ("A", Call.FOR, "yes"), ("A", Call.FOR, "yes"), ("A", Call.AGAINST, "no"),
        ("A", Call.CHALLENGE, None),
        ("B", Call.AGAINST, None), ("B", Call.AGAINST, None), ("B", Call.VOID, None),
    )  # fmt: skip
    summary = tally(path)
    assert summary["eligible"] == 110 and summary["ballots"] == 7
    assert summary["groups"] == [
        {"key": "A", "name": "Professional employees", "eligible": 30, "ballots": 4,
         "for": 2, "against": 1, "void": 0, "challenged": 1,
         "inclusion": {"yes": 2, "no": 1, "void": 0, "blank": 0, "challenged": 1}},
        {"key": "B", "name": "Nonprofessional employees", "eligible": 80, "ballots": 3,
         "for": 0, "against": 2, "void": 1, "challenged": 0},
    ]  # fmt: skip
    # One challenged professional could tie question 1 (2 yes, 2 no) and split the unit.
    assert summary["units"] == [
        {"name": "Professional employees and Nonprofessional employees",
         "groups": ["A", "B"], "for": 2, "against": 3, "void": 1, "challenged": 1,
         "majority_for": False, "challenges_determinative": True, "result_decided": False,
         "statement": "Unit A + B (Professional employees and Nonprofessional employees):"
         " challenges are sufficient to affect the result \u2014 no choice has a majority"},
    ]  # fmt: skip


def test_professionals_against_inclusion_make_two_units(tmp_path: Path) -> None:
    path = tmp_path / "sonotone.station"
    new(path, "--sonotone", "A")
    calls(path, ("A", Call.FOR, "no"), ("A", Call.FOR, "no"), ("B", Call.AGAINST, None))
    units = tally(path)["units"]
    assert isinstance(units, list)
    assert [(u["groups"], u["for"], u["against"], u["majority_for"]) for u in units] == [
        (["A"], 2, 0, True),
        (["B"], 0, 1, False),
    ]
    text = station("tally", path).stdout
    # Each unit's lines, and none for the groups together (no unit is all of them).
    said = [line for line in text.splitlines() if line.startswith("Unit ")]
    assert [line[:7] for line in said] == ["Unit A:", "Unit B:"]
    assert all("\u2014 not yet determined" in line for line in said)
    assert "majority of the valid votes" not in text


def test_without_groups_the_json_has_no_groups(tmp_path: Path) -> None:
    path = tmp_path / "plain.station"
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "E", "--union", "U",
        "--eligible", "10", "--eligible", "12",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    summary = tally(path)
    assert "groups" not in summary and "units" not in summary
    assert summary["eligible"] == 12  # given twice, the last counts, as it always did


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--sonotone", "C"], "no group 'C'"),
        (["--self-determination", "A", "--sonotone", "A"], "has a rule already"),
        (["--group", "C=Drivers"], "--eligible C=N"),
        (["--eligible", "A=x"], "whole number"),
    ],
)
def test_bad_combinations_are_one_line_and_no_file(
    tmp_path: Path, args: list[str], words: str
) -> None:
    path = tmp_path / "bad.station"
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "E", "--union", "U",
        *GROUPS, *args,
    )  # fmt: skip
    assert words in one_line_refusal(made)
    assert not path.exists()


def test_one_group_or_a_group_number_without_groups_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.station"
    base = ["new", path, "--case", "10-RC-000026", "--employer", "E", "--union", "U"]
    one = station(*base, "--group", "A=All", "--eligible", "A=3")
    assert "at least two groups" in one_line_refusal(one)
    alone = station(*base, "--group", "A=All", "--eligible", "A=3", "--sonotone", "A")
    assert "at least two groups" in one_line_refusal(alone)
    loose = station(*base, "--eligible", "A=3")
    assert "add --group" in one_line_refusal(loose)
    assert not path.exists()


def test_a_tally_per_group_and_per_pooled_unit_signed_exported_verified(tmp_path: Path) -> None:
    path = tmp_path / "sonotone.station"
    new(path, "--sonotone", "A", "--ballots", "A=3", "--ballots", "B=2")
    calls(
        path,
        ("A", Call.FOR, "yes"), ("A", Call.FOR, "yes"), ("A", Call.CHALLENGE, None),
        ("B", Call.AGAINST, None), ("B", Call.FOR, None),
    )  # fmt: skip
    signed = station("sign", path, "--agent", "R. Agent", "--observer", "Employer:A. Smith")
    assert signed.returncode == 0, signed.stderr
    out = tmp_path / "out"
    exported = station("export", path, "--out", out)
    assert exported.returncode == 0, exported.stderr
    sheet = json.loads((out / "tally.json").read_text())["sheet"]
    assert [(g["key"], g["lines"]["3"], g["lines"]["4"]) for g in sheet["groups"]] == [
        ("A", 2, 0),
        ("B", 1, 1),
    ]
    inclusion = sheet["groups"][0]["inclusion"]
    assert {name: inclusion[name] for name in ("yes", "no", "void", "blank", "challenged")} == {
        "yes": 2, "no": 0, "void": 0, "blank": 0, "challenged": 1,
    }  # fmt: skip
    assert inclusion["statements"]["challenges"] == (
        "Question 1: challenges are not sufficient in number to affect its result."
    )
    (unit,) = sheet["units"]
    assert unit["groups"] == ["A", "B"] and unit["lines"]["1"] == 110
    # 3 to 1 with 1 challenged, and 2 yes to 0: the challenge can turn neither.
    assert unit["lines"]["7"] == 5 and unit["lines"]["8"] is False
    assert "Not stated for voting group A" in sheet["groups"][0]["statements"]["9"]
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_the_pdf_must_show_each_groups_lines(tmp_path: Path) -> None:
    from station.verification.pdf_text import pdf_problem

    path = tmp_path / "sonotone.station"
    new(path, "--sonotone", "A")
    calls(path, ("A", Call.FOR, "no"), ("B", Call.AGAINST, None))
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    document = json.loads((out / "tally.json").read_text())
    pdf = (out / "tally.pdf").read_bytes()
    assert pdf_problem(pdf, document) is None
    document["sheet"]["groups"][1]["lines"]["4"] = 7  # a figure the page does not show
    problem = pdf_problem(pdf, document)
    assert problem is not None and "voting group B" in problem


def test_a_lone_self_determination_group_votes_on_joining_the_unit(tmp_path: Path) -> None:
    from station.verification.pdf_text import pdf_problem, pdf_words

    path = tmp_path / "globe.station"
    made = station(
        "new", path, "--case", "10-RC-000061", "--employer", "Mercy Hospital",
        "--union", "Nurses United", "--group", "A=Maintenance employees",
        "--eligible", "A=5", "--ballots", "A=3", "--self-determination", "A",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    calls(path, ("A", Call.FOR, None), ("A", Call.FOR, None), ("A", Call.AGAINST, None))
    said = station("tally", path).stdout
    assert (
        "Unit A: challenges are not sufficient to affect the result \u2014 a majority for"
        " Nurses United \u2014 the group joins the existing unit"
    ) in said
    (unit,) = tally(path)["units"]  # type: ignore[misc]
    assert unit["groups"] == ["A"] and unit["majority_for"] is True and unit["result_decided"]
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    document = json.loads((out / "tally.json").read_text())
    (group,) = document["sheet"]["groups"]
    assert group["lines"]["9"] is True and "cast for Nurses United" in group["statements"]["9"]
    pdf = (out / "tally.pdf").read_bytes()
    assert pdf_problem(pdf, document) is None
    words = " ".join(pdf_words(pdf).split())
    assert "a majority for the union (line 9) adds the group to that unit" in words
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_more_ballots_than_eligible_voters_in_a_group_is_warned_for_that_group(
    tmp_path: Path,
) -> None:
    path = tmp_path / "groups.station"
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "E", "--union", "U",
        "--group", "A=Drivers", "--group", "B=Clerks", "--eligible", "A=3", "--eligible", "B=80",
        "--ballots", "A=9", "--ballots", "B=40",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    # 49 ballots of 83 voters in all: only group A's own box shows the slip.
    assert made.stderr == (
        "warning: group A: 9 ballots in the box, but about 3 eligible voters: check both numbers\n"
    )
    calm = station(
        "new", tmp_path / "calm.station", "--case", "10-RC-000026", "--employer", "E",
        "--union", "U", *GROUPS, "--ballots", "A=30", "--ballots", "B=2",
    )  # fmt: skip
    assert calm.returncode == 0 and calm.stderr == ""


def test_pile_checks_are_kept_in_each_groups_box(tmp_path: Path) -> None:
    path = tmp_path / "piles.station"
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "Mercy Hospital",
        "--union", "Nurses United", *GROUPS, "--pile", "2",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "piles of 2 ballots, kept in each voting group's box" in made.stdout
    calls(path, ("A", Call.FOR, None), ("B", Call.FOR, None), ("B", Call.FOR, None))
    summary = tally(path)
    assert summary["pile_size"] == 2
    assert summary["piles_to_check"] == [{"call": "for", "pile": 1, "group": "B"}]
    signed = station("sign", path, "--agent", "R. Agent")
    assert "1 pile to recount: group B FOR pile 1" in signed.stderr + signed.stdout


def test_a_one_union_grouped_count_names_its_choices_for_and_against(tmp_path: Path) -> None:
    path = tmp_path / "sonotone.station"
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "Mercy Hospital",
        "--union", "Nurses United", *GROUPS, "--sonotone", "A",
    )  # fmt: skip
    assert "choices: FOR (Nurses United), AGAINST" in made.stdout
    calls(path, ("A", Call.FOR, "yes"), ("A", Call.AGAINST, "no"), ("B", Call.AGAINST, None))
    text = station("tally", path).stdout
    assert "Group A: FOR 1 \u00b7 AGAINST 1 \u2014" in text
    assert "Group B: FOR 0 \u00b7 AGAINST 1 \u2014" in text
    assert "Neither" not in text


def test_question_1_has_its_own_figures_and_result_on_the_professionals_page(
    tmp_path: Path,
) -> None:
    # Each question decided apart (Providence Health, 369 NLRB No. 78): a ballot void on
    # question 2 still answers question 1, and a void question 1 is tallied as such.
    from station.verification.group_pdf import group_sections

    path = tmp_path / "sonotone.station"
    new(path, "--sonotone", "A", "--ballots", "A=4", "--ballots", "B=2")
    calls(
        path,
        ("A", Call.VOID, "no"), ("A", Call.FOR, "no"), ("A", Call.FOR, "void"),
        ("A", Call.AGAINST, "yes"), ("B", Call.AGAINST, None), ("B", Call.FOR, None),
    )  # fmt: skip
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    sheet = json.loads((out / "tally.json").read_text())["sheet"]
    professionals = sheet["groups"][0]
    assert professionals["lines"]["2"] == 1  # void on question 2 only
    assert (professionals["lines"]["3"], professionals["lines"]["4"]) == (2, 1)
    title, _, said = group_sections(sheet)[0]
    assert "voting group A" in title
    assert said[0] == (
        "Question 1, inclusion with the nonprofessional employees:"
        " yes 1, no 2, void 1, blank 0, challenged 0"
    )
    assert said[1] == "Question 1: challenges are not sufficient in number to affect its result."
    assert "has not been cast for inclusion" in said[2]
    assert said[2].endswith("only if the union wishes to represent them in a separate unit.")
    assert [unit["groups"] for unit in sheet["units"]] == []  # two units, none pooled
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr
