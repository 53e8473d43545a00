"""The envelope window, driven by keys as the operator drives it."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.app import Station
from station.domain import Call
from station.domain.envelopes import EnvelopeFigures
from station.journal import Journal
from station.journal.errors import WriteFailed
from station.settings import Settings
from station.ui.envelopes.controller import EnvelopeController
from station.ui.envelopes.window import EnvelopeWindow, Mode
from station.ui.operator.window import OperatorWindow
from tests.helpers import verify_file


@pytest.fixture
def envelopes(qtbot: QtBot, mail_file: Path) -> Iterator[EnvelopeWindow]:
    window = EnvelopeWindow(EnvelopeController(Journal.open(mail_file)))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


def type_in(qtbot: QtBot, window: EnvelopeWindow, text: str) -> None:
    qtbot.keyClicks(window.search, text)


def key(
    qtbot: QtBot, window: EnvelopeWindow, k: Qt.Key, mods=Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(window.search, k, mods)


def figures(window: EnvelopeWindow) -> EnvelopeFigures:
    return window.controller.count.envelopes.figures


def pick(qtbot: QtBot, window: EnvelopeWindow, text: str) -> None:
    """Search for `text` and take the first match with Enter."""
    type_in(qtbot, window, text)
    key(qtbot, window, Qt.Key.Key_Return)


def rule(qtbot: QtBot, window: EnvelopeWindow, text: str, ruling: Qt.Key) -> None:
    """Pick the envelope `text` finds and rule it with one key (A, C, V or L)."""
    pick(qtbot, window, text)
    key(qtbot, window, ruling)


def write_in(qtbot: QtBot, window: EnvelopeWindow, name: str) -> None:
    """Ctrl+N, a name that is not on the list, Enter."""
    key(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    pick(qtbot, window, name)


CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_typing_narrows_enter_picks_and_one_key_rules(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    type_in(qtbot, envelopes, "ada")
    assert envelopes.matches.count() == 2  # Ada Lovelace, Ada Yonath
    key(qtbot, envelopes, Qt.Key.Key_Down)
    key(qtbot, envelopes, Qt.Key.Key_Return)
    assert envelopes.picked == ("105", "Ada Yonath") and envelopes.mode is Mode.PICKED
    assert "dept: BHM1" in envelopes.picked_label.text()  # the list's other columns
    key(qtbot, envelopes, Qt.Key.Key_A)
    assert figures(envelopes) == EnvelopeFigures(1, 1, 0, 0, 0)
    assert envelopes.search.text() == "" and envelopes.mode is Mode.SEARCH
    assert "Ada Yonath" in envelopes.recent.item(0).text()
    rule(qtbot, envelopes, "103", Qt.Key.Key_L)
    assert figures(envelopes) == EnvelopeFigures(2, 1, 0, 0, 1)


def test_challenge_prompt_takes_party_and_reason_then_typing_goes_on(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    rule(qtbot, envelopes, "babb", Qt.Key.Key_C)
    assert envelopes.mode is Mode.CHALLENGE
    seq = envelopes.challenge_seq
    key(qtbot, envelopes, Qt.Key.Key_E)
    key(qtbot, envelopes, Qt.Key.Key_M)
    challenge = envelopes.controller.count.challenges.get(seq or 0)
    assert challenge is not None
    assert (challenge.party, challenge.reason.value if challenge.reason else None) == (
        "employer",
        "signature or name mismatch",
    )
    type_in(qtbot, envelopes, "g")  # any other key closes the prompt and starts the next search
    assert envelopes.mode is Mode.SEARCH and envelopes.search.text() == "g"


def test_a_second_envelope_is_refused_as_accepted_and_recorded_as_void(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    for _ in range(2):
        rule(qtbot, envelopes, "100", Qt.Key.Key_A)
    assert figures(envelopes).returned == 1
    assert (
        envelopes.error_banner.isVisible() and "cannot be accepted" in envelopes.error_banner.text()
    )
    assert "SECOND ENVELOPE" in envelopes.picked_label.text()
    # A first kit and its duplicate both came back: the Board's choice between them was
    # not found, and the window says what the agent can do instead.
    assert "C challenges this one" in envelopes.error_banner.text()
    assert "duplicate the Board counts when both come back was not found" in (
        envelopes.picked_label.text()
    )
    key(qtbot, envelopes, Qt.Key.Key_V)
    assert figures(envelopes) == EnvelopeFigures(2, 1, 0, 1, 0)


def test_write_in_undo_redo(qtbot: QtBot, envelopes: EnvelopeWindow) -> None:
    write_in(qtbot, envelopes, "Nora Newhire")
    key(qtbot, envelopes, Qt.Key.Key_Return)  # challenged unless ruled otherwise
    assert figures(envelopes).challenged == 1
    key(qtbot, envelopes, Qt.Key.Key_Escape)
    key(qtbot, envelopes, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert figures(envelopes).returned == 0
    assert "undone" in envelopes.recent.item(0).text()
    key(qtbot, envelopes, Qt.Key.Key_Z, CTRL_SHIFT)
    assert figures(envelopes).challenged == 1


def test_ctrl_shift_b_ends_the_stage_and_the_count_opens(
    qtbot: QtBot,
    mail_file: Path,
    tmp_path: Path,
) -> None:
    station = Station(settings=Settings(tmp_path / "station.ini"))
    window = station.show_operator(Journal.open(mail_file))
    assert isinstance(window, EnvelopeWindow)
    for voter in ("101", "102"):
        rule(qtbot, window, voter, Qt.Key.Key_A)
    pick(qtbot, window, "103")
    key(qtbot, window, Qt.Key.Key_C)  # an envelope challenged: line 6, not a ballot called
    key(qtbot, window, Qt.Key.Key_Return)
    key(qtbot, window, Qt.Key.Key_B, CTRL_SHIFT)
    assert window.mode is Mode.CONFIRM_END and "2 accepted" in window.prompt.text()
    key(qtbot, window, Qt.Key.Key_Return)
    operator = station.window
    assert isinstance(operator, OperatorWindow) and not window.isVisible()
    assert operator.controller.setup.ballots == 2
    qtbot.keyClick(operator, Qt.Key.Key_F)
    assert operator.controller.count.tally.for_union == 1
    challenged = operator.pad.buttons[Call.CHALLENGE]  # line 6, its envelope named apart
    assert (challenged.figure(), challenged.note()) == ("1", "1 sealed envelope")
    station.close()
    verdict = verify_file(mail_file)
    assert verdict.ok and verdict.tally.for_union == 1


def test_the_register_lists_a_challenged_envelope_by_id_and_name(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    from station.ui.operator.challenge_register import ChallengeRegisterDialog

    rule(qtbot, envelopes, "grace", Qt.Key.Key_C)
    key(qtbot, envelopes, Qt.Key.Key_U)
    key(qtbot, envelopes, Qt.Key.Key_R)
    assert "Envelope 102 Grace Hopper challenged by the Union: envelope damaged or opened" in (
        envelopes.recent.item(0).text()
    )
    key(qtbot, envelopes, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    register = envelopes.findChild(ChallengeRegisterDialog)
    assert register is not None
    cells = [register.table.item(0, column).text() for column in range(5)]
    # The register's number, the envelope, the party, the reason, the status.
    assert cells == [
        "1",
        "Envelope 102 Grace Hopper",
        "Union",
        "envelope damaged or opened",
        "open",
    ]
    register.close()


def test_a_write_in_of_a_listed_voter_shows_their_first_ruling_and_a_is_refused(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    # "Lovelace, Ada" written in after Ada Lovelace (100) was accepted is the same voter:
    # accepting it again would let two ballots of one voter reach the pile.
    rule(qtbot, envelopes, "100", Qt.Key.Key_A)
    write_in(qtbot, envelopes, "lovelace,  ada")
    assert envelopes.picked == ("100", "Ada Lovelace")
    assert "Written in as \u201clovelace, ada\u201d" in envelopes.picked_label.text()
    assert "SECOND ENVELOPE" in envelopes.picked_label.text()
    key(qtbot, envelopes, Qt.Key.Key_A)
    assert figures(envelopes) == EnvelopeFigures(1, 1, 0, 0, 0)
    assert "cannot be accepted" in envelopes.error_banner.text()
    key(qtbot, envelopes, Qt.Key.Key_C)
    assert figures(envelopes) == EnvelopeFigures(2, 1, 1, 0, 0)


def test_ending_the_stage_warns_of_more_envelopes_accepted_than_voters(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    for voter in ("100", "101", "102", "103", "104", "105"):
        rule(qtbot, envelopes, voter, Qt.Key.Key_A)
    key(qtbot, envelopes, Qt.Key.Key_B, CTRL_SHIFT)
    assert "WARNING" not in envelopes.prompt.text()  # 6 of 6: nothing to warn of
    key(qtbot, envelopes, Qt.Key.Key_Escape)
    write_in(qtbot, envelopes, "Nora Newhire")
    key(qtbot, envelopes, Qt.Key.Key_A)
    key(qtbot, envelopes, Qt.Key.Key_B, CTRL_SHIFT)
    assert "7 envelopes accepted, more than the 6 voters on the list" in envelopes.prompt.text()


def test_esc_after_a_refused_write_in_starts_the_next_search_afresh(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    # After a refused write-in, Esc must clear the field and leave write-in mode: else the
    # next id typed becomes the write-in "Ada Lovelace103", and is accepted.
    rule(qtbot, envelopes, "100", Qt.Key.Key_A)
    write_in(qtbot, envelopes, "Ada Lovelace")
    key(qtbot, envelopes, Qt.Key.Key_A)  # refused: a second envelope
    key(qtbot, envelopes, Qt.Key.Key_Escape)
    assert envelopes.search.text() == "" and not envelopes.write_in
    pick(qtbot, envelopes, "103")
    assert envelopes.picked is not None and envelopes.picked[0] == "103"
    key(qtbot, envelopes, Qt.Key.Key_A)
    assert figures(envelopes).accepted == 2
    assert all(r.write_in is None for r in envelopes.controller.count.envelopes.rulings())


def test_the_envelope_windows_disk_full_banner_says_it_once(qtbot: QtBot, mail_file: Path) -> None:
    """The banner says NOT RECORDED once, then the reason alone."""
    window = EnvelopeWindow(EnvelopeController(Journal.open(mail_file)))
    qtbot.addWidget(window)
    try:
        error = WriteFailed(f"{mail_file}: not recorded: the disk is full", "the disk is full")
        window.controller.write_failed.emit(error)
        text = window.error_banner.text()
        assert text.lower().count("not recorded") == 1, text
        assert "the disk is full." in text and "The ruling was not recorded" not in text
    finally:
        window.close()


def test_a_write_in_challenge_asks_who_challenged(qtbot: QtBot, envelopes: EnvelopeWindow) -> None:
    """As for any challenge: nobody is named as the challenger until a party key says who."""
    write_in(qtbot, envelopes, "Nora Newhire")
    key(qtbot, envelopes, Qt.Key.Key_Return)  # challenged: not on the list
    assert envelopes.mode is Mode.CHALLENGE
    prompt = envelopes.prompt.text()
    assert "Who challenged?" in prompt and "by the Board agent" not in prompt, prompt
    assert "not on the eligibility list" in prompt
    key(qtbot, envelopes, Qt.Key.Key_U)
    prompt = envelopes.prompt.text()
    assert "CHALLENGED</b> by the Union" in prompt and "Who challenged?" not in prompt, prompt
    challenge = envelopes.controller.count.challenges.get(envelopes.challenge_seq or 0)
    assert challenge is not None and challenge.party == "petitioner"


def test_the_reason_a_write_in_has_already_is_listed_once(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    """A written-in voter is challenged as not on the list from the start: pressing that
    reason's key records nothing more, and the list says the challenge once."""
    write_in(qtbot, envelopes, "Nora Newhire")
    key(qtbot, envelopes, Qt.Key.Key_Return)  # challenged: not on the list
    head = envelopes.controller.journal.head_seq
    key(qtbot, envelopes, Qt.Key.Key_E)  # the Employer
    key(qtbot, envelopes, Qt.Key.Key_I)  # not on the eligibility list, as it was
    assert envelopes.controller.journal.head_seq == head + 1  # the party's amendment only
    said = "challenged by the Employer: not on the eligibility list"
    rows = [envelopes.recent.item(row).text() for row in range(envelopes.recent.count())]
    assert [row for row in rows if said in row] == [f"Envelope (written in) Nora Newhire {said}"]
    assert envelopes.mode is Mode.CHALLENGE and envelopes.error_banner.isHidden()
    key(qtbot, envelopes, Qt.Key.Key_S)  # a reason that changes it is recorded as ever
    assert envelopes.controller.journal.head_seq == head + 2
    assert "challenged by the Employer: supervisor" in envelopes.recent.item(0).text()


def test_the_reasons_take_the_letters_of_every_stage(
    qtbot: QtBot, envelopes: EnvelopeWindow
) -> None:
    """One list of reasons with one letter each, as at the count (tests/test_reason_keys.py)."""
    from station.domain.challenges import REASON_KEYS, Reason

    rule(qtbot, envelopes, "babb", Qt.Key.Key_C)
    prompt = envelopes.prompt.text()
    for letter, reason in REASON_KEYS:
        assert f"<b>{letter}</b> {reason.value}" in prompt
    key(qtbot, envelopes, Qt.Key.Key_M)
    challenge = envelopes.controller.count.challenges.get(envelopes.challenge_seq or 0)
    assert challenge is not None and challenge.reason is Reason.MISMATCH
