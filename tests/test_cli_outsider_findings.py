"""An outsider's first hour with Station: a second decision, a runoff from determinative
challenges, a consolidation of one table, a witness held against a consolidation, and
empty `--table` / `--neither` values. Each a one-line refusal (exit 2) or a true count."""

import subprocess
from pathlib import Path

import pytest

from station.domain.table_statements import tables_counted_statement
from station.sheet.keys import create_key
from tests.tables.helpers import table_export
from tests.test_cli_kinds import count_votes, new, station, tally
from tests.test_cli_revised import first_count, first_count_once  # noqa: F401 (fixtures)


def one_line_refusal(done: subprocess.CompletedProcess[str]) -> str:
    """The refusal's line, once it is known to be one line, exit 2, no traceback."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    err = done.stderr
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_a_second_decision_names_the_one_recorded(first_count: Path) -> None:  # noqa: F811
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
    decided = station("decide", first, "--open", "1", "--by", "RD")
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


@pytest.fixture(scope="module")
def two_tables(qapp: object, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("outsider-tables")
    key = create_key(folder / "key.pem")
    return [table_export(folder, "A", "FFAC", key), table_export(folder, "B", "AAVF", key)]


def test_a_consolidation_of_one_table_is_refused(two_tables: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "cons"
    err = one_line_refusal(station("consolidate", "--out", out, two_tables[0]))
    assert "two or more tables" in err and not out.exists()
    assert list(tmp_path.iterdir()) == []  # no staging folder either


def test_a_one_table_consolidation_of_an_earlier_version_is_not_intact(
    two_tables: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Made before the refusal (the check switched off as it was then): signed, yet it
    states one table's count as the election's result, so verify says so."""
    import station.sheet.consolidate as consolidate_module
    from station.sheet.keys import key_for_signing

    with monkeypatch.context() as patched:
        patched.setattr(consolidate_module, "_at_least_two", lambda sources: None)
        consolidate_module.consolidate([two_tables[0]], tmp_path / "cons", key_for_signing())
    done = station("verify", tmp_path / "cons")
    assert done.returncode == 1 and "NOT INTACT" in done.stderr
    assert "sums 1 table;" in done.stderr and "two or more tables" in done.stderr


def test_a_witness_is_never_said_ok_against_a_consolidation(
    two_tables: list[Path], tmp_path: Path
) -> None:
    out = tmp_path / "cons"
    assert station("consolidate", "--out", out, *two_tables).returncode == 0
    witness = tmp_path / "other.witness"
    witness.write_bytes(b"not even a witness file")
    err = one_line_refusal(station("verify", out, "--witness", witness))
    assert "--witness checks an election file or one table's export" in err


def test_the_count_of_tables_is_written_in_good_english() -> None:
    assert tables_counted_statement(2) == "the sum of 2 tables' signed tally sheets"
    assert "table'" not in tables_counted_statement(1)
    assert tables_counted_statement(1) == "the signed tally sheet of 1 table"


@pytest.mark.parametrize(
    ("option", "words"), [("--table", "a table's label"), ("--neither", "the no-union choice")]
)
@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_table_or_neither_is_refused(
    tmp_path: Path, option: str, words: str, empty: str
) -> None:
    path = tmp_path / "e.station"
    done = station(
        "new", path, "--case", "10-RC-000017", "--employer", "E", "--union", "U",
        "--eligible", "10", option, empty,
    )  # fmt: skip
    err = one_line_refusal(done)
    assert f"{option} is empty" in err and words in err
    assert not path.exists()


# A second outsider, checking the fixes, found three more.


def test_no_runoff_and_no_decision_on_one_tables_count(tmp_path: Path, qapp: object) -> None:
    table = tmp_path / "f.station"
    new(table, "--union", "U1", "--intervenor", "U2", "--table", "F", eligible="8")
    count_votes(table, [2, 2, 1], challenged=1)
    assert station("sign", table, "--agent", "R. Agent").returncode == 0
    before = table.read_bytes()
    err = one_line_refusal(station("new", tmp_path / "ro.station", "--runoff-of", table))
    assert "Table F alone" in err and not (tmp_path / "ro.station").exists()
    err = one_line_refusal(station("decide", table, "--open", "1", "--by", "RD"))
    assert "Table F alone" in err and "never table by table" in err
    assert table.read_bytes() == before


def test_an_intervenor_that_is_the_first_union_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "e.station"
    made = station(
        "new", path, "--case", "10-RC-100001", "--employer", "E", "--union", "U",
        "--intervenor", " u ", "--eligible", "5",
    )  # fmt: skip
    assert "not an intervenor" in one_line_refusal(made)
    assert not path.exists()
