"""The challenge register: every challenged ballot that counts, its party and its reason.

A correction made here is a new AMEND event, shown in the last calls like any other;
nothing is edited in place.
"""

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from station.domain import Change, SheetKind
from station.domain.challenges import PICKABLE_REASONS, Challenge, Reason, reason_words
from station.domain.decision import reveals_vote
from station.domain.description import describe
from station.domain.envelope_parties import envelope_entry
from station.domain.envelopes import voter_group
from station.domain.resolution import ListedChallenge, Status
from station.domain.resolution_statements import reveal_warning
from station.domain.statements import challenged_apart
from station.domain.table_statements import (
    REVISED_DECIDED_BY_COMMAND,
    decide_at_table_statement,
)
from station.ui.contrast import ERROR_INK
from station.ui.language import QT_TRANSLATE_NOOP, fill
from station.ui.operator.controller import CountController
from station.ui.operator.decision_dialog import DecisionDialog
from station.ui.screen_fit import fit_to_screen, side_by_side

_NOT_GIVEN = QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "(not given)")
_COLUMNS = (
    QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "No."),
    QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "Ballot"),
    QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "Challenged by"),
    QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "Reason"),
    QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "Status"),
    QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "Note"),
)
# In an election of voting groups each challenged ballot is its group's (its unit's
# result at the hearing): the group follows the ballot.
_GROUPED_COLUMNS = (
    *_COLUMNS[:2],
    QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "Group"),
    *_COLUMNS[2:],
)
REGISTER_SIZE = QSize(900, 560)  # where the screen has room for it


# The register's Withdrawn button, as it is for the ballot selected.
WITHDRAWN_CHALLENGE = QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "&Withdrawn: open and count it")
WITHDRAWN_DISPUTE = QT_TRANSLATE_NOOP("ChallengeRegisterDialog", "&Withdrawn: the call stands")


def status_words(status: Status) -> str:
    """Where a challenge stands, in the window's language."""
    words = {
        Status.OPEN: QCoreApplication.translate("ChallengeRegisterDialog", "open"),
        Status.WITHDRAWN: QCoreApplication.translate("ChallengeRegisterDialog", "withdrawn"),
        Status.SUSTAINED: QCoreApplication.translate("ChallengeRegisterDialog", "sustained"),
        Status.ORDERED_OPENED: QCoreApplication.translate(
            "ChallengeRegisterDialog", "ordered opened"
        ),
        Status.COUNTED: QCoreApplication.translate("ChallengeRegisterDialog", "counted"),
    }
    return words.get(status, status.value)


def _challenger_words(short: str, label: str) -> str:
    """A challenger in the combo box as the table above names it too: "Union \u2014 the
    Petitioner (Nurses United)", where the table's short word is not in the full name."""
    return label if short.casefold() in label.casefold() else f"{short} \u2014 {label}"


class ChallengeRegisterDialog(QDialog):
    """Lists the challenges with totals per party and records corrections as events."""

    def __init__(self, controller: CountController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(
            fill(self.tr("Challenge register \u2014 %1"), controller.setup.case_number)
        )
        fit_to_screen(self, REGISTER_SIZE, parent.screen() if parent is not None else None)
        self.totals = QLabel()
        self.totals.setObjectName("registerTotals")
        self.grouped = bool(controller.setup.ballot.groups)
        self.columns = _GROUPED_COLUMNS if self.grouped else _COLUMNS
        self._note = len(self.columns) - 1
        self.table = QTableWidget(0, len(self.columns))
        self.table.setAccessibleName(self.tr("Challenged ballots"))
        self.table.setTabKeyNavigation(False)  # Tab goes on to the form; arrows move in it
        self.table.setHorizontalHeaderLabels([self.tr(column) for column in self.columns])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(
            self._note, QHeaderView.ResizeMode.Stretch
        )
        self.table.itemSelectionChanged.connect(self._on_table_selection_changed)

        self.election = describe(controller.setup)
        self.party = QComboBox()
        for challenger in self.election.challengers:
            self.party.addItem(
                _challenger_words(challenger.short_words, challenger.label_words), challenger.id
            )
        self.reason = QComboBox()
        self.reason.addItem(self.tr(_NOT_GIVEN), None)
        for reason in PICKABLE_REASONS:
            self.reason.addItem(reason_words(reason), reason)
        self.reason.addItem(reason_words(Reason.DISPUTED_VOID), Reason.DISPUTED_VOID)
        self.note = QLineEdit()
        self.note.setPlaceholderText(self.tr("optional; never a voter's name"))
        self.note.setMaxLength(200)
        self.party.setToolTip(self.tr("Who challenged the selected ballot"))
        self.reason.setToolTip(self.tr("Why it was challenged"))
        self.note.setToolTip(self.tr("A short note about the envelope; never a voter's name"))
        self.record_button = QPushButton(self.tr("Record correction"))
        self.record_button.setToolTip(
            self.tr("Recorded as a new event; the earlier entry stays in the journal")
        )
        self.record_button.clicked.connect(self._on_record_clicked)
        self.error_label = QLabel()
        self.error_label.setStyleSheet(f"color: {ERROR_INK}; font-weight: bold;")
        form = QFormLayout()
        form.addRow(self.tr("Challenged by"), self.party)
        form.addRow(self.tr("Reason"), self.reason)
        form.addRow(self.tr("Note"), self.note)
        form.addRow("", self.record_button)
        # Settled at the table (docs/rules.md, "Resolving challenges"): each a new event.
        self.withdraw_button = QPushButton(self.tr(WITHDRAWN_CHALLENGE))
        self.withdraw_button.setToolTip(
            self.tr(
                "The parties withdraw the challenge: the sealed ballot is opened, mixed with the"
                " others and called like any other (or a dispute is dropped: the call stands)"
            )
        )
        self.sustain_button = QPushButton(self.tr("&Sustained: never opened"))
        self.sustain_button.setToolTip(self.tr("The parties agree the voter was not eligible"))
        self.reopen_button = QPushButton(self.tr("Take the settlement &back"))
        self.reopen_button.setToolTip(
            self.tr("The challenge is open again (a new event; the earlier one stays)")
        )
        self.withdraw_button.clicked.connect(lambda: self._settle("withdrawn"))
        self.sustain_button.clicked.connect(lambda: self._settle("sustained"))
        self.reopen_button.clicked.connect(lambda: self._settle("open"))
        settle = QHBoxLayout()
        for button in (self.withdraw_button, self.sustain_button, self.reopen_button):
            settle.addWidget(button)
        form.addRow(self.tr("Settled"), settle)
        self.decide_button = QPushButton(self.tr("Record the decision after the hearing\u2026"))
        table = controller.setup.table
        # One table's challenges are never decided alone (table_statements.py); the
        # tables' are decided by the election's numbers, which this register does not list.
        self.decide_button.setToolTip(
            decide_at_table_statement(table)
            if table is not None
            else REVISED_DECIDED_BY_COMMAND
            if controller.setup.ballot.revised_of_tables is not None
            else self.tr(
                "With a final tally prepared: the challenged ballots the decision orders"
                " opened or sustains, by register number"
            )
        )
        self.decide_button.clicked.connect(self._on_decide_clicked)
        form.addRow("", self.decide_button)
        self.decision_dialog: DecisionDialog | None = None
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.totals)
        layout.addWidget(self.table, 1)
        layout.addLayout(form)
        layout.addWidget(self.error_label)
        layout.addWidget(close)

        self._entries: list[Challenge] = []
        self._listed: list[ListedChallenge] = []
        controller.changed.connect(self._on_controller_changed)
        controller.write_failed.connect(self._on_controller_write_failed)
        controller.refused.connect(self.error_label.setText)
        self.refresh()

    def refresh(self) -> None:
        """Re-read the register from the count."""
        count = self.controller.count
        selected = self.selected()
        self._listed = count.resolutions.numbered(count)
        self._entries = [listed.challenge for listed in self._listed]
        numbers = count.ballot_numbers({entry.seq for entry in self._entries})
        self.table.setRowCount(len(self._entries))
        for row, listed in enumerate(self._listed):
            entry = listed.challenge
            reason = reason_words(entry.reason) if entry.reason else self.tr(_NOT_GIVEN)
            # A mail ballot's challenged envelope: its voter's id and name, for the hearing.
            envelope = envelope_entry(count, getattr(self.controller, "voters", None), entry.seq)
            group = (self._group(entry.seq),) if self.grouped else ()
            cells = (
                f"{listed.number}",
                envelope or f"{numbers.get(entry.seq, 0):,}",
                *group,
                self.election.short_names.get(entry.party, entry.party),
                reason,
                status_words(listed.status),
                entry.note or "",
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column < 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        by_party = count.challenges.by_party()
        names = self.election.short_names
        parts = ", ".join(f"{names.get(p, p)} {n:,}" for p, n in by_party.items())
        ballots, also = challenged_apart(count.tally)  # a mail ballot's envelopes apart
        if also:
            total = fill(
                self.tr("%1 challenged (line 6): %2%3"),
                f"{count.tally.challenged:,}",
                self.tr("1 ballot")
                if ballots == 1
                else fill(self.tr("%1 ballots"), f"{ballots:,}"),
                also,
            )
        elif ballots == 1:
            total = self.tr("1 challenged ballot")
        else:
            total = fill(self.tr("%1 challenged ballots"), f"{ballots:,}")
        # A ballot ordered opened stays on line 6 until called, but no longer counts as
        # its challenger's (which opened ballot was called is never known): the figures
        # by challenger are then the sealed ones, and say so.
        sealed = self.tr("still sealed: ") if count.tally.opened_uncounted else ""
        self.totals.setText(f"<b>{total}</b> \u2014 {sealed}{parts}")
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(
            self._note, QHeaderView.ResizeMode.Stretch
        )
        if selected is not None:
            self.select(selected.seq)
        self._on_table_selection_changed()

    def _group(self, seq: int) -> str:
        """The voting group of a challenged ballot, or of a challenged envelope's voter."""
        count = self.controller.count
        spec = count.groups.group_of(seq)
        key = spec.key if spec is not None else None
        envelope = count.envelopes.get(seq)
        voters = getattr(self.controller, "voters", None)
        if key is None and envelope is not None:
            key = (
                envelope.group if voters is None else voter_group(count.envelopes, envelope, voters)
            )
        names = {group.key: group.name for group in self.controller.setup.ballot.groups}
        return f"{key} \u2014 {names[key]}" if key in names else ""

    def selected(self) -> Challenge | None:
        rows = self.table.selectionModel().selectedRows()
        return self._entries[rows[0].row()] if rows else None

    def select(self, seq: int) -> None:
        for row, entry in enumerate(self._entries):
            if entry.seq == seq:
                self.table.selectRow(row)

    def _on_table_selection_changed(self) -> None:
        entry = self.selected()
        for widget in (self.party, self.reason, self.note, self.record_button):
            widget.setEnabled(entry is not None)
        rows = self.table.selectionModel().selectedRows()
        status = self._listed[rows[0].row()].status if rows else None
        self.withdraw_button.setEnabled(status is Status.OPEN)
        self.sustain_button.setEnabled(status is Status.OPEN)
        self.reopen_button.setEnabled(status in (Status.WITHDRAWN, Status.SUSTAINED))
        # A disputed ballot is open already: withdrawn, the dispute is dropped and the
        # agent's call stands; it is not opened again.
        opened = entry is not None and entry.disputed_void
        self.withdraw_button.setText(self.tr(WITHDRAWN_DISPUTE if opened else WITHDRAWN_CHALLENGE))
        locked = self.controller.locked_by
        self.decide_button.setEnabled(
            locked is not None
            and locked.kind is SheetKind.FINAL
            and self.controller.setup.table is None
            and self.controller.setup.ballot.revised_of_tables is None
        )
        if entry is None:
            return
        self.error_label.clear()
        self.party.setCurrentIndex(self.party.findData(entry.party))
        self.reason.setCurrentIndex(self.reason.findData(entry.reason))
        self.note.setText(entry.note or "")
        # A disputed void keeps its reason, and no other challenge can take it; it was
        # opened, so it takes no note either (a note could tie its content to a voter).
        self.reason.setEnabled(not entry.disputed_void)
        self.note.setEnabled(not entry.disputed_void)
        disputed = self.reason.findData(Reason.DISPUTED_VOID)
        item = self.reason.model().item(disputed)  # type: ignore[attr-defined]
        item.setEnabled(entry.disputed_void)

    def _on_record_clicked(self) -> None:
        entry = self.selected()
        if entry is None:
            return
        changes: dict[str, object] = {}
        party = str(self.party.currentData())
        if party != entry.party:
            changes["party"] = party
        data = self.reason.currentData()
        reason = None if data is None else Reason(data)
        if reason is not None and reason is not entry.reason:
            changes["reason"] = reason.value
        note = " ".join(self.note.text().split()) or None
        if note != entry.note:
            changes["note"] = note
        if not changes:
            self.error_label.setText(self.tr("Nothing changed: nothing to record."))
            return
        self.error_label.clear()
        self.controller.amend_challenge(entry.seq, changes)

    def _settle(self, status: str) -> None:
        entry = self.selected()
        if entry is None:
            return
        self.error_label.clear()
        remaining = self.controller.count.tally.remaining(self.controller.setup.ballots)
        if status == "withdrawn" and not entry.disputed_void and reveals_vote(1, remaining or 0):
            # Said before it happens: no uncounted ballot is left to mix this one with.
            self.error_label.setText(reveal_warning(1))
        dispute = self.controller.count.resolutions.disputes.get(entry.seq)
        # A dispute is withdrawn by the party that made it (the event names it).
        party = dispute.party if dispute is not None and status == "withdrawn" else None
        self.controller.settle(entry.seq, status, party)

    def _on_decide_clicked(self) -> None:
        """Opened with open(), so that tests (and qtbot) can drive it."""
        dialog = DecisionDialog(self.controller.count, self.controller.setup, self)
        self.decision_dialog = dialog
        dialog.accepted.connect(self._on_decision_dialog_accepted)
        # Beside the register, never over it: its numbers are what the decision names.
        area = self.screen().availableGeometry()
        register, decision = side_by_side(self.size(), dialog.sizeHint(), area)
        self.setGeometry(register)
        dialog.setGeometry(decision)
        dialog.open()

    def _on_decision_dialog_accepted(self) -> None:
        dialog = self.decision_dialog
        if dialog is not None and dialog.answer is not None:
            self.controller.decide(*dialog.answer)

    def _on_controller_write_failed(self, error: Exception) -> None:
        self.error_label.setText(str(error))

    def _on_controller_changed(self, change: Change) -> None:
        del change
        self.refresh()
