"""The sheet's Type field names how the election came to be held (consent, stipulated,
directed, …). A runoff, rerun, further or third election is no such type: with no
`--type` given the field is left out, and the caption alone names the kind."""

import json
from pathlib import Path
from typing import Any

import pytest

from station.verification.sheet_page import sheet_text

CASES = Path(__file__).resolve().parents[2] / "conformance" / "cases"


def _document(case: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((CASES / case / "export" / "tally.json").read_bytes())
    assert document["sheet"].get("type") is None
    return document


@pytest.mark.parametrize(
    ("case", "caption"),
    [
        ("rerun", "Rerun of the election of"),
        ("further-election", "Further election under 29 CFR 102.70(d)"),
        ("runoff", "Runoff of the election of"),
    ],
)
def test_no_type_given_prints_no_type_and_the_caption_keeps_the_kind(
    case: str, caption: str
) -> None:
    page = " ".join(sheet_text(_document(case)))
    assert "Type" not in page.split()
    assert caption in page


def test_a_type_given_is_printed_with_the_kind_beside_it() -> None:
    document = _document("rerun")
    document["sheet"]["type"] = "stipulated"
    page = " ".join(sheet_text(document))
    assert "Type Stipulated \u2014 rerun" in page
