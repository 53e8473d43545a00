"""The dashboard's figures: readable across a room at the sizes a projector gives them."""

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.domain.election import MAIL_RULES
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest
from station.ui.dashboard.standalone import standalone_dashboard
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from tests.mail.helpers import BESSEMER, SIX_RULINGS, VOTERS


def smalls(window: DashboardWindow) -> tuple:
    return (window.void_figure, window.challenged_figure, window.valid_figure)


def test_the_small_figures_stay_readable_on_a_1280_by_720_projector(
    qtbot: QtBot, controller: CountController
) -> None:
    """At 1280x720 VOID, CHALLENGED and VALID VOTES above their numbers would be 7
    pixels high; they are drawn beside them there."""
    window = standalone_dashboard(ControllerFeed(controller), "dark", hide_challenges=False)
    qtbot.addWidget(window)
    window.show()
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: "font-size: 33px" in window.styleSheet())  # scaled to 1280x720
    figures = smalls(window)
    qtbot.waitUntil(lambda: figures[0].height() < 60)
    assert all(figure.on_one_line() for figure in figures), [f.size() for f in figures]
    sizes = [figure.word_font().pixelSize() for figure in figures]
    assert max(sizes) - min(sizes) <= 1, sizes  # one size for the three (heights differ by 1)
    assert min(sizes) >= 12, sizes
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: "font-size: 33px" not in window.styleSheet())
    sizes = [figure.word_font().pixelSize() for figure in figures]
    assert max(sizes) - min(sizes) <= 1, sizes  # VOID was drawn 26 pixels, CHALLENGED 16


def test_the_small_figures_keep_a_legible_size_beside_a_mail_counts_final_lines(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A mail count's final tally adds the envelopes' line and the objections' line: the
    figures keep their size (VOID and CHALLENGED were drawn 6 pixels high at 1366x768)
    and no line of text is cut."""
    path = tmp_path / "mail.station"
    Journal.create(path, replace(BESSEMER, mail_rules=MAIL_RULES), VOTERS)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for voter, ruling in SIX_RULINGS:
            session.rule_envelope(ruling, voter)
        session.end_envelopes()
        for call in (Call.FOR, Call.AGAINST, Call.VOID, Call.FOR):
            session.record(call)
    controller = CountController(Journal.open(path))
    controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.objections_label.isVisible() and window.height() == 768)
        qtbot.waitUntil(lambda: cut_labels(window) == [], timeout=3000)  # laid out, styled
        sizes = [figure.word_font().pixelSize() for figure in smalls(window)]
        assert min(sizes) >= 12, sizes
    finally:
        window.close()
        controller.close()


def cut_labels(window: DashboardWindow) -> list[str]:
    """The wrapped labels drawn lower than their text needs."""
    return [
        label.text()
        for label in window.findChildren(QLabel)
        if label.isVisibleTo(window)
        and label.wordWrap()
        and label.heightForWidth(label.width()) > label.height() + 1
    ]
