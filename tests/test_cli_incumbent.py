"""A self-determination (Armour-Globe) election with two unions and the incumbent
(`station new --incumbent`): a majority for the petitioning craft union makes the group
a separate unit; a majority for the incumbent keeps it in the existing unit; a majority
for Neither leaves it unrepresented (Direction of Election, 108 NLRB 244 (1954); *Globe
Machine & Stamping*, 3 NLRB 294)."""

import json
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal
from tests.groups_helpers import calls
from tests.kinds_helpers import station, tally

A = Call.AGAINST

GLOBE = [
    "--case", "10-RC-000026", "--employer", "Acme Tool", "--union", "Machinists",
    "--intervenor", "Steelworkers", "--group", "A=Toolroom employees",
    "--self-determination", "A", "--eligible", "A=20", "--ballots", "A=5",
]  # fmt: skip


def _globe(path: Path, *extra: str) -> str:
    made = station("new", path, *GLOBE, *extra)
    assert made.returncode == 0, made.stderr
    return made.stdout


def _count(path: Path, votes: list[int | None]) -> None:
    """Each ballot of group A: a union's place on the ballot, or None for Neither."""
    journal = Journal.open(path)
    journal.start_session()
    for vote in votes:
        if vote is None:
            journal.append(Action.CALL, Call.AGAINST, detail={"group": "A"})
        else:
            journal.append(Action.CALL, Call.FOR, detail={"group": "A", "choice": vote})
    journal.close()


@pytest.mark.parametrize(
    ("votes", "outcome"),
    [
        (
            [1, 1, 1, 2, None],
            "a majority for Machinists \u2014 the group is a separate unit, represented by"
            " Machinists (certification of representative)",
        ),
        (
            [2, 2, 2, 1, None],
            "a majority for Steelworkers \u2014 the group stays in the existing unit"
            " Steelworkers represents (certification of results)",
        ),
        (
            [None, None, None, 1, 2],
            "a majority for Neither (no union) \u2014 the group stays unrepresented"
            " (certification of results)",
        ),
    ],
    ids=["petitioner wins", "incumbent wins", "neither wins"],
)
def test_each_majority_says_what_becomes_of_the_group(
    tmp_path: Path, votes: list[int | None], outcome: str
) -> None:
    path = tmp_path / "globe.station"
    _globe(path, "--incumbent", "Steelworkers")
    _count(path, votes)
    said = [line for line in station("tally", path).stdout.splitlines() if line.startswith("Unit")]
    assert said == [f"Unit A: challenges are not sufficient to affect the result \u2014 {outcome}"]
    units = tally(path)["units"]
    assert isinstance(units, list) and units[0]["statement"] == said[0]


def test_the_sheet_names_the_incumbent_and_verify_recomputes_it(tmp_path: Path) -> None:
    path = tmp_path / "globe.station"
    _globe(path, "--incumbent", "Steelworkers")
    _count(path, [1, 1, 1, 2, None])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    sheet = json.loads((out / "tally.json").read_text())["sheet"]
    assert sheet["incumbent"] == "Steelworkers"
    verified = station("verify", out)
    assert verified.returncode == 0, verified.stderr
    assert "/ Machinists (Petitioner); Steelworkers (Intervenor, Incumbent):" in verified.stdout
    from station.verification.sheet_page import sheet_text

    page = " ".join(sheet_text(json.loads((out / "tally.json").read_text())))
    assert "Steelworkers (Intervenor, Incumbent)" in page
    assert (
        "Self-determination, voting group A: a majority for Machinists: the group is a separate"
        " unit, represented by Machinists (certification of representative); a majority for"
        " Steelworkers: the group stays in the existing unit Steelworkers represents"
        " (certification of results); a majority for Neither: the group stays unrepresented"
        " (certification of results)." in page
    )


def test_the_final_sheet_states_the_outcome_station_tally_states(tmp_path: Path) -> None:
    """Under the rule's three branches, the one that applies, in `station tally`'s words;
    an interim sheet says it is not yet determined."""
    from station.verification.sheet_page import sheet_text

    path = tmp_path / "globe.station"
    _globe(path, "--incumbent", "Steelworkers")
    pages = []

    def sign_and_read(*options: str) -> None:
        assert station("sign", path, "--agent", "R. Agent", *options).returncode == 0
        out = tmp_path / f"out{len(pages)}"
        assert station("export", path, "--out", out).returncode == 0
        assert station("verify", out).returncode == 0
        pages.append(" ".join(sheet_text(json.loads((out / "tally.json").read_text()))))

    _count(path, [2, 2, 2])
    sign_and_read("--interim")
    journal = Journal.open(path)
    journal.start_session()
    journal.append(Action.REOPEN, detail={"reason": "the count resumes"})
    journal.close()
    _count(path, [1, None])
    sign_and_read()
    said = [line for line in station("tally", path).stdout.splitlines() if line.startswith("Unit")]
    outcome = said[0].split(" \u2014 ", 1)[1]
    assert outcome.startswith("a majority for Steelworkers \u2014 the group stays")
    assert "The outcome is not yet determined: this is an interim tally." in pages[0]
    assert "The outcome that applies" not in pages[0]
    assert f"(certification of results). The outcome that applies: {outcome}." in pages[1]


@pytest.mark.parametrize(
    ("extra", "refusal"),
    [
        ([], "station: incumbent: a self-determination group voting on several unions needs"),
        (["--incumbent", " "], "station: incumbent: give the name of the union that represents"),
        (["--incumbent", "steelworkers"], "is spelt 'Steelworkers' on the ballot"),
    ],
    ids=["two unions, no incumbent", "empty", "misspelt"],
)
def test_a_globe_election_refuses_a_missing_or_nonsense_incumbent(
    tmp_path: Path, extra: list[str], refusal: str
) -> None:
    made = station("new", tmp_path / "globe.station", *GLOBE, *extra)
    assert made.returncode == 2 and made.stderr.count("\n") == 1
    assert refusal in made.stderr
    assert not (tmp_path / "globe.station").exists()


def test_a_union_off_the_ballot_is_an_incumbent_only_of_a_unit_a_group_could_join(
    tmp_path: Path,
) -> None:
    plain = ["--case", "10-RC-000026", "--employer", "Acme Tool", "--union", "Machinists"]
    made = station("new", tmp_path / "a.station", *plain, "--eligible", "20",
                   "--incumbent", "Teamsters")  # fmt: skip
    assert made.returncode == 2
    assert "incumbent: 'Teamsters' is not a union on the ballot" in made.stderr
    # The craft union alone on the ballot, the incumbent of the existing unit named.
    group = ["--group", "A=Toolroom", "--self-determination", "A", "--eligible", "A=20"]
    made = station("new", tmp_path / "b.station", *plain, *group, "--incumbent", "Teamsters")
    assert made.returncode == 0, made.stderr
    calls(tmp_path / "b.station", *[("A", call, None) for call in (A, A, Call.FOR)])
    said = station("tally", tmp_path / "b.station").stdout.splitlines()
    assert said[3] == (
        "Unit A: not yet determined \u2014 challenges are not sufficient to affect the"
        " result so far"
    )  # no box was given: a final sheet states it
    assert station("sign", tmp_path / "b.station", "--agent", "R. Agent").returncode == 0
    said = station("tally", tmp_path / "b.station").stdout.splitlines()
    assert said[3].endswith(
        "a majority AGAINST (no union) \u2014 the group stays unrepresented"
        " (certification of results)"
    )


TWO_UNIONS = [
    "--case", "10-RC-000042", "--employer", "A", "--union", "Machinists", "--union",
    "Teamsters", "--group", "A=Maint", "--eligible", "A=3", "--self-determination", "A",
]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "refusal"),
    [
        (
            [*TWO_UNIONS, "--incumbent", "Teamster"],
            "station: incumbent: 'Teamster' is not 'Teamsters' on the ballot: give the name"
            " as on the ballot\n",
        ),
        (
            [*TWO_UNIONS, "--incumbent", "Carpenters"],
            "station: incumbent: 'Carpenters' is not a union on the ballot; with several"
            " unions a self-determination group joins the existing unit only by a majority"
            " for its union, so the incumbent is one of the unions on the ballot\n",
        ),
        (
            [*GLOBE[:6], "--group", "A=Toolroom", "--self-determination", "A", "--eligible",
             "A=20", "--incumbent", "Machinist"],
            "station: incumbent: 'Machinist' is not 'Machinists' on the ballot: give the name"
            " as on the ballot, or another union's full name (its local number or"
            " affiliation) so that it is no slip from a union on the ballot\n",
        ),
    ],
    ids=["a slip, several unions", "off the ballot, several unions", "a slip, one union"],
)  # fmt: skip
def test_an_incumbent_that_would_turn_a_majority_into_a_separate_unit_is_refused(
    tmp_path: Path, args: list[str], refusal: str
) -> None:
    made = station("new", tmp_path / "s.station", *args, "--agent", "X")
    assert (made.returncode, made.stderr) == (2, refusal)
    assert not (tmp_path / "s.station").exists()


def test_another_local_of_a_union_on_the_ballot_may_be_the_incumbent(tmp_path: Path) -> None:
    made = station(
        "new", tmp_path / "s.station", "--case", "10-RC-000042", "--employer", "A",
        "--union", "Teamsters Local 1", "--group", "A=Maint", "--eligible", "A=3",
        "--self-determination", "A", "--incumbent", "Teamsters Local 2", "--agent", "X",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
