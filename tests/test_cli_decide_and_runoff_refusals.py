"""When `station decide` and a runoff are refused: a second decision, a runoff while
challenges are determinative, and a decision or a runoff from one table's count alone.
Each is a one-line refusal (exit 2) that writes nothing, or a true count."""

from pathlib import Path

from tests.cli_helpers import one_line_refusal
from tests.kinds_helpers import count_votes, new, station, tally


def test_a_second_decision_names_the_one_recorded(first_count: Path) -> None:
    made = station("decide", first_count, "--open", "1,4,6", "--sustain", "5", "--by", "RD 29")
    assert made.returncode == 0, made.stderr
    seq = int(made.stdout.split("at event ")[1].split(":")[0])
    before = first_count.read_bytes()
    err = one_line_refusal(station("decide", first_count, "--sustain", "1", "--by", "RD 29"))
    assert f"a decision is already recorded (event {seq}, by RD 29)" in err
    assert "Revised Tally" in err and "once a final tally is prepared" not in err
    assert first_count.read_bytes() == before  # a refusal writes nothing


TEAMSTERS = ["--union", "Teamsters 901", "--intervenor", "WWU"]


def test_no_runoff_while_challenges_are_determinative_then_one_from_the_revised_tally(
    tmp_path: Path, qapp: object
) -> None:
    """Teamsters 5, WWU 4, Neither 3, 1 challenged of 14: the challenged ballot could make
    it 5/4/4 (a rerun), so the runoff waits for the decision and the Revised Tally."""
    first = tmp_path / "t3.station"
    new(first, *TEAMSTERS, eligible="14")
    count_votes(first, [5, 4, 3], challenged=1)
    assert station("sign", first, "--agent", "R. Agent").returncode == 0
    assert tally(first)["challenges_determinative"] is True
    err = one_line_refusal(station("new", tmp_path / "ro.station", "--runoff-of", first))
    assert "challenges are determinative" in err and "Revised Tally" in err
    assert not (tmp_path / "ro.station").exists()
    decided = station("decide", first, "--open", "1", "--by", "RD", "--reveal-ok")
    assert decided.returncode == 0, decided.stderr
    count_votes(first, [1, 0, 0])  # the opened ballot: Teamsters, 6/4/3 of 13, no majority
    assert station("sign", first, "--agent", "R. Agent").returncode == 0
    assert tally(first)["locked"] == "revised"
    made = station("new", tmp_path / "ro.station", "--runoff-of", first)
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "revised-export"
    assert station("export", first, "--out", folder).returncode == 0
    from_export = station("new", tmp_path / "ro2.station", "--runoff-of", folder)
    assert from_export.returncode == 0, from_export.stderr
    runoff = tally(tmp_path / "ro.station")
    assert runoff["runoff_of"] == tally(tmp_path / "ro2.station")["runoff_of"]


def test_no_runoff_and_no_decision_on_one_tables_count(tmp_path: Path, qapp: object) -> None:
    table = tmp_path / "f.station"
    new(table, "--union", "U1", "--intervenor", "U2", "--table", "F", eligible="8")
    count_votes(table, [2, 2, 1], challenged=1)
    assert station("sign", table, "--agent", "R. Agent").returncode == 0
    before = table.read_bytes()
    err = one_line_refusal(station("new", tmp_path / "ro.station", "--runoff-of", table))
    assert "Table F alone" in err and not (tmp_path / "ro.station").exists()
    err = one_line_refusal(station("decide", table, "--open", "1", "--by", "RD"))
    assert "Table F alone" in err and "never decided table by table" in err
    assert table.read_bytes() == before
