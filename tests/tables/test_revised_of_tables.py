"""The challenges of a count run at several tables are decided once for the whole
election, never table by table, and neither a table's file nor the consolidation records
that decision: a revised count made from the consolidation does
(`test_revised_count_of_tables.py`). Each other way in is a one-line refusal that says
where, and writes nothing."""

import json
from pathlib import Path

import pytest

from station.domain.table_statements import REVISED_OF_TABLES
from station.sheet.keys import StationKey
from tests.tables.helpers import run


def _refused(capsys: pytest.CaptureFixture[str], target: Path) -> str:
    code, printed, err = run(capsys, "decide", target, "--open", "1", "--by", "RD 29")
    assert code == 2 and printed == "", err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_a_decision_on_the_consolidated_tally_is_refused_in_one_line(
    made: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _ = made
    # Table A 2 FOR, 1 AGAINST, 1 challenged; table B 1 FOR, 2 AGAINST, 1 void: 3 to 3,
    # and the one challenged ballot decides it.
    document = json.loads((out / "tally.json").read_bytes())
    assert document["lines"]["8"] is True
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    err = _refused(capsys, out)
    assert "is a consolidated tally of several tables" in err
    assert REVISED_OF_TABLES in err
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_a_decision_on_one_tables_file_says_why_and_where_it_is_made(
    made: tuple[Path, StationKey], capsys: pytest.CaptureFixture[str]
) -> None:
    table = made[0].parent / "table-A.station"
    before = table.read_bytes()
    err = _refused(capsys, table)
    assert "this is the count of Table A alone" in err and "never decided table by table" in err
    assert REVISED_OF_TABLES in err
    assert table.read_bytes() == before
