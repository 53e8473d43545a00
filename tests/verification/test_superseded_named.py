"""A Corrected or Revised Tally names the sheet it supersedes as a Board agent finds
it, by its journal event; the hash stays in the file (`supersedes`) and the footer."""

import json
from pathlib import Path

import pytest

from station.verification.sheet_page import sheet_text

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"


@pytest.mark.parametrize("case", ["corrected", "revised"])
def test_the_superseded_sheet_is_named_by_its_event_not_its_hash(case: str) -> None:
    document = json.loads((CASES / case / "export" / "tally.json").read_bytes())
    superseded = document["sheet"]["supersedes"]
    page = " ".join(sheet_text(document))
    assert (
        f"This tally supersedes the final tally prepared at journal event"
        f" {superseded['seq']:,}, which remains a true record" in page
    )
    assert superseded["hash"][:16] not in page
