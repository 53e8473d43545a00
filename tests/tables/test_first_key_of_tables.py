"""`station new --revised-of` (and `--runoff-of` a consolidation) hold every table's
signed export to a key: this station's own, or one given with --key (repeated for each
table's station), as written on that table's signed sheet."""

from pathlib import Path

import pytest

from station.sheet.keys import create_key
from tests.tables.helpers import run, table_export


def _one_line(code: int, err: str, path: Path) -> str:
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not path.exists()
    return err


def test_every_tables_key_is_this_stations_or_given(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from station.sheet.consolidate import consolidate

    own = create_key()  # this station's key, where `station key` keeps it
    laptop = create_key(tmp_path / "laptop.pem")  # another station's
    exports = [
        table_export(tmp_path, "A", "FFAC", own),
        table_export(tmp_path, "B", "ACAC", laptop),
    ]
    out = tmp_path / "consolidated"
    consolidate(exports, out, own)
    path = tmp_path / "revised.station"
    code, _, err = run(capsys, "new", path, "--revised-of", out)
    err = _one_line(code, err, path)
    assert f"Table B: signed by key {laptop.fingerprint}, not this station's key" in err
    wrong = create_key(tmp_path / "wrong.pem").fingerprint
    code, _, err = run(capsys, "new", path, "--revised-of", out, "--key", wrong)
    err = _one_line(code, err, path)
    assert f"signed by key {own.fingerprint} and {laptop.fingerprint}, not by --key {wrong}" in err
    code, printed, err = run(capsys, "new", path, "--revised-of", out, "--key", laptop.fingerprint)
    assert code == 0, err
    assert (
        f"{out}: the tables' sheets are signed by key {own.fingerprint} (Table A: this"
        f" station's key) and key {laptop.fingerprint} (Table B: as given by --key)"
    ) in printed
    runoff = tmp_path / "runoff.station"  # the same of a runoff of the tables together
    code, _, err = run(capsys, "new", runoff, "--rerun-of", out)
    assert f"Table B: signed by key {laptop.fingerprint}" in _one_line(code, err, runoff)


def test_tables_of_this_station_need_no_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from station.sheet.consolidate import consolidate

    own = create_key()
    exports = [table_export(tmp_path, "A", "FFAC", own), table_export(tmp_path, "B", "ACAC", own)]
    out = tmp_path / "consolidated"
    consolidate(exports, out, own)
    path = tmp_path / "revised.station"
    code, printed, err = run(capsys, "new", path, "--revised-of", out)
    assert code == 0, err
    assert f"key {own.fingerprint} (Table A, Table B: this station's key)" in printed
