"""The operator window after the count: challenges settled in the register, the revised count."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.ui.operator.helpers import press, reopen, small_election
from tests.ui.windows import figures, key, open_window


def test_the_register_settles_challenges_with_new_events(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, small_election(tmp_path, pile=0))
    try:
        press(window, Qt.Key.Key_C, Qt.Key.Key_F, Qt.Key.Key_C, Qt.Key.Key_A)
        window.register_action.trigger()
        dialog = window.register_dialog
        qtbot.waitUntil(dialog.isVisible)
        assert [dialog.table.item(row, 0).text() for row in range(2)] == ["1", "2"]
        dialog.select(dialog._entries[0].seq)
        assert not dialog.reopen_button.isEnabled()
        qtbot.mouseClick(dialog.withdraw_button, Qt.MouseButton.LeftButton)
        assert dialog.table.item(0, 4).text() == "withdrawn"
        assert figures(window)[Call.CHALLENGE] == "1"
        assert "challenge withdrawn" in window.recent.item(0).text()
        # Undoable, as a new event: taken back, the challenge is open again.
        dialog.select(dialog._entries[0].seq)
        qtbot.mouseClick(dialog.reopen_button, Qt.MouseButton.LeftButton)
        assert figures(window)[Call.CHALLENGE] == "2"
        dialog.select(dialog._entries[1].seq)
        qtbot.mouseClick(dialog.sustain_button, Qt.MouseButton.LeftButton)
        assert dialog.table.item(1, 4).text() == "sustained"
        assert figures(window)[Call.CHALLENGE] == "1"
        dialog.close()
        window = reopen(qtbot, window)
        assert figures(window)[Call.CHALLENGE] == "1"  # from the journal, after a restart
    finally:
        window.close()


def test_the_window_counts_the_ordered_ballots_and_no_more(qtbot: QtBot, tmp_path: Path) -> None:
    path = small_election(tmp_path, ballots=5, pile=0)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for call in (Call.CHALLENGE, Call.FOR, Call.CHALLENGE, Call.AGAINST, Call.CHALLENGE):
        session.record(call)
    prepare_sheet(session, SheetRequest(SheetKind.FINAL, "R. Agent", [], None), key_fingerprint="0")
    session.decide([1, 3], [], "Regional Director")
    journal.close()
    window = open_window(qtbot, path)
    try:
        assert window.progress_label.text().startswith("Revised count: <b>0</b> of 2 opened")
        assert (
            "original tally 1 FOR, 1 AGAINST, 0 VOID, 3 challenged" in window.progress_label.text()
        )
        press(window, Qt.Key.Key_C)  # an opened ballot is no challenge
        assert figures(window)[Call.CHALLENGE] == "3"  # the two opened, until called
        press(window, Qt.Key.Key_F)
        key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo works here too
        assert figures(window)[Call.FOR] == "1"
        press(window, Qt.Key.Key_A, Qt.Key.Key_F)
        assert "<b>2</b> of 2 opened" in window.progress_label.text()
        assert figures(window)[Call.CHALLENGE] == "1"
        press(window, Qt.Key.Key_F)  # one too many: refused, nothing recorded
        assert (figures(window)[Call.FOR], figures(window)[Call.AGAINST]) == ("2", "2")
    finally:
        window.close()


def test_the_decision_is_recorded_in_the_register_with_a_warning_for_a_lone_ballot(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = small_election(tmp_path, ballots=3, pile=0)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for call in (Call.CHALLENGE, Call.FOR, Call.CHALLENGE):
        session.record(call)
    journal.close()
    window = open_window(qtbot, path)
    try:
        window.register_action.trigger()
        dialog = window.register_dialog
        qtbot.waitUntil(dialog.isVisible)
        assert not dialog.decide_button.isEnabled()  # no final tally yet
        window.controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        assert dialog.decide_button.isEnabled()
        qtbot.mouseClick(dialog.decide_button, Qt.MouseButton.LeftButton)
        decision = dialog.decision_dialog
        assert decision is not None
        qtbot.waitUntil(decision.isVisible)
        decision.opened.setText("1, 1")
        decision.by.setText("Regional Director")
        decision.buttons.accepted.emit()
        assert "appears twice" in decision.problem.text() and decision.isVisible()
        decision.opened.setText("1")
        decision.sustained.setText("2")
        decision.buttons.accepted.emit()  # one ballot opened alone: warned first
        assert "shows how that voter voted" in decision.problem.text()
        assert window.controller.count.resolutions.decisions == []
        decision.buttons.accepted.emit()
        assert [d.opened for d in window.controller.count.resolutions.decisions] == [(1,)]
        assert window.progress_label.text().startswith("Revised count: <b>0</b> of 1 opened")
        dialog.close()
    finally:
        window.close()


def test_the_decision_takes_down_the_final_tallys_export_notice(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = small_election(tmp_path, ballots=4, pile=0)
    window = open_window(qtbot, path)
    try:
        controller = window.controller
        for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.CHALLENGE):
            controller.record(call)
        controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        usb = tmp_path / "usb"
        usb.mkdir()
        window.choose_export_folder = lambda name: usb / name
        window.export_action.trigger()
        assert "Exported" in window.notice_banner.text() and window.notice_banner.isVisible()
        assert controller.decide([1], [], "Regional Director")
        assert not window.notice_banner.isVisible()  # the revised count has begun
    finally:
        window.close()


def test_one_tables_register_records_no_decision_and_says_why(qtbot: QtBot, tmp_path: Path) -> None:
    """A count at several tables is decided once for the whole election: one table's
    register offers no decision, and its button says why."""
    import dataclasses

    from station.domain.election import ElectionSetup
    from station.domain.table_statements import REVISED_OF_TABLES

    path = small_election(tmp_path, ballots=3, pile=0)
    table = tmp_path / "table-2.station"
    with Journal.open(path) as journal:
        setup: ElectionSetup = dataclasses.replace(journal.election.setup, table="2")
    Journal.create(table, setup)
    journal = Journal.open(table)
    session = CountSession.resume(journal, keep=0)
    for call in (Call.CHALLENGE, Call.FOR, Call.AGAINST):
        session.record(call)
    prepare_sheet(session, SheetRequest(SheetKind.FINAL, "R. Agent", [], None), key_fingerprint="0")
    journal.close()
    window = open_window(qtbot, table)
    try:
        window.register_action.trigger()
        dialog = window.register_dialog
        qtbot.waitUntil(dialog.isVisible)
        assert not dialog.decide_button.isEnabled()
        tip = dialog.decide_button.toolTip()
        assert "Table 2 alone" in tip and REVISED_OF_TABLES in tip
    finally:
        window.close()


def test_the_window_counts_the_tables_opened_ballots_together(qtbot: QtBot, tmp_path: Path) -> None:
    """A revised count of a count run at several tables: its decision recorded with
    `station decide`, the window counts the ballots ordered opened, on top of the tables'
    consolidated tally, and no more."""
    from station.cli import main
    from station.sheet.consolidate import consolidate
    from station.sheet.keys import create_key
    from tests.tables.helpers import table_export

    signing = create_key(tmp_path / "key.pem")
    exports = [
        table_export(tmp_path, "A", "FFAC", signing),
        table_export(tmp_path, "B", "ACAC", signing),
    ]
    consolidation = tmp_path / "consolidated"
    consolidate(exports, consolidation, signing)
    path = tmp_path / "revised.station"
    made = ["new", str(path), "--revised-of", str(consolidation), "--key", signing.fingerprint]
    assert main(made) == 0
    window = open_window(qtbot, path)
    try:  # before the decision: the tables' tally, and no call taken
        assert (figures(window)[Call.FOR], figures(window)[Call.CHALLENGE]) == ("2", "3")
        press(window, Qt.Key.Key_F)
        assert figures(window)[Call.FOR] == "2"
        assert window.error_banner.isVisible()
        assert "record the decision first (station decide)" in window.error_banner.text()
        window.register_action.trigger()
        dialog = window.register_dialog
        qtbot.waitUntil(dialog.isVisible)
        assert not dialog.decide_button.isEnabled()
        assert "station decide FILE" in dialog.decide_button.toolTip()
        dialog.close()
    finally:
        window.close()
    assert main(["decide", str(path), "--open", "1,2,3", "--by", "Regional Director"]) == 0
    window = open_window(qtbot, path)
    try:
        assert window.progress_label.text().startswith("Revised count: <b>0</b> of 3 opened")
        assert (
            "original tally 2 FOR, 3 AGAINST, 0 VOID, 3 challenged" in window.progress_label.text()
        )
        press(window, Qt.Key.Key_F, Qt.Key.Key_A, Qt.Key.Key_F)
        assert "<b>3</b> of 3 opened" in window.progress_label.text()
        assert (figures(window)[Call.FOR], figures(window)[Call.AGAINST]) == ("4", "4")
        assert figures(window)[Call.CHALLENGE] == "0"
        press(window, Qt.Key.Key_F)  # one too many: refused, nothing recorded
        assert figures(window)[Call.FOR] == "4"
    finally:
        window.close()
