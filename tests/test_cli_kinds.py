"""RD and RM cases, several unions and runoffs at the command line."""

import json
import re
from pathlib import Path

from station.domain import Action, Call
from station.journal import Journal
from tests.kinds_helpers import THREE, count_votes, new, station, tally


def test_fraser_and_johnston_challenges_determinative(tmp_path: Path) -> None:
    # Fraser and Johnston Manufacturing Co., Case 30-RC-821 (Supplemental Decision, June 2,
    # 1953): of about 104 eligible voters, 45 for the Petitioner, 9 for the Intervenor, 33
    # against both, 1 void and 7 challenged.
    path = tmp_path / "fj.station"
    new(path, "--union", "UAW-CIO", "--intervenor", "Intervenor", "--ballots", "95",
        eligible="104")  # fmt: skip
    count_votes(path, [45, 9, 33], challenged=7, void=1)
    summary = tally(path)
    assert summary["choices"] == [
        {"name": "UAW-CIO", "votes": 45},
        {"name": "Intervenor", "votes": 9},
        {"name": "Neither", "votes": 33},
    ]
    assert summary["majority_for"] is None  # 45 of 87 valid, not of 94
    assert summary["challenges_determinative"] is True
    assert summary["runoff"] is None and summary["rerun"] is False
    assert summary["for"] == 54 and summary["against"] == 33  # the one-union keys stay
    assert summary["parties"] == [
        {"role": "Employer", "name": "Fraser & Johnston"},
        {"role": "Petitioner", "name": "UAW-CIO"},
        {"role": "Intervenor", "name": "Intervenor"},
    ]
    assert summary["result_decided"] is False  # the 7 sealed ballots could still change it
    text = station("tally", path).stdout
    assert "Votes for Intervenor:                  9" in text
    # Every union in the header line, not the first one only.
    assert text.startswith("Case 10-RC-000017: Fraser & Johnston / UAW-CIO / Intervenor\n")


def test_a_runoff_is_due_then_made_from_the_final_tally(tmp_path: Path) -> None:
    path = tmp_path / "first.station"
    new(path, *THREE)
    count_votes(path, [12, 10, 8])
    summary = tally(path)
    assert summary["runoff"] is None  # not stated before the count is declared over
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    summary = tally(path)
    assert summary["runoff"] == {"between": ["Machinists", "Carpenters"]}
    assert summary["rerun"] is False and summary["majority_for"] is None
    assert summary["statements"]["runoff"] == (  # type: ignore[index]
        "No choice has a majority — runoff between Machinists and Carpenters"
        ", held if no objections are filed, or once those filed are resolved (29 CFR 102.70(a))."
    )
    runoff = tmp_path / "runoff.station"
    made = station("new", runoff, "--runoff-of", path)
    assert made.returncode == 0, made.stderr
    rows = [json.loads(line) for line in station("log", path, "--json").stdout.splitlines()]
    sign = next(row for row in rows if row["action"] == "sign")
    certified = f"{sign['target']}:{rows[sign['target'] - 1]['hash']}"
    head = rows[sign["target"] - 1]["hash"][:16]
    assert f"runoff of the election of {sign['detail']['count_date']}, case 10-RC-000017" in (
        made.stdout
    )
    assert head not in made.stdout  # the hash stays in the file
    second = tally(runoff)
    assert second["case"] == "10-RC-000017" and second["runoff_of"] == certified
    assert second["choices"] == [
        {"name": "Machinists", "votes": 0},
        {"name": "Carpenters", "votes": 0},
    ]  # two unions: no Neither
    assert [p["role"] for p in second["parties"]] == ["Employer", "Petitioner", "Intervenor"]  # type: ignore[index,union-attr]
    again = station("new", tmp_path / "third.station", "--runoff-of", runoff)
    assert again.returncode == 2 and "final tally" in again.stderr


def test_a_rerun_and_no_runoff_without_a_final_tally(tmp_path: Path) -> None:
    path = tmp_path / "tie.station"
    new(path, *THREE)
    count_votes(path, [12, 8, 8])
    refused = station("new", tmp_path / "r.station", "--runoff-of", path)
    assert refused.returncode == 2
    assert refused.stderr.count("\n") == 1 and "no final tally sheet" in refused.stderr
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    summary = tally(path)
    assert summary["rerun"] is True and summary["runoff"] is None
    refused = station("new", tmp_path / "r.station", "--runoff-of", path)
    assert refused.returncode == 2 and "rerun" in refused.stderr
    assert not (tmp_path / "r.station").exists()


def test_an_rd_case_names_the_union_by_its_role(tmp_path: Path) -> None:
    path = tmp_path / "rd.station"
    new(path, "--union", "Local 1", "--petitioner", "J. Worker", case="10-RD-000017")
    count_votes(path, [3, 5])
    summary = tally(path)
    assert summary["kind"] == "RD"
    assert summary["parties"] == [
        {"role": "Employer", "name": "Fraser & Johnston"},
        {"role": "Petitioner", "name": "J. Worker"},
        {"role": "Union", "name": "Local 1"},
    ]
    assert "choices" not in summary  # one union: the one-union keys, as ever
    assert summary["challenges_by_party"] == {
        "employer": 0,
        "employee petitioner": 0,
        "union": 0,
        "board agent": 0,
    }
    text = station("tally", path).stdout
    assert "petitioner" not in text.lower().replace("j. worker", "")
    assert "Votes FOR the union:" in text


def test_mistakes_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "x.station"
    for args in (
        ["--case", "10-RC-000001", "--employer", "E", "--eligible", "9"],  # no union
        ["--case", "10-RC-000001", "--employer", "E", "--eligible", "9", "--union", "A",
         "--petitioner", "P"],  # an RC case's petitioner is the union
        ["--case", "10-RC-000001", "--employer", "E", "--eligible", "9", "--union", "A",
         "--union", "a"],
        ["--case", "10-RC-000001", "--runoff-of", str(tmp_path / "none.station")],
    ):  # fmt: skip
        done = station("new", path, *args)
        assert done.returncode == 2, args
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert not path.exists()


def test_a_ballot_of_several_unions_has_piles_for_each_choice(tmp_path: Path) -> None:
    """The agent sorts the ballots by choice: each union's votes, and Neither's, are
    piles of their own (a FOR pile would mix the unions' votes)."""
    path = tmp_path / "piles.station"
    made = station(
        "new", path, "--case", "10-RC-000017", "--employer", "E", "--eligible", "40",
        "--union", "Machinists", "--union", "Carpenters", "--pile", "10",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert "piles of 10 ballots for each choice" in made.stdout
    count_votes(path, [10, 9, 10])  # Machinists 10, Carpenters 9, Neither 10
    summary = tally(path)
    assert summary["pile_size"] == 10
    assert summary["piles_to_check"] == [
        {"call": "for", "pile": 1, "choice": 1},
        {"call": "against", "pile": 1},
    ]
    journal = Journal.open(path)
    journal.start_session()
    journal.append(Action.PILE, Call.FOR, 1, {"choice": 1, "found": 9})
    journal.close()
    assert tally(path)["pile_mismatches"] == [
        {"call": "for", "pile": 1, "choice": 1, "found": 9, "size": 10}
    ]
    signed = station("sign", path, "--agent", "R. Agent")
    said = signed.stderr + signed.stdout
    assert "Machinists pile 1 recounted: 9 found, 10 recorded: not yet set right" in said
    assert "1 pile to recount: Neither pile 1" in said
    log = station("log", path).stdout
    assert "Machinists pile 1 recounted: 9 found, 10 recorded \u2014 MISMATCH" in log


def test_a_count_of_several_unions_stores_nothing_but_the_choice(tmp_path: Path) -> None:
    """Secrecy (tests/faults/test_secrecy.py) for a ballot of several unions."""
    from tests.faults.secrecy import DETAIL_KEYS

    path = tmp_path / "secret.station"
    new(path, *THREE, "--ballots", "3")
    count_votes(path, [1, 1, 1])
    journal = Journal.open(path)
    journal.start_session()
    journal.append(Action.CALL, Call.FOR, detail={"choice": 2, "over_count": True})
    journal.close()
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    rows = [json.loads(line) for line in station("log", path, "--json").stdout.splitlines()]
    for row in rows:
        keys = set(row["detail"] or {})
        if row["action"] == "call":
            assert keys <= {"over_count", "choice"}, keys
        elif row["action"] == "sign":  # the sheet's facts: parties, choices, 102.70
            added = {"parties", "choices", "majority_for", "runoff", "rerun", "runoff_of"}
            assert keys <= DETAIL_KEYS["sign"] | added, keys - DETAIL_KEYS["sign"]
        else:
            assert keys <= DETAIL_KEYS[row["action"]], keys
    assert (
        "Ballot 4 for Carpenters (over the ballots in the box, confirmed)"
        in station("log", path).stdout
    )


def test_a_runoff_between_a_union_and_neither_counts_with_f_and_a(tmp_path: Path) -> None:
    path = tmp_path / "first.station"
    new(path, *THREE)
    count_votes(path, [10, 3, 8])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    assert tally(path)["runoff"] == {"between": ["Machinists", "Neither"]}
    runoff = tmp_path / "runoff.station"
    assert station("new", runoff, "--runoff-of", path).returncode == 0
    second = tally(runoff)
    assert second["union"] == "Machinists" and "choices" not in second  # F and A, as ever
    assert second["parties"][1] == {"role": "Petitioner", "name": "Machinists"}  # type: ignore[index]
    assert second["pile_size"] == 100  # one union: pile checks as always
    assert "Runoff of the election of " in station("tally", runoff).stdout


def test_an_interim_tally_states_no_runoff(tmp_path: Path) -> None:
    path = tmp_path / "interim.station"
    new(path, *THREE)
    count_votes(path, [12, 10, 8])
    assert station("sign", path, "--agent", "R. Agent", "--interim").returncode == 0
    summary = tally(path)
    assert summary["runoff"] is None and summary["rerun"] is False
    assert "not yet determined: this is an interim tally" in summary["statements"]["9"]  # type: ignore[index]
    assert "runoff" not in summary["statements"] or summary["statements"]["runoff"] is None  # type: ignore[operator,index]
    refused = station("new", tmp_path / "r.station", "--runoff-of", path)
    assert refused.returncode == 2 and "no final tally sheet" in refused.stderr


def test_a_runoff_made_from_a_signed_export(tmp_path: Path) -> None:
    path = tmp_path / "first.station"
    new(path, *THREE)
    count_votes(path, [12, 10, 8])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    folder = tmp_path / "export"
    assert station("export", path, "--out", folder).returncode == 0
    runoff = tmp_path / "runoff.station"
    made = station("new", runoff, "--runoff-of", folder)
    assert made.returncode == 0, made.stderr
    from_file = tmp_path / "from-file.station"
    assert station("new", from_file, "--runoff-of", path).returncode == 0
    assert tally(runoff)["runoff_of"] == tally(from_file)["runoff_of"]  # the same head
    (folder / "tally.json").write_text("{}")  # an export altered: refused in one line
    refused = station("new", tmp_path / "bad.station", "--runoff-of", folder)
    assert refused.returncode == 2 and "is not an intact export" in refused.stderr


def test_a_runoff_between_the_intervenor_and_neither(tmp_path: Path) -> None:
    """102.70: the runoff is between the two leading choices, whoever they are."""
    path = tmp_path / "first.station"
    new(path, *THREE)
    count_votes(path, [3, 10, 8])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    assert tally(path)["runoff"] == {"between": ["Carpenters", "Neither"]}
    runoff = tmp_path / "runoff.station"
    made = station("new", runoff, "--runoff-of", path)
    assert made.returncode == 0, made.stderr
    second = tally(runoff)
    assert second["union"] == "Carpenters" and second["eligible"] == 120
    assert {"role": "Intervenor", "name": "Carpenters"} in second["parties"]  # type: ignore[operator]
    count_votes(runoff, [7, 4])
    assert station("sign", runoff, "--agent", "R. Agent").returncode == 0
    final = tally(runoff)
    assert final["majority_for_union"] is True
    assert "has been cast for Carpenters" in final["statements"]["9"]  # type: ignore[index]


def test_a_runoff_takes_the_eligible_voters_the_director_orders(tmp_path: Path) -> None:
    """102.70(b): those eligible in the first election and still in an eligible category."""
    path = tmp_path / "first.station"
    new(path, *THREE)
    count_votes(path, [10, 3, 8])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    runoff = tmp_path / "runoff.station"
    made = station("new", runoff, "--runoff-of", path, "--eligible", "115")
    assert made.returncode == 0, made.stderr
    assert tally(runoff)["eligible"] == 115
    more = station("new", tmp_path / "more.station", "--runoff-of", path, "--eligible", "500")
    assert more.returncode == 2 and "Traceback" not in more.stderr
    assert "500 eligible voters" in more.stderr and "had 120" in more.stderr
    assert not (tmp_path / "more.station").exists()


def test_a_runoff_by_mail(tmp_path: Path) -> None:
    path = tmp_path / "first.station"
    new(path, *THREE, eligible="3")
    count_votes(path, [1, 0, 1])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    voters = tmp_path / "voters.csv"
    voters.write_text("id,name\n100,Ada Byron\n101,Bo Chen\n")
    runoff = tmp_path / "runoff.station"
    made = station("new", runoff, "--runoff-of", path, "--mail", "--voters", voters)
    assert made.returncode == 0, made.stderr
    second = tally(runoff)
    assert second["eligible"] == 2 and second["runoff_of"]
    assert "envelope" in station("tally", runoff).stdout.lower()


def test_the_union_has_one_key_in_every_json_of_an_rd_case(tmp_path: Path) -> None:
    """`challenges --json` names a party as `challenges_by_party` keys it."""
    path = tmp_path / "rd.station"
    new(path, "--union", "Local 1", "--petitioner", "J. Worker", case="10-RD-000017")
    count_votes(path, [3, 2])
    journal = Journal.open(path)
    journal.start_session()
    challenged = journal.append(Action.CALL, Call.CHALLENGE)
    journal.append(Action.AMEND, target=challenged.seq, detail={"party": "petitioner"})
    journal.close()
    by_party = tally(path)["challenges_by_party"]
    assert isinstance(by_party, dict) and by_party["union"] == 1
    listed = json.loads(station("challenges", path, "--json").stdout)["challenges"]
    assert [row["party"] for row in listed] == ["union"]
    assert "Votes FOR the union:" in station("tally", path).stdout


def test_a_long_union_name_never_runs_into_its_figure(tmp_path: Path) -> None:
    # A name of 60 characters that ends in a number: set against its figure it read
    # "Local 1424:14"; wrapped, its figure stands in the column every figure stands in.
    long_name = "International Union of Operating Engineers, Local Union 1424"
    assert len(long_name) == 60
    path = tmp_path / "long.station"
    new(path, "--union", long_name, "--intervenor", "Carpenters")
    count_votes(path, [14, 9, 3])
    text = station("tally", path).stdout.splitlines()
    at = next(i for i, line in enumerate(text) if line.startswith("Votes for International"))
    end = next(i for i in range(at, len(text)) if re.search(r":  +14$", text[i]))
    wrapped = text[at : end + 1]
    assert len(wrapped) > 1 and all(line.startswith("  ") for line in wrapped[1:])
    assert " ".join(" ".join(wrapped).split()) == f"Votes for {long_name}: 14"
    column = len("Ballots counted:                       ")
    for line in [text[end], *text[end + 1 : end + 3], text[at - 1]]:  # and void ballots'
        assert line[column - 1] == " " and line[column] != " ", line
    assert text[end + 1 : end + 3] == [
        "Votes for Carpenters:                  9",
        "Votes for Neither:                     3",
    ]
    assert all(len(line) < 80 for line in wrapped)


def test_a_signed_tied_runoff_without_its_box_is_decided_as_its_sheet_says(
    tmp_path: Path,
) -> None:
    """A runoff split 5-5 with no --ballots: the final tally states the result (no union
    certified), and `tally --json` says it is decided, not "undecided" beside it."""
    path = tmp_path / "first.station"
    new(path, *THREE)
    count_votes(path, [12, 10, 8])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    runoff = tmp_path / "runoff.station"
    assert station("new", runoff, "--runoff-of", path).returncode == 0
    journal = Journal.open(runoff)
    journal.start_session()
    for choice in (1, 2) * 5:
        journal.append(Action.CALL, Call.FOR, detail={"choice": choice})
    journal.close()
    assert tally(runoff)["result_decided"] is False  # the box size is not known yet
    signed = station("sign", runoff, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr

    summary = tally(runoff)
    assert summary["ballots"] is None
    assert "only one runoff is held" in summary["statements"]["runoff"]  # type: ignore[index]
    assert summary["result_decided"] is True and summary["outcome_so_far"] == "decided"


def test_a_signed_election_without_its_box_is_decided(tmp_path: Path) -> None:
    """One union, no --ballots: the final sheet declares the count complete."""
    path = tmp_path / "one.station"
    new(path, "--union", "Machinists")
    count_votes(path, [3, 1])
    assert tally(path)["outcome_so_far"] == "undecided"
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    summary = tally(path)
    assert summary["result_decided"] is True and summary["outcome_so_far"] == "union wins"


def test_station_new_names_the_choices_of_every_election(tmp_path: Path) -> None:
    """A plain RC, RD or RM ballot's choices are said as another ballot's are."""
    plain = ["--employer", "Acme", "--union", "Teamsters", "--eligible", "5"]
    for case in ("10-RC-000001", "10-RD-000001", "10-RM-000001"):
        made = station("new", tmp_path / f"{case}.station", "--case", case, *plain)
        assert made.returncode == 0, made.stderr
        assert made.stdout.endswith("; choices: FOR (Teamsters), AGAINST\n"), made.stdout
    made = station("new", tmp_path / "unit.station", "--case", "10-RC-000002", *plain,
                   "--unit", "All drivers")  # fmt: skip
    assert made.stdout.endswith("; choices: FOR (Teamsters), AGAINST\n"), made.stdout
