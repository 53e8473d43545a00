"""The operator window shows the signing key's fingerprint it is handed (station/app.py
passes `existing_fingerprint`, as it passes the seal secret); it never reads the key's
file itself, so no window reaches a global in a lower layer."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.journal import Journal
from station.sheet.keys import create_key
from station.ui.operator.controller import CountController
from station.ui.operator.window import OperatorWindow
from tests.ui.dashboard.helpers import new

FAKE = "fa4e" * 16


def test_the_window_shows_the_fingerprint_it_is_given_and_asks_again_after_a_sheet(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "count.station"
    new(path, "--case", "10-RC-301740", "--union", "U1", "--eligible", "9")
    create_key()  # a real key in this test's data folder: the window must not read it
    given: list[str | None] = [None]
    window = OperatorWindow(CountController(Journal.open(path)), key_fingerprint=lambda: given[0])
    qtbot.addWidget(window)
    assert window.key_label.text() == "no signing key yet (made with the first sheet)"
    given[0] = FAKE
    window.show_key()  # what the sheet flow calls once a sheet is prepared
    assert window.key_label.text() == f"key {FAKE}"
    window.toggle_dashboard()  # the dashboard is handed the same fingerprint
    assert window.dashboard is not None
    assert f"signing key {FAKE}" in window.dashboard.journal_label.text()
    window.toggle_dashboard()


def test_a_window_given_no_fingerprint_reads_no_key(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    new(path, "--case", "10-RC-301740", "--union", "U1", "--eligible", "9")
    create_key()
    window = OperatorWindow(CountController(Journal.open(path)))
    qtbot.addWidget(window)
    assert window.key_label.text() == "no signing key yet (made with the first sheet)"
