"""A small election opened in the operator window and keys pressed on it."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import ElectionSetup
from station.domain.election import voting_groups
from station.journal import Journal
from station.ui.operator.window import OperatorWindow
from tests.ui.windows import key, open_window


def small_election(tmp_path: Path, *, ballots: int | None = 8, pile: int = 3) -> Path:
    path = tmp_path / "small.station"
    Journal.create(
        path,
        ElectionSetup(
            case_number="10-RC-269250",
            employer="Amazon.com Services LLC",
            union="RWDSU",
            eligible=20,
            ballots=ballots,
            agent="R. Agent",
            pile=pile,
        ),
    )
    return path


def press(window: OperatorWindow, *keys: Qt.Key) -> None:
    for qt_key in keys:
        key(window, qt_key)


def reopen(qtbot: QtBot, window: OperatorWindow) -> OperatorWindow:
    path = window.controller.journal.path
    window.close()
    again = open_window(qtbot, path)
    again.prompts.pile_read_s = 0
    return again


def prepare(qtbot: QtBot, window: OperatorWindow, *, interim: bool = False) -> None:
    window.prepare_action.trigger()
    dialog = window.prepare_dialog
    qtbot.waitUntil(dialog.isVisible)
    assert "4 of 4,852 ballots counted" in dialog.reconciliation.text()
    assert "4,848 ballots in the box are not counted" in dialog.reconciliation.text()
    dialog.interim.setChecked(interim)
    dialog.place.setText("Staten Island, NY")
    dialog.observer_boxes["employer"].setPlainText("Jane Roe\n\n  Ann  Smith ")
    dialog.observer_boxes["petitioner"].setPlainText("John Doe")
    qtbot.mouseClick(dialog.buttons.buttons()[0], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())


# Two voting groups, the professionals' a Sonotone group (question 1 first).
GROUPS = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United", eligible=1,
    groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"],
        ["A=30", "B=80"], ["A=4", "B=3"], sonotone=["A"],
    ),
)  # fmt: skip
