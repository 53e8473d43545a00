"""The hearing in an election of voting groups: `station decide` judges each unit's
challenges, the opened ballots are counted in their own group, and the Revised Tally of
each group and pooled unit is signed, exported and verified."""

import json
from pathlib import Path

from station.domain import Call
from station.domain.description import Vote
from station.domain.resolution_statements import progress_statement
from station.journal import Journal
from station.journal.seal import station_secret
from station.journal.session import CountSession
from tests.cli_helpers import one_line_refusal
from tests.groups_helpers import calls, new
from tests.kinds_helpers import count_votes, station, tally

SIGN = ("--agent", "R. Agent", "--observer", "Employer:A. Smith")


def signed(path: Path) -> None:
    done = station("sign", path, *SIGN)
    assert done.returncode == 0, done.stderr


def call_opened(path: Path, *ballots: tuple[str, Call, str | None]) -> None:
    """Calls of the revised count, through the session's checks."""
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        for group, call, answer in ballots:
            session.record(Vote(call, group=group, inclusion=answer))


def two_units(path: Path) -> None:
    """Unit A: 2 FOR, 1 AGAINST, 2 challenged (determinative); unit B: 3 FOR, 1 AGAINST,
    1 challenged (not). Register numbers 1 and 2 are group A's, 3 group B's."""
    new(path, "--ballots", "A=5", "--ballots", "B=5")
    calls(
        path,
        ("A", Call.FOR, None), ("A", Call.CHALLENGE, None), ("A", Call.FOR, None),
        ("A", Call.AGAINST, None), ("A", Call.CHALLENGE, None),
        ("B", Call.FOR, None), ("B", Call.CHALLENGE, None), ("B", Call.FOR, None),
        ("B", Call.FOR, None), ("B", Call.AGAINST, None),
    )  # fmt: skip
    signed(path)


def test_a_challenge_of_a_unit_it_cannot_change_is_not_opened(tmp_path: Path) -> None:
    path = tmp_path / "units.station"
    two_units(path)
    listed = json.loads(station("challenges", path, "--json").stdout)["challenges"]
    assert [(row["number"], row["group"]) for row in listed] == [(1, "A"), (2, "A"), (3, "B")]
    assert "group B: challenged by" in station("challenges", path).stdout
    refused = station("decide", path, "--open", "3", "--by", "R. Director")
    words = one_line_refusal(refused)
    assert "challenge 3" in words and "unit B" in words and "not determinative" in words
    # Unit A's two challenges could change its result: they may be opened.
    done = station("decide", path, "--open", "1,2", "--sustain", "3", "--by", "R. Director")
    assert done.returncode == 0, done.stderr


def test_opened_ballots_are_counted_in_their_own_group(tmp_path: Path) -> None:
    path = tmp_path / "units.station"
    two_units(path)
    done = station("decide", path, "--open", "1,2", "--sustain", "3", "--by", "R. Director")
    assert done.returncode == 0, done.stderr
    before = tally(path)["groups"]
    assert isinstance(before, list)
    # Ordered opened and not yet counted: still on group A's line 6; B's sustained one is off.
    assert [(g["key"], g["challenged"]) for g in before] == [("A", 2), ("B", 0)]
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        try:
            session.record(Vote(Call.FOR, group="B"))
            raise AssertionError("a ballot of group B was counted with group A's")
        except ValueError as error:
            assert "group B" in str(error) and "ordered opened" in str(error)
    call_opened(path, ("A", Call.AGAINST, None))
    with Journal.open(path, read_only=True) as journal:
        said = progress_statement(journal.restore(trust_snapshots=False), None)
    assert said.startswith("Revised count: 1 of 2 opened ballots counted")
    assert said.endswith("; still to count: 1 in group A")
    call_opened(path, ("A", Call.AGAINST, None))
    summary = tally(path)
    assert [(g["key"], g["for"], g["against"], g["challenged"]) for g in summary["groups"]] == [
        ("A", 2, 3, 0),
        ("B", 3, 1, 0),
    ]
    units = summary["units"]
    assert isinstance(units, list)
    assert [(u["groups"], u["majority_for"], u["challenges_determinative"]) for u in units] == [
        (["A"], False, False),
        (["B"], True, False),
    ]


def test_the_revised_tally_of_each_group_is_signed_exported_and_verified(
    tmp_path: Path,
) -> None:
    path = tmp_path / "units.station"
    two_units(path)
    station("decide", path, "--open", "1,2", "--sustain", "3", "--by", "R. Director")
    call_opened(path, ("A", Call.AGAINST, None), ("A", Call.VOID, None))
    signed(path)
    out = tmp_path / "out"
    exported = station("export", path, "--out", out)
    assert exported.returncode == 0, exported.stderr
    document = json.loads((out / "tally.json").read_text())
    sheet = document["sheet"]
    assert sheet["title"] == "Revised"
    group_a, group_b = sheet["groups"]
    columns = group_a["columns"]
    # Original | challenged ballots counted | sustained (set aside) | final, line by line.
    assert [columns[c]["4"] for c in ("original", "challenged_counted", "set_aside", "final")] == [
        1,
        1,
        0,
        2,
    ]
    assert [columns[c]["6"] for c in ("original", "challenged_counted", "final")] == [2, -2, 0]
    assert columns["final"]["2"] == 1  # the opened ballot called VOID
    assert group_b["columns"]["set_aside"]["6"] == -1 and group_b["columns"]["final"]["6"] == 0
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    from station.verification.pdf_text import pdf_problem

    pdf = (out / "tally.pdf").read_bytes()
    assert pdf_problem(pdf, document) is None
    document["sheet"]["groups"][0]["columns"]["original"]["3"] = 7  # not what the page shows
    problem = pdf_problem(pdf, document)
    assert problem is not None and "voting group A" in problem


def test_opened_professional_ballots_can_pool_the_units(tmp_path: Path) -> None:
    path = tmp_path / "sonotone.station"
    new(path, "--sonotone", "A", "--ballots", "A=4", "--ballots", "B=3")
    calls(
        path,
        ("A", Call.FOR, "yes"), ("A", Call.FOR, "no"), ("A", Call.CHALLENGE, None),
        ("A", Call.CHALLENGE, None),
        ("B", Call.FOR, None), ("B", Call.AGAINST, None), ("B", Call.AGAINST, None),
    )  # fmt: skip
    signed(path)
    first = tally(path)["units"]
    assert isinstance(first, list)
    # A tie on question 1 is no majority: two units, and the challenges could turn it.
    assert [(u["groups"], u["challenges_determinative"]) for u in first] == [
        (["A"], True),
        (["B"], True),
    ]
    done = station("decide", path, "--open", "1,2", "--by", "R. Director")
    assert done.returncode == 0, done.stderr
    call_opened(path, ("A", Call.AGAINST, "yes"), ("A", Call.AGAINST, "yes"))
    summary = tally(path)
    units = summary["units"]
    assert isinstance(units, list)
    assert [(u["groups"], u["for"], u["against"], u["majority_for"]) for u in units] == [
        (["A", "B"], 3, 4, False)
    ]
    signed(path)
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    (unit,) = json.loads((out / "tally.json").read_text())["sheet"]["units"]
    # The pooled unit's columns hold the same groups before and after.
    assert unit["columns"]["original"]["3"] == 3 and unit["columns"]["final"]["4"] == 4
    key = station("key").stdout.split()[-1]
    verified = station("verify", out, "--key", key)
    assert verified.returncode == 0, verified.stdout + verified.stderr


def test_a_settled_challenge_leaves_its_groups_line_6(tmp_path: Path) -> None:
    path = tmp_path / "units.station"
    new(path, "--ballots", "A=3", "--ballots", "B=2")
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        withdrawn = session.record(Vote(Call.CHALLENGE, group="A")).event.seq
        sustained = session.record(Vote(Call.CHALLENGE, group="B")).event.seq
        session.settle(withdrawn, "withdrawn")  # opened at the table, called again
        session.settle(sustained, "sustained")  # set aside, never opened
        session.record(Vote(Call.FOR, group="A"))
    groups = tally(path)["groups"]
    assert isinstance(groups, list)
    assert [(g["key"], g["for"], g["challenged"]) for g in groups] == [("A", 1, 0), ("B", 0, 0)]
    text = station("tally", path).stdout
    assert "1 of 3 ballots counted" in text and "1 of 2 ballots counted" in text


def test_a_runoff_of_groups_is_refused_saying_so(tmp_path: Path) -> None:
    path = tmp_path / "units.station"
    two_units(path)
    made = station("new", tmp_path / "next.station", "--runoff-of", path)
    words = one_line_refusal(made)
    assert "does not make the" in words and "election of voting groups" in words
    for option in ("--runoff-of", "--rerun-of"):
        asked = station(
            "new", tmp_path / "next.station", option, path, "--group", "A=P", "--group", "B=N",
            "--eligible", "A=3", "--eligible", "B=4",
        )  # fmt: skip
        assert "--group with " + option in one_line_refusal(asked)
    assert not (tmp_path / "next.station").exists()


def test_a_rerun_of_groups_holds_the_same_groups_again(tmp_path: Path) -> None:
    path = tmp_path / "units.station"
    two_units(path)
    rerun = tmp_path / "rerun.station"
    made = station("new", rerun, "--rerun-of", path)
    assert made.returncode == 0, made.stderr
    first, again = tally(path), tally(rerun)
    assert [(g["key"], g["name"], g["eligible"]) for g in again["groups"]] == [  # type: ignore[union-attr]
        (g["key"], g["name"], g["eligible"])
        for g in first["groups"]  # type: ignore[union-attr]
    ]
    assert again["rerun_of"]["cause"] == "objections"  # type: ignore[index]


def test_a_rerun_of_groups_takes_each_groups_eligible_voters_anew(tmp_path: Path) -> None:
    """A rerun is held on an eligibility date of its own: --eligible KEY=N gives a group's
    line 1 now, --ballots KEY=N its box; a group not named keeps its first figure."""
    path = tmp_path / "units.station"
    two_units(path)  # A 30 eligible, B 80
    rerun = tmp_path / "rerun.station"
    made = station(
        "new", rerun, "--rerun-of", path, "--eligible", "A=9", "--ballots", "A=7",
        "--ballots", "B=60",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    again = tally(rerun)
    assert [(g["key"], g["eligible"], g["ballots"]) for g in again["groups"]] == [  # type: ignore[union-attr]
        ("A", 9, 7),
        ("B", 80, 60),
    ]
    assert (again["eligible"], again["ballots"]) == (89, 67)


def test_a_rerun_of_groups_refuses_a_figure_not_given_by_group(tmp_path: Path) -> None:
    path = tmp_path / "units.station"
    two_units(path)
    other = tmp_path / "other.station"
    for option in ("--eligible", "--ballots"):
        asked = station("new", other, "--rerun-of", path, option, "9")
        assert f"give each group's figure as {option} KEY=N (groups A, B)" in (
            one_line_refusal(asked)
        )
    unknown = station("new", other, "--rerun-of", path, "--eligible", "C=9")
    words = one_line_refusal(unknown)
    assert "no group C" in words
    assert "A (Professional employees), B (Nonprofessional employees)" in words
    assert not other.exists()


def test_a_group_figure_for_the_rerun_of_one_group_is_refused(tmp_path: Path) -> None:
    first = tmp_path / "first.station"
    made = station(
        "new", first, "--case", "10-RC-000026", "--employer", "Mercy Hospital", "--union",
        "Nurses United", "--eligible", "30",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    count_votes(first, [1, 0])
    signed(first)
    asked = station("new", tmp_path / "r.station", "--rerun-of", first, "--eligible", "A=9")
    assert "has no voting groups: give --eligible N" in one_line_refusal(asked)
