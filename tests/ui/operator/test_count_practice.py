"""Challenges, disputed voids, pile checks, over-counts, pause and resume at the operator window."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.domain.challenges import Reason
from station.domain.parties import Party
from station.domain.piles import PileRef
from station.sheet.prepare import SheetRequest
from station.ui.operator.window import OperatorWindow
from tests.ui.operator.helpers import press, reopen, small_election
from tests.ui.windows import figures, key, open_window


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[OperatorWindow]:
    window = open_window(qtbot, small_election(tmp_path))
    window.prompts.pile_read_s = 0  # the tests' recounts take no time
    yield window
    window.close()


def test_c_records_at_once_then_party_and_reason_follow_by_key(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_C)
    assert figures(window)[Call.CHALLENGE] == "1"  # recorded before any question
    prompt = window.prompts.challenge
    assert prompt.isVisible() and "Ballot 1 CHALLENGED" in prompt.question.text()
    assert "by the Board agent" in prompt.question.text()
    press(window, Qt.Key.Key_E, Qt.Key.Key_S)
    entry = window.controller.count.challenges.counting()[0]
    assert (entry.party, entry.reason) == (Party.EMPLOYER, Reason.SUPERVISOR)
    assert "by the Employer; supervisor" in prompt.question.text()
    press(window, Qt.Key.Key_F)  # the next call goes on at once and ends the question
    assert not prompt.isVisible()
    assert figures(window)[Call.FOR] == "1"
    press(window, Qt.Key.Key_E)  # no question open: E does nothing
    assert window.controller.count.challenges.by_party()["employer"] == 1
    again = reopen(qtbot, window)
    try:
        entry = again.controller.count.challenges.counting()[0]
        assert (entry.party, entry.reason) == (Party.EMPLOYER, Reason.SUPERVISOR)
    finally:
        again.close()


def test_a_party_or_reason_key_pressed_again_records_nothing_more(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_C, Qt.Key.Key_I, Qt.Key.Key_I, Qt.Key.Key_E, Qt.Key.Key_E)
    journal = window.controller.journal
    amends = [record.event().detail for record in journal.records() if record.action == "amend"]
    assert amends == [{"reason": Reason.NOT_ON_LIST.value}, {"party": Party.EMPLOYER.value}]
    prompt = window.prompts.challenge
    assert prompt.isVisible() and "by the Employer; not on the eligibility list" in (
        prompt.question.text()
    )
    assert window.controller.count.challenges.by_party()["employer"] == 1


def test_esc_closes_the_challenge_question_and_records_nothing(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_C)
    prompt = window.prompts.challenge
    assert prompt.isVisible()
    events = window.controller.journal.head_seq
    press(window, Qt.Key.Key_Escape)
    assert not prompt.isVisible()
    assert window.controller.journal.head_seq == events  # the challenge stays as made
    assert figures(window)[Call.CHALLENGE] == "1"
    press(window, Qt.Key.Key_E)  # no question open: E names nobody
    assert window.controller.count.challenges.by_party()["employer"] == 0


def test_a_click_answers_the_challenge_question(qtbot: QtBot, window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_C)
    buttons = window.prompts.challenge.buttons
    qtbot.mouseClick(buttons[("party", Party.UNION)], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(buttons[("reason", Reason.NOT_ON_LIST)], Qt.MouseButton.LeftButton)
    assert window.controller.count.challenges.by_party()["petitioner"] == 1
    assert window.recent.item(0).text() == (
        "Ballot 1 CHALLENGED by the Union: not on the eligibility list"
    )


def test_the_register_corrects_a_challenge_with_a_new_event(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_C, Qt.Key.Key_F, Qt.Key.Key_C, Qt.Key.Key_U)
    window.register_action.trigger()
    dialog = window.register_dialog
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.table.rowCount() == 2
    assert "2 challenged ballots" in dialog.totals.text()
    assert "Board agent 1" in dialog.totals.text()
    dialog.select(dialog._entries[0].seq)
    dialog.party.setCurrentIndex(dialog.party.findData(Party.EMPLOYER))
    dialog.reason.setCurrentIndex(dialog.reason.findData(Reason.MISMATCH))
    dialog.note.setText("envelope 14")
    events = window.controller.journal.head_seq
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert window.controller.journal.head_seq == events + 1  # one AMEND, nothing edited
    assert dialog.table.item(0, 2).text() == "Employer"
    assert dialog.table.item(0, 3).text() == "signature or name mismatch"
    assert dialog.table.item(0, 5).text() == "envelope 14"
    assert "Employer 1" in dialog.totals.text()
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert "Nothing changed" in dialog.error_label.text()
    dialog.close()


def test_a_disputed_void_becomes_a_challenge_and_survives_a_restart(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_F, Qt.Key.Key_A, Qt.Key.Key_V)
    press(window, Qt.Key.Key_D)  # the last call, of any kind
    prompt = window.prompts.dispute
    assert prompt.isVisible() and "Ballot 3 VOID" in prompt.question.text()
    press(window, Qt.Key.Key_U)
    assert not prompt.isVisible()
    assert figures(window)[Call.VOID] == "0" and figures(window)[Call.CHALLENGE] == "1"
    assert "Ballot 3 VOID disputed by the Union" in window.recent.item(0).text()
    again = reopen(qtbot, window)
    try:
        assert figures(again)[Call.CHALLENGE] == "1" and figures(again)[Call.VOID] == "0"
        entry = again.controller.count.challenges.counting()[0]
        assert entry.disputed_void and entry.party == Party.UNION
        press(again, Qt.Key.Key_D)  # disputed already: the Employer may join, or withdraw
        assert "disputed by the Union" in again.prompts.dispute.question.text()
        press(again, Qt.Key.Key_J)
        dispute = again.controller.count.resolutions.disputes[entry.seq]
        assert dispute.joined == Party.EMPLOYER
        press(again, Qt.Key.Key_D, Qt.Key.Key_W)  # withdrawn: the ballot is VOID again
        assert figures(again)[Call.VOID] == "1" and figures(again)[Call.CHALLENGE] == "0"
        assert "dispute withdrawn by the Union" in again.recent.item(0).text()
        press(again, Qt.Key.Key_F, Qt.Key.Key_D, Qt.Key.Key_2)  # left as called, noted
        assert figures(again)[Call.FOR] == "2" and "left as called" in again.recent.item(0).text()
    finally:
        again.close()


def test_a_pile_mismatch_is_shown_until_resolved_across_a_restart(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_F, Qt.Key.Key_F)
    assert window.pad.buttons[Call.FOR].pile() == "pile 1: 2 of 3"
    assert not window.prompts.pile.isVisible()
    press(window, Qt.Key.Key_F)
    prompt = window.prompts.pile
    assert prompt.isVisible() and "FOR pile 1 is full" in prompt.question.text()
    assert window.pad.buttons[Call.FOR].pile() == "pile 1: 3 of 3 \u2014 recount"
    asked: list[tuple[PileRef, int]] = []
    window.prompts.ask_pile_count = lambda ref, size: asked.append((ref, size))
    press(window, Qt.Key.Key_N)
    assert asked == [(PileRef(Call.FOR, 1), 3)]
    window.controller.check_pile(Call.FOR, 1, 2)  # the recount found two
    assert "MISMATCH: FOR pile 1" in prompt.question.text()
    window = reopen(qtbot, window)
    try:
        prompt = window.prompts.pile
        assert "MISMATCH: FOR pile 1" in prompt.question.text()
        # The last FOR was an AGAINST ballot: undo it (visible), call it again, then the
        # next FOR fills the pile and the recount confirms it.
        key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        press(window, Qt.Key.Key_A, Qt.Key.Key_F)
        assert "FOR pile 1 is full" in prompt.question.text()
        press(window, Qt.Key.Key_Return)
        assert not prompt.isVisible()
        texts = [window.recent.item(i).text() for i in range(4)]
        assert "FOR pile 1 recounted: 3 of 3, confirmed" in texts[0]
    finally:
        window.close()


def test_the_pile_count_dialog_records_the_number_found(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_A, Qt.Key.Key_A, Qt.Key.Key_A, Qt.Key.Key_N)
    dialog = window.prompts.pile_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    dialog.found.setValue(4)
    dialog.accept()
    assert "MISMATCH: AGAINST pile 1" in window.prompts.pile.question.text()
    mismatch = window.controller.count.piles.mismatches()[0]
    assert (mismatch.call, mismatch.pile, mismatch.found) == (Call.AGAINST, 1, 4)


def test_an_over_count_is_refused_unless_confirmed(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, small_election(tmp_path, ballots=2, pile=0))
    try:
        press(window, Qt.Key.Key_F, Qt.Key.Key_A, Qt.Key.Key_F)
        assert figures(window)[Call.FOR] == "1"
        prompt = window.prompts.over_count
        assert prompt.isVisible()
        assert "all 2 ballots in the box are counted; this FOR would be ballot 3" in (
            prompt.question.text()
        )
        press(window, Qt.Key.Key_Escape)
        assert not prompt.isVisible() and figures(window)[Call.FOR] == "1"
        press(window, Qt.Key.Key_A)
        press(window, Qt.Key.Key_V)  # another call key instead of Y: nothing recorded
        assert figures(window)[Call.AGAINST] == "1" and figures(window)[Call.VOID] == "0"
        press(window, Qt.Key.Key_Y)
        assert figures(window)[Call.VOID] == "1"
        assert "(over the ballots in the box, confirmed)" in window.recent.item(0).text()
        record = window.controller.journal.last_records(1)[0]
        assert record.details() == {"over_count": True}
    finally:
        window.close()
    again = open_window(qtbot, tmp_path / "small.station")
    try:
        assert figures(again)[Call.VOID] == "1"
        assert "more than the ballots in the box" in again.progress_label.text()
    finally:
        again.close()


def test_pause_then_resume_the_next_day(qtbot: QtBot, window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_F, Qt.Key.Key_A)
    window.pause_action.trigger()
    dialog = window.prepare_dialog
    qtbot.waitUntil(dialog.isVisible)
    assert dialog.interim.isChecked()
    dialog._on_prepare_clicked()
    assert window.controller.locked_by is not None
    assert window.controller.locked_by.kind is SheetKind.INTERIM
    assert "Count paused after ballot 2" in window.recent.item(0).text()
    window = reopen(qtbot, window)  # the next morning
    try:
        assert "Count paused" in window.notice_banner.text()
        assert window.reopen_action.text().replace("&", "") == "Resume count"
        window.reopen_action.trigger()
        assert window.controller.locked_by is None
        assert "Count resumed at ballot 3" in window.notice_banner.text()
        assert "Count resumed at ballot 3" in window.recent.item(0).text()
        press(window, Qt.Key.Key_V)
        assert figures(window)[Call.VOID] == "1"
    finally:
        window.close()


def test_a_dispute_asked_before_an_undo_records_nothing(window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_V, Qt.Key.Key_D)
    assert window.prompts.dispute.isVisible()
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the VOID is taken back
    assert not window.prompts.dispute.isVisible()
    events = window.controller.journal.head_seq
    press(window, Qt.Key.Key_E, Qt.Key.Key_F)
    assert window.controller.journal.head_seq == events + 1  # only the FOR
    assert figures(window)[Call.FOR] == "1"


def test_the_controller_never_writes_an_event_the_rules_refuse(window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_F)
    events = window.controller.journal.head_seq
    refused: list[str] = []
    window.controller.refused.connect(refused.append)
    assert not window.controller.dispute_void(2, Party.EMPLOYER)  # a FOR, not a VOID
    assert not window.controller.amend_challenge(2, {"party": "employer"})
    assert not window.controller.check_pile(Call.FOR, 1, 3)  # not full
    assert window.controller.journal.head_seq == events
    assert len(refused) == 3
    # The banner says NOT RECORDED once, then the reason (it said "not recorded" twice).
    assert not any("not recorded" in text.lower() for text in refused), refused
    assert window.error_banner.text().startswith("<b>NOT RECORDED:</b> FOR pile 1 is not full")


def test_the_register_cannot_give_an_ordinary_challenge_the_disputed_void_reason(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_C)
    window.register_action.trigger()
    dialog = window.register_dialog
    dialog.select(dialog._entries[0].seq)
    index = dialog.reason.findData(Reason.DISPUTED_VOID)
    assert not dialog.reason.model().item(index).isEnabled()  # type: ignore[attr-defined]
    dialog.reason.setCurrentIndex(index)  # forced anyway: the rules refuse it, unwritten
    events = window.controller.journal.head_seq
    qtbot.mouseClick(dialog.record_button, Qt.MouseButton.LeftButton)
    assert window.controller.journal.head_seq == events
    assert "only a disputed void" in dialog.error_label.text()
    dialog.close()


def test_an_over_count_question_is_withdrawn_by_an_undo(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, small_election(tmp_path, ballots=3, pile=0))
    try:
        press(window, Qt.Key.Key_F, Qt.Key.Key_F, Qt.Key.Key_F, Qt.Key.Key_A)
        assert window.prompts.over_count.isVisible()
        key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert not window.prompts.over_count.isVisible()
        press(window, Qt.Key.Key_Y)
        assert figures(window)[Call.AGAINST] == "0"
        assert window.controller.journal.last_records(1)[0].action == "undo"
    finally:
        window.close()


def test_a_pile_found_wrong_is_not_confirmed_by_the_next_enter(window: OperatorWindow) -> None:
    press(window, Qt.Key.Key_F, Qt.Key.Key_F, Qt.Key.Key_F)
    window.controller.check_pile(Call.FOR, 1, 2)
    assert "MISMATCH" in window.prompts.pile.question.text()
    assert "pile 1 is full" not in window.prompts.pile.question.text()  # no Enter offered
    events = window.controller.journal.head_seq
    press(window, Qt.Key.Key_Return)
    assert window.controller.journal.head_seq == events
    assert window.controller.count.piles.mismatches()


def test_enter_answers_only_a_question_that_was_on_screen(window: OperatorWindow) -> None:
    window.prompts.pile_read_s = 60  # an Enter typed ahead, before anyone recounted
    press(window, Qt.Key.Key_F, Qt.Key.Key_F, Qt.Key.Key_F, Qt.Key.Key_Return)
    assert window.controller.count.piles.to_check(Call.FOR, 3) == [1]
    # Not dropped in silence: the question says why nothing was recorded.
    assert "Enter came as the question appeared" in window.prompts.pile.question.text()
    window.prompts.pile_read_s = 0
    press(window, Qt.Key.Key_Return)
    assert window.controller.count.piles.to_check(Call.FOR, 3) == []


def test_a_locked_count_asks_for_no_recount_until_it_is_reopened(
    window: OperatorWindow,
) -> None:
    press(window, Qt.Key.Key_F, Qt.Key.Key_F, Qt.Key.Key_F)
    prompt = window.prompts.pile
    assert prompt.isVisible() and "FOR pile 1 is full" in prompt.question.text()
    window.controller.prepare_sheet(SheetRequest(SheetKind.INTERIM, "R. Agent", [], None))
    assert not prompt.isVisible()  # Enter could record nothing: the count is locked
    window.controller.reopen("the next morning")
    assert prompt.isVisible() and "FOR pile 1 is full" in prompt.question.text()


def test_the_register_counts_one_challenged_ballot_in_the_singular(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_C)
    window.register_action.trigger()
    dialog = window.register_dialog
    qtbot.waitUntil(dialog.isVisible)
    assert "<b>1 challenged ballot</b>" in dialog.totals.text(), dialog.totals.text()
    assert "1 challenged ballots" not in dialog.totals.text()
    dialog.close()


def test_the_register_offers_a_disputed_ballot_its_call_back_not_an_opening(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_F, Qt.Key.Key_C, Qt.Key.Key_Escape, Qt.Key.Key_V)
    press(window, Qt.Key.Key_D, Qt.Key.Key_U)  # the VOID disputed: carried as challenged
    window.register_action.trigger()
    dialog = window.register_dialog
    qtbot.waitUntil(dialog.isVisible)
    challenged, disputed = (entry.seq for entry in dialog._entries)
    dialog.select(disputed)
    assert dialog.withdraw_button.text().replace("&", "") == "Withdrawn: the call stands"
    dialog.select(challenged)  # a sealed challenged ballot: withdrawn, it is opened
    assert dialog.withdraw_button.text().replace("&", "") == "Withdrawn: open and count it"
    dialog.close()


def test_the_register_names_a_challenger_in_the_combo_as_in_the_table(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    press(window, Qt.Key.Key_C, Qt.Key.Key_U)  # challenged by the Union
    window.register_action.trigger()
    dialog = window.register_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.select(dialog._entries[0].seq)
    shown = dialog.table.item(0, 2)
    assert shown is not None and shown.text() == "Union"
    assert dialog.party.currentText().startswith("Union \u2014 the Petitioner")
    dialog.close()
