"""The count keys still record after the help overlay, the dashboard or the register closes.

Keys here are typed into the window's QWindow, as a keyboard types them: Qt hands
them to whichever widget has the focus, so a widget that kept the focus while hidden
(and swallowed every key) fails these tests, where a key sent straight to the
operator window would not notice.
"""

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.ui.operator.window import OperatorWindow
from tests.ui.windows import KEYS, figures


def type_key(
    qtbot: QtBot,
    window: OperatorWindow,
    qt_key: Qt.Key,
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    """One key press and release on the active window, delivered where Qt sends keys."""
    active = QApplication.activeWindow() or window
    handle = active.windowHandle()
    assert handle is not None
    QTest.keyClick(handle, qt_key, modifiers)


def count_all_four(qtbot: QtBot, window: OperatorWindow) -> None:
    """F, A, V record, then Ctrl+Z takes the V back: every kind of count key works."""
    before = {call: int(text) for call, text in figures(window).items()}
    for call in (Call.FOR, Call.AGAINST, Call.VOID):
        type_key(qtbot, window, KEYS[call])
    after = {call: int(text) for call, text in figures(window).items()}
    assert after[Call.FOR] == before[Call.FOR] + 1
    assert after[Call.AGAINST] == before[Call.AGAINST] + 1
    assert after[Call.VOID] == before[Call.VOID] + 1
    type_key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert int(figures(window)[Call.VOID]) == before[Call.VOID]


def test_keys_record_before_any_overlay(qtbot: QtBot, window: OperatorWindow) -> None:
    count_all_four(qtbot, window)


def test_keys_record_after_f1_and_escape(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F)
    assert figures(window)[Call.FOR] == "1"
    type_key(qtbot, window, Qt.Key.Key_F1)
    assert window.help_overlay.isVisible()
    type_key(qtbot, window, Qt.Key.Key_Escape)
    assert not window.help_overlay.isVisible()
    assert figures(window)[Call.FOR] == "1"  # the key that closed it recorded nothing
    count_all_four(qtbot, window)


def test_keys_record_after_f1_closed_by_a_letter(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F1)
    type_key(qtbot, window, Qt.Key.Key_A)
    assert not window.help_overlay.isVisible()
    assert figures(window)[Call.AGAINST] == "0"
    count_all_four(qtbot, window)


def test_keys_record_after_f1_closed_by_f1(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F1)
    assert window.help_overlay.isVisible()
    type_key(qtbot, window, Qt.Key.Key_F1)
    assert not window.help_overlay.isVisible()
    count_all_four(qtbot, window)


def test_keys_record_after_f1_closed_by_a_click(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F1)
    QTest.mouseClick(window.help_overlay, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert not window.help_overlay.isVisible()
    count_all_four(qtbot, window)


def test_keys_record_after_the_overlay_shown_twice(qtbot: QtBot, window: OperatorWindow) -> None:
    for _ in range(2):
        type_key(qtbot, window, Qt.Key.Key_F1)
        type_key(qtbot, window, Qt.Key.Key_Escape)
        count_all_four(qtbot, window)


def test_a_hidden_overlay_never_eats_keys(qtbot: QtBot, window: OperatorWindow) -> None:
    # However the overlay is hidden (here not by a key or a click), a count key records.
    type_key(qtbot, window, Qt.Key.Key_F1)
    window.help_overlay.hide()
    type_key(qtbot, window, Qt.Key.Key_F)
    assert figures(window)[Call.FOR] == "1"


def test_keys_record_after_the_dashboard_closes(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F11)
    dashboard = window.dashboard
    assert dashboard is not None
    qtbot.waitUntil(dashboard.isVisible)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    type_key(qtbot, window, Qt.Key.Key_F11)
    qtbot.waitUntil(lambda: not dashboard.isVisible())
    qtbot.waitUntil(window.isActiveWindow)
    count_all_four(qtbot, window)


def test_keys_record_after_the_dashboard_closes_itself(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    # Escape on the dashboard (where the operator clicked) asks the window to hide it.
    type_key(qtbot, window, Qt.Key.Key_F11)
    dashboard = window.dashboard
    assert dashboard is not None
    qtbot.waitUntil(dashboard.isVisible)
    dashboard.activateWindow()
    qtbot.waitUntil(dashboard.isActiveWindow)
    QTest.keyClick(dashboard.windowHandle(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dashboard.isVisible())
    qtbot.waitUntil(window.isActiveWindow)
    count_all_four(qtbot, window)


def test_keys_record_after_the_challenge_register_closes(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    type_key(qtbot, window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    dialog = window.register_dialog
    qtbot.waitUntil(dialog.isActiveWindow)
    with qtbot.waitSignal(dialog.finished):
        type_key(qtbot, window, Qt.Key.Key_Escape)
    assert dialog.result() == QDialog.DialogCode.Rejected
    qtbot.waitUntil(window.isActiveWindow)
    count_all_four(qtbot, window)
