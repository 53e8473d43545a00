"""The dashboard shows the whole journal head as a QR code a phone can capture."""

import segno
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.ui.dashboard.head_qr import QUIET_ZONE
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed


def test_the_code_holds_the_head_as_verify_takes_it(
    qtbot: QtBot, controller: CountController
) -> None:
    dashboard = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(dashboard)
    dashboard.resize(1280, 720)
    dashboard.show()
    qtbot.waitExposed(dashboard)
    controller.record(Call.FOR)
    journal = controller.journal
    code = dashboard.head_qr
    assert code.text() == f"{journal.head_seq}:{journal.head_hash}"
    assert len(journal.head_hash) == 64
    assert code.modules() == tuple(segno.make(code.text(), error="m", micro=False).matrix)
    controller.record(Call.AGAINST)
    assert code.text() == f"{journal.head_seq}:{journal.head_hash}"  # follows every event
    # Drawn dark on light, the finder pattern in the corner, the quiet zone light.
    image = code.grab().toImage()
    module = image.width() / (len(code.modules()) + 2 * QUIET_ZONE)
    corner = round((QUIET_ZONE + 0.5) * module)
    assert image.pixelColor(corner, corner) == QColor("#000000")
    assert image.pixelColor(round(module), round(module)) == QColor("#ffffff")
    assert image.width() >= 4 * (len(code.modules()) + 2 * QUIET_ZONE) // 2  # >= 2 px a module
