"""A Station 0.2.0 sheet of a runoff between two unions that ended tied stated no
result beyond lines 8 and 9; today's states that the results are certified (only one
runoff, 29 CFR 102.70(a)). The v1 to v2 step derives that sentence from the sheet's own
figures, so such a sheet still verifies, and no other sheet is touched."""

import json
from pathlib import Path
from typing import Any

from station.domain.result_statements import EXCEPTION_LINE, EXCEPTION_LINE_V1, tied_runoff_line
from station.verification import formats

RUNOFF = Path(__file__).resolve().parents[1] / "fixtures" / "v0_2" / "runoff-export"


def _runoff_sheet(first: int, second: int, decisive: bool = False) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((RUNOFF / "tally.json").read_bytes())
    assert document["format"] == formats.TALLY_V1
    sheet = document["sheet"]
    sheet["choices"] = [
        {**sheet["choices"][0], "votes": first},
        {**sheet["choices"][1], "votes": second},
    ]
    sheet["lines"] = {**sheet["lines"], "3a": first, "3b": second, "8": decisive}
    return document


def test_a_tied_runoff_of_0_2_states_its_results_certified_once_upgraded() -> None:
    upgraded = formats.upgraded(_runoff_sheet(4, 4))
    assert upgraded["sheet"]["statements"]["runoff"] == tied_runoff_line(False)
    decisive = formats.upgraded(_runoff_sheet(4, 4, decisive=True))
    assert decisive["sheet"]["statements"]["runoff"].endswith(
        ", unless the challenged ballots change it."
    )


def test_a_runoff_of_0_2_with_a_majority_is_upgraded_unchanged() -> None:
    document = _runoff_sheet(5, 2)
    assert formats.upgraded(document) == {**document, "format": formats.TALLY_V2}


def test_0_2s_exception_sentence_states_the_certification_once_upgraded() -> None:
    """A 0.2.0 sheet of 102.70(d)'s exception said only that no runoff is held; v2 says
    the certification of results that 102.70(d) has issue."""
    document = _runoff_sheet(4, 4)
    document["sheet"]["runoff_of"] = None
    document["sheet"]["statements"] = {
        **document["sheet"]["statements"],
        "runoff": EXCEPTION_LINE_V1,
    }
    upgraded = formats.upgraded(document)
    assert upgraded["sheet"]["statements"]["runoff"] == EXCEPTION_LINE
