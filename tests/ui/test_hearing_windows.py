"""The revised count of a ballot of several unions, keyed in the operator window."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.description import Vote
from station.journal import Journal
from station.sheet.prepare import SheetRequest
from tests.groups_helpers import SONOTONE
from tests.ui.windows import key, open_window

THREE = ElectionSetup.validated(
    case_number="10-RC-000016", employer="Acme", union="Machinists",
    intervenors=["Carpenters"], eligible=40, ballots=6, pile=0,
)  # fmt: skip


def test_keys_one_to_nine_and_zero_call_the_opened_ballots(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "three.station"
    Journal.create(path, THREE)
    window = open_window(qtbot, path)
    try:
        controller = window.controller
        for call, choice in ((Call.FOR, 1), (Call.FOR, 2), (Call.AGAINST, None)):
            controller.record(Vote(call, choice=choice))
        for _ in range(3):
            controller.record(Call.CHALLENGE)
        controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        assert controller.decide([1, 2, 3], [], "Regional Director")
        for qt_key in (Qt.Key.Key_2, Qt.Key.Key_0, Qt.Key.Key_C, Qt.Key.Key_2):
            key(window, qt_key)
        count = controller.count
        assert count.choice_votes() == (1, 3, 2)  # C is refused in the revised count
        assert count.tally.challenged == 0 and count.resolutions.revised_calls(count) == 3
        key(window, Qt.Key.Key_1)  # one beyond the ballots ordered opened: refused
        assert count.choice_votes() == (1, 3, 2)
        key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert count.choice_votes() == (1, 2, 2)
    finally:
        window.close()


def test_an_envelope_withdrawn_in_the_register_during_its_stage_only(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """In the register of the envelope stage: withdrawn joins the accepted envelopes
    (mixed before any is opened); after the stage the register refuses it in one line."""
    from station.domain.envelopes import Ruling
    from station.domain.resolution import ENVELOPE_WITHDRAWN_LATE
    from station.ui.envelopes.controller import EnvelopeController
    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from tests.mail.helpers import BESSEMER, VOTERS

    path = tmp_path / "bhm1.station"
    Journal.create(path, BESSEMER, VOTERS)
    controller = EnvelopeController(Journal.open(path))
    try:
        controller.rule(Ruling.ACCEPTED, "100")
        controller.rule(Ruling.CHALLENGED, "101")
        controller.rule(Ruling.CHALLENGED, "102")
        register = ChallengeRegisterDialog(controller)
        qtbot.addWidget(register)
        register.table.selectRow(0)
        register.withdraw_button.click()
        assert controller.count.envelopes.figures.accepted == 2
        assert controller.count.tally.challenged == 1
        controller.end_stage()
        register.refresh()
        register.table.selectRow(1)
        register.withdraw_button.click()
        assert ENVELOPE_WITHDRAWN_LATE in register.error_label.text()
        assert controller.count.tally.challenged == 1
    finally:
        controller.close()


def test_the_opened_ballots_of_a_group_are_keyed_in_that_group(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    window = open_window(qtbot, path)
    try:
        controller = window.controller
        controller.record(Vote(Call.FOR, group="A", inclusion="yes"))
        controller.record(Vote(Call.CHALLENGE, group="A"))
        controller.record(Vote(Call.CHALLENGE, group="A"))
        controller.record(Vote(Call.AGAINST, group="B"))
        controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        # Two challenged professionals could turn question 1 (1 yes): determinative.
        assert controller.decide([1, 2], [], "Regional Director")
        count = controller.count
        key(window, Qt.Key.Key_G)
        key(window, Qt.Key.Key_B)
        key(window, Qt.Key.Key_F)  # none of group B's ballots was ordered opened
        assert "group B" in window.error_banner.text()
        assert count.resolutions.revised_calls(count) == 0
        key(window, Qt.Key.Key_G)
        key(window, Qt.Key.Key_A)
        for qt_key in (Qt.Key.Key_N, Qt.Key.Key_A, Qt.Key.Key_Y, Qt.Key.Key_F):
            key(window, qt_key)
        tally_a, tally_b = count.group_tallies()
        assert (tally_a.votes, tally_a.yes, tally_a.no, tally_a.challenged) == ((2, 1), 2, 1, 0)
        assert (tally_b.votes, tally_b.challenged) == ((0, 1), 0)
    finally:
        window.close()


def test_the_register_says_whose_challenges_are_still_sealed_once_one_is_ordered_opened(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Line 6 still holds an envelope ordered opened until its ballot is called; the
    challengers' figures beside it count only the sealed ones, and say so."""
    from station.domain.envelopes import Ruling
    from station.domain.parties import Party
    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from tests.mail.helpers import counting

    path = tmp_path / "bhm1.station"
    with counting(path, new=True) as session:
        for voter in ("100", "101"):
            session.rule_envelope(Ruling.ACCEPTED, voter)
        seq = session.rule_envelope(Ruling.CHALLENGED, "102").event.seq
        session.amend_challenge(seq, {"party": Party.EMPLOYER})
        session.end_envelopes()
        session.record(Call.FOR)
        session.record(Call.AGAINST)
    window = open_window(qtbot, path)
    try:
        controller = window.controller
        register = ChallengeRegisterDialog(controller)
        qtbot.addWidget(register)
        assert register.totals.text().endswith("Employer 1, Union 0, Board agent 0")
        controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        assert controller.decide([1], [], "Regional Director")
        register.refresh()
        totals = register.totals.text()
        assert "1 opened ballot not yet called" in totals
        assert "still sealed: Employer 0, Union 0, Board agent 0" in totals
    finally:
        window.close()
