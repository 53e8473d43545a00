"""One list of challenge reasons, with one letter key each, the same at every stage and
on every ballot, shown in the prompt; letters no call, party or stage key uses. A
reason an earlier Station recorded reads as it did."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain.challenges import REASON_KEYS, Challenge, ChallengeRegister, Reason
from station.domain.envelopes import RULING_KEYS
from tests.ui.operator.helpers import press, small_election
from tests.ui.windows import open_window

TAKEN = set("FACVDJWEUBPGYN") | set(RULING_KEYS)


def test_one_letter_for_each_reason_that_no_other_key_uses() -> None:
    letters = [letter for letter, _ in REASON_KEYS]
    assert len(set(letters)) == len(letters) == len({reason for _, reason in REASON_KEYS})
    assert not set(letters) & TAKEN
    words = [reason.value for _, reason in REASON_KEYS]
    assert "signature missing or not matching" not in words and "envelope damaged" not in words


def test_the_count_takes_the_same_letters_and_shows_them(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, small_election(tmp_path, pile=0))
    try:
        press(window, Qt.Key.Key_C, Qt.Key.Key_E, Qt.Key.Key_S)
        challenge = next(iter(window.controller.count.challenges.counting()))
        assert (challenge.party, challenge.reason) == ("employer", Reason.SUPERVISOR)
        buttons = [b.text() for b in window.prompts.challenge.buttons.values()]
        assert "supervisor  [S]" in buttons and "not on list  [I]" in buttons, buttons
    finally:
        window.close()


def test_an_old_files_reasons_read_as_before() -> None:
    register = ChallengeRegister()
    register.add(Challenge(1))
    for old in ("signature missing or not matching", "envelope damaged"):
        amended = register.amended(1, {"reason": old})
        assert amended.reason is not None and amended.reason.value == old
