"""The next step is always on screen: the box counted, then the sheet exported and printed."""

import dataclasses
import shlex
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Action, Call, ElectionSetup, SheetKind
from station.domain.statements import ALL_COUNTED
from station.journal import Journal
from station.sheet.prepare import SheetRequest
from station.ui.operator.print_pdf import lp_command
from station.ui.operator.sheet_flow import OPEN_LINK, PRINT_LINK
from station.ui.operator.window import OperatorWindow
from tests.cli_helpers import NEW
from tests.cli_helpers import station_here as station
from tests.helpers import JFK8
from tests.ui.windows import KEYS, key, open_window

SMALL = dataclasses.replace(JFK8, ballots=3, pile=0)


def small_window(qtbot: QtBot, tmp_path: Path, setup: ElectionSetup = SMALL) -> OperatorWindow:
    path = tmp_path / "small.station"
    Journal.create(path, setup)
    return open_window(qtbot, path)


def test_the_last_ballot_of_the_box_says_ctrl_t_prepares_the_tally(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = small_window(qtbot, tmp_path)
    try:
        key(window, KEYS[Call.FOR])
        key(window, KEYS[Call.AGAINST])
        assert window.next_step_label.text() == ""
        key(window, KEYS[Call.FOR])
        assert window.next_step_label.isVisible()
        assert window.next_step_label.text() == ALL_COUNTED
        assert ALL_COUNTED == "All ballots counted \u2014 Ctrl+T prepares the tally"
        key(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # one uncounted again
        assert window.next_step_label.text() == ""
        key(window, KEYS[Call.VOID])
        assert window.next_step_label.text() == ALL_COUNTED
        window.controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        assert window.next_step_label.text() == ""  # the lock's notice says what follows
        assert "Count locked" in window.notice_banner.text()
    finally:
        window.close()


def test_the_revised_count_s_bar_follows_the_ballots_ordered_opened(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = small_window(qtbot, tmp_path, dataclasses.replace(SMALL, ballots=4))
    try:
        controller = window.controller
        for call in (Call.FOR, Call.CHALLENGE, Call.CHALLENGE, Call.AGAINST):
            controller.record(call)
        controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
        assert controller.decide([1, 2], [], "Regional Director")
        assert (window.progress_bar.value(), window.progress_bar.maximum()) == (0, 2)
        assert "of 2 opened ballots" in window.progress_label.text()
        controller.record(Call.FOR)
        assert (window.progress_bar.value(), window.progress_bar.maximum()) == (1, 2)
        controller.record(Call.AGAINST)
        assert window.progress_bar.value() == 2
        assert window.next_step_label.text() == ALL_COUNTED
    finally:
        window.close()


def export(qtbot: QtBot, window: OperatorWindow, usb: Path) -> Path:
    window.controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
    usb.mkdir()
    window.choose_export_folder = lambda name: usb / name
    window.export_action.trigger()
    (folder,) = usb.iterdir()
    return folder


def test_an_export_folder_has_no_spaces_and_its_verify_command_pastes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = small_window(qtbot, tmp_path)
    try:
        for call in (Call.FOR, Call.AGAINST, Call.FOR):
            key(window, KEYS[call])
        folder = export(qtbot, window, tmp_path / "usb stick")
        seq = window.controller.count.sheets[-1].seq
        assert folder.name == f"29-RC-288020-final-tally-event-{seq}"
        text = window.notice_banner.text()
        command = text.split("<tt>")[1].split("</tt>")[0]
        words = shlex.split(command)
        assert words[:2] == ["station", "verify"] and Path(words[2]) == folder
        assert words[3] == "--key"
        result = station(*words[1:])
        assert result.returncode == 0, result.stderr
    finally:
        window.close()


def test_after_the_export_print_sends_the_pdf_itself_and_open_shows_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = small_window(qtbot, tmp_path)
    try:
        assert not window.print_action.isEnabled() and not window.open_pdf_action.isEnabled()
        for call in (Call.FOR, Call.AGAINST, Call.FOR):
            key(window, KEYS[call])
        folder = export(qtbot, window, tmp_path / "usb")
        pdf = folder / "tally.pdf"
        text = window.notice_banner.text()
        assert f'href="{PRINT_LINK}">Print</a>' in text
        assert f'href="{OPEN_LINK}">Open the PDF</a>' in text
        assert window.print_action.isEnabled() and window.open_pdf_action.isEnabled()

        opened: list[Path] = []
        window.open_pdf = lambda path: opened.append(path) or True
        window.notice_banner.linkActivated.emit(OPEN_LINK)
        assert opened == [pdf]

        sent: list[Sequence[str]] = []
        window.printer._run = lambda command: sent.append(command) or None
        window.notice_banner.linkActivated.emit(PRINT_LINK)
        dialog = window.printer.dialog
        assert dialog is not None
        qtbot.waitUntil(dialog.isVisible)
        dialog.accept()
        assert len(sent) == 1 and sent[0][0] == "lp" and sent[0][-2:] == ["--", str(pdf)]
        assert "Sent to" in window.notice_banner.text()

        pdf.unlink()  # gone: said in one line, nothing sent
        window.print_action.trigger()
        window.printer.dialog.accept()
        assert len(sent) == 1 and "no longer there" in window.error_banner.text()
    finally:
        window.close()


def test_the_lp_command_names_the_printer_and_the_copies() -> None:
    pdf = Path("/media/usb/10-RC-269250-final-tally-event-89/tally.pdf")
    assert lp_command("Office_HP", 2, pdf) == ["lp", "-n", "2", "-d", "Office_HP", "--", str(pdf)]
    assert lp_command("", 0, pdf) == ["lp", "-n", "1", "--", str(pdf)]


def test_sign_warns_of_piles_not_recounted_as_the_window_does(tmp_path: Path) -> None:
    path = tmp_path / "p.station"
    args = ["new", path, *NEW, "--eligible", "9", "--ballots", "4", "--pile", "2"]
    assert station(*args).returncode == 0
    with Journal.open(path) as journal:
        journal.start_session()
        for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.AGAINST):
            journal.append(Action.CALL, call)
        journal.append(Action.PILE, Call.AGAINST, 1, {"found": 2})  # recounted: it holds 2
    result = station("sign", path, "--agent", "R. Agent")
    assert result.returncode == 0, result.stderr
    assert "warning: 1 pile to recount: FOR pile 1" in result.stderr
    assert "piles" not in result.stderr


def test_the_recount_question_says_one_more_pile_in_the_singular(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = small_window(qtbot, tmp_path, dataclasses.replace(SMALL, ballots=9, pile=1))
    try:
        key(window, KEYS[Call.FOR])
        key(window, KEYS[Call.AGAINST])
        text = window.prompts.pile.question.text()
        assert "(1 more pile to recount)" in text and "piles" not in text
        key(window, KEYS[Call.VOID])
        assert "(2 more piles to recount)" in window.prompts.pile.question.text()
    finally:
        window.close()


def test_the_count_menu_s_calls_are_disabled_while_the_count_is_locked(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = small_window(qtbot, tmp_path)
    try:
        assert all(action.isEnabled() for action in window.call_actions.values())
        window.controller.prepare_sheet(SheetRequest(SheetKind.INTERIM, "R. Agent", [], None))
        assert not any(action.isEnabled() for action in window.call_actions.values())
        window.controller.reopen("count resumed after the pause")
        assert all(action.isEnabled() for action in window.call_actions.values())
    finally:
        window.close()


def test_the_next_sheet_starts_from_the_place_and_observers_of_the_last(
    qtbot: QtBot, tmp_path: Path
) -> None:
    window = small_window(qtbot, tmp_path)
    try:
        key(window, KEYS[Call.FOR])
        window.pause_action.trigger()
        dialog = window.prepare_dialog
        qtbot.waitUntil(dialog.isVisible)
        assert dialog.place.text() == "" and dialog.observer_boxes["employer"].toPlainText() == ""
        dialog.place.setText("Staten Island, NY")
        dialog.observer_boxes["employer"].setPlainText("Jane Roe\nAnn Smith")
        dialog.observer_boxes["petitioner"].setPlainText("John Doe")
        qtbot.mouseClick(dialog.buttons.buttons()[0], Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: window.controller.locked_by is not None)
        window.reopen_action.trigger()  # the morning after: resumed
        qtbot.waitUntil(lambda: window.controller.locked_by is None)
        key(window, KEYS[Call.AGAINST])
        window.prepare_action.trigger()
        again = window.prepare_dialog
        assert again is not dialog
        qtbot.waitUntil(again.isVisible)
        assert again.place.text() == "Staten Island, NY"
        assert again.observer_boxes["employer"].toPlainText() == "Jane Roe\nAnn Smith"
        assert again.observer_boxes["petitioner"].toPlainText() == "John Doe"
        assert again.agent.text() == "R. Agent"
        assert again.final.isChecked()
        again.reject()
    finally:
        window.close()
