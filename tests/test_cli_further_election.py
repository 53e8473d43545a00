"""Elections held again and runoffs at their ends (29 CFR 102.70): the one further
election of 102.70(d) told apart from a rerun after objections, a third election, a tied
runoff between two unions, and a runoff that leaves a party's union off its ballot."""

import json
from pathlib import Path

from station.verification.pdf_text import pdf_words
from tests.kinds_helpers import THREE, count_votes, new, station, tally


def signed(path: Path, votes: list[int], *sign: str) -> Path:
    count_votes(path, votes)
    done = station("sign", path, "--agent", "R. Agent", *sign)
    assert done.returncode == 0, done.stderr
    return path


def sheet_words(path: Path, out: Path) -> str:
    done = station("export", path, "--out", out)
    assert done.returncode == 0, done.stderr
    assert station("verify", out).returncode == 0
    return pdf_words((out / "tally.pdf").read_bytes())


def stored_rerun_of(path: Path) -> dict[str, str]:
    rerun_of = tally(path)["rerun_of"]
    assert isinstance(rerun_of, dict)
    return rerun_of


def test_a_split_vote_makes_the_one_further_election_and_a_second_split_ends_it(
    tmp_path: Path, qapp: object
) -> None:
    # 12 / 8 / 8: the second and third choices tie, so 102.70(d) voids the election.
    first = tmp_path / "first.station"
    new(first, *THREE)
    signed(first, [12, 8, 8])
    assert tally(first)["rerun"] is True
    further = tmp_path / "further.station"
    made = station("new", further, "--rerun-of", first)
    assert made.returncode == 0, made.stderr
    assert "further election under 29 CFR 102.70(d)" in made.stdout
    assert stored_rerun_of(further)["cause"] == "nullity"
    # The further election splits again (9 / 9 / 12): no third election is held.
    signed(further, [9, 9, 12])
    summary = tally(further)
    assert summary["rerun"] is False and summary["runoff"] is None
    said = summary["statements"]["runoff"]  # type: ignore[index]
    assert "one further election 29 CFR 102.70(d) allows" in said
    assert "the results are certified" in said
    words = sheet_words(further, tmp_path / "further-export")
    assert "National Labor Relations Board \u00b7 further election" in words
    assert "Further election under 29 CFR 102.70(d): the election of" in words
    assert "the results are certified" in words
    refused = station("new", tmp_path / "r.station", "--runoff-of", further)
    assert refused.returncode == 2 and "split again" in refused.stderr
    assert len(refused.stderr.splitlines()) == 1
    # Only objections sustained can bring another election: a rerun, not a further one.
    after = tmp_path / "after.station"
    assert station("new", after, "--rerun-of", further).returncode == 0
    assert stored_rerun_of(after)["cause"] == "objections"


def test_a_further_election_without_a_majority_goes_to_the_runoff(tmp_path: Path) -> None:
    first = tmp_path / "first.station"
    new(first, *THREE)
    signed(first, [10, 10, 10])  # divided equally among the choices: a nullity
    further = tmp_path / "further.station"
    assert station("new", further, "--rerun-of", first).returncode == 0
    signed(further, [14, 10, 6])
    assert tally(further)["runoff"] == {"between": ["Machinists", "Carpenters"]}
    assert station("new", tmp_path / "runoff.station", "--runoff-of", further).returncode == 0


def test_an_election_set_aside_is_rerun_and_a_rerun_of_a_rerun_is_the_third(
    tmp_path: Path, qapp: object
) -> None:
    first = tmp_path / "first.station"
    new(first, "--union", "Machinists")
    signed(first, [20, 12])
    rerun = tmp_path / "rerun.station"
    assert station("new", rerun, "--rerun-of", first).returncode == 0
    assert stored_rerun_of(rerun)["cause"] == "objections"
    signed(rerun, [15, 16])
    second = tmp_path / "second.station"
    made = station("new", second, "--rerun-of", rerun)
    assert made.returncode == 0, made.stderr
    rerun_of = stored_rerun_of(second)
    assert rerun_of["number"] == "3"
    signed(second, [18, 10])
    words = sheet_words(second, tmp_path / "second-export")
    assert "National Labor Relations Board \u00b7 third election" in words
    assert f"Third election: rerun of the election of {rerun_of['date']}" in words
    assert "itself held again" in words


def test_a_tied_runoff_between_two_unions_certifies_the_results(
    tmp_path: Path, qapp: object
) -> None:
    first = tmp_path / "first.station"
    new(first, *THREE)
    signed(first, [12, 10, 8])
    runoff = tmp_path / "runoff.station"
    assert station("new", runoff, "--runoff-of", first).returncode == 0
    signed(runoff, [13, 13, 0])
    summary = tally(runoff)
    assert summary["majority_for"] is None and summary["runoff"] is None
    said = summary["statements"]["runoff"]  # type: ignore[index]
    assert said == (
        "The runoff's two unions tie: only one runoff is held (29 CFR 102.70(a)), so no"
        " union is certified: the results are certified."
    )
    assert said in sheet_words(runoff, tmp_path / "runoff-export")
    again = station("new", tmp_path / "again.station", "--runoff-of", runoff)
    assert again.returncode == 2 and "only one runoff" in again.stderr


def test_a_tie_with_none_for_the_third_certifies_the_results(tmp_path: Path, qapp: object) -> None:
    """4-4-0, every eligible voter voting validly, no challenges: 102.70(d)'s exception,
    "there shall be no runoff election and a certification of results of election shall
    be issued"."""
    path = tmp_path / "tie.station"
    new(path, *THREE, eligible="8")
    signed(path, [4, 4, 0])
    summary = tally(path)
    assert summary["runoff"] is None and summary["rerun"] is False
    said = summary["statements"]["runoff"]  # type: ignore[index]
    assert said.endswith(
        ": no runoff is held, and a certification of results of election is issued"
        " (29 CFR 102.70(d))."
    )
    assert said in sheet_words(path, tmp_path / "tie-export")


def test_a_runoff_without_the_petitioner_keeps_it_a_party(tmp_path: Path, qapp: object) -> None:
    first = tmp_path / "first.station"
    new(first, *THREE)
    signed(first, [3, 10, 8])  # the Petitioner is third: Carpenters against Neither
    runoff = tmp_path / "runoff.station"
    made = station("new", runoff, "--runoff-of", first)
    assert made.returncode == 0, made.stderr
    assert "still a party, not on the ballot: the Petitioner (Machinists)" in made.stdout
    summary = tally(runoff)
    assert summary["union"] == "Carpenters"
    assert summary["parties"] == [
        {"role": "Employer", "name": "Fraser & Johnston"},
        {"role": "Intervenor", "name": "Carpenters"},
        {"role": "Petitioner", "name": "Machinists", "ballot": False},
    ]
    assert "Votes FOR the union:" in station("tally", runoff).stdout  # not the petitioner
    signed(runoff, [9, 7], "--observer", "Petitioner:Ann Lee", "--observer", "Employer:Bo Chen")
    out = tmp_path / "runoff-export"
    words = sheet_words(runoff, out)
    assert "Parties Carpenters (Intervenor); Machinists (Petitioner, not on this ballot)" in words
    assert "3. Number of votes cast for Carpenters 9" in words  # the runoff's choices only
    assert "For the Employer For the Intervenor (Carpenters) For the Petitioner (Machinists)" in (
        words
    )
    assert "For the Petitioner (Machinists), date" in words  # served with the tally
    sheet = json.loads((out / "tally.json").read_bytes())["sheet"]
    assert {"role": "Petitioner", "name": "Machinists", "ballot": False} in sheet["parties"]
    assert {"party": "off ballot 1", "name": "Ann Lee"} in sheet["observers"]


def test_a_union_withdrawn_is_refused_in_one_line_saying_why(tmp_path: Path) -> None:
    first = tmp_path / "first.station"
    new(first, *THREE)
    signed(first, [12, 10, 8])
    made = tmp_path / "next.station"
    for option in ("--runoff-of", "--rerun-of"):
        refused = station("new", made, option, first, "--withdrawn", "Carpenters")
        assert refused.returncode == 2 and len(refused.stderr.splitlines()) == 1
        assert "the Regional Director's ruling" in refused.stderr
    plain = station(
        "new", made, "--case", "10-RC-000018", "--employer", "F", "--union", "Machinists",
        "--eligible", "20", "--withdrawn", "Carpenters",
    )  # fmt: skip
    assert plain.returncode == 2 and "leave it out of --union" in plain.stderr
    assert not made.exists()


def test_the_agents_guide_says_what_follows_a_further_election() -> None:
    """docs/agent.md: a split further election ends with the results certified, and a
    rerun after objections to it is the third election, captioned as the sheet says."""
    from station.domain.election_statements import held_again_statement

    guide = Path(__file__).resolve().parent.parent / "docs" / "agent.md"
    text = " ".join(guide.read_text(encoding="utf-8").split())
    third = held_again_statement({"date": "DATE", "case": "N", "number": "3"})
    assert f'("{third}")' in text
    assert "no third election follows from the split" in text
    assert "makes no third" not in text
