"""F11 on a laptop's one screen: the dashboard opens as a window of its own behind the
operator window, whose questions stay in view; a key pressed on the dashboard brings the
operator window back and records nothing."""

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.domain.statements import DASHBOARD_BEHIND, OPERATOR_QUESTION_WAITING
from station.ui.operator.window import MAPPED_MS, OperatorWindow
from tests.ui.windows import figures


def on_the_active_window(qt_key: Qt.Key) -> None:
    """A key pressed where the window system sends it: on the active window."""
    active = QApplication.activeWindow()
    assert active is not None and active.windowHandle() is not None
    QTest.keyClick(active.windowHandle(), qt_key)


def test_f11_on_one_screen_leaves_the_operator_window_in_front_with_its_questions(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    on_the_active_window(Qt.Key.Key_F11)
    dashboard = window.dashboard
    assert dashboard is not None
    qtbot.waitUntil(dashboard.isVisible)
    assert not dashboard.isFullScreen()
    # A window of its own, which no window manager keeps above the operator's.
    assert dashboard.parentWidget() is None and dashboard.isWindow()
    qtbot.waitUntil(window.isActiveWindow)
    assert window.dashboard_note.isVisible() and window.dashboard_note.text() == DASHBOARD_BEHIND
    on_the_active_window(Qt.Key.Key_C)  # the question it opens is in this window, in view
    assert window.prompts.challenge.isVisible()
    assert figures(window)[Call.CHALLENGE] == "1"
    on_the_active_window(Qt.Key.Key_F11)  # F11 here hides it
    qtbot.waitUntil(lambda: not dashboard.isVisible())
    assert not window.dashboard_note.isVisible()


def test_a_count_key_on_the_dashboard_brings_the_count_back_and_records_nothing(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    window.toggle_dashboard()
    dashboard = window.dashboard
    assert dashboard is not None
    qtbot.waitUntil(dashboard.isVisible)
    dashboard.activateWindow()  # the operator clicked it
    qtbot.waitUntil(dashboard.isActiveWindow)
    before = figures(window)
    on_the_active_window(Qt.Key.Key_F)
    qtbot.waitUntil(window.isActiveWindow)
    assert figures(window) == before
    assert window.error_banner.isVisible()
    assert "The keyboard was on the dashboard" in window.error_banner.text()
    assert dashboard.isVisible()  # still shared, behind
    on_the_active_window(Qt.Key.Key_F)  # pressed again: recorded
    assert figures(window)[Call.FOR] == "1"


def test_a_dashboard_brought_over_a_waiting_question_says_one_waits(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    window.toggle_dashboard()
    dashboard = window.dashboard
    assert dashboard is not None
    # The window takes the keys back once more when a window manager would have mapped
    # the dashboard: past that, an observer's click on the dashboard is the last word.
    qtbot.wait(2 * MAPPED_MS)
    qtbot.waitUntil(window.isActiveWindow)
    on_the_active_window(Qt.Key.Key_C)  # the challenge asks who and why
    assert window.prompts.challenge.isVisible()
    assert not dashboard.waiting_label.isVisible()  # behind the question: nothing to say
    dashboard.activateWindow()  # an observer clicked it: it covers the question
    qtbot.waitUntil(dashboard.isActiveWindow)
    qtbot.waitUntil(dashboard.waiting_label.isVisible)
    assert dashboard.waiting_label.text() == OPERATOR_QUESTION_WAITING
    on_the_active_window(Qt.Key.Key_Escape)  # Esc on the dashboard: back to the question
    qtbot.waitUntil(window.isActiveWindow)
    assert window.prompts.challenge.isVisible()
    assert not dashboard.waiting_label.isVisible()
    on_the_active_window(Qt.Key.Key_Escape)  # the question closed: nothing waits
    assert not window.prompts.challenge.isVisible()
    dashboard.activateWindow()
    qtbot.waitUntil(dashboard.isActiveWindow)
    assert not dashboard.waiting_label.isVisible()
