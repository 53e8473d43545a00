"""The operator window: calls by click and key, undo/redo, resume, and failed writes."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.journal import Journal
from station.ui.operator.window import OperatorWindow
from tests.ui.windows import KEYS, figures, key, open_window


def test_the_title_names_the_case(window: OperatorWindow) -> None:
    assert "29-RC-288020" in window.windowTitle()
    assert "Amazon Labor Union" in window.election_label.text()


def test_clicks_record_calls(qtbot: QtBot, window: OperatorWindow) -> None:
    for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID):
        qtbot.mouseClick(window.pad.buttons[call], Qt.MouseButton.LeftButton)
    assert figures(window) == {
        Call.FOR: "2",
        Call.AGAINST: "1",
        Call.CHALLENGE: "1",
        Call.VOID: "1",
    }
    assert "5</b> of 4,852 ballots counted" in window.progress_label.text()
    assert window.recent.texts()[0] == "Ballot 5 VOID"


def test_keys_record_calls(window: OperatorWindow) -> None:
    for call in (Call.AGAINST, Call.FOR, Call.VOID, Call.CHALLENGE, Call.AGAINST):
        key(window, KEYS[call])
    assert figures(window) == {
        Call.FOR: "1",
        Call.AGAINST: "2",
        Call.CHALLENGE: "1",
        Call.VOID: "1",
    }


def test_no_keypress_waits_for_a_wal_checkpoint(window: OperatorWindow) -> None:
    """Its journal checkpoints in a thread of its own (tests/journal/test_checkpointer.py)."""
    journal = window.controller.journal
    assert journal.checkpointer is not None
    assert journal.connection.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0


def test_a_held_key_records_one_call(window: OperatorWindow) -> None:
    key(window, Qt.Key.Key_F)
    for _ in range(30):  # the auto-repeat a held-down key produces
        key(window, Qt.Key.Key_F, repeat=True)
    assert figures(window)[Call.FOR] == "1"


def test_undo_and_redo_round_trip(window: OperatorWindow) -> None:
    key(window, Qt.Key.Key_F)
    key(window, Qt.Key.Key_A)
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert figures(window)[Call.AGAINST] == "0"
    assert window.recent.texts()[0] == "\u21b6 Ballot 2 AGAINST \u2014 undone"
    key(
        window,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert figures(window)[Call.AGAINST] == "1"
    assert window.recent.texts()[0] == "\u21b7 Ballot 2 AGAINST \u2014 redone"
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert figures(window)[Call.AGAINST] == "1"
    # Every keypress is an event; nothing was deleted.
    actions = [r.action for r in window.controller.journal.records()]
    assert actions == ["open", "call", "call", "undo", "redo", "undo", "redo"]


def test_undo_with_nothing_to_undo_records_nothing(window: OperatorWindow) -> None:
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not window.undo_button.isEnabled()
    assert window.controller.journal.head_seq == 1  # just the opening


def test_close_and_reopen_restores_count_and_undo_history(
    qtbot: QtBot, election_file: Path
) -> None:
    window = open_window(qtbot, election_file)
    for k in (Qt.Key.Key_F, Qt.Key.Key_A, Qt.Key.Key_C, Qt.Key.Key_V, Qt.Key.Key_F):
        key(window, k)
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo the last FOR
    before_figures = figures(window)
    before_list = window.recent.texts()
    window.close()

    again = open_window(qtbot, election_file)
    assert figures(again) == before_figures
    # The same list, under the closing and the new opening, in one entry.
    assert again.recent.texts()[0] == "Station closed the count, then opened it again"
    assert again.recent.texts()[1:] == before_list
    assert again.controller.session.redo_target() is not None  # the undone FOR can still be redone
    key(again, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert figures(again)[Call.FOR] == "2"
    key(again, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    key(again, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert figures(again)[Call.VOID] == "0"
    again.close()
    with Journal.open(election_file, read_only=True) as reader:
        actions = [r.action for r in reader.records()]
    assert actions.count("open") == 2 and actions.count("close") == 2


def test_a_crash_loses_nothing_acknowledged(qtbot: QtBot, election_file: Path) -> None:
    window = open_window(qtbot, election_file)
    for k in (Qt.Key.Key_F, Qt.Key.Key_F, Qt.Key.Key_A):
        key(window, k)
    # Simulate a crash: the process stops without closing the window or the file.
    journal = window.controller.journal
    journal.session = None
    journal._lock.release()  # type: ignore[union-attr]
    again = open_window(qtbot, election_file)
    assert figures(again)[Call.FOR] == "2" and figures(again)[Call.AGAINST] == "1"
    opened = again.controller.journal.last_records(1)[0]
    assert opened.details()["previous_session"] == "interrupted"
    again.close()


def test_a_failed_write_is_shown_and_the_count_does_not_move(window: OperatorWindow) -> None:
    key(window, Qt.Key.Key_F)
    path = window.controller.journal.path
    away = path.with_name("elsewhere.station")
    path.rename(away)  # the file is gone from under the station
    key(window, Qt.Key.Key_F)
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert figures(window)[Call.FOR] == "1"
    assert window.error_banner.isVisible()
    assert "NOT RECORDED" in window.error_banner.text()
    assert "moved, deleted or replaced" in window.error_banner.text()
    assert window.recent.texts()[0] == "Ballot 1 FOR"
    away.rename(path)  # the fault is fixed: counting goes on
    key(window, Qt.Key.Key_F)
    assert figures(window)[Call.FOR] == "2"
    assert not window.error_banner.isVisible()


def test_a_full_disk_is_shown_and_the_count_does_not_move(window: OperatorWindow) -> None:
    conn = window.controller.journal._conn
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    for _ in range(200):
        key(window, Qt.Key.Key_A)
        if window.error_banner.isVisible():
            break
    assert "disk is full" in window.error_banner.text()
    recorded = window.controller.count.tally.against
    assert figures(window)[Call.AGAINST] == f"{recorded:,}"
    assert window.controller.journal.restore(trust_snapshots=False).tally.against == recorded
    conn.execute("PRAGMA max_page_count = 1073741823")
    key(window, Qt.Key.Key_A)
    assert figures(window)[Call.AGAINST] == f"{recorded + 1:,}"


def test_quit_closes_at_once_and_records_the_close(qtbot: QtBot, election_file: Path) -> None:
    window = open_window(qtbot, election_file)
    key(window, Qt.Key.Key_F)
    key(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not window.isVisible())
    with Journal.open(election_file, read_only=True) as reader:
        last = reader.last_records(1)[0]
    assert last.action == "close"
