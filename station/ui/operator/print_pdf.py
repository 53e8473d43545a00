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

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QWidget

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
        return f"`{command[0]}` is not installed here: open the PDF and print it from the viewer"
    try:
        done = subprocess.run(list(command), capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"the printer did not take the PDF ({error})"
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        return f"the printer did not take the PDF ({said[0] if said else done.returncode})"
    return None


def open_pdf(pdf: Path) -> bool:
    """Show the PDF in the desktop's viewer; False if the desktop has none."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(pdf)))


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
        dialog.setWindowTitle(f"Print {pdf.name}")
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
            self.printed.emit(name or "the default printer")
        else:
            self.failed.emit(problem)

    def print_file(self, printer: str, copies: int, pdf: Path) -> str | None:
        """Send the file to `printer`; None when done, else why not."""
        if not pdf.is_file():
            return f"{pdf} is no longer there: export the sheet again"
        if sys.platform == "win32" and shutil.which("lp") is None:  # pragma: no cover
            try:
                os.startfile(str(pdf), "print")  # type: ignore[attr-defined,unused-ignore]
            except OSError as error:
                return f"the printer did not take the PDF ({error})"
            return None
        return self._run(lp_command(printer, copies, pdf))
