"""The dashboard of a mail ballot: the envelope stage's figures, never a voter's name."""

from pathlib import Path

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from station.domain.envelopes import Ruling
from station.journal import Journal
from station.ui.dashboard.window import DashboardWindow
from station.ui.envelopes.controller import EnvelopeController
from station.ui.operator.feed import ControllerFeed
from tests.mail.helpers import VOTERS


def everything_shown(window: DashboardWindow) -> str:
    labels = [label.text() for label in window.findChildren(QLabel)]
    return "\n".join([*labels, *window.ticker.texts(), window.flash.text()])


def test_the_envelope_stage_shows_figures_and_no_voter(qtbot: QtBot, mail_file: Path) -> None:
    controller = EnvelopeController(Journal.open(mail_file))
    try:
        window = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(window)
        window.show()
        controller.rule(Ruling.ACCEPTED, "100")
        controller.rule(Ruling.CHALLENGED, "101")
        controller.rule(Ruling.CHALLENGED, write_in="Wendy Writein")
        controller.undo_ruling()
        shown = everything_shown(window)
        assert "ENVELOPE STAGE" in window.envelope_label.text()
        assert "2 returned \u00b7 1 accepted \u00b7 1 challenged" in window.envelope_label.text()
        assert "Envelope CHALLENGED" in shown
        for voter in VOTERS.voters:
            assert voter.name not in shown and f" {voter.id}" not in shown
        assert "Wendy" not in shown
        controller.end_stage()
        assert "Ballots in the box: the envelopes accepted" in window.envelope_label.text()
        assert window.progress_bar.isVisibleTo(window) and window.progress_bar.maximum() == 1
        window.close()
    finally:
        controller.close()


def test_a_mixed_election_shows_ballots_by_mail_and_at_the_polls_and_no_voter(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from dataclasses import replace

    from station.domain.election import MAIL_RULES
    from tests.mail.helpers import BESSEMER

    path = tmp_path / "mixed.station"
    Journal.create(path, replace(BESSEMER, mail_rules=MAIL_RULES, polls=True), VOTERS)
    controller = EnvelopeController(Journal.open(path))
    try:
        window = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(window)
        window.show()
        controller.rule(Ruling.VOID, "100")
        controller.rule(Ruling.ACCEPTED, "100")
        controller.rule(Ruling.LATE, "101")
        controller.rule(Ruling.AT_POLLS, "102")
        shown = everything_shown(window)
        assert "Envelope (replacement for a void envelope) ACCEPTED" in shown
        assert "Voter VOTED AT THE POLLS" in shown
        assert "1 received after the due date (counted)" in window.envelope_label.text()
        for voter in VOTERS.voters:
            assert voter.name not in shown and f" {voter.id}" not in shown
        controller.end_stage()
        assert "Ballots to count: 2 by mail, 1 at the polls" in window.envelope_label.text()
        assert window.progress_bar.maximum() == 3
        window.close()
    finally:
        controller.close()
