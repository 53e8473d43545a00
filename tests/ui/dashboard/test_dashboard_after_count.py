"""The dashboard withholding the challenge total, and showing the revised count."""

from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.domain.result_statements import objections_line
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet, reopen_count
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.window import DashboardWindow

FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)


def test_hidden_challenges_show_no_figure_hatching_or_line_8_until_a_final_sheet(
    qtbot: QtBot, election_file: Path
) -> None:
    journal = Journal.open(election_file)
    session = CountSession.resume(journal, keep=0)
    for call in (Call.FOR, Call.CHALLENGE, Call.AGAINST, Call.CHALLENGE):
        session.record(call)
    follower = JournalFollower(election_file, interval_ms=10, retry_ms=20)
    follower.start()
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        window.show()
        assert window.challenged_figure.isVisible() and window.race.segments()[1] > 0
        qtbot.keyClick(window, Qt.Key.Key_H)  # the in-process setting
        assert not window.challenged_figure.isVisible()
        assert not window.challenges_label.isVisible() and window.race.segments()[1] == 0
        session.record(Call.CHALLENGE)  # a new call keeps them hidden
        qtbot.waitUntil(lambda: window.feed.count.tally.challenged == 3)
        assert not window.challenged_figure.isVisible() and window.race.segments()[1] == 0
        prepare_sheet(session, FINAL, key_fingerprint="0")  # the count is over: all shown
        qtbot.waitUntil(window.challenged_figure.isVisible)
        assert window.challenges_label.isVisible() and window.race.segments()[1] > 0
        window.after_count.fixed = True  # as `--hide-challenges` sets it: H changes nothing
        qtbot.keyClick(window, Qt.Key.Key_H)
        assert window.challenged_figure.isVisible()
    finally:
        follower.close()
        journal.close()


def test_the_revised_count_with_the_original_tally_beside_it(
    qtbot: QtBot, election_file: Path
) -> None:
    journal = Journal.open(election_file)
    session = CountSession.resume(journal, keep=0)
    for call in (Call.FOR, Call.CHALLENGE, Call.AGAINST, Call.CHALLENGE, Call.FOR):
        session.record(call)
    prepare_sheet(session, FINAL, key_fingerprint="0")
    session.decide([1, 2], [], "Regional Director")
    follower = JournalFollower(election_file, interval_ms=10, retry_ms=20)
    follower.start()
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        assert window.progress_label.text() == "Revised count: 0 of 2 opened ballots counted"
        assert window.box_label.text().startswith(
            "Original tally 2 FOR, 1 AGAINST, 0 VOID, 2 challenged \u00b7 "
        )
        session.record(Call.AGAINST)
        qtbot.waitUntil(lambda: window.progress_label.text().startswith("Revised count: 1 of 2"))
        # The other opened ballot stays on line 6 until it is called.
        assert window.choice_figures[-1].value() == 2 and window.challenged_figure.value() == 1
    finally:
        follower.close()
        journal.close()


def test_withheld_from_the_start_as_the_command_line_asks(
    qtbot: QtBot, election_file: Path
) -> None:
    journal = Journal.open(election_file)
    session = CountSession.resume(journal, keep=0)
    session.record(Call.CHALLENGE)
    follower = JournalFollower(election_file, interval_ms=10, retry_ms=20)
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        window.show()
        window.after_count.withhold(True, fixed=True)  # as `--hide-challenges` does
        assert not window.challenged_figure.isVisible() and window.race.segments()[1] == 0
        qtbot.keyClick(window, Qt.Key.Key_H)  # fixed: H changes nothing
        assert not window.challenged_figure.isVisible()
    finally:
        follower.close()
        journal.close()


def test_the_objections_deadline_once_a_final_sheet_is_prepared(
    qtbot: QtBot, election_file: Path
) -> None:
    journal = Journal.open(election_file)
    session = CountSession.resume(journal, keep=0)
    for call in (Call.FOR, Call.FOR, Call.AGAINST):
        session.record(call)
    follower = JournalFollower(election_file, interval_ms=10, retry_ms=20)
    follower.start()
    try:
        window = DashboardWindow(follower)
        qtbot.addWidget(window)
        window.show()
        assert not window.objections_label.isVisible()
        prepare_sheet(
            session, SheetRequest(SheetKind.INTERIM, "R. Agent", [], None), key_fingerprint="0"
        )
        qtbot.waitUntil(lambda: window.feed.count.locked_by is not None)
        assert not window.objections_label.isVisible()  # an interim tally states no result
        reopen_count(session, "resumed")
        prepare_sheet(session, FINAL, key_fingerprint="0")
        qtbot.waitUntil(window.objections_label.isVisible)
        due = journal.record(journal.head_seq).details()["objections_due"]
        assert window.objections_label.text() == objections_line(date.fromisoformat(due))
        again = DashboardWindow(JournalFollower(election_file, interval_ms=10, retry_ms=20))
        qtbot.addWidget(again)  # a dashboard opened later shows it from the start
        assert again.objections_label.text() == window.objections_label.text()
        again.feed.close()
    finally:
        follower.close()
        journal.close()
