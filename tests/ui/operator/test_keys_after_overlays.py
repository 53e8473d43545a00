"""The count keys still record after the help overlay, the dashboard or the register closes.

Keys here are typed into the window's QWindow, as a keyboard types them: Qt hands
them to whichever widget has the focus, so a widget that kept the focus while hidden
(and swallowed every key) fails these tests, where a key sent straight to the
operator window would not notice. Each key is checked twice: on the pad, where the
operator sees it, and in the election file, read back by a reader of its own.
"""

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.ui.operator.window import OperatorWindow
from tests.ui.windows import KEYS, figures, in_the_file, type_key

NONE = dict.fromkeys(Call, 0)


def shown(window: OperatorWindow) -> dict[Call, int]:
    """The figures on the pad, as the operator reads them."""
    return {call: int(text.replace(",", "")) for call, text in figures(window).items()}


def seen_and_stored(window: OperatorWindow) -> tuple[dict[Call, int], dict[Call, int]]:
    """The pad's figures and the file's tally: neither is enough alone."""
    return shown(window), in_the_file(window)


Seen = tuple[dict[Call, int], dict[Call, int]]


def count_all_four(qtbot: QtBot, window: OperatorWindow) -> list[Seen]:
    """F, A, V, then Ctrl+Z to take the V back: what the pad and the file say before,
    after the three keys and after the undo (`four_counted` says what they should)."""
    said = [seen_and_stored(window)]
    for call in (Call.FOR, Call.AGAINST, Call.VOID):
        type_key(qtbot, window, KEYS[call])
    said.append(seen_and_stored(window))
    type_key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    said.append(seen_and_stored(window))
    return said


def four_counted(before: dict[Call, int]) -> list[Seen]:
    """What `count_all_four` must find, starting from the pad's `before`: every kind of
    count key records, on the pad and in the file alike."""
    after = {call: n + (call is not Call.CHALLENGE) for call, n in before.items()}
    undone = {**after, Call.VOID: before[Call.VOID]}
    return [(before, before), (after, after), (undone, undone)]


def test_keys_record_before_any_overlay(qtbot: QtBot, window: OperatorWindow) -> None:
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_f1_and_escape(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F)
    assert seen_and_stored(window) == ({**NONE, Call.FOR: 1},) * 2
    type_key(qtbot, window, Qt.Key.Key_F1)
    assert window.help_overlay.isVisible()
    type_key(qtbot, window, Qt.Key.Key_Escape)
    assert not window.help_overlay.isVisible()
    assert (
        seen_and_stored(window) == ({**NONE, Call.FOR: 1},) * 2
    )  # the key that closed it recorded nothing
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_f1_closed_by_a_letter(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F1)
    type_key(qtbot, window, Qt.Key.Key_A)
    assert not window.help_overlay.isVisible()
    assert seen_and_stored(window) == (NONE,) * 2  # the A that closed it recorded nothing
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_f1_closed_by_f1(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F1)
    assert window.help_overlay.isVisible()
    type_key(qtbot, window, Qt.Key.Key_F1)
    assert not window.help_overlay.isVisible()
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_f1_closed_by_a_click(qtbot: QtBot, window: OperatorWindow) -> None:
    type_key(qtbot, window, Qt.Key.Key_F1)
    QTest.mouseClick(window.help_overlay, Qt.MouseButton.LeftButton, pos=QPoint(20, 20))
    assert not window.help_overlay.isVisible()
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_the_overlay_shown_twice(qtbot: QtBot, window: OperatorWindow) -> None:
    for _ in range(2):
        type_key(qtbot, window, Qt.Key.Key_F1)
        type_key(qtbot, window, Qt.Key.Key_Escape)
        before = shown(window)
        assert count_all_four(qtbot, window) == four_counted(before)


def test_a_hidden_overlay_never_eats_keys(qtbot: QtBot, window: OperatorWindow) -> None:
    # However the overlay is hidden (here not by a key or a click), a count key records.
    type_key(qtbot, window, Qt.Key.Key_F1)
    window.help_overlay.hide()
    type_key(qtbot, window, Qt.Key.Key_F)
    assert seen_and_stored(window) == ({**NONE, Call.FOR: 1},) * 2


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
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_escape_on_the_dashboard(qtbot: QtBot, window: OperatorWindow) -> None:
    # Escape on the dashboard (where the operator clicked) gives the keys back to the
    # window; on the one screen there is, the dashboard stays open behind it.
    type_key(qtbot, window, Qt.Key.Key_F11)
    dashboard = window.dashboard
    assert dashboard is not None
    qtbot.waitUntil(dashboard.isVisible)
    dashboard.activateWindow()
    qtbot.waitUntil(dashboard.isActiveWindow)
    QTest.keyClick(dashboard.windowHandle(), Qt.Key.Key_Escape)
    qtbot.waitUntil(window.isActiveWindow)
    assert dashboard.isVisible()
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


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
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def _sheet_dialog(qtbot: QtBot, window: OperatorWindow, qt_key: Qt.Key) -> QDialog:
    """The interim (Ctrl+P) or tally (Ctrl+T) dialog, opened by its key and active."""
    type_key(qtbot, window, qt_key, Qt.KeyboardModifier.ControlModifier)
    dialog = window.prepare_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def _prepared(qtbot: QtBot, window: OperatorWindow, dialog: QDialog) -> None:
    """Fill the sheet dialog in and prepare the sheet with its Enter."""
    dialog.place.setText("Staten Island, NY")
    dialog.observer_boxes["employer"].setPlainText("Jane Roe")
    dialog.observer_boxes["petitioner"].setPlainText("John Doe")
    with qtbot.waitSignal(dialog.finished):
        type_key(qtbot, window, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Accepted


@pytest.mark.parametrize("qt_key", [Qt.Key.Key_P, Qt.Key.Key_T], ids=["interim", "tally"])
def test_keys_record_after_a_sheet_dialog_is_cancelled(
    qtbot: QtBot, window: OperatorWindow, qt_key: Qt.Key
) -> None:
    dialog = _sheet_dialog(qtbot, window, qt_key)
    with qtbot.waitSignal(dialog.finished):
        type_key(qtbot, window, Qt.Key.Key_Escape)
    qtbot.waitUntil(window.isActiveWindow)
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_the_interim_dialog_pauses_the_count(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    type_key(qtbot, window, Qt.Key.Key_F)
    _prepared(qtbot, window, _sheet_dialog(qtbot, window, Qt.Key.Key_P))
    qtbot.waitUntil(window.isActiveWindow)
    assert window.controller.locked_by is not None
    window.reopen_action.trigger()  # the pause ends without a question
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)


def test_keys_record_after_the_tally_and_reopen_dialogs(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    type_key(qtbot, window, Qt.Key.Key_F)
    _prepared(qtbot, window, _sheet_dialog(qtbot, window, Qt.Key.Key_T))
    qtbot.waitUntil(window.isActiveWindow)
    for reason in ("", "a ballot found under the table"):  # Escape first, then a reason
        window.reopen_action.trigger()
        dialog = window.reopen_dialog
        assert dialog is not None
        qtbot.waitUntil(dialog.isActiveWindow)
        with qtbot.waitSignal(dialog.finished):
            if reason:
                dialog.reason.setText(reason)
            type_key(qtbot, window, Qt.Key.Key_Return if reason else Qt.Key.Key_Escape)
        qtbot.waitUntil(window.isActiveWindow)
    assert window.controller.locked_by is None
    before = shown(window)
    assert count_all_four(qtbot, window) == four_counted(before)
