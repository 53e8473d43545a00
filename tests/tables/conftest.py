"""Tables' sheets are drawn with Qt: the application object a station's caller makes; a
consolidation of two tables."""

from pathlib import Path

import pytest

from station.sheet.keys import StationKey, create_key
from tests.tables.helpers import table_export


@pytest.fixture(autouse=True)
def _gui(qapp: object) -> None:
    """The application object `station export` and `consolidate` make for themselves."""


@pytest.fixture(scope="module")
def made(qapp: object, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, StationKey]:
    """A consolidation of two tables, and the key that signed it."""
    folder = tmp_path_factory.mktemp("consolidation")
    key = create_key(folder / "key.pem")
    exports = [table_export(folder, "A", "FFAC", key), table_export(folder, "B", "AAVF", key)]
    from station.sheet.consolidate import consolidate

    out = folder / "consolidated"
    consolidate(exports, out, key)
    return out, key


@pytest.fixture(scope="module")
def key(tmp_path_factory: pytest.TempPathFactory) -> StationKey:
    return create_key(tmp_path_factory.mktemp("kinds-key") / "signing-key.pem")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("kinds")
