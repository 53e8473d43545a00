"""Dialogs for the end of a count: preparing the tally sheet and reopening a locked count.

They only collect what the operator types; the window decides what happens with it.
"""

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from station.domain import ElectionSetup, SheetKind, Tally
from station.domain.description import describe
from station.domain.election_statements import votes_phrase
from station.domain.statements import (
    box_mismatch_statement,
    challenged_apart,
    counted_statement,
    nothing_counted_statement,
    void_apart,
)
from station.domain.tally_sheet import Observer, SheetError, clean_name, clean_place
from station.sheet.prepare import SheetRequest
from station.ui.contrast import ERROR_INK
from station.ui.language import fill
from station.ui.screen_fit import show_placeholder


def sheet_word(title: str, *, heading: bool = False) -> str:
    """A sheet's title ("Final", "Corrected 2": the Board's words) as the window says it
    in a sentence: "final", "corrected 2" in English, or "Final" where it heads one
    (`heading`; a language whose word follows the noun keeps it small there too)."""
    if heading:
        words = {
            "Final": QCoreApplication.translate("SheetTitle", "Final"),
            "Interim": QCoreApplication.translate("SheetTitle", "Interim"),
            "Revised": QCoreApplication.translate("SheetTitle", "Revised"),
            "Corrected": QCoreApplication.translate("SheetTitle", "Corrected"),
        }
    else:
        words = {
            "Final": QCoreApplication.translate("SheetTitle", "final"),
            "Interim": QCoreApplication.translate("SheetTitle", "interim"),
            "Revised": QCoreApplication.translate("SheetTitle", "revised"),
            "Corrected": QCoreApplication.translate("SheetTitle", "corrected"),
        }
    first, _, rest = title.partition(" ")
    said = words.get(first, first if heading else first.lower())
    return f"{said} {rest}" if rest else said


class PrepareSheetDialog(QDialog):
    """Asks for the sheet's kind, the agent, the observers and the place.

    Shows the count against the ballots in the box first, naming the figure that
    differs, so that a final sheet is never prepared on a count that does not add up
    without the operator seeing it. After `accepted`, `request` holds the answers.
    """

    def __init__(
        self,
        setup: ElectionSetup,
        tally: Tally,
        title: str,
        parent: QWidget | None = None,
        *,
        pile_notes: Sequence[str] = (),
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Prepare the tally sheet"))
        self.request: SheetRequest | None = None
        # A final sheet of no ballots needs a second Prepare (Enter): the first one says so.
        self._nothing_counted = (
            nothing_counted_statement(setup.ballots) if tally.counted == 0 else None
        )
        self._confirmed_nothing = False

        notes = "".join(f"<br><b>{note}</b>" for note in pile_notes)
        self.reconciliation = QLabel(_reconciliation(setup, tally) + notes)
        self.reconciliation.setObjectName("reconciliation")
        self.reconciliation.setWordWrap(True)
        self.final = QRadioButton(
            fill(self.tr("%1 tally: the count is complete"), sheet_word(title, heading=True))
        )
        self.interim = QRadioButton(
            self.tr("Interim tally: the count pauses (e.g. overnight) and resumes")
        )
        self.final.setChecked(True)
        kinds = QButtonGroup(self)
        kinds.addButton(self.final)
        kinds.addButton(self.interim)
        self.agent = QLineEdit(setup.agent or "")
        self.agent.setPlaceholderText(self.tr("the Board agent certifying the count"))
        self.place = QLineEdit()
        self.place.setPlaceholderText(self.tr("optional: where the count is held"))
        self.final.setToolTip(self.tr("The count is complete: the sheet the parties sign"))
        self.interim.setToolTip(
            self.tr("The count pauses and resumes later; the figures are not a result")
        )
        self.agent.setToolTip(
            self.tr("Printed on the sheet above the Board agent's signature line")
        )
        self.place.setToolTip(self.tr("Printed on the sheet as the place of the count"))
        form = QFormLayout()
        form.addRow(self.tr("Board agent"), self.agent)
        form.addRow(self.tr("Place of the count"), self.place)
        # A box per party of the election: each party's observers sign under it.
        self.observer_boxes: dict[str, QPlainTextEdit] = {}
        for party in describe(setup).parties:
            box = QPlainTextEdit()
            box.setPlaceholderText(self.tr("one name per line (optional)"))
            box.setFixedHeight(72 if len(self.observer_boxes) < 2 else 48)
            box.setTabChangesFocus(True)
            box.setAccessibleName(fill(self.tr("Observers for %1"), party.label))
            box.setToolTip(self.tr("Each name gets a signature line for this party on the sheet"))
            self.observer_boxes[party.challenger.id] = box
            # As the sheet heads their signatures ("For the Petitioner (RWDSU)"), by role
            # and name: the challenger's short word said "Union" for an RC Petitioner.
            row = QLabel(fill(self.tr("Observers for %1"), party.label))
            row.setWordWrap(True)  # a union's long name wraps, the boxes keep their width
            row.setMaximumWidth(260)
            form.addRow(row, box)

        self.error_label = QLabel()
        self.error_label.setObjectName("formError")
        self.error_label.setStyleSheet(f"color: {ERROR_INK}; font-weight: bold;")
        self.error_label.setWordWrap(True)
        note = QLabel(
            self.tr(
                "Preparing the sheet records it in the journal and locks the count: further"
                " calls need an explicit, recorded reopening."
            )
        )
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Prepare and lock"))
        self.buttons.accepted.connect(self._on_prepare_clicked)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.reconciliation)
        layout.addWidget(self.final)
        layout.addWidget(self.interim)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)

    def fill_in(self, previous: SheetRequest) -> None:
        """Start from the answers of the count's previous sheet (the agent, the place and
        the observers are usually the same next morning, or for the final sheet)."""
        if previous.agent:
            self.agent.setText(previous.agent)
        self.place.setText(previous.place or "")
        for party, box in self.observer_boxes.items():
            names = [observer.name for observer in previous.observers if observer.party == party]
            box.setPlainText("\n".join(names))

    def showEvent(self, event: QShowEvent) -> None:
        """Start where typing is needed: never on the kind, which a Space would change."""
        super().showEvent(event)
        (self.place if self.agent.text() else self.agent).setFocus()

    def answers(self) -> SheetRequest:
        """The answers as typed, or SheetError naming the first one that is unusable."""
        observers = [
            Observer(party, clean_name(line, "observer"))
            for party, box in self.observer_boxes.items()
            for line in box.toPlainText().splitlines()
            if line.strip()
        ]
        place = self.place.text().strip()
        return SheetRequest(
            kind=SheetKind.INTERIM if self.interim.isChecked() else SheetKind.FINAL,
            agent=clean_name(self.agent.text(), "Board agent"),
            observers=observers,
            place=clean_place(place) if place else None,
        )

    def _on_prepare_clicked(self) -> None:
        try:
            request = self.answers()
        except SheetError as error:
            self.error_label.setText(str(error))
            return
        if (
            request.kind is SheetKind.FINAL
            and self._nothing_counted is not None
            and not self._confirmed_nothing
        ):
            self._confirmed_nothing = True
            self.error_label.setText(
                fill(
                    self.tr(
                        "%1. Press Enter (Prepare and lock) again only if the agent confirms it."
                    ),
                    self._nothing_counted,
                )
            )
            return
        self.request = request
        self.accept()


class ReopenDialog(QDialog):
    """Asks why a locked count is reopened; the reason is recorded and shown to everyone."""

    def __init__(self, locked_by: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Reopen the count"))
        self.reason_text: str | None = None
        self.reason = QLineEdit()
        self.reason.setPlaceholderText(self.tr("e.g. a ballot was found in the box"))
        show_placeholder(self.reason)
        self.reason.setAccessibleName(self.tr("Reason for reopening"))
        self.reason.setToolTip(self.tr("Recorded in the journal and shown on both windows"))
        explain = QLabel(
            fill(
                self.tr(
                    "The count is locked by the %1. Reopening it is recorded with its reason;"
                    " a sheet prepared afterwards is a revision, and the earlier sheet stays"
                    " valid for the count as it stood."
                ),
                locked_by,
            )
        )
        explain.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Reopen"))
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.reason.textChanged.connect(self._on_reason_text_changed)
        self.buttons.accepted.connect(self._on_reopen_clicked)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow(self.tr("Reason"), self.reason)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def _on_reason_text_changed(self, text: str) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(text.strip()))

    def _on_reopen_clicked(self) -> None:
        self.reason_text = " ".join(self.reason.text().split())
        self.accept()


def _reconciliation(setup: ElectionSetup, tally: Tally) -> str:
    """Counted against the box, naming the figure that differs."""

    counted = tally.counted
    # The figures add up to the ballots counted; line 6's sealed envelopes said apart.
    challenged, also = challenged_apart(tally)
    void, void_also = void_apart(tally)  # and line 2's envelopes ruled void
    figures = (
        f"{votes_phrase(setup.ballot, tally, describe(setup).ballot.vote_words)},"  # a figure per choice on a ballot of several
        + fill(
            QCoreApplication.translate("PrepareSheetDialog", " %1 CHALLENGED, %2 VOID"),
            f"{challenged:,}",
            f"{void:,}",
        )
        + (
            fill(
                QCoreApplication.translate("PrepareSheetDialog", ", %1 sustained, never opened"),
                f"{tally.set_aside:,}",
            )
            if tally.set_aside
            else ""
        )
        + also
        + void_also
    )
    progress = f"<b>{counted_statement(counted, setup.ballots, over=False)}</b> ({figures})"
    if setup.ballots is None:
        return fill(
            QCoreApplication.translate(
                "PrepareSheetDialog", "%1; the number in the box was not given."
            ),
            progress,
        )
    if counted == setup.ballots:
        return fill(
            QCoreApplication.translate("PrepareSheetDialog", "%1: the count matches the box."),
            progress,
        )
    if counted < setup.ballots:
        return fill(
            QCoreApplication.translate(
                "PrepareSheetDialog", "%1: <b>%2 ballots in the box are not counted.</b>"
            ),
            progress,
            f"{setup.ballots - counted:,}",
        )
    return fill(
        QCoreApplication.translate(
            "PrepareSheetDialog", "<b>%1</b> (%2): <b>%3 more than the box.</b>"
        ),
        box_mismatch_statement(counted, setup.ballots),
        figures,
        f"{counted - setup.ballots:,}",
    )
