"""`station verify FOLDER` on a consolidation: any change names the table and the file."""

import json
import shutil
from pathlib import Path

import pytest

from station.cli import main
from station.sheet.keys import StationKey, key_for_signing
from station.sheet.verify_consolidation import verify_consolidation
from station.verification.document import canonical_json
from tests.tables.helpers import resign


@pytest.fixture
def copy(made: tuple[Path, StationKey], tmp_path: Path) -> Path:
    shutil.copytree(made[0], tmp_path / "copy")
    return tmp_path / "copy"


def test_an_intact_consolidation_verifies_against_its_key(
    made: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["verify", str(made[0]), "--key", made[1].fingerprint]) == 0
    out = capsys.readouterr().out
    assert "OK: Table A (tables/table-A)" in out and "OK: Table B (tables/table-B)" in out


@pytest.mark.parametrize("name", ["journal.jsonl", "tally.pdf", "tally.json", "manifest.sig"])
def test_a_changed_file_of_a_table_names_the_table_and_the_file(copy: Path, name: str) -> None:
    path = copy / "tables" / "table-B" / name
    path.write_bytes(path.read_bytes()[:-2] + b"0\n")
    verdict = verify_consolidation(copy)
    assert not verdict.ok
    assert f"Table B: tables/table-B/{name} was changed" in str(verdict.problem)


def test_a_table_export_re_signed_by_its_own_key_is_named(
    copy: Path, made: tuple[Path, StationKey]
) -> None:
    """A forger holding the table's key re-signs a changed journal: the table's own check,
    against the key the consolidation names, finds the journal and the sheet apart."""
    table = copy / "tables" / "table-A"
    lines = (table / "journal.jsonl").read_bytes().splitlines(keepends=True)
    (table / "journal.jsonl").write_bytes(b"".join(lines[:-1]))
    resign(table, made[1])
    resign(copy, made[1])
    verdict = verify_consolidation(copy)
    assert not verdict.ok and str(verdict.problem).startswith("Table A (tables/table-A): ")


def test_a_changed_sum_names_the_line(copy: Path, made: tuple[Path, StationKey]) -> None:
    document = json.loads((copy / "tally.json").read_bytes())
    document["lines"]["3"] += 1
    (copy / "tally.json").write_bytes(canonical_json(document))
    resign(copy, made[1])
    verdict = verify_consolidation(copy)
    assert not verdict.ok
    assert str(verdict.problem).startswith("tally.json: line 3 (Number of votes cast for")


def test_an_unexpected_key_is_refused(copy: Path) -> None:
    other = key_for_signing()
    verdict = verify_consolidation(copy, expected_key=other.fingerprint)
    assert not verdict.ok and f"not by the expected key {other.fingerprint}" in str(verdict.problem)


def test_a_file_beside_the_signed_ones_is_named(copy: Path) -> None:
    (copy / "tables" / "table-A" / "notes.txt").write_text("x")
    verdict = verify_consolidation(copy)
    assert verdict.problem == "'tables/table-A/notes.txt' is not part of the signed consolidation"


def test_the_command_says_not_intact_in_one_line(
    copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (copy / "tables" / "table-B" / "tally.pdf").write_bytes(b"%PDF-1.4\n")
    assert main(["verify", str(copy)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "NOT INTACT" in err and "table-B/tally.pdf" in err


def test_a_forged_list_of_tables_is_not_intact_in_one_line(
    copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Signed by anyone's key, a tally.json whose rows are not Station's is named, never a
    traceback."""
    document = json.loads((copy / "tally.json").read_bytes())
    document["tables"][0] = {"folder": "../../etc"}
    (copy / "tally.json").write_bytes(canonical_json(document))
    resign(copy, key_for_signing())
    assert main(["verify", str(copy)]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"NOT INTACT: {copy}: (V11, the consolidation) tally.json: its list of tables is not"
        " one Station writes\n"
    )
