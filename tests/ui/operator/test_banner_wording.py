"""The red banner's words: a file's name as written, no lower case after a full stop."""

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.ui.operator.window import OperatorWindow
from tests.ui.operator.helpers import prepare
from tests.ui.windows import KEYS, key, open_window


def banner_words(window: OperatorWindow) -> str:
    assert window.error_banner.isVisible()
    return QTextDocumentFragment.fromHtml(window.error_banner.text()).toPlainText()


def assert_well_written(words: str) -> None:
    assert words.startswith("NOT RECORDED"), words
    assert not re.search(r"\.\s+[a-z]", words), f"lower case after a full stop: {words}"
    assert "not recorded" not in words[len("NOT RECORDED") :].lower(), words  # said once


def test_a_file_moved_away_is_named_as_written(
    qtbot: QtBot, election_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Opened as `station jfk8.station`: the reason starts with the name as typed.
    monkeypatch.chdir(election_file.parent)
    path = Path(election_file.name)
    window = open_window(qtbot, path)
    away = path.with_name("elsewhere.station")
    path.rename(away)
    try:
        key(window, KEYS[Call.FOR])
        words = banner_words(window)
    finally:
        away.rename(path)
        window.close()
    assert_well_written(words)
    assert "jfk8.station" in words, words
    assert "Jfk8.station" not in words, words


def test_a_call_on_a_locked_count_reads_as_a_sentence(
    qtbot: QtBot, window: OperatorWindow, tmp_path: Path
) -> None:
    for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.VOID):
        key(window, KEYS[call])
    prepare(qtbot, window)
    key(window, KEYS[Call.FOR])
    words = banner_words(window)
    assert "locked" in words
    assert_well_written(words)
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert_well_written(banner_words(window))


def test_undo_of_a_settled_challenge_names_the_ballot_and_the_registers_action(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    key(window, KEYS[Call.FOR])
    key(window, KEYS[Call.CHALLENGE])  # ballot 2: the prompt asks who and why
    assert window.prompts.challenge.isVisible()
    seq = window.controller.count.next_undo()
    assert seq is not None
    assert window.controller.settle(seq[0], "sustained")  # settled at the table
    assert not window.prompts.challenge.isVisible()  # its question is the register's now
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    words = banner_words(window)
    assert_well_written(words)
    assert "ballot 2 (no. 1 in the challenge register) is settled: sustained" in words, words
    assert "\u201cTake the settlement back\u201d" in words, words
    assert "event" not in words, words
    assert window.controller.count.counted == 2  # nothing taken back


def test_a_refusal_banner_goes_on_esc_and_on_the_next_action(
    qtbot: QtBot, window: OperatorWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    key(window, KEYS[Call.FOR])
    key(window, KEYS[Call.CHALLENGE])
    key(window, Qt.Key.Key_Escape)  # the challenge's question closed
    seq = window.controller.count.next_undo()
    assert seq is not None and window.controller.settle(seq[0], "sustained")
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.error_banner.isVisible()
    key(window, Qt.Key.Key_Escape)  # read: it goes
    assert not window.error_banner.isVisible()
    assert window.controller.count.counted == 2  # and nothing else happened
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.error_banner.isVisible()
    asked: list[bool] = []
    window.new_election_requested.connect(lambda: asked.append(True))
    for action in window.actions():
        if action.text().startswith("&New election"):
            action.trigger()  # Ctrl+N: the operator moved on
    assert asked == [True] and not window.error_banner.isVisible()
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    window.help_action.trigger()  # F1 to make sense of it: the banner stays
    assert window.error_banner.isVisible()
