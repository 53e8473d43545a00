"""A counted, signed and exported election to check and tamper with."""

from pathlib import Path

import pytest

from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, key_for_signing
from tests.sheet.helpers import count_calls, sign


@pytest.fixture
def key() -> StationKey:
    return key_for_signing()


@pytest.fixture
def signed(journal: Journal, key: StationKey) -> Journal:
    """An election of 120 calls with a final sheet prepared (the journal stays open)."""
    count_calls(journal, 120)
    sign(journal, key)
    return journal


@pytest.fixture
def exported(signed: Journal, key: StationKey, tmp_path: Path) -> Path:
    """The signed export of the final sheet."""
    folder = tmp_path / "export"
    export_sheet(signed, signed.restore(trust_snapshots=False), folder, key)
    return folder


@pytest.fixture(autouse=True)
def _gui(qapp: object) -> None:
    """Sheets are drawn with Qt: the application object the station's caller would make."""
