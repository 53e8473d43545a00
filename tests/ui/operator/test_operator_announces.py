"""What a screen reader says as the operator counts: the focus is on no control (the
keys record calls), so each call, question and refusal is announced."""

from PySide6.QtCore import Qt

from station.ui.operator.window import OperatorWindow
from tests.ui.announcing import Said
from tests.ui.windows import key


def test_each_call_is_said_as_it_is_recorded(window: OperatorWindow, said: Said) -> None:
    key(window, Qt.Key.Key_F)
    key(window, Qt.Key.Key_A)
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert said == [
        ("Ballot 1 FOR", False),
        ("Ballot 2 AGAINST", False),
        (window.recent.texts()[0].removeprefix("\u21b6 "), False),
    ]
    assert said[-1][0].endswith("undone")


def test_a_question_is_said_once_with_its_keys(window: OperatorWindow, said: Said) -> None:
    key(window, Qt.Key.Key_C)
    question = [text for text, _ in said if "Who challenged" in text]
    assert len(question) == 1
    assert question[0].startswith("Ballot 1 CHALLENGED by the Board agent;")
    assert "Employer [E]" in question[0] and "supervisor [S]" in question[0]
    said.clear()
    key(window, Qt.Key.Key_F)  # counting goes on: the question stays, not said again
    assert said == [("Ballot 2 FOR", False)]


def test_a_call_not_recorded_is_said_at_once(window: OperatorWindow, said: Said) -> None:
    path = window.controller.journal.path
    away = path.with_name("elsewhere.station")
    path.rename(away)  # the file is gone from under the station
    try:
        key(window, Qt.Key.Key_F)
    finally:
        away.rename(path)
    assert len(said) == 1
    text, assertive = said[0]
    assert assertive and text.startswith("NOT RECORDED:") and "<" not in text
