"""The operator window's group figures use the words of the buttons beside them."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.journal import Journal
from tests.groups_helpers import SONOTONE
from tests.ui.windows import figures, key, open_window

K = Qt.Key


def test_a_one_union_groups_figures_say_for_and_against_as_its_buttons(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    window = open_window(qtbot, path)
    for answer, vote in ((K.Key_Y, K.Key_F), (K.Key_N, K.Key_A), (K.Key_N, K.Key_A)):
        key(window, answer)
        key(window, vote)
    shown = window.group_figures.text()
    assert figures(window)[Call.AGAINST] == "2"
    assert "A: FOR 1 \u00b7 AGAINST 2 \u2014" in shown
    assert "Neither" not in shown and "Nurses United 1" not in shown
    window.close()


def test_a_challenged_ballots_line_keeps_its_group_once_its_party_is_given(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    window = open_window(qtbot, path)
    key(window, K.Key_C)
    assert window.recent.texts()[0] == "Ballot 1 CHALLENGED \u2014 group A"
    key(window, K.Key_E)
    key(window, K.Key_S)
    assert window.recent.texts()[0] == (
        "Ballot 1 CHALLENGED by the Employer: supervisor \u2014 group A"
    )
    window.close()
