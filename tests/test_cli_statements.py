"""`station tally` says lines 8-9 only once the count is over, and whether it is locked."""

import json
from pathlib import Path

from station.domain import Call
from tests.cli_helpers import NEW, count_into
from tests.cli_helpers import station_here as station


def test_tally_mid_count_does_not_state_the_result(tmp_path: Path) -> None:
    path = tmp_path / "demo.station"
    made = station("new", path, *NEW, "--eligible", "160", "--ballots", "10", "--agent", "R. A")
    assert made.returncode == 0, made.stderr
    count_into(path, [Call.FOR] * 5 + [Call.AGAINST] * 2)
    text = station("tally", path).stdout
    assert "A majority of the valid votes counted plus challenged ballots has been" not in text
    assert "Challenges are not sufficient" not in text
    assert "is not yet determined: 3 ballots remain uncounted." in text
    assert "The count is open: calls can be recorded." in text
    summary = json.loads(station("tally", path, "--json").stdout)
    assert summary["statements"]["9"].endswith("is not yet determined: 3 ballots remain uncounted.")
    # The last ballots counted: the statements state the result.
    count_into(path, [Call.FOR] * 3)
    text = station("tally", path).stdout
    assert "Challenges are not sufficient in number to affect the results of the election." in text
    assert "has been cast for Amazon Labor Union." in text


def test_tally_says_when_the_count_is_locked(tmp_path: Path) -> None:
    path = tmp_path / "paused.station"
    station("new", path, *NEW, "--eligible", "160", "--ballots", "10", "--agent", "R. A")
    count_into(path, [Call.FOR] * 4)
    paused = station("sign", path, "--interim")
    assert paused.returncode == 0, paused.stderr
    text = station("tally", path).stdout
    assert "The count is paused (locked) by the interim tally prepared at event" in text
    assert "is not yet determined: this is an interim tally; the count goes on." in text


def test_a_final_sheet_of_no_ballots_is_refused_unless_confirmed(tmp_path: Path) -> None:
    path = tmp_path / "empty.station"
    station("new", path, *NEW, "--eligible", "60", "--ballots", "50", "--agent", "R. A")
    refused = station("sign", path)
    assert refused.returncode == 2
    assert refused.stderr == (
        "station: Nothing is counted (0 of 50 ballots counted): a final tally would certify no"
        " ballots at all; if the agent confirms it, add --none-counted\n"
    )
    assert "sign" not in station("log", path).stdout  # nothing was written
    confirmed = station("sign", path, "--none-counted")
    assert confirmed.returncode == 0, confirmed.stderr
    assert "Final tally prepared" in confirmed.stdout
