"""The envelope and operator windows of a mail ballot under the Board's rules: P at the
polls, a replacement after a void, envelopes received after the tally, C refused."""

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.app import Station
from station.cli import main
from station.domain import Call
from station.domain.election import MAIL_RULES
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.resources import read_text
from station.settings import Settings
from station.ui.envelopes.controller import EnvelopeController
from station.ui.envelopes.window import EnvelopeWindow, Mode
from station.ui.operator.window import OperatorWindow
from tests.mail.helpers import BESSEMER, VOTERS
from tests.ui.envelopes.helpers import CTRL_SHIFT, figures, key, pick, rule

MIXED = replace(BESSEMER, mail_rules=MAIL_RULES, polls=True)


def window_on(qtbot: QtBot, path: Path) -> EnvelopeWindow:
    window = EnvelopeWindow(EnvelopeController(Journal.open(path)))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def mixed(qtbot: QtBot, tmp_path: Path) -> Iterator[EnvelopeWindow]:
    path = tmp_path / "mixed.station"
    Journal.create(path, MIXED, VOTERS)
    window = window_on(qtbot, path)
    yield window
    window.close()


def test_p_checks_a_voter_off_at_the_polls_and_a_later_envelope_is_refused(
    qtbot: QtBot, mixed: EnvelopeWindow
) -> None:
    pick(qtbot, mixed, "grace")
    assert "<b>P</b> voted at the polls" in mixed.picked_label.text()
    key(qtbot, mixed, Qt.Key.Key_P)
    assert figures(mixed).at_polls == 1 and figures(mixed).returned == 0
    assert "Grace Hopper VOTED AT THE POLLS" in mixed.recent.item(0).text()
    assert "1 at the polls" in mixed.figures_label.text()
    rule(qtbot, mixed, "grace", Qt.Key.Key_A)
    assert "cannot be accepted" in mixed.error_banner.text()
    assert "SECOND ENVELOPE" in mixed.picked_label.text()
    key(qtbot, mixed, Qt.Key.Key_Escape)
    rule(qtbot, mixed, "babb", Qt.Key.Key_L)  # received after the due date: counted
    assert (figures(mixed).late, figures(mixed).box) == (1, 2)
    assert "1 received after the due date (counted)" in mixed.figures_label.text()


def test_p_is_refused_where_nobody_votes_at_the_polls(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "mail.station"
    Journal.create(path, replace(MIXED, polls=False), VOTERS)
    window = window_on(qtbot, path)
    try:
        rule(qtbot, window, "grace", Qt.Key.Key_P)
        assert "set up without --polls" in window.error_banner.text()
        assert figures(window).at_polls == 0 and window.mode is Mode.PICKED
    finally:
        window.close()


def test_a_replacement_after_a_void_is_shown_accepted_and_linked(
    qtbot: QtBot, mixed: EnvelopeWindow
) -> None:
    rule(qtbot, mixed, "100", Qt.Key.Key_V)
    pick(qtbot, mixed, "100")
    assert "REPLACEMENT" in mixed.picked_label.text()
    key(qtbot, mixed, Qt.Key.Key_A)
    assert not mixed.error_banner.isVisible()
    assert (figures(mixed).accepted, figures(mixed).replacements) == (1, 1)
    assert "(replacement for the envelope voided at event" in mixed.recent.item(0).text()


def test_a_long_ruling_wraps_in_the_list_instead_of_hiding_to_the_right(
    qtbot: QtBot, mixed: EnvelopeWindow
) -> None:
    mixed.resize(1280, 700)
    rule(qtbot, mixed, "100", Qt.Key.Key_V)
    pick(qtbot, mixed, "100")
    key(qtbot, mixed, Qt.Key.Key_A)
    recent = mixed.recent
    qtbot.waitUntil(lambda: recent.viewport().width() > 0)
    item = recent.visualItemRect(recent.item(0))
    assert "(replacement for the envelope voided at event" in recent.item(0).text()
    assert item.right() <= recent.viewport().width(), (item, recent.viewport().width())
    assert not recent.horizontalScrollBar().isVisible()


def test_c_in_the_ballot_count_is_refused_in_one_line(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "mixed.station"
    Journal.create(path, MIXED, VOTERS)
    station = Station(settings=Settings(tmp_path / "station.ini"))
    window = station.show_operator(Journal.open(path))
    assert isinstance(window, EnvelopeWindow)
    rule(qtbot, window, "100", Qt.Key.Key_A)
    key(qtbot, window, Qt.Key.Key_B, CTRL_SHIFT)
    key(qtbot, window, Qt.Key.Key_Return)
    operator = station.window
    assert isinstance(operator, OperatorWindow)
    qtbot.keyClick(operator, Qt.Key.Key_C)
    banner = operator.error_banner.text()
    assert "a ballot out of its envelope cannot be challenged" in banner
    assert operator.controller.count.counted == 0
    qtbot.keyClick(operator, Qt.Key.Key_F)
    assert operator.controller.count.total(Call.FOR) == 1
    station.close()


def test_after_the_tally_the_window_records_envelopes_never_opened(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "mixed.station"
    Journal.create(path, MIXED, VOTERS)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.end_envelopes()
        session.record(Call.FOR)
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    station = Station(settings=Settings(tmp_path / "station.ini"))
    after = station.show_operator(Journal.open(path), after_tally=True)
    assert isinstance(after, EnvelopeWindow) and after.after_tally
    rule(qtbot, after, "grace", Qt.Key.Key_A)  # not ruled: recorded only
    assert "recorded by voter and never opened" in after.error_banner.text()
    key(qtbot, after, Qt.Key.Key_L)
    assert "Grace Hopper RECEIVED AFTER THE TALLY" in after.recent.item(0).text()
    assert figures(after).after_tally == 1 and after.controller.count.counted == 1
    key(qtbot, after, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert figures(after).after_tally == 1
    station.close()


def test_the_longer_figures_line_wraps_and_the_window_fits_a_1280_screen(
    qtbot: QtBot, mixed: EnvelopeWindow
) -> None:
    for voter, ruling in (("100", Qt.Key.Key_A), ("101", Qt.Key.Key_L), ("103", Qt.Key.Key_P)):
        rule(qtbot, mixed, voter, ruling)
    assert "1 at the polls" in mixed.figures_label.text()
    mixed.setStyleSheet(read_text("operator.qss"))  # the large figures, as Station shows them
    assert mixed.minimumSizeHint().width() <= 1280
