"""The dashboard's LAST CALL box shows ballots only; session events go to the ticker, quieter."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Action, Call
from station.journal import Journal
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.window import DashboardWindow


def test_the_last_call_box_shows_only_ballots(
    qtbot: QtBot, election_file: Path, journal: Journal
) -> None:
    journal.append(Action.CALL, Call.FOR)
    journal.append(Action.CALL, Call.AGAINST)
    follower = JournalFollower(election_file, interval_ms=10, retry_ms=20)
    follower.start()
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        assert window.flash.text() == "Ballot 2 AGAINST"
        journal.close()  # "Station closed the count": not a ballot
        qtbot.waitUntil(lambda: window.ticker.texts()[0] == "Station closed the count")
        assert window.flash.text() == "Ballot 2 AGAINST"
        again = Journal.open(election_file)
        again.start_session()
        try:
            qtbot.waitUntil(
                lambda: window.ticker.texts()[0] == "Station closed the count, then opened it again"
            )
            assert window.ticker.texts()[1:3] == ["Ballot 2 AGAINST", "Ballot 1 FOR"]
            assert window.flash.text() == "Ballot 2 AGAINST"
            again.append(Action.CALL, Call.VOID)
            qtbot.waitUntil(lambda: window.flash.text() == "Ballot 3 VOID")
        finally:
            again.close()
    finally:
        follower.close()


def test_a_count_with_no_ballot_yet_shows_an_empty_last_call(
    qtbot: QtBot, election_file: Path, journal: Journal
) -> None:
    follower = JournalFollower(election_file)
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        assert window.ticker.texts() == ["Station opened the count"]
        assert window.flash.text() == ""
    finally:
        follower.close()


def test_a_challenge_is_one_row_of_the_ticker(
    qtbot: QtBot, election_file: Path, journal: Journal
) -> None:
    challenge = journal.append(Action.CALL, Call.CHALLENGE)
    journal.append(Action.CALL, Call.FOR)
    journal.append(Action.AMEND, target=challenge.seq, detail={"party": "employer"})
    journal.append(Action.AMEND, target=challenge.seq, detail={"reason": "supervisor"})
    follower = JournalFollower(election_file)
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        assert window.ticker.texts() == [
            "Ballot 2 FOR",
            "Ballot 1 CHALLENGED by the Employer: supervisor",
            "Station opened the count",
        ]
    finally:
        follower.close()
