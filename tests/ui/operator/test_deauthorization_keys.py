"""A UD ballot is answered YES or NO: the operator's buttons and keys are the
description's (Y records YES, stored as FOR; N records NO, stored as AGAINST)."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.journal import Journal
from tests.ui.windows import key, open_window

UD = ElectionSetup.validated(
    case_number="10-UD-254001",
    employer="Acme",
    union="Local 1",
    petitioner="J. Worker",
    eligible=20,
)


def test_y_and_n_record_yes_and_no(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "ud.station"
    Journal.create(path, UD)
    window = open_window(qtbot, path)
    try:
        key(window, Qt.Key.Key_Y)
        key(window, Qt.Key.Key_Y)
        key(window, Qt.Key.Key_N)
        count = window.controller.count
        assert (count.total(Call.FOR), count.total(Call.AGAINST)) == (2, 1)
        assert not window.error_banner.isVisible()
    finally:
        window.close()
