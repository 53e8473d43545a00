"""The decision after the hearing, recorded in the window as `station decide` records it.

The dialog only collects the register numbers and who decided; the register records the
decision through the controller (one DECIDE event), after the same checks.
"""

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from station.domain import Count
from station.domain.decision import new_decision_problem, revealing_decision
from station.domain.election import ElectionSetup
from station.ui.contrast import ERROR_INK
from station.ui.language import fill


def parse_numbers(text: str) -> list[int] | None:
    """ "1, 4,6" as register numbers, or None if it is not such a list."""
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not all(part.isdigit() for part in parts):
        return None
    return [int(part) for part in parts]


class DecisionDialog(QDialog):
    """Which challenged ballots the decision orders opened and which it sustains, and by whom."""

    def __init__(self, count: Count, setup: ElectionSetup, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = count
        self.setup = setup
        self.setWindowTitle(self.tr("Record the decision after the hearing"))
        self.opened = QLineEdit()
        self.opened.setPlaceholderText(self.tr("register numbers, e.g. 1, 4, 6"))
        self.sustained = QLineEdit()
        self.sustained.setPlaceholderText(self.tr("register numbers"))
        self.by = QLineEdit()
        self.by.setPlaceholderText(self.tr("e.g. Regional Director, Region 10"))
        self.by.setMaxLength(200)
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(f"color: {ERROR_INK}; font-weight: bold;")
        form = QFormLayout()
        form.addRow(self.tr("Ordered opened"), self.opened)
        form.addRow(self.tr("Sustained"), self.sustained)
        form.addRow(self.tr("Decided by"), self.by)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            self.tr("Record the decision")
        )
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(
                self.tr("Challenges left out stay challenged. The revised count follows (F, A, V).")
            )
        )
        layout.addLayout(form)
        # The buttons above what they answer: a warning that asks for a second press
        # grows the dialog below them, so the button stays where it was pressed.
        layout.addWidget(self.buttons)
        layout.addWidget(self.problem)
        self._warned = False
        self.answer: tuple[list[int], list[int], str] | None = None

    def _on_buttons_accepted(self) -> None:
        opened, sustained = parse_numbers(self.opened.text()), parse_numbers(self.sustained.text())
        by = " ".join(self.by.text().split())
        if opened is None or sustained is None:
            self._say(self.tr("Write register numbers separated by commas."))
            return
        problem = new_decision_problem(self.count, self.setup, tuple(opened), tuple(sustained))
        if problem is None and not by:
            problem = self.tr("Name who decided.")
        if problem:
            self._say(problem[0].upper() + problem[1:])
            return
        warning = revealing_decision(self.count, tuple(opened))
        if warning and not self._warned:
            # Said before it happens; a second press records it.
            self._warned = True
            self._say(fill(self.tr("%1 Press again to record it."), warning))
            return
        self.answer = (opened, sustained, by)
        self.accept()

    def _say(self, problem: str) -> None:
        """Show a problem or the warning under the buttons, the dialog growing down to
        hold it: its fields and buttons keep their size and their place."""
        self.problem.setText(problem)
        self.adjustSize()
