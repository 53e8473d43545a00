"""The dashboard following a journal another station writes: read-only, live, honest when not."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Action, Call, ElectionSetup
from station.journal import Journal
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.window import DashboardWindow


@pytest.fixture
def follower(election_file: Path, journal: Journal) -> Iterator[JournalFollower]:
    """A follower of the file the `journal` fixture is counting into (its writer lock held)."""
    follower = JournalFollower(election_file, interval_ms=10, retry_ms=20)
    follower.start()
    yield follower
    follower.close()


@pytest.fixture
def dashboard(qtbot: QtBot, follower: JournalFollower) -> DashboardWindow:
    window = DashboardWindow(follower, stale_after=0.5)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_follows_the_writers_calls(
    qtbot: QtBot, journal: Journal, dashboard: DashboardWindow
) -> None:
    for call in (Call.FOR, Call.AGAINST, Call.AGAINST, Call.CHALLENGE):
        journal.append(Action.CALL, call)
    qtbot.waitUntil(lambda: dashboard.challenged_figure.value() == 1)
    assert dashboard.choice_figures[0].value() == 1
    assert dashboard.choice_figures[-1].value() == 2
    assert dashboard.progress_label.text() == "4 of 4,852 ballots counted"
    assert dashboard.flash.text() == "Ballot 4 CHALLENGED"
    assert dashboard.journal_label.text() == (
        f"Journal: {journal.head_seq:,} events \u00b7 head {journal.head_hash[:16]}"
    )
    assert dashboard.state == "live"


def test_starts_from_what_is_already_counted(
    qtbot: QtBot, election_file: Path, journal: Journal
) -> None:
    for _ in range(3):
        journal.append(Action.CALL, Call.FOR)
    follower = JournalFollower(election_file)
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        assert window.choice_figures[0].value() == 3
        assert window.ticker.texts()[0] == "Ballot 3 FOR"
    finally:
        follower.close()


def test_corrections_appear_in_the_ticker(
    qtbot: QtBot, journal: Journal, dashboard: DashboardWindow
) -> None:
    journal.append(Action.CALL, Call.FOR)
    wrong = journal.append(Action.CALL, Call.AGAINST)
    journal.append(Action.UNDO, Call.AGAINST, target=wrong.seq)
    qtbot.waitUntil(lambda: bool(dashboard.ticker.corrections()))
    assert dashboard.ticker.corrections() == ["\u21b6 Ballot 2 AGAINST \u2014 undone"]
    assert dashboard.ticker.texts()[1] == "Ballot 2 AGAINST"
    assert dashboard.choice_figures[-1].value() == 0


def test_no_updates_for_some_seconds_when_the_feed_stops(
    qtbot: QtBot, follower: JournalFollower, dashboard: DashboardWindow
) -> None:
    qtbot.waitUntil(lambda: dashboard.state == "live")
    follower.stop()
    qtbot.waitUntil(lambda: dashboard.state == "stale", timeout=3000)
    assert dashboard.status_label.text().startswith("\u26a0 NO UPDATES FOR")
    assert not dashboard.heartbeat.is_live()
    follower.start()
    qtbot.waitUntil(lambda: dashboard.state == "live")


def test_says_when_the_station_closed_the_count(
    qtbot: QtBot, journal: Journal, dashboard: DashboardWindow
) -> None:
    journal.append(Action.CALL, Call.FOR)
    journal.end_session()
    qtbot.waitUntil(lambda: dashboard.state == "closed")
    assert dashboard.status_label.text() == "STATION CLOSED THE COUNT"
    journal.start_session()
    qtbot.waitUntil(lambda: dashboard.state == "live")


def test_unavailable_while_the_file_is_gone_then_recovers(
    qtbot: QtBot, election_file: Path, journal: Journal, dashboard: DashboardWindow
) -> None:
    journal.append(Action.CALL, Call.FOR)
    qtbot.waitUntil(lambda: dashboard.choice_figures[0].value() == 1)
    away = election_file.with_name("elsewhere.station")
    election_file.rename(away)
    qtbot.waitUntil(lambda: dashboard.state == "unavailable")
    assert dashboard.status_label.text() == "\u26a0 JOURNAL UNAVAILABLE \u2014 retrying"
    # First "gone (moved or deleted)", then each retry's own words, naming only the file.
    qtbot.waitUntil(lambda: "jfk8.station: no such file" in dashboard.problem_label.text())
    assert str(election_file.parent) not in dashboard.problem_label.text()
    assert dashboard.choice_figures[0].value() == 1  # the last known figures stay
    away.rename(election_file)
    qtbot.waitUntil(lambda: dashboard.state == "live")
    journal.append(Action.CALL, Call.AGAINST)
    qtbot.waitUntil(lambda: dashboard.choice_figures[-1].value() == 1)
    assert dashboard.choice_figures[0].value() == 1


def test_another_election_under_the_same_name_is_not_followed(
    qtbot: QtBot, election_file: Path, journal: Journal, dashboard: DashboardWindow
) -> None:
    other = election_file.with_name("other.station")
    Journal.create(other, ElectionSetup("01-RC-000001", "Acme", "Union", eligible=10))
    election_file.rename(election_file.with_name("kept.station"))
    other.rename(election_file)
    qtbot.waitUntil(lambda: "different election" in dashboard.problem_label.text())
    assert dashboard.state == "unavailable"
    assert dashboard.windowTitle().startswith("Station dashboard \u2014 29-RC-288020")


def test_pause_resume_challenges_and_piles_as_observers_see_them(
    qtbot: QtBot, journal: Journal, follower: JournalFollower, dashboard: DashboardWindow
) -> None:
    from station.domain import SheetKind
    from station.journal.session import CountSession
    from station.sheet.keys import key_for_signing
    from station.sheet.prepare import SheetRequest, prepare_sheet, reopen_count

    challenge = journal.append(Action.CALL, Call.CHALLENGE)
    journal.append(Action.AMEND, target=challenge.seq, detail={"party": "employer"})
    void = journal.append(Action.CALL, Call.VOID)
    journal.append(Action.DISPUTE, Call.VOID, void.seq, {"party": "petitioner"})
    qtbot.waitUntil(lambda: dashboard.challenged_figure.value() == 2)
    lines = dashboard.ticker.accessibleDescription()
    assert "Ballot 2 VOID disputed by the Union" in lines
    assert "Ballot 1 CHALLENGED by the Employer: reason not given" in lines
    assert dashboard.pile_label.text().startswith("FOR pile 1: 0 of 100")

    key = key_for_signing()
    request = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)
    prepare_sheet(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        request,
        key_fingerprint=key.fingerprint,
    )
    qtbot.waitUntil(lambda: dashboard.state == "paused")
    assert dashboard.status_label.text() == "COUNT PAUSED"
    assert "Interim tally after ballot 2" in dashboard.problem_label.text()
    assert f"signing key {key.fingerprint}" in dashboard.journal_label.text()
    reopen_count(
        CountSession(journal, journal.restore(trust_snapshots=False)),
        "count resumed after the pause",
    )
    qtbot.waitUntil(lambda: dashboard.state == "live")
    # Not a ballot: in the ticker; the LAST CALL box keeps the last ballot.
    assert "Count resumed at ballot 3" in dashboard.ticker.texts()[0]
    assert dashboard.flash.text() == "Ballot 2 VOID disputed by the Union: now CHALLENGED"
