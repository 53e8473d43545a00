"""The observers' signature lines start level across the parties' columns, on a table's
sheet and on the consolidated one, however many lines a party's heading takes."""

import json
import re
from pathlib import Path

from station.sheet.consolidate_pdf import consolidated_html
from station.sheet.pdf import sheet_html
from tests.tables.helpers import SEVERAL, calls, table


def observers_part(html: str) -> str:
    return html.split("Certification of the observers", 1)[1]


def headings_come_first(html: str) -> bool:
    """Every party's heading is drawn before any signature line: they share one row."""
    part = observers_part(html)
    last_heading = max(m.end() for m in re.finditer(r'class="party"', part))
    first_line = re.search(r"_{10,}", part)
    return first_line is not None and last_heading < first_line.start()


def test_headings_share_a_row_above_the_lines(qapp: object, tmp_path: Path) -> None:
    from station.sheet.keys import key_for_signing

    key = key_for_signing()
    exports = [table(tmp_path, SEVERAL, label, calls("12A"), key) for label in ("1", "2")]
    sheet = json.loads((exports[0] / "tally.json").read_bytes())
    assert headings_come_first(sheet_html(sheet))
    from station.sheet.consolidate import consolidate

    done = consolidate(exports, tmp_path / "sum", key)
    assert headings_come_first(consolidated_html(done.document))


def test_a_sheet_without_a_type_prints_no_empty_type_row(qapp: object, tmp_path: Path) -> None:
    from station.sheet.keys import key_for_signing

    export = table(tmp_path, SEVERAL, "1", calls("12A"), key_for_signing())
    sheet = json.loads((export / "tally.json").read_bytes())
    assert "type" not in sheet["sheet"]  # not given at `station new`
    html = sheet_html(sheet)
    assert ">Type<" not in html
    assert ">Date issued<" in html  # the row's other half is still there
