"""The dashboard shows the whole journal head as a QR code a phone can capture."""

import pytest
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
    qtbot.waitUntil(lambda: code.text() == f"{journal.head_seq}:{journal.head_hash}")
    assert len(journal.head_hash) == 64
    assert code.modules() == tuple(segno.make(code.text(), error="m", micro=False).matrix)
    controller.record(Call.AGAINST)
    head = f"{journal.head_seq}:{journal.head_hash}"
    qtbot.waitUntil(lambda: code.text() == head, timeout=2000)  # follows the head
    # Drawn dark on light, the finder pattern in the corner, the quiet zone light.
    image = code.grab().toImage()
    module = image.width() / (len(code.modules()) + 2 * QUIET_ZONE)
    corner = round((QUIET_ZONE + 0.5) * module)
    assert image.pixelColor(corner, corner) == QColor("#000000")
    assert image.pixelColor(round(module), round(module)) == QColor("#ffffff")
    assert image.width() >= 4 * (len(code.modules()) + 2 * QUIET_ZONE) // 2  # >= 2 px a module


def test_a_burst_of_calls_makes_the_code_twice_not_for_each_call(
    qtbot: QtBot, controller: CountController, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Making the code takes about 5 ms: for each of 20 calls a second it was two thirds
    of the time from a call to the dashboard showing it (bench/dashboard_latency.py)."""
    made: list[str] = []
    real_make = segno.make

    def counted(text: str, **options: object) -> segno.QRCode:
        made.append(text)
        return real_make(text, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(segno, "make", counted)
    dashboard = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(dashboard)
    dashboard.resize(1280, 720)
    dashboard.show()
    qtbot.waitExposed(dashboard)
    journal = controller.journal
    for _ in range(10):  # faster than REFRESH_MS apart
        controller.record(Call.FOR)
        qtbot.wait(5)  # painted between calls, as a count's are
    head = f"{journal.head_seq}:{journal.head_hash}"
    qtbot.waitUntil(lambda: dashboard.head_qr.text() == head, timeout=2000)
    qtbot.waitUntil(lambda: bool(made) and made[-1] == head, timeout=2000)  # painted last
    assert len(made) <= 3, made  # the first head, at most one in the burst, the last
