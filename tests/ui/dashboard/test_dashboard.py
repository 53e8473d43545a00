"""The dashboard fed in-process by the operator's controller: figures, ticker, keys, screens."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.screens import Placement, ScreenInfo
from station.ui.dashboard.standalone import standalone_dashboard
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from station.ui.operator.window import OperatorWindow

LAPTOP = ScreenInfo("eDP-1", 1920, 1080, primary=True)
PROJECTOR = ScreenInfo("HDMI-1", 1280, 720, projector=True)


@pytest.fixture
def dashboard(qtbot: QtBot, controller: CountController) -> DashboardWindow:
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def figures(dashboard: DashboardWindow) -> dict[str, int]:
    return {
        figure.word: figure.value()
        for figure in (
            dashboard.choice_figures[0],
            dashboard.choice_figures[-1],
            dashboard.void_figure,
            dashboard.challenged_figure,
            dashboard.valid_figure,
        )
    }


def test_the_title_names_the_case(dashboard: DashboardWindow) -> None:
    assert dashboard.windowTitle().startswith("Station dashboard \u2014 29-RC-288020 \u2014 ")
    assert "Amazon Labor Union" in dashboard.question_label.text()


def test_a_call_shows_at_once_in_the_same_event_loop_turn(
    controller: CountController, dashboard: DashboardWindow
) -> None:
    for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID):
        controller.record(call)
    # No waiting: the controller's signal reached the dashboard before record() returned.
    assert figures(dashboard) == {
        "FOR": 2,
        "AGAINST": 1,
        "VOID": 1,
        "CHALLENGED": 1,
        "VALID VOTES": 3,
    }
    assert dashboard.progress_label.text() == "5 of 4,852 ballots counted"
    assert dashboard.flash.text() == "Ballot 5 VOID"
    assert dashboard.flash.is_lit()
    assert dashboard.ticker.texts()[:2] == ["Ballot 5 VOID", "Ballot 4 CHALLENGED"]
    journal = controller.journal
    assert dashboard.journal_label.text() == (
        f"Journal: {journal.head_seq:,} events \u00b7 head {journal.head_hash[:16]}"
    )


def test_statements_are_not_yet_determined_while_ballots_remain(
    controller: CountController, dashboard: DashboardWindow
) -> None:
    controller.record(Call.FOR)
    controller.record(Call.FOR)
    controller.record(Call.CHALLENGE)
    assert dashboard.challenges_label.text() == (
        "Whether challenges are sufficient in number to affect the results of the election"
        " is not yet determined: 4,849 ballots remain uncounted."
    )
    assert dashboard.majority_label.text().endswith(
        "cast for Amazon Labor Union is not yet determined: 4,849 ballots remain uncounted."
    )


def test_statements_follow_the_count_once_no_ballot_remains(
    qtbot: QtBot, tmp_path: Path, setup
) -> None:
    path = tmp_path / "small.station"
    Journal.create(path, type(setup)(**{**_fields(setup), "ballots": 3}))
    controller = CountController(Journal.open(path))
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    try:
        controller.record(Call.FOR)
        controller.record(Call.CHALLENGE)
        assert "not yet determined: 1 ballot remains uncounted." in window.majority_label.text()
        controller.record(Call.FOR)
        assert window.challenges_label.text() == (
            "Challenges are not sufficient in number to affect the results of the election."
        )
        assert window.majority_label.text() == (
            "A majority of the valid votes counted plus challenged ballots has been cast for"
            " Amazon Labor Union."
        )
        controller.undo()
        assert "not yet determined" in window.challenges_label.text()
    finally:
        controller.close()


def test_result_decided_once_the_box_cannot_change_it(qtbot: QtBot, tmp_path: Path, setup) -> None:
    path = tmp_path / "small.station"
    Journal.create(path, type(setup)(**{**_fields(setup), "ballots": 3}))
    controller = CountController(Journal.open(path))
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    try:
        controller.record(Call.AGAINST)
        assert window.decision_label.text() == ""
        controller.record(Call.AGAINST)
        assert window.decision_label.text() == "Result decided: Amazon Labor Union loses."
    finally:
        controller.close()


def test_corrections_appear_in_the_ticker_as_such(
    controller: CountController, dashboard: DashboardWindow
) -> None:
    controller.record(Call.FOR)
    controller.record(Call.AGAINST)
    controller.undo()
    assert dashboard.ticker.texts()[0] == "\u21b6 Ballot 2 AGAINST \u2014 undone"
    assert dashboard.ticker.corrections() == ["\u21b6 Ballot 2 AGAINST \u2014 undone"]
    assert dashboard.flash.text() == "\u21b6 Ballot 2 AGAINST \u2014 undone"
    controller.redo()
    assert dashboard.ticker.corrections()[0] == "\u21b7 Ballot 2 AGAINST \u2014 redone"
    assert dashboard.choice_figures[-1].value() == 1


def test_a_failed_write_shows_the_journal_unavailable(
    qtbot: QtBot, controller: CountController, dashboard: DashboardWindow
) -> None:
    controller.record(Call.FOR)
    moved = controller.journal.path.with_suffix(".moved")
    controller.journal.path.rename(moved)
    assert not controller.record(Call.AGAINST)
    assert dashboard.state == "unavailable"
    assert "moved, deleted or replaced" in dashboard.problem_label.text()
    assert dashboard.choice_figures[0].value() == 1
    moved.rename(controller.journal.path)
    assert controller.record(Call.AGAINST)
    assert dashboard.state == "live"


def test_the_heartbeat_pulses_while_the_operator_is_there(
    qtbot: QtBot, dashboard: DashboardWindow
) -> None:
    qtbot.waitUntil(lambda: dashboard.heartbeat.beats >= 1, timeout=3000)
    assert dashboard.status_label.text() == "LIVE"
    assert dashboard.heartbeat.is_live()


def test_t_switches_the_theme(qtbot: QtBot, dashboard: DashboardWindow) -> None:
    assert dashboard.theme.name == "dark"
    qtbot.keyClick(dashboard, Qt.Key.Key_T)
    assert dashboard.theme.name == "light"
    assert "#ffffff" in dashboard.styleSheet()  # the light background
    qtbot.keyClick(dashboard, Qt.Key.Key_T)
    assert dashboard.theme.name == "dark"


def test_type_scales_with_the_window(qtbot: QtBot, dashboard: DashboardWindow) -> None:
    dashboard.resize(1280, 720)
    qtbot.waitUntil(lambda: "font-size: 33px" in dashboard.styleSheet())  # case at 4.6 units
    dashboard.resize(3840, 2160)
    qtbot.waitUntil(lambda: "font-size: 99px" in dashboard.styleSheet())


def test_full_screen_on_a_projector_and_back_when_it_is_unplugged(
    qtbot: QtBot, dashboard: DashboardWindow
) -> None:
    dashboard.operator_screen = "eDP-1"
    dashboard.on_screens_changed([LAPTOP, PROJECTOR])
    assert dashboard.placement == Placement("HDMI-1", full_screen=True)
    qtbot.waitUntil(dashboard.isFullScreen)
    dashboard.on_screens_changed([LAPTOP])  # the projector's cable is pulled
    assert dashboard.placement == Placement("eDP-1", full_screen=False)
    qtbot.waitUntil(lambda: not dashboard.isFullScreen())
    assert dashboard.isVisible()
    dashboard.on_screens_changed([LAPTOP, PROJECTOR])  # and plugged in again
    qtbot.waitUntil(dashboard.isFullScreen)


def test_a_hidden_dashboard_stays_hidden_when_screens_change(
    controller: CountController, qtbot: QtBot
) -> None:
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    window.on_screens_changed([LAPTOP, PROJECTOR])
    assert not window.isVisible()
    assert window.placement is None


def test_f11_toggles_the_dashboard_from_the_operator_window(
    qtbot: QtBot, election_file: Path
) -> None:
    operator = OperatorWindow(CountController(Journal.open(election_file)))
    qtbot.addWidget(operator)
    operator.show()
    qtbot.waitExposed(operator)
    operator.activateWindow()
    qtbot.waitUntil(operator.isActiveWindow)
    try:
        qtbot.keyClick(operator, Qt.Key.Key_F11)
        dashboard = operator.dashboard
        assert dashboard is not None
        qtbot.waitUntil(dashboard.isVisible)
        assert operator.dashboard_action.isChecked()
        # The operator's keys still count, and the dashboard follows in the same turn.
        qtbot.keyClick(operator, Qt.Key.Key_A)
        assert dashboard.choice_figures[-1].value() == 1
        qtbot.keyClick(operator, Qt.Key.Key_F11)
        qtbot.waitUntil(lambda: not dashboard.isVisible())
        assert not operator.dashboard_action.isChecked()
    finally:
        operator.close()


def _fields(setup) -> dict[str, object]:
    return {name: getattr(setup, name) for name in setup.__dataclass_fields__}


def test_the_clock_runs_again_after_the_window_was_closed_and_shown(
    qtbot: QtBot, dashboard: DashboardWindow
) -> None:
    dashboard.close()
    dashboard.show()
    shown = dashboard.clock_label.text()
    qtbot.waitUntil(lambda: dashboard.clock_label.text() != shown, timeout=3000)
    assert dashboard.state == "live"


def test_the_key_fingerprint_is_never_clipped_on_a_narrow_dashboard(
    qtbot: QtBot, tmp_path: Path, setup
) -> None:
    """At 660 pixels wide the footer's "Read-only view" line must not take the end of
    the signing key observers compare character by character."""
    path = tmp_path / "narrow.station"
    Journal.create(path, setup)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    session.record(Call.FOR)
    key = "1166-4e84-ec1d-65f2-304c-3c3e-8b89-cb76"
    prepare_sheet(
        session, SheetRequest(SheetKind.INTERIM, "R. Agent", [], None), key_fingerprint=key
    )
    journal.close()
    feed = JournalFollower(path)
    try:
        window = standalone_dashboard(feed, "dark", hide_challenges=False)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        window.resize(660, 400)
        label = window.journal_label
        qtbot.waitUntil(lambda: window.width() == 660)
        assert key in label.text()
        qtbot.waitUntil(lambda: label.width() >= label.sizeHint().width())  # all of it shown
    finally:
        feed.close()


def test_one_event_in_the_journal_is_said_in_the_singular(
    controller: CountController, dashboard: DashboardWindow
) -> None:
    head = controller.journal.head_hash[:16]
    assert controller.journal.head_seq == 1  # the election's setup, nothing counted yet
    assert dashboard.journal_label.text() == f"Journal: 1 event \u00b7 head {head}"
    controller.record(Call.FOR)
    assert dashboard.journal_label.text().startswith("Journal: 2 events \u00b7 head ")


def test_the_clock_keeps_one_name_its_time_is_its_description(
    qtbot: QtBot, dashboard: DashboardWindow
) -> None:
    clock = dashboard.clock_label
    shown = clock.text()
    qtbot.waitUntil(lambda: clock.text() != shown, timeout=3000)
    assert clock.accessibleName() == "Clock"  # a screen reader is not re-read every second
    assert clock.accessibleDescription() == clock.text()
