"""`tally.json` is the journal's, whole: recomputed from the journal and compared in its
canonical bytes, so that no part of it goes unchecked (a forger holds the key)."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.sheet.keys import StationKey
from station.sheet.verify_export import verify_export
from tests.sheet.helpers import edit_json, resign


def _add_choices(document: dict[str, Any]) -> None:
    document["choices"] = {"Amazon Labor Union": 60, "Neither": 4}


def _add_a_note(document: dict[str, Any]) -> None:
    document["note"] = "counted again by hand"


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            _add_choices,
            "tally.json: its choices says {'Amazon Labor Union': 60, 'Neither': 4};"
            " the journal gives nothing",
        ),
        (_add_a_note, "tally.json: its note says counted again by hand; the journal gives nothing"),
    ],
    ids=["choices beside the sheet", "a note"],
)
def test_a_fact_added_beside_the_sheet_and_re_signed_is_named(
    exported: Path,
    key: StationKey,
    change: Callable[[dict[str, Any]], None],
    problem: str,
) -> None:
    edit_json(exported / "tally.json", change)
    resign(exported, key)

    verdict = verify_export(exported)

    assert (verdict.ok, verdict.problem) == (False, problem)
