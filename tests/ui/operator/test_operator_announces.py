"""What a screen reader says as the operator counts: the focus is on no control (the
keys record calls), so each call, question and refusal is announced."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent
from pytestqt.qtbot import QtBot

from station.ui.operator.window import OperatorWindow
from tests.ui.announcing import Said
from tests.ui.operator.helpers import press, small_election
from tests.ui.windows import key, open_window


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
    question = [text for text, _ in said if "who challenged, and why" in text.lower()]
    assert len(question) == 1
    assert question[0].startswith("Ballot 1 CHALLENGED: who challenged, and why?")
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


@pytest.fixture
def small(qtbot: QtBot, tmp_path: Path) -> Iterator[OperatorWindow]:
    """A box of 3 ballots, piles of 2."""
    window = open_window(qtbot, small_election(tmp_path, ballots=3, pile=2))
    yield window
    window.close()


def test_a_question_is_said_after_the_call_that_raised_it(
    small: OperatorWindow, said: Said
) -> None:
    press(small, Qt.Key.Key_F)
    said.clear()
    press(small, Qt.Key.Key_F)  # the FOR pile is full: its recount is asked
    assert said[0] == ("Ballot 2 FOR", False)
    assert "FOR pile 1 is full" in said[1][0]
    said.clear()
    press(small, Qt.Key.Key_C)
    assert said[0][0].startswith("Ballot 3 CHALLENGED")
    assert any("who challenged, and why" in text for text, _ in said[1:])


def test_the_last_ballot_of_the_box_is_said_then_a_call_beyond_it_interrupts(
    small: OperatorWindow, said: Said
) -> None:
    press(small, Qt.Key.Key_F, Qt.Key.Key_A)
    assert ("All ballots counted \u2014 Ctrl+T prepares the tally", False) not in said
    press(small, Qt.Key.Key_V)
    assert said[-1] == ("All ballots counted \u2014 Ctrl+T prepares the tally", False)
    said.clear()
    press(small, Qt.Key.Key_F)
    assert said and said[0][0].startswith("NOT RECORDED: all 3 ballots") and said[0][1]
    said.clear()
    press(small, Qt.Key.Key_Escape)
    assert said == [("Question closed", False)]
    assert not small.prompts.over_count.isVisible()


def test_esc_on_the_challenge_question_and_nothing_to_redo_are_said(
    small: OperatorWindow, said: Said
) -> None:
    press(small, Qt.Key.Key_C)
    said.clear()
    press(small, Qt.Key.Key_Escape)
    assert said == [("Question closed", False)]
    said.clear()
    key(
        small, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert said == [("Nothing to redo", False)]
    key(small, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    said.clear()
    key(small, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert said == [("Nothing to undo", False)]


def test_a_call_while_the_challenge_question_shows_is_said_after_it_closes(
    window: OperatorWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = window.prompts.challenge
    heard: list[tuple[str, bool]] = []  # what was said, and whether the question still showed

    def update(event: QAccessibleEvent) -> None:
        if event.type() == QAccessible.Event.Announcement:
            heard.append((event.message(), question.isVisible()))

    for letter in "FFAFFAFFCEI":
        key(window, Qt.Key(ord(letter)))
    assert question.isVisible()
    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(update))
    key(window, Qt.Key.Key_V)
    # The question's going would cut short what was said before it: it goes first.
    assert heard == [("Ballot 10 VOID", False)]
    assert not question.isVisible()


def test_the_challenge_question_states_no_challenger_until_one_is_given(
    window: OperatorWindow, said: Said
) -> None:
    key(window, Qt.Key.Key_C)
    asked = window.prompts.challenge.question.text()
    assert "CHALLENGED</b> by" not in asked  # nobody has answered yet
    assert "until answered, recorded as by the Board agent" in asked
    assert "by the Board agent;" not in said[-1][0].split("(")[0]
    key(window, Qt.Key.Key_B)  # the Board agent, as held: nothing new recorded, yet answered
    assert window.prompts.challenge.question.text().startswith(
        "<b>Ballot 1 CHALLENGED</b> by the Board agent; reason not given yet."
    )
    key(window, Qt.Key.Key_E)
    assert window.prompts.challenge.question.text().startswith(
        "<b>Ballot 1 CHALLENGED</b> by the Employer; reason not given yet."
    )
