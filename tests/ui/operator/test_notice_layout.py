"""A notice (a sheet prepared, exported, the count locked) never moves or shrinks the call
buttons, nor squeezes their labels: it sits beside them, above the last calls."""

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QLabel

from station.domain import Call
from station.ui.operator.window import OperatorWindow

LONG = (
    "<b>Exported</b> the final tally to /home/agent/Documents/Elections/Mercy Hospital,"
    " professional unit/10-RC-000026-final-tally-event-812, signed by key"
    " 48b5-3a9c-4119-292a-92a1-e9dd-1e20-a55d. Next: Print it for the signatures."
)


def pad_geometry(window: OperatorWindow) -> dict[Call, QRect]:
    QApplication.processEvents()
    return {
        call: QRect(button.mapTo(window, button.rect().topLeft()), button.size())
        for call, button in window.pad.buttons.items()
    }


def test_a_long_notice_leaves_the_call_buttons_as_they_were(window: OperatorWindow) -> None:
    window.resize(1100, 650)
    before = pad_geometry(window)
    window.notify(LONG)
    after = pad_geometry(window)
    assert after == before
    notice = window.notice_banner
    left = notice.mapTo(window, notice.rect().topLeft()).x()
    assert left >= max(rect.right() for rect in after.values())  # beside the buttons
    assert notice.height() >= notice.heightForWidth(notice.width())  # whole
    for button in window.pad.buttons.values():
        labels = [label for label in button.findChildren(QLabel) if label.isVisibleTo(button)]
        assert all(label.height() >= label.minimumSizeHint().height() for label in labels)
