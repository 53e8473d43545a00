"""Preparing, reopening and exporting the tally sheet from the operator window."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.journal import Journal
from station.sheet.keys import default_key_path
from station.sheet.verify_export import verify_export
from station.ui.operator.window import OperatorWindow
from tests.ui.operator.helpers import prepare
from tests.ui.windows import KEYS, figures, key, open_window


@pytest.fixture
def window(qtbot: QtBot, election_file: Path) -> Iterator[OperatorWindow]:
    window = open_window(qtbot, election_file)
    for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.CHALLENGE):
        key(window, KEYS[call])
    yield window
    window.close()


def test_preparing_the_sheet_locks_the_count(qtbot: QtBot, window: OperatorWindow) -> None:
    prepare(qtbot, window)
    sheet = window.controller.locked_by
    assert sheet is not None and sheet.title == "Final"
    assert "Final tally prepared" in window.notice_banner.text()
    assert window.export_action.isEnabled() and window.reopen_action.isEnabled()
    assert not window.prepare_action.isEnabled() and not window.pad.isEnabled()
    assert not window.undo_button.isEnabled()
    before = figures(window)
    key(window, KEYS[Call.FOR])
    key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert figures(window) == before
    assert window.error_banner.isVisible() and "locked by the final tally sheet" in (
        window.error_banner.text()
    )
    record = window.controller.journal.record(sheet.seq)
    assert record is not None
    assert record.details()["observers"] == [
        {"party": "employer", "name": "Jane Roe"},
        {"party": "employer", "name": "Ann Smith"},
        {"party": "petitioner", "name": "John Doe"},
    ]
    assert default_key_path().exists()  # made on first use


def test_reopening_needs_a_reason_and_is_recorded(qtbot: QtBot, window: OperatorWindow) -> None:
    prepare(qtbot, window)
    window.reopen_action.trigger()
    dialog = window.reopen_dialog
    qtbot.waitUntil(dialog.isVisible)
    ok = dialog.buttons.buttons()[0]
    assert not ok.isEnabled()
    dialog.reason.setText("   ")
    assert not ok.isEnabled()
    dialog.reason.setText("a ballot was found in the box")
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.controller.locked_by is None)
    assert "Count reopened" in window.notice_banner.text()
    assert "Count reopened: a ballot was found in the box" in window.recent.item(0).text()
    key(window, KEYS[Call.VOID])
    assert figures(window)[Call.VOID] == "1"
    prepare_again = window.prepare_action
    assert prepare_again.isEnabled()


def test_an_interim_sheet_then_the_final_one(qtbot: QtBot, window: OperatorWindow) -> None:
    prepare(qtbot, window, interim=True)
    assert window.controller.locked_by is not None
    assert window.controller.locked_by.title == "Interim"
    assert window.prepare_action.isEnabled()  # the final sheet may follow at once
    prepare(qtbot, window)
    assert window.controller.locked_by is not None
    assert window.controller.locked_by.title == "Final"


def test_export_writes_a_folder_that_verifies(
    qtbot: QtBot, window: OperatorWindow, tmp_path: Path
) -> None:
    assert not window.export_action.isEnabled()
    prepare(qtbot, window)
    usb = tmp_path / "usb"
    usb.mkdir()
    window.choose_export_folder = lambda name: usb / name
    window.export_action.trigger()
    folders = list(usb.iterdir())
    assert [f.name for f in folders] == ["29-RC-288020-final-tally-event-6"]
    assert verify_export(folders[0]).ok
    assert "Exported" in window.notice_banner.text()
    window.export_action.trigger()  # the same folder again: refused, nothing touched
    assert window.error_banner.isVisible() and "never overwrites" in window.error_banner.text()


def test_a_missing_key_after_a_sheet_is_an_error_not_a_new_key(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    prepare(qtbot, window, interim=True)
    default_key_path().unlink()
    window.prepare_action.trigger()
    dialog = window.prepare_dialog
    qtbot.mouseClick(dialog.buttons.buttons()[0], Qt.MouseButton.LeftButton)
    assert "signing key is missing" in window.error_banner.text()
    assert not default_key_path().exists()
    assert window.controller.locked_by is not None
    assert window.controller.locked_by.title == "Interim"


def test_the_lock_survives_a_restart(qtbot: QtBot, window: OperatorWindow) -> None:
    prepare(qtbot, window)
    path = window.controller.journal.path
    window.close()
    again = open_window(qtbot, path)
    try:
        assert again.controller.locked_by is not None
        assert not again.pad.isEnabled()
        assert "Count locked" in again.notice_banner.text()
    finally:
        again.close()
    with Journal.open(path, read_only=True) as reader:
        assert reader.restore(trust_snapshots=False).locked_by is not None


def test_the_export_dialog_makes_a_new_folder_beside_one_already_there(
    qtbot: QtBot, window: OperatorWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    prepare(qtbot, window)
    usb = tmp_path / "usb"
    usb.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *args: str(usb))
    window.export_action.trigger()
    window.export_action.trigger()
    names = sorted(f.name for f in usb.iterdir())
    assert names == ["29-RC-288020-final-tally-event-6", "29-RC-288020-final-tally-event-6-2"]
    assert all(verify_export(usb / name).ok for name in names)
    assert not window.error_banner.isVisible()


def test_the_sheet_takes_the_witnesses_cosignatures_and_the_banner_says_so(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    from station.sheet.keys import key_for_signing
    from tests.sheet.helpers import cosign_head, party_witness

    journal = window.controller.journal
    head = journal.head_seq
    witnesses = [party_witness("employer-witness", 1), party_witness("union-witness", 2)]
    cosign_head(journal, key_for_signing(), witnesses)
    prepare(qtbot, window)
    sheet = window.controller.locked_by
    assert sheet is not None and sheet.head == head
    record = journal.record(sheet.seq)
    assert record is not None and "union-witness" in str(record.details()["witnessed"])
    assert (
        f"Cosigned by 2 witnesses at event {head:,}: employer-witness, union-witness; on the sheet."
        in window.notice_banner.text()
    )


def test_without_witnesses_the_banner_says_none_had_cosigned(
    qtbot: QtBot, window: OperatorWindow
) -> None:
    head = window.controller.journal.head_seq
    prepare(qtbot, window)
    assert (
        f"No witness had cosigned the log at event {head:,}; the sheet carries no cosignature."
        in window.notice_banner.text()
    )
