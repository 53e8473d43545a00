"""The decision dialog's warning that one ballot opened alone shows its vote: the
dialog grows to hold it, and its fields keep their height."""

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit
from pytestqt.qtbot import QtBot

from station.domain import Action, Call, Count, ElectionSetup, Event
from station.ui.operator.decision_dialog import DecisionDialog

SETUP = ElectionSetup.validated(
    case_number="10-RC-269250", employer="Amazon", union="RWDSU", eligible=40, pile=0
)


def counted_with_one_challenge() -> Count:
    count = Count()
    for call in (Call.FOR, Call.CHALLENGE, Call.AGAINST):
        count.apply(Event(count.last_seq + 1, Action.CALL, call))
    count.apply(Event(count.last_seq + 1, Action.SIGN, None, count.last_seq, {"kind": "final"}))
    return count


def test_the_one_ballot_warning_leaves_the_fields_their_height(qtbot: QtBot) -> None:
    dialog = DecisionDialog(counted_with_one_challenge(), SETUP)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.opened.setText("1")
    dialog.by.setText("Regional Director, Region 10")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert "Press again to record it." in dialog.problem.text()

    def squeezed() -> list[str]:
        fields = [
            field.placeholderText()
            for field in dialog.findChildren(QLineEdit)
            if field.height() < field.sizeHint().height()
        ]
        label = dialog.problem
        if label.heightForWidth(label.width()) > label.height() + 1:
            fields.append("the warning")
        return fields

    qtbot.waitUntil(lambda: squeezed() == [], timeout=2000)


def test_press_again_is_a_second_click_in_the_same_place(qtbot: QtBot) -> None:
    dialog = DecisionDialog(counted_with_one_challenge(), SETUP)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.opened.setText("1")
    dialog.by.setText("Regional Director, Region 10")
    record = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    pressed = record.mapToGlobal(record.rect().center())
    qtbot.mouseClick(record, Qt.MouseButton.LeftButton)
    assert "Press again to record it." in dialog.problem.text()
    qtbot.waitUntil(lambda: dialog.problem.height() >= dialog.problem.sizeHint().height())
    under = QApplication.widgetAt(pressed)
    assert under is record, under
    qtbot.mouseClick(record, Qt.MouseButton.LeftButton)
    assert dialog.answer == ([1], [], "Regional Director, Region 10")
