"""The count keys record again once Esc has left the menu bar.

Alt and a letter open a menu and put the menu bar in its keyboard mode; Esc closes the
menu and a second Esc leaves the bar. Keys are typed into the window's QWindow, where a
keyboard types them, so a menu bar that kept the focus would take them as its mnemonics.
"""

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.ui.operator.window import OperatorWindow
from tests.ui.spanish import compiled, in_spanish
from tests.ui.windows import in_the_file, open_window, type_key

ALT = Qt.KeyboardModifier.AltModifier


def test_after_alt_f_and_escape_the_count_keys_record_and_are_said(
    qtbot: QtBot, window: OperatorWindow, said: list[tuple[str, bool]]
) -> None:
    type_key(qtbot, window, Qt.Key.Key_A)
    type_key(qtbot, window, Qt.Key.Key_F, ALT)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
    type_key(qtbot, window, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    type_key(qtbot, window, Qt.Key.Key_Escape)
    for key in (Qt.Key.Key_V, Qt.Key.Key_F):
        type_key(qtbot, window, key)
        assert QApplication.activePopupWidget() is None  # no menu opened by the call key
    assert in_the_file(window) == {Call.FOR: 1, Call.AGAINST: 1, Call.VOID: 1, Call.CHALLENGE: 0}
    assert not window.menuBar().hasFocus()
    assert [message for message, _ in said][-2:] == ["Ballot 2 VOID", "Ballot 3 FOR"]


def test_in_spanish_after_alt_a_and_two_escapes_the_letters_of_menus_record(
    qtbot: QtBot, election_file: Path, tmp_path: Path, said: list[tuple[str, bool]]
) -> None:
    with in_spanish(compiled(tmp_path)):
        window = open_window(qtbot, election_file)
        try:
            type_key(qtbot, window, Qt.Key.Key_A, ALT)  # Archivo
            qtbot.waitUntil(lambda: QApplication.activePopupWidget() is not None)
            type_key(qtbot, window, Qt.Key.Key_Escape)
            qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
            type_key(qtbot, window, Qt.Key.Key_Escape)
            for key in (Qt.Key.Key_A, Qt.Key.Key_V, Qt.Key.Key_F):  # Archivo, Ver, and FOR
                type_key(qtbot, window, key)
                assert QApplication.activePopupWidget() is None
            assert in_the_file(window) == {
                Call.FOR: 1,
                Call.AGAINST: 1,
                Call.VOID: 1,
                Call.CHALLENGE: 0,
            }
            assert [message for message, _ in said] == [
                "Papeleta 1 EN CONTRA",
                "Papeleta 2 NULA",
                "Papeleta 3 A FAVOR",
            ]
        finally:
            window.close()
