"""Tables' sheets are drawn with Qt: the application object a station's caller makes; a
consolidation of two tables; one of three whose challenges, together, decide."""

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


@pytest.fixture(scope="module")
def three(qapp: object, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, StationKey]:
    """Three tables: A 2 FOR, 1 AGAINST, 1 challenged; B 1 FOR, 2 AGAINST, 1 challenged;
    C 1 FOR, 1 AGAINST, 2 challenged. Together 4 to 4 with 4 challenged: determinative,
    although no table's own challenges decide anything at that table."""
    from station.sheet.consolidate import consolidate

    folder = tmp_path_factory.mktemp("three-tables")
    key = create_key(folder / "key.pem")
    exports = [
        table_export(folder, "A", "FFAC", key),
        table_export(folder, "B", "ACAF", key),
        table_export(folder, "C", "CFCA", key),
    ]
    out = folder / "consolidated"
    consolidate(exports, out, key)
    return out, key
