"""`station consolidate` of the tables' exports: never of one table alone, never said
intact when made of one, never checked against a witness; its words for the tables."""

from pathlib import Path

import pytest

from station.domain.table_statements import tables_counted_statement
from station.sheet.keys import create_key
from tests.cli_helpers import one_line_refusal
from tests.kinds_helpers import station
from tests.tables.helpers import table_export


@pytest.fixture(scope="module")
def two_tables(qapp: object, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("tables")
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
    """Made by a Station that did not refuse it (here with the check switched off):
    signed, yet it states one table's count as the election's result, so verify says so."""
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
