"""Printing an exported tally sheet: the signed PDF itself, on the printer Qt's dialog chose.

The sheet the observers sign must be the very file the export's manifest hashes, not
a second drawing of it. So Qt's print dialog only chooses the printer and the number of
copies, and the PDF's own bytes go to that printer: through CUPS's `lp` (Linux, macOS),
or the system's "print" verb for PDF files on Windows. Opening the PDF hands it to the
desktop's own viewer.
"""

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QProcess, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QWidget

from station.ui.language import fill

Runner = Callable[[Sequence[str]], str | None]  # a command; its one-line problem, or None


def lp_command(printer: str, copies: int, pdf: Path) -> list[str]:
    """The CUPS command that sends `pdf`, unchanged, to `printer` (`copies` times)."""
    command = ["lp", "-n", str(max(copies, 1))]
    if printer:
        command += ["-d", printer]
    return [*command, "--", str(pdf)]


def run_command(command: Sequence[str]) -> str | None:
    """Run a print command; None once the printer has the file, else why not (one line)."""
    if shutil.which(command[0]) is None:
        return fill(
            QCoreApplication.translate(
                "PdfPrinter",
                "`%1` is not installed here: open the PDF and print it from the viewer",
            ),
            command[0],
        )
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return fill(
            QCoreApplication.translate("PdfPrinter", "the printer did not take the PDF (%1)"), error
        )
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        return fill(
            QCoreApplication.translate("PdfPrinter", "the printer did not take the PDF (%1)"),
            said[0] if said else done.returncode,
        )
    return None


def no_viewer_statement(pdf: Path, why: str = "") -> str:
    """Open the PDF found no viewer (one line): the operator opens it from its folder."""
    if why:
        return fill(
            QCoreApplication.translate(
                "PdfOpener", "no PDF viewer opened %1 (%2); open it from its folder"
            ),
            pdf,
            why,
        )
    return fill(
        QCoreApplication.translate("PdfOpener", "no PDF viewer opened %1; open it from its folder"),
        pdf,
    )


# Where Qt hands a file to `xdg-open` and reports only that it started (Linux, the BSDs).
XDG_OPEN: list[str] | None = None if sys.platform in ("win32", "darwin") else ["xdg-open"]


class PdfOpener(QObject):
    """Shows a PDF in the desktop's viewer, and says so when none opens it.

    Qt's `openUrl` starts `xdg-open` and returns True once it runs: with no viewer for
    PDFs, `xdg-open` fails afterwards and says why on the terminal only, which nobody
    at the count reads. Here `command` (`xdg-open` where Qt would use it) runs as a
    child process, never waited for, and its failure comes back as `failed`.

    Signals:
        failed(str): no viewer opened the PDF, and why (one line).
    """

    failed = Signal(str)

    def __init__(
        self, parent: QObject | None = None, *, command: Sequence[str] | None = XDG_OPEN
    ) -> None:
        super().__init__(parent)
        self.command = command

    def open(self, pdf: Path) -> bool:
        """Hand `pdf` to the viewer; False if it cannot even be handed over (a later
        failure is `failed`)."""
        command = self.command
        if command is None or shutil.which(command[0]) is None:
            return QDesktopServices.openUrl(QUrl.fromLocalFile(str(pdf)))
        process = QProcess(self)
        process.finished.connect(lambda code, _status: self._on_finished(process, pdf, code))
        process.errorOccurred.connect(lambda error: self._on_error(process, pdf, error))
        process.start(command[0], [*command[1:], str(pdf)])
        return True

    def _on_finished(self, process: QProcess, pdf: Path, code: int) -> None:
        if code != 0:
            said = bytes(process.readAllStandardError().data()).decode(errors="replace")
            lines = said.strip().splitlines()
            why = lines[-1].strip() if lines else f"{process.program()} ended with {code}"
            self.failed.emit(no_viewer_statement(pdf, why))
        process.deleteLater()

    def _on_error(self, process: QProcess, pdf: Path, error: QProcess.ProcessError) -> None:
        if error is QProcess.ProcessError.FailedToStart:
            self.failed.emit(no_viewer_statement(pdf, process.errorString()))
            process.deleteLater()


class PdfPrinter(QObject):
    """Asks for the printer in Qt's dialog (opened, not exec'd), then prints the PDF.

    Signals:
        printed(str): the PDF went to this printer.
        failed(str): why it did not (one line).
    """

    printed = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QWidget, run: Runner = run_command) -> None:
        super().__init__(parent)
        self._parent = parent
        self._run = run
        self.dialog: QPrintDialog | None = None

    def ask(self, pdf: Path) -> QPrintDialog:
        """Open the print dialog for `pdf`; printing follows its OK."""
        printer = QPrinter()
        printer.setDocName(pdf.name)
        dialog = QPrintDialog(printer, self._parent)
        dialog.setWindowTitle(fill(self.tr("Print %1"), pdf.name))
        # Pages and sizes are the PDF's own: only the printer and the copies are chosen.
        for option in (
            QPrintDialog.PrintDialogOption.PrintPageRange,
            QPrintDialog.PrintDialogOption.PrintSelection,
            QPrintDialog.PrintDialogOption.PrintCurrentPage,
            QPrintDialog.PrintDialogOption.PrintToFile,
        ):
            dialog.setOption(option, False)
        dialog.accepted.connect(lambda: self._on_dialog_accepted(printer, pdf))
        self.dialog = dialog
        dialog.setWindowModality(Qt.WindowModality.WindowModal)  # as open() does
        dialog.show()
        return dialog

    def _on_dialog_accepted(self, printer: QPrinter, pdf: Path) -> None:
        name = printer.printerName()
        problem = self.print_file(name, printer.copyCount(), pdf)
        if problem is None:
            self.printed.emit(name or self.tr("the default printer"))
        else:
            self.failed.emit(problem)

    def print_file(self, printer: str, copies: int, pdf: Path) -> str | None:
        """Send the file to `printer`; None when done, else why not."""
        if not pdf.is_file():
            return fill(self.tr("%1 is no longer there: export the sheet again"), pdf)
        if sys.platform == "win32" and shutil.which("lp") is None:  # pragma: no cover
            try:
                os.startfile(str(pdf), "print")  # type: ignore[attr-defined,unused-ignore]
            except OSError as error:
                return fill(self.tr("the printer did not take the PDF (%1)"), error)
            return None
        return self._run(lp_command(printer, copies, pdf))
