"""A choice key the ballot does not have (0 on a runoff of two unions, with no Neither)
records nothing and says so in one line, never silence."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.journal import Journal
from tests.ui.windows import key, open_window

RUNOFF = ElectionSetup.validated(
    case_number="10-RC-301717",
    employer="Harbor",
    union="Teamsters",
    unions=["Warehouse Workers"],
    runoff_of="10:" + "ab" * 32,
    runoff_neither=False,
    eligible=40,
)


def test_zero_on_a_runoff_without_neither_says_it_names_no_choice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "runoff.station"
    Journal.create(path, RUNOFF)
    window = open_window(qtbot, path)
    try:
        events = len(list(window.controller.journal.records()))
        key(window, Qt.Key.Key_0)
        assert window.error_banner.isVisible()
        said = window.error_banner.text()
        assert "nothing was recorded" in said and "key 0 names no choice" in said
        assert "1 Teamsters" in said and "2 Warehouse Workers" in said
        assert "\n" not in said
        assert len(list(window.controller.journal.records())) == events
        key(window, Qt.Key.Key_1)  # a key it has still records
        assert window.controller.count.total(Call.FOR) == 1
    finally:
        window.close()
