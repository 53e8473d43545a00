"""What the operator sees must hold still: prompts never move or shrink the call buttons;
the last calls list one entry per ballot, whole, in an order that reads forwards."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.ui.operator.window import OperatorWindow
from tests.ui.operator.helpers import press, small_election
from tests.ui.windows import open_window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[OperatorWindow]:
    window = open_window(qtbot, small_election(tmp_path, ballots=4, pile=2))
    window.resize(900, 720)  # narrow: the prompts want more width than the column has
    window.prompts.pile_read_s = 0
    yield window
    window.close()


def pad_geometry(window: OperatorWindow) -> dict[Call, QRect]:
    QApplication.processEvents()  # let the layouts settle, as the screen would
    return {
        call: QRect(button.mapTo(window, button.rect().topLeft()), button.size())
        for call, button in window.pad.buttons.items()
    }


def test_prompts_never_move_or_shrink_the_call_buttons(window: OperatorWindow) -> None:
    before = pad_geometry(window)
    press(window, Qt.Key.Key_C)  # who challenged, and why
    assert window.prompts.challenge.isVisible()
    assert pad_geometry(window) == before
    press(window, Qt.Key.Key_F, Qt.Key.Key_F)  # a full FOR pile, and the challenge prompt
    assert window.prompts.pile.isVisible()
    assert pad_geometry(window) == before
    press(window, Qt.Key.Key_V, Qt.Key.Key_D)  # a disputed void
    assert window.prompts.dispute.isVisible()
    assert pad_geometry(window) == before
    press(window, Qt.Key.Key_Escape, Qt.Key.Key_A)  # beyond the 4 ballots in the box
    assert window.prompts.over_count.isVisible()
    assert pad_geometry(window) == before


def test_a_challenge_is_one_entry_completed_in_place(window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_F, Qt.Key.Key_C)
    assert window.recent.texts()[:2] == ["Ballot 2 CHALLENGED", "Ballot 1 FOR"]
    press(window, Qt.Key.Key_E)
    assert window.recent.texts()[:2] == [
        "Ballot 2 CHALLENGED by the Employer: reason not given",
        "Ballot 1 FOR",
    ]
    press(window, Qt.Key.Key_S, Qt.Key.Key_A)
    assert window.recent.texts() == [
        "Ballot 3 AGAINST",
        "Ballot 2 CHALLENGED by the Employer: supervisor",
        "Ballot 1 FOR",
        "Station opened the count",
    ]
    # Corrected later in the register: the same entry, where it stands.
    seq = window.controller.count.challenges.counting()[0].seq
    assert window.controller.amend_challenge(seq, {"party": "petitioner"})
    assert window.recent.texts()[1] == "Ballot 2 CHALLENGED by the Union: supervisor"
    assert len(window.recent.texts()) == 4


def test_a_disputed_void_is_completed_in_its_correction(window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_V, Qt.Key.Key_D, Qt.Key.Key_U)
    assert window.recent.texts()[0] == "Ballot 1 VOID disputed by the Union: now CHALLENGED"
    seq = window.controller.count.challenges.counting()[0].seq
    assert window.controller.amend_challenge(seq, {"party": "employer"})
    assert window.recent.texts()[:2] == [
        "Ballot 1 VOID disputed: now CHALLENGED by the Employer: disputed void",
        "Ballot 1 VOID",
    ]


def test_a_long_entry_wraps_instead_of_being_cut_off(window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_C, Qt.Key.Key_B, Qt.Key.Key_M, Qt.Key.Key_F)
    QApplication.processEvents()
    recent = window.recent
    long, short = recent.item(1), recent.item(0)
    assert long.text() == "Ballot 1 CHALLENGED by the Board agent: signature or name mismatch"
    width = recent.viewport().width()
    assert recent.fontMetrics().horizontalAdvance(long.text()) > width  # it needs two lines
    assert recent.visualItemRect(long).height() > recent.visualItemRect(short).height()


def test_closing_then_opening_reads_forwards(qtbot: QtBot, tmp_path: Path) -> None:
    path = small_election(tmp_path)
    first = open_window(qtbot, path)
    press(first, Qt.Key.Key_F)
    first.close()
    again = open_window(qtbot, path)
    try:
        assert again.recent.texts() == [
            "Station closed the count, then opened it again",
            "Ballot 1 FOR",
            "Station opened the count",
        ]
    finally:
        again.close()


def clipped_buttons(window: OperatorWindow) -> list[str]:
    """The shown answer buttons narrower than their words (Qt then cuts the text off)."""
    QApplication.processEvents()
    prompts = (
        window.prompts.challenge,
        window.prompts.pile,
        window.prompts.dispute,
        window.prompts.over_count,
    )
    return [
        f"{button.text()!r}: {button.width()} < {button.sizeHint().width()}"
        for prompt in prompts
        if prompt.isVisible()
        for button in prompt.buttons.values()
        if button.width() < button.sizeHint().width()
    ]


@pytest.mark.parametrize("width", [800, 900, 1100])
def test_every_answer_shows_its_whole_words(window: OperatorWindow, width: int) -> None:
    window.resize(width, 720)
    press(window, Qt.Key.Key_C)
    assert window.prompts.challenge.isVisible()
    assert clipped_buttons(window) == []
    press(window, Qt.Key.Key_F, Qt.Key.Key_F)
    assert window.prompts.pile.isVisible()
    assert clipped_buttons(window) == []
    press(window, Qt.Key.Key_V, Qt.Key.Key_D)
    assert window.prompts.dispute.isVisible()
    assert clipped_buttons(window) == []
    press(window, Qt.Key.Key_Escape, Qt.Key.Key_A)  # beyond the 4 ballots: over the box
    assert window.prompts.over_count.isVisible()
    assert clipped_buttons(window) == []
    press(window, Qt.Key.Key_Escape, Qt.Key.Key_C)  # the longest call's name
    assert "this CHALLENGED would be ballot 5" in window.prompts.over_count.question.text()
    assert clipped_buttons(window) == []


@pytest.mark.parametrize("width", [900, 1400])
def test_the_dispute_prompts_cancel_comes_after_every_answer(
    window: OperatorWindow, width: int
) -> None:
    window.resize(width, 720)
    press(window, Qt.Key.Key_V, Qt.Key.Key_D)
    assert window.prompts.dispute.isVisible()
    QApplication.processEvents()
    buttons = dict(window.prompts.dispute.buttons)
    cancel = buttons.pop(None)
    assert cancel.text().startswith("Cancel")
    assert all(cancel.y() > button.y() for button in buttons.values())
