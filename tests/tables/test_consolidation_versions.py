"""A consolidation made by Station 0.2.0 verifies through the chain of versions its
`tally.json` records, and only a document of that version is read as 0.2.0 wrote it:
the same forms on today's version are not intact."""

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import load_pem_private_key

from station.domain.objections import objections_due, prepared_day
from station.domain.result_statements import RUNOFF_CONDITION
from station.sheet.consolidate_pdf import render_consolidated_pdf
from station.sheet.keys import StationKey
from station.verification.consolidation_formats import CONSOLIDATED_V2, upgraded
from station.verification.document import canonical_json
from tests.sheet.helpers import station
from tests.tables.helpers import resign

OLD = Path(__file__).parent.parent / "fixtures" / "v0_2"
KEY = (OLD / "key.txt").read_text().strip()


def _old_key() -> StationKey:
    private = load_pem_private_key((OLD / "test-signing-key.pem").read_bytes(), password=None)
    assert isinstance(private, Ed25519PrivateKey)
    return StationKey(OLD / "test-signing-key.pem", private)


def _changed(name: str, tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    """0.2.0's consolidation `name` with `change` made to its `tally.json`, signed again
    with the key that signed it."""
    folder = tmp_path / name
    shutil.copytree(OLD / name, folder)
    document = json.loads((folder / "tally.json").read_bytes())
    change(document)
    (folder / "tally.json").write_bytes(canonical_json(document))
    resign(folder, _old_key())
    return folder


@pytest.mark.parametrize("name", ["consolidated", "consolidated-runoff"])
def test_station_0_2_s_consolidations_verify(name: str) -> None:
    code, printed, err = station("verify", OLD / name, "--key", KEY)
    assert code == 0, err
    assert printed.startswith("OK: ")


def test_the_runoff_sentence_0_2_wrote_is_today_s_without_its_condition() -> None:
    document = json.loads((OLD / "consolidated-runoff" / "tally.json").read_bytes())
    said = document["statements"]["runoff"]
    now = upgraded(document)
    assert now["format"] == CONSOLIDATED_V2
    assert now["statements"]["runoff"] == f"{said[:-1]}{RUNOFF_CONDITION}."
    day = prepared_day(document["prepared"])
    assert day is not None and now["objections_due"] == objections_due(day).isoformat()


def _deadline(document: dict[str, Any]) -> None:
    day = prepared_day(document["prepared"])
    assert day is not None
    document["objections_due"] = objections_due(day).isoformat()


def _worded_today(document: dict[str, Any]) -> None:
    runoff = document["statements"]["runoff"]
    document["statements"]["runoff"] = f"{runoff[:-1]}{RUNOFF_CONDITION}."


def _in_new_york(document: dict[str, Any]) -> None:
    document["prepared"] = document["prepared"].replace("T17:", "T12:").replace("+00:00", "-05:00")


@pytest.mark.parametrize(
    ("name", "change", "named"),
    [
        ("consolidated", _deadline, "tally.json: states objections_due, which no station-consol"),
        ("consolidated", lambda d: d.update(agent="R. Agent"), "tally.json: states agent, which"),
        ("consolidated", _in_new_york, "tally.json: its prepared is not in UTC (+00:00)"),
        (
            "consolidated-runoff",
            _worded_today,
            "tally.json: its statements is not what the tables' sheets give",
        ),
    ],
)
def test_a_0_2_consolidation_stating_what_0_2_never_wrote_is_not_intact(
    tmp_path: Path, name: str, change: Callable[[dict[str, Any]], None], named: str
) -> None:
    folder = _changed(name, tmp_path, change)
    code, _, err = station("verify", folder, "--key", KEY)
    assert code == 1, err
    assert f"(V11, the consolidation) {named}" in err


def test_a_0_2_consolidation_redrawn_as_today_s_page_is_not_intact(tmp_path: Path) -> None:
    """Its page is read against the text 0.2.0 drew, whole: today's page, with the
    parties' service 0.2.0 never printed, is another."""
    folder = tmp_path / "redrawn"
    shutil.copytree(OLD / "consolidated", folder)
    document = json.loads((folder / "tally.json").read_bytes())
    (folder / "tally.pdf").write_bytes(render_consolidated_pdf(document))
    resign(folder, _old_key())
    code, _, err = station("verify", folder, "--key", KEY)
    assert code == 1, err
    assert "(V11, the consolidation) tally.pdf: line " in err
