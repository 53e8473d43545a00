"""`station tally` of an election of several units: each unit's figures and result, and
its lines 8-9 stated as final once its ballots are counted or a final sheet is prepared."""

import json
from pathlib import Path

from station.domain import Call
from station.domain.group_sheet import SEPARATE_TALLIES
from station.verification.sheet_page import sheet_text
from tests.groups_helpers import calls, new
from tests.kinds_helpers import station, tally

# Unit A: 2 to 1 for the union. Unit B: 1 to 1, one ballot challenged (it decides B).
BALLOTS = (
    ("A", Call.FOR, None), ("A", Call.FOR, None), ("A", Call.AGAINST, None),
    ("B", Call.FOR, None), ("B", Call.AGAINST, None), ("B", Call.CHALLENGE, None),
)  # fmt: skip
# Unit A for the union, unit B against it.
APART = (
    ("A", Call.FOR, None), ("A", Call.FOR, None), ("A", Call.AGAINST, None),
    ("B", Call.FOR, None), ("B", Call.AGAINST, None), ("B", Call.AGAINST, None),
)  # fmt: skip
FINAL_B = "challenges are sufficient to affect the result \u2014 no choice has a majority"


def _units(path: Path) -> list[str]:
    done = station("tally", path)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line.startswith("Unit ")]


def test_every_ballot_counted_states_each_units_line_8(tmp_path: Path) -> None:
    path = tmp_path / "two-units.station"
    new(path, "--ballots", "A=3", "--ballots", "B=3")
    calls(path, *BALLOTS[:-1])
    assert "\u2014 not yet determined" in _units(path)[1]  # a ballot is left
    calls(path, BALLOTS[-1])  # the last ballot of the boxes
    unit_a, unit_b = _units(path)
    assert unit_a.endswith(
        "challenges are not sufficient to affect the result \u2014 a majority for Nurses United"
    )
    assert unit_b.endswith(FINAL_B)
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    assert _units(path)[1].endswith(FINAL_B)


def test_a_final_sheet_states_each_units_result_where_no_box_was_given(tmp_path: Path) -> None:
    path = tmp_path / "two-units.station"
    new(path)
    calls(path, *BALLOTS)
    assert "not yet determined" in _units(path)[1]  # more ballots may come
    interim = station("sign", path, "--agent", "R. Agent", "--interim")
    assert interim.returncode == 0, interim.stderr
    assert "not yet determined" in _units(path)[1]
    assert station("reopen", path, "--reason", "resumed").returncode == 0
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    assert _units(path)[1].endswith(FINAL_B)


def test_units_decided_apart_are_never_summed_anywhere(tmp_path: Path) -> None:
    """*Sutherland Paper*, 7-RC-2677: one tally per voting group and per pooled unit.
    Unit A votes for the union, unit B against: no line adds them up."""
    path = tmp_path / "two-units.station"
    new(path, "--ballots", "A=3", "--ballots", "B=3")
    calls(path, *APART)
    text = station("tally", path).stdout.splitlines()
    assert not [line for line in text if line.startswith(("Votes", "Void", "Valid"))]
    assert _units(path) == [
        "Unit A: FOR 2 \u00b7 AGAINST 1 \u00b7 void 0 \u00b7 challenged 0 \u2014"
        " challenges are not sufficient to affect the result \u2014 a majority for Nurses United",
        "Unit B: FOR 1 \u00b7 AGAINST 2 \u00b7 void 0 \u00b7 challenged 0 \u2014"
        " challenges are not sufficient to affect the result \u2014 a majority AGAINST (no union)",
    ]
    summary = tally(path)
    assert not set(summary) & {"for", "against", "majority_for_union", "outcome_so_far"}
    assert not set(summary) & {"result_decided", "challenges_determinative", "statements"}
    assert summary["counted"] == 6  # the count's progress is still the whole count's
    units = summary["units"]
    assert isinstance(units, list)
    assert [(u["for"], u["against"], u["majority_for"]) for u in units] == [
        (2, 1, True),
        (1, 2, False),
    ]
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    sheet = json.loads((out / "tally.json").read_text())["sheet"]
    assert not set(sheet) & {"lines", "statements"}
    page = sheet_text(json.loads((out / "tally.json").read_text()))
    assert [block for block in page if "eligible voters" in block] == [
        "Approximate number of eligible voters"
    ] * 2  # group A's and group B's, and no tally of both
    assert "110" not in page and SEPARATE_TALLIES in page
    verified = station("verify", out).stdout.splitlines()
    assert verified[0].endswith(
        ": 2 voting groups, 2 units, each with its own tally (below); no tally adds them up."
    )


def test_one_pooled_unit_states_its_figures_as_the_units(tmp_path: Path) -> None:
    path = tmp_path / "pooled.station"
    new(path, "--sonotone", "A", "--ballots", "A=2", "--ballots", "B=1")
    calls(path, ("A", Call.FOR, "yes"), ("A", Call.FOR, "yes"), ("B", Call.AGAINST, None))
    text = station("tally", path).stdout
    assert "\nVotes FOR" not in text
    # The pooled unit's own figures are said with its result.
    assert (
        "\nUnit A + B (Professional employees and Nonprofessional employees): FOR 2"
        " \u00b7 AGAINST 1 \u00b7 void 0 \u00b7 challenged 0 \u2014 challenges" in text
    )
    assert "statements" not in tally(path)
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    verified = station("verify", out).stdout.splitlines()
    assert verified[0].endswith(
        ": 2 voting groups, 1 unit, each with its own tally (below); no tally adds them up."
    )
    assert verified[2].startswith(
        "  Unit A + B (Professional employees and Nonprofessional employees): 2 FOR,"
        " 1 AGAINST, 0 void, 0 challenged."
    )


def test_verify_states_each_units_figures_and_result_from_the_signed_sheet(
    tmp_path: Path,
) -> None:
    path = tmp_path / "two-units.station"
    new(path, "--ballots", "A=3", "--ballots", "B=3")
    calls(path, *BALLOTS)
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    out = tmp_path / "out"
    assert station("export", path, "--out", out).returncode == 0
    verified = station("verify", out)
    assert verified.returncode == 0, verified.stderr
    lines = verified.stdout.splitlines()
    # The OK line and the next stay as the verifier page says them, word for word.
    assert lines[0].endswith(
        ": 2 voting groups, 2 units, each with its own tally (below); no tally adds them up."
    )
    assert lines[1].startswith("Every line and the PDF match")
    assert lines[2:] == [
        "  Unit A (Professional employees): 2 FOR, 1 AGAINST, 0 void, 0 challenged."
        " Challenges are not sufficient in number to affect the results of the election."
        " A majority of the valid votes counted plus challenged ballots has been cast for"
        " Nurses United.",
        "  Unit B (Nonprofessional employees): 1 FOR, 1 AGAINST, 0 void, 1 challenged."
        " Challenges are sufficient in number to affect the results of the election."
        " A majority of the valid votes counted plus challenged ballots has not been cast"
        " for Nurses United.",
    ]


def test_a_signed_sonotone_election_without_its_boxes_reads_as_its_sheet(
    tmp_path: Path,
) -> None:
    """No --ballots given: once the final tally is prepared the count is over, so
    question 1 and the pooled unit's result are stated as the sheet states them."""
    path = tmp_path / "sonotone.station"
    new(path, "--sonotone", "A")
    calls(
        path,
        ("A", Call.FOR, "yes"), ("A", Call.FOR, "yes"), ("A", Call.AGAINST, "no"),
        ("B", Call.FOR, None), ("B", Call.AGAINST, None),
    )  # fmt: skip
    assert "question 1 (inclusion): yes so far" in station("tally", path).stdout
    signed = station("sign", path, "--agent", "R. Agent", "--observer", "Employer:A. Smith")
    assert signed.returncode == 0, signed.stderr

    text = station("tally", path).stdout
    assert "Group A voted for inclusion: its votes are pooled" in text
    assert "not yet determined" not in text
    (unit,) = tally(path)["units"]  # type: ignore[misc]
    assert unit["groups"] == ["A", "B"] and unit["majority_for"] is True
    assert unit["result_decided"] is True
