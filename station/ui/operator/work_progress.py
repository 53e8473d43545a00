"""A progress dialog for long work done on the window's own thread (export, verify)."""

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QApplication, QProgressBar, QProgressDialog, QWidget

SHOW_AFTER_MS = 400  # quick work (a small count) shows no dialog at all


class WorkProgress:
    """A `Progress` callback that drives a window-modal QProgressDialog.

    The work runs on the GUI thread, so each report lets Qt repaint; the dialog is
    window-modal, so no call can be recorded meanwhile. It cannot be cancelled: an
    export or a check is all or nothing and takes seconds, not minutes.
    """

    def __init__(self, parent: QWidget, label: str) -> None:
        self.dialog = QProgressDialog(label, "", 0, 0, parent)
        self.dialog.setObjectName("workProgress")
        self.dialog.setWindowTitle(QCoreApplication.translate("WorkProgress", "Station"))
        self.dialog.setCancelButton(None)
        self.dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog.setMinimumDuration(SHOW_AFTER_MS)
        self.dialog.setAutoClose(False)
        self.dialog.setAutoReset(False)
        # Its bar, read alone by a screen reader ("progress bar 40 %"), says of what.
        bar = self.dialog.findChild(QProgressBar)
        if bar is not None:
            bar.setAccessibleName(label)
        self.reports: list[tuple[int, int]] = []

    def __call__(self, done: int, total: int) -> None:
        self.reports.append((done, total))
        if self.dialog.maximum() != total:
            self.dialog.setMaximum(total)
        self.dialog.setValue(min(done, total))
        QApplication.processEvents()

    def finish(self) -> None:
        self.dialog.close()
        self.dialog.deleteLater()
