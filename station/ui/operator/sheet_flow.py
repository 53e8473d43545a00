"""The operator window's sheet flow: prepare or pause, reopen or resume, export, verify.

Each step asks through a dialog (opened, never exec'd), then has the controller do it,
and tells the outcome in the window's banners.
"""

from __future__ import annotations

import html
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QFileDialog

from station.domain import ElectionSetup, ReplayError, Sheet, SheetKind
from station.domain.decision import call_number
from station.domain.statements import pile_notes
from station.domain.tally_sheet import SheetError
from station.journal import JournalError
from station.journal.chain import HEAD_DIGITS
from station.sheet.export import ExportError
from station.sheet.keys import KeyProblem
from station.sheet.prepare import SheetRequest, previous_request
from station.ui.language import fill
from station.ui.operator.keys_back import open_over, take_keys_back
from station.ui.operator.sheet_dialogs import PrepareSheetDialog, ReopenDialog, sheet_word
from station.ui.operator.work_progress import WorkProgress

if TYPE_CHECKING:
    from station.ui.operator.window import OperatorWindow


class SheetFlow:
    """The tally-sheet steps of one operator window (its menus call these)."""

    def __init__(self, window: OperatorWindow) -> None:
        self.window = window

    def prepare(self, *, interim: bool) -> None:
        count = self.window.controller.count
        try:
            title = count.next_sheet(SheetKind.FINAL).title
        except ReplayError as error:
            # An interim sheet may still be prepared (opened ballots left uncounted); a
            # final one asked for from the dialog is refused there in the same words.
            if not interim or not count.resolutions.uncounted(count):
                self.window.show_error(error.reason)
                return
            title = "Revised"
        dialog = PrepareSheetDialog(
            self.window.controller.setup,
            count.tally,
            title,
            self.window,
            pile_notes=[
                f"{note}." for note in pile_notes(count.piles.mismatches(), count.piles_to_check())
            ],
        )
        dialog.interim.setChecked(interim)
        previous = self._previous_answers()
        if previous is not None:
            dialog.fill_in(previous)
        dialog.accepted.connect(lambda: self._on_prepare_dialog_accepted(dialog))
        self.window.prepare_dialog = dialog
        open_over(self.window, dialog)

    def _previous_answers(self) -> SheetRequest | None:
        """Who certified the count's latest sheet, and where, as its SIGN event records."""
        controller = self.window.controller
        previous = previous_request(controller.journal, controller.count)
        return None if previous is None else previous[1]

    def _on_prepare_dialog_accepted(self, dialog: PrepareSheetDialog) -> None:
        if dialog.request is None:
            return
        try:
            sheet = self.window.controller.prepare_sheet(dialog.request)
        except (SheetError, KeyProblem, JournalError) as error:
            self.window.show_error(str(error))
            return
        self.window.show_key()
        self.window.notify(
            fill(
                QCoreApplication.translate(
                    "SheetFlow",
                    "<b>%1 tally prepared</b> at event %2; it certifies events 1\u2013%3."
                    " Export it for signing with File \u25b8 Export (Ctrl+E).",
                ),
                sheet_word(sheet.title, heading=True),
                f"{sheet.seq:,}",
                f"{sheet.head:,}",
            )
            + _witnessed_line(self.window.controller.witnessed_statement)
        )

    def reopen(self) -> None:
        sheet = self.window.controller.locked_by
        if sheet is None:
            return
        if sheet.kind is SheetKind.INTERIM:  # the morning after a pause: no questions
            try:
                self.window.controller.reopen(RESUME_REASON)
            except (SheetError, JournalError) as error:
                self.window.show_error(str(error))
            return
        dialog = ReopenDialog(
            fill(
                QCoreApplication.translate("SheetFlow", "%1 tally sheet of event %2"),
                sheet_word(sheet.title),
                f"{sheet.seq:,}",
            ),
            self.window,
        )
        dialog.accepted.connect(lambda: self._on_reopen_dialog_accepted(dialog))
        self.window.reopen_dialog = dialog
        open_over(self.window, dialog)

    def _on_reopen_dialog_accepted(self, dialog: ReopenDialog) -> None:
        if not dialog.reason_text:
            return
        try:
            self.window.controller.reopen(dialog.reason_text)
        except (SheetError, JournalError) as error:
            self.window.show_error(str(error))
            return

    def export(self) -> None:
        sheets = self.window.controller.count.sheets
        if not sheets:
            return
        sheet = sheets[-1]
        name = export_folder_name(self.window.controller.setup, sheet)
        folder = self.window.choose_export_folder(name)
        take_keys_back(self.window)  # from the folder dialog, chosen or not
        if folder is None:
            return
        paper = (
            "letter"
            if QLocale().measurementSystem() == QLocale.MeasurementSystem.ImperialUSSystem
            else "a4"
        )
        progress = WorkProgress(
            self.window,
            fill(
                QCoreApplication.translate("SheetFlow", "Exporting the %1 tally sheet\u2026"),
                sheet_word(sheet.title),
            ),
        )
        self.window.last_progress = progress
        try:
            exported = self.window.controller.export(folder, paper, progress)
        except (ExportError, KeyProblem, JournalError) as error:
            self.window.show_error(str(error))
            return
        finally:
            progress.finish()
            take_keys_back(self.window)
        self.window.exported_pdf = exported.folder / "tally.pdf"
        # The folder and the key once each, in the command that checks them: the notice
        # sits beside the call buttons, in a column of its own.
        command = f"station verify {shlex.quote(str(exported.folder))} --key {exported.fingerprint}"
        self.window.notify(
            fill(
                QCoreApplication.translate(
                    "SheetFlow",
                    "<b>Exported</b> the %1 tally, signed, into its folder."
                    ' Next: <a href="%2">Print</a> it for the signatures \u00b7'
                    ' <a href="%3">Open the PDF</a>. Anyone can check it: <tt>%4</tt>',
                ),
                sheet_word(sheet.title),
                PRINT_LINK,
                OPEN_LINK,
                html.escape(command, quote=False),
            )
        )
        self.window.refresh_exported()

    def verify(self) -> None:
        progress = WorkProgress(
            self.window, QCoreApplication.translate("SheetFlow", "Checking the record\u2026")
        )
        self.window.last_progress = progress
        try:
            verdict = self.window.controller.verify(progress)
        finally:
            progress.finish()
            take_keys_back(self.window)
        if not verdict.ok:
            self.window.show_error(
                fill(
                    QCoreApplication.translate("SheetFlow", "the record is NOT intact: %1"),
                    verdict.problem,
                )
            )
            return
        self.window.notify(
            fill(
                QCoreApplication.translate(
                    "SheetFlow",
                    "<b>Record intact:</b> %1 events, chain and replay checked; head %2.",
                ),
                f"{verdict.events:,}",
                verdict.head[:HEAD_DIGITS],
            )
        )

    def refresh_lock(self) -> None:
        """Enable what the lock allows, and say once what locks the count."""
        window = self.window
        count = window.controller.count
        locked = count.locked_by
        window.pad.setEnabled(locked is None)
        for action in window.call_actions.values():  # the Count menu's calls, as the pad
            action.setEnabled(locked is None)
        window.reopen_action.setEnabled(locked is not None)
        paused = locked is not None and locked.kind is SheetKind.INTERIM
        window.reopen_action.setText(
            QCoreApplication.translate("SheetFlow", "Re&sume count")
            if paused
            else QCoreApplication.translate("OperatorWindow", "Re&open count\u2026")
        )
        window.pause_action.setEnabled(locked is None)
        window.export_action.setEnabled(bool(count.sheets))
        window.prepare_action.setEnabled(locked is None or locked.kind is SheetKind.INTERIM)
        if locked is not None and window.notice_banner.isHidden() and not window.notice_held:
            if paused:
                window.notify(
                    fill(
                        QCoreApplication.translate(
                            "SheetFlow",
                            "<b>Count paused</b> after ballot %1 (interim tally at event %2)."
                            " Resume it from the Count menu.",
                        ),
                        f"{call_number(count):,}",
                        f"{locked.seq:,}",
                    )
                )
            else:
                window.notify(
                    fill(
                        QCoreApplication.translate(
                            "SheetFlow",
                            "<b>Count locked</b> by the %1 tally sheet prepared at event %2."
                            " To record more calls, reopen the count (Count menu).",
                        ),
                        sheet_word(locked.title),
                        f"{locked.seq:,}",
                    )
                )

    def ask_export_folder(self, name: str) -> Path | None:
        parent = QFileDialog.getExistingDirectory(
            self.window,
            QCoreApplication.translate(
                "SheetFlow", "Export the signed tally sheet into (a new folder is made there)"
            ),
        )
        return free_export_folder(Path(parent), name) if parent else None


RESUME_REASON = "count resumed after the pause"


# The links of the notice after an export (the window's `_on_notice_banner_link_activated`).
PRINT_LINK = "print"
OPEN_LINK = "open"


def export_folder_name(setup: ElectionSetup, sheet: Sheet) -> str:
    """The new folder an export makes: no spaces, so a path pasted into a shell is one word
    (`10-RC-269250-final-tally-event-89`), and the table's label when the count runs at
    several tables (`10-RC-269250-table-2-final-tally-event-89`), whose sheets share the case
    number and may share an event number, and are exported side by side."""
    title = "-".join(sheet.title.lower().split())
    table = "" if setup.table is None else f"table-{'-'.join(setup.table.split())}-"
    return f"{setup.case_number}-{table}{title}-tally-event-{sheet.seq}"


def free_export_folder(parent: Path, name: str) -> Path:
    """`parent / name`, or the first of `name-2`, `name-3`, ... that is not there yet: an
    export never overwrites, so the folder it proposes must be a new one."""
    folder = parent / name
    number = 2
    while folder.exists():
        folder = parent / f"{name}-{number}"
        number += 1
    return folder


def _witnessed_line(statement: str | None) -> str:
    """The witnesses' word on the sheet just prepared, as a line of the banner."""
    return "" if statement is None else f"<br>{html.escape(statement + '.')}"
