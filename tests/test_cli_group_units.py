"""`station tally` of an election of several units: each unit's figures and result, and
its lines 8-9 stated as final once its ballots are counted or a final sheet is prepared."""

from pathlib import Path

from station.domain import Call
from tests.groups_helpers import calls, new
from tests.kinds_helpers import station

# Unit A: 2 to 1 for the union. Unit B: 1 to 1, one ballot challenged (it decides B).
BALLOTS = (
    ("A", Call.FOR, None), ("A", Call.FOR, None), ("A", Call.AGAINST, None),
    ("B", Call.FOR, None), ("B", Call.AGAINST, None), ("B", Call.CHALLENGE, None),
)  # fmt: skip
FINAL_B = "Unit B: challenges are sufficient to affect the result \u2014 no choice has a majority"


def _units(path: Path) -> list[str]:
    done = station("tally", path)
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line.startswith("Unit ")]


def test_every_ballot_counted_states_each_units_line_8(tmp_path: Path) -> None:
    path = tmp_path / "two-units.station"
    new(path, "--ballots", "A=3", "--ballots", "B=3")
    calls(path, *BALLOTS[:-1])
    assert _units(path)[1].startswith("Unit B: not yet determined")  # a ballot is left
    calls(path, BALLOTS[-1])  # the last ballot of the boxes
    assert _units(path) == [
        "Unit A: challenges are not sufficient to affect the result \u2014 a majority for"
        " Nurses United",
        FINAL_B,
    ]
    signed = station("sign", path, "--agent", "R. Agent")
    assert signed.returncode == 0, signed.stderr
    assert _units(path)[1] == FINAL_B


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
    assert _units(path)[1] == FINAL_B
