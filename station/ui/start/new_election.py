"""The "New election" dialog: collects the setup and where to save it, nothing more."""

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from station.domain import ElectionSetup, SetupError
from station.domain.choices import CaseKind, ElectionType
from station.domain.election import MAX_PILE
from station.domain.groups import totals
from station.domain.piles import DEFAULT_PILE
from station.domain.runoff import several_unions
from station.domain.voters import VoterList, read_voter_list
from station.journal import JournalError
from station.sheet.prepare import setup_names, unprintable_problem
from station.ui.contrast import ERROR_INK
from station.ui.language import QT_TRANSLATE_NOOP, fill
from station.ui.start.voting_groups import VotingGroupsBox

SUFFIX = ".station"
PATH_CHARS = 60


PILE_TIP = QT_TRANSLATE_NOOP(
    "NewElectionDialog",
    "Ballots per pile: when a pile of one call is full it is recounted before counting"
    " goes on (0: no pile checks)",
)
PILE_WITH_GROUPS_TIP = QT_TRANSLATE_NOOP(
    "NewElectionDialog",
    "Ballots per pile, in each voting group's box: when a pile of one call in a group is"
    " full it is recounted before counting goes on (0: no pile checks)",
)
PILE_WITH_UNIONS_TIP = QT_TRANSLATE_NOOP(
    "NewElectionDialog",
    "Ballots per pile, a pile for each choice (each union, Neither), VOID and CHALLENGED:"
    " when one is full it is recounted before counting goes on (0: no pile checks)",
)
PILE_WITH_UNIONS_AND_GROUPS_TIP = QT_TRANSLATE_NOOP(
    "NewElectionDialog",
    "Ballots per pile, in each voting group's box a pile for each choice (each union,"
    " Neither), VOID and CHALLENGED: when one is full it is recounted before counting goes"
    " on (0: no pile checks)",
)


def case_kind_words(kind: CaseKind) -> str:
    """What a kind of case means, in the window's language (`CaseKind.words` in English)."""
    words = {
        CaseKind.RC: QCoreApplication.translate("CaseKind", "a union petitions"),
        CaseKind.RD: QCoreApplication.translate(
            "CaseKind", "employees petition to remove the union"
        ),
        CaseKind.RM: QCoreApplication.translate("CaseKind", "the employer petitions"),
        CaseKind.UD: QCoreApplication.translate(
            "CaseKind", "employees petition to rescind the union's union-security authority"
        ),
    }
    return words.get(kind, kind.words)


def election_type_words(kind: ElectionType) -> str:
    """A type of election in the window's language (the sheet prints `kind.words`)."""
    words = {
        ElectionType.CONSENT: QCoreApplication.translate("ElectionType", "Consent"),
        ElectionType.STIPULATED: QCoreApplication.translate("ElectionType", "Stipulated"),
        ElectionType.DIRECTED: QCoreApplication.translate(
            "ElectionType", "Directed by the Regional Director"
        ),
        ElectionType.BOARD_DIRECTED: QCoreApplication.translate(
            "ElectionType", "Directed by the Board"
        ),
        ElectionType.EXPEDITED: QCoreApplication.translate("ElectionType", "Expedited"),
    }
    return words.get(kind, kind.words)


class NewElectionDialog(QDialog):
    """Asks for the election's setup and where to save it.

    The dialog validates with the same rules as `station new`; when Create is pressed
    and everything holds it hands the path and setup to `create` (which the caller
    gives: the dialog writes nothing itself), and shows its JournalError, if any,
    without closing (an existing file is never overwritten). After `accepted`,
    `created_path` names the new file.
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        folder: Path | None = None,
        pile: int = DEFAULT_PILE,
        *,
        create: Callable[..., None],
    ) -> None:
        super().__init__(parent)
        self._create = create
        self.setWindowTitle(self.tr("New election"))
        self.created_path: Path | None = None
        self._warned: ElectionSetup | None = None  # the setup a warning was shown for
        self.case = QLineEdit(placeholderText=self.tr("e.g. 29-RC-288020"))
        self.employer = QLineEdit(placeholderText=self.tr("Employer as on the notice"))
        self.union = QLineEdit(placeholderText=self.tr("Union as on the ballot"))
        # More unions, intervenors and an RD petitioner: names separated by ";".
        self.more_unions = QLineEdit(
            placeholderText=self.tr("optional: other unions, in ballot order, A; B")
        )
        self.intervenors = QLineEdit(placeholderText=self.tr("optional: intervening unions, A; B"))
        petitioned = self.tr(" or ").join(
            kind.value for kind in CaseKind if kind.employees_petition
        )
        self.petitioner = QLineEdit(
            placeholderText=fill(self.tr("%1: the employee(s) petitioning"), petitioned)
        )
        self.incumbent = QLineEdit(
            placeholderText=self.tr("optional: the union of the existing unit")
        )
        self.incumbent.setToolTip(
            self.tr(
                "The union that represents the existing unit: a union on the ballot, or, with"
                " a self-determination group, the union of the unit the group could join."
                " Needed when such a group votes on several unions"
            )
        )
        self.more_unions.setToolTip(
            self.tr(
                "Two or more unions on the ballot: the others after the first, in ballot order,"
                " separated by semicolons; each gets its own button (keys 1-9, 0 for Neither)"
            )
        )
        self.intervenors.setToolTip(
            self.tr(
                "Unions allowed onto the ballot as intervenors, separated by semicolons; named"
                " 'the Intervenor' on the sheet, with their own observers' column"
            )
        )
        self.petitioner.setToolTip(
            fill(
                self.tr(
                    "In an %1 case: the employee or group of employees who petitioned;"
                    " the union is then 'the Union', never 'the Petitioner'"
                ),
                petitioned,
            )
        )
        # The Board's form: the type of election and the unit, printed in the header.
        self.election_type = QComboBox()
        self.election_type.addItem(self.tr("not given"), None)
        for kind in ElectionType:
            self.election_type.addItem(election_type_words(kind), kind.value)
        self.election_type.setToolTip(
            self.tr(
                "How the election came to be held, as the Tally of Ballots names it"
                " (a runoff or a rerun is made with station new --runoff-of / --rerun-of)"
            )
        )
        self.unit = QPlainTextEdit()
        self.unit.setPlaceholderText(self.tr("optional: the unit, as in the petition or agreement"))
        self.unit.setToolTip(
            self.tr("The bargaining unit's description, printed (wrapped) on the sheet")
        )
        self.unit.setTabChangesFocus(True)
        self.unit.setFixedHeight(self.unit.fontMetrics().lineSpacing() * 3 + 12)
        self.eligible = QLineEdit(placeholderText=self.tr("approximate number"))
        self.ballots = QLineEdit(placeholderText=self.tr("optional: ballots in the box"))
        self.agent = QLineEdit(placeholderText=self.tr("optional"))
        self.table = QLineEdit(placeholderText=self.tr("optional: one table of several, e.g. 2"))
        self.table.setToolTip(
            self.tr(
                "When the count runs at several tables, this table's label (each table has its"
                " own file and sheet; the sheets are consolidated into one tally)"
            )
        )
        self.pile = QSpinBox()
        self.pile.setRange(0, MAX_PILE)
        self.pile.setValue(pile)
        self.pile.setSpecialValueText(self.tr("no pile checks"))
        kinds = "; ".join(f"{kind.value}: {case_kind_words(kind)}" for kind in CaseKind)
        self.case.setToolTip(
            fill(self.tr("The NLRB case number as on the notice of election (%1)"), kinds)
        )
        self.employer.setToolTip(self.tr("The employer's name as on the notice of election"))
        self.union.setToolTip(
            self.tr(
                "The union exactly as named on the ballot (the Petitioner in an RC case, the"
                " Union in RD and RM cases)"
            )
        )
        self.eligible.setToolTip(self.tr("Tally line 1: the approximate number of eligible voters"))
        self.ballots.setToolTip(
            self.tr("Ballots in the box (or envelopes to open): the M of 'N of M'")
        )
        self.agent.setToolTip(
            self.tr("The Board agent conducting the count (printed on the sheet)")
        )
        self.pile.setToolTip(self.tr(PILE_TIP))
        self.path = QLineEdit()
        # Its form row's label names the row (the field and its button), not the field.
        self.path.setAccessibleName(self.tr("Save as"))
        # Wide enough for a usual path; a longer one shows its beginning (where it is),
        # not its end, and the whole of it in the tool tip.
        self.path.setMinimumWidth(self.path.fontMetrics().averageCharWidth() * PATH_CHARS)
        self.path.textChanged.connect(self._on_path_text_changed)
        self._set_path(str((folder or Path.cwd()) / f"election{SUFFIX}"))
        browse = QPushButton(self.tr("Browse\u2026"))
        browse.setToolTip(self.tr("Choose where to save the election file"))
        # Two "Browse..." buttons: a screen reader says which is which.
        browse.setAccessibleName(self.tr("Browse for where to save the election file"))
        browse.clicked.connect(self._on_browse_clicked)
        # A mail ballot: its voter list (CSV with id and name columns).
        self.voters = QLineEdit(placeholderText=self.tr("mail ballot only: the voter list (CSV)"))
        self.voters.setAccessibleName(self.tr("Mail ballot: voters"))
        self.voters.setToolTip(
            self.tr(
                "A mail-ballot election: the voter list, a CSV file with a header row naming"
                " at least id and name. Its envelopes are ruled before any ballot is opened"
            )
        )
        self.voters_browse = QPushButton(self.tr("Browse\u2026"))
        self.voters_browse.setToolTip(
            self.tr("Choose the voter list of a mail-ballot election (CSV)")
        )
        self.voters_browse.setAccessibleName(self.tr("Browse for the voter list"))
        self.voters_browse.clicked.connect(self._on_voters_browse_clicked)
        # A mixed election: the mail ballot's voters may also vote at the polls.
        self.polls = QCheckBox(self.tr("some voters vote at the polls"))
        self.polls.setToolTip(
            self.tr(
                "A mixed election: voters who vote at the polls are checked off in the envelope"
                " window (P); their ballots are commingled with the mail ballots and counted"
                " together"
            )
        )
        self.polls.setEnabled(False)  # until a voter list is named
        self.voters.textChanged.connect(self._on_voters_text_changed)
        voters_row = QHBoxLayout()
        voters_row.addWidget(self.voters, 1)
        voters_row.addWidget(self.voters_browse)
        path_row = QHBoxLayout()
        path_row.addWidget(self.path, 1)
        path_row.addWidget(browse)

        form = QFormLayout()
        form.addRow(self.tr("NLRB case number"), self.case)
        form.addRow(self.tr("Employer"), self.employer)
        form.addRow(self.tr("Union on the ballot"), self.union)
        form.addRow(self.tr("Other unions"), self.more_unions)
        form.addRow(self.tr("Intervenors"), self.intervenors)
        form.addRow(fill(self.tr("%1 petitioner"), petitioned), self.petitioner)
        form.addRow(self.tr("Incumbent"), self.incumbent)
        form.addRow(self.tr("Type of election"), self.election_type)
        form.addRow(self.tr("Unit"), self.unit)
        form.addRow(self.tr("Eligible voters"), self.eligible)
        form.addRow(self.tr("Ballots in the box"), self.ballots)
        form.addRow(self.tr("Board agent"), self.agent)
        form.addRow(self.tr("Ballots per pile"), self.pile)
        form.addRow(self.tr("Table"), self.table)
        form.addRow(self.tr("Mail ballot: voters"), voters_row)
        form.addRow(self.tr("Mail ballot: polls"), self.polls)
        form.addRow(self.tr("Save as"), path_row)

        self.error_label = QLabel()
        self.error_label.setObjectName("formError")
        self.error_label.setStyleSheet(f"color: {ERROR_INK}; font-weight: bold;")
        self.error_label.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Create"))
        self.buttons.accepted.connect(self._on_create_clicked)
        self.buttons.rejected.connect(self.reject)

        # Beside the form, so that the dialog still fits a 1280x720 screen.
        self.voting_groups = VotingGroupsBox()
        self.voting_groups.rows_changed.connect(self._on_voting_groups_rows_changed)
        for names in (self.union, self.more_unions, self.intervenors):
            names.textChanged.connect(self._refresh_pile_tip)
        columns = QHBoxLayout()
        columns.addLayout(form, 3)
        columns.addWidget(self.voting_groups, 2)

        layout = QVBoxLayout(self)
        layout.addLayout(columns)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        # What Create refused is about what was typed then: an edit makes it stale.
        for field in self.findChildren(QLineEdit):
            field.textEdited.connect(self.error_label.clear)
        self.voting_groups.edited.connect(self.error_label.clear)

    def setup(self, voters: VoterList | None = None) -> ElectionSetup:
        """The setup as typed, or SetupError naming the first field that is wrong."""
        if voters is not None and self.ballots.text().strip():
            raise SetupError(
                self.tr(
                    "a mail ballot's ballots in the box are the envelopes accepted: leave it empty"
                )
            )
        eligible: object = self.eligible.text()
        ballots: object = self.ballots.text() or None
        # By mail each group's eligible voters are its voters listed, unless typed.
        groups = self.voting_groups.groups(None if voters is None else voters.group_sizes())
        if groups:  # the election's figures are its groups', as `station new` sums them
            eligible, ballots = totals(groups)
        elif voters is not None and not self.eligible.text().strip():
            eligible = len(voters)
        return ElectionSetup.validated(
            case_number=self.case.text(),
            employer=self.employer.text(),
            union=self.union.text(),
            eligible=eligible,
            ballots=ballots,
            agent=self.agent.text() or None,
            pile=self.pile.value(),
            table=self.table.text() or None,
            unions=_names(self.more_unions.text()),
            intervenors=_names(self.intervenors.text()),
            petitioner=self.petitioner.text().strip() or None,
            mail=voters is not None,
            polls=voters is not None and self.polls.isChecked(),
            election_type=self.election_type.currentData(),
            unit=self.unit.toPlainText() or None,
            groups=groups,
            incumbent=self.incumbent.text().strip() or None,
        )

    def voter_list(self) -> VoterList | None:
        """The voter list named, read and checked (SetupError naming the line), or None."""
        name = self.voters.text().strip()
        if not name:
            return None
        path = Path(name).expanduser()
        try:
            data = path.read_bytes()
        except OSError as error:
            raise SetupError(f"{path}: cannot be read ({error.strerror})") from None
        return read_voter_list(data, str(path), self.voting_groups.keys())

    def _on_voters_text_changed(self, text: str) -> None:
        """Voting at the polls is part of a mail ballot: offered once its list is named."""
        named = bool(text.strip())
        if not named:
            self.polls.setChecked(False)
        self.polls.setEnabled(named)

    def _on_voters_browse_clicked(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("The voter list"),
            self.voters.text(),
            self.tr("CSV files (*.csv);;All files (*)"),
        )
        if name:
            self.voters.setText(name)

    def _on_browse_clicked(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self,
            self.tr("Save the election as"),
            self.path.text(),
            fill(self.tr("Election files (*%1)"), SUFFIX),
        )
        if name:
            self._set_path(name if name.endswith(SUFFIX) else name + SUFFIX)

    def _set_path(self, text: str) -> None:
        self.path.setText(text)
        self.path.setCursorPosition(0)  # QLineEdit scrolls to the end of a set text

    def _on_voting_groups_rows_changed(self, rows: int) -> None:
        """With voting groups, eligible voters and ballots are each group's (a table and a
        mail ballot stay the election's, as `station new` takes them)."""
        grouped = rows > 0
        for field, alone, with_groups in (
            (
                self.eligible,
                self.tr("approximate number"),
                self.tr("each group's, in Voting groups"),
            ),
            (
                self.ballots,
                self.tr("optional: ballots in the box"),
                self.tr("each group's, in Voting groups"),
            ),
        ):
            if grouped and field.isEnabled():
                field.clear()
            field.setEnabled(not grouped)
            field.setPlaceholderText(with_groups if grouped else alone)
        self.voters.setPlaceholderText(
            self.tr("mail ballot only: the voter list (CSV), with a group column")
            if grouped
            else self.tr("mail ballot only: the voter list (CSV)")
        )
        self._refresh_pile_tip()

    def _refresh_pile_tip(self) -> None:
        """Say whose piles the pile size is: each call's, or on a ballot of several
        unions each choice's; in an election of voting groups, in each group's box."""
        # Each group's box is counted as a box of its own, with piles of its own.
        grouped = self.voting_groups.table.rowCount() > 0
        unions = {self.union.text().strip()} - {""}
        unions |= {*_names(self.more_unions.text()), *_names(self.intervenors.text())}
        tips = (
            (PILE_TIP, PILE_WITH_GROUPS_TIP),
            (PILE_WITH_UNIONS_TIP, PILE_WITH_UNIONS_AND_GROUPS_TIP),
        )
        self.pile.setToolTip(self.tr(tips[several_unions(len(unions))][grouped]))

    def _on_path_text_changed(self, text: str) -> None:
        self.path.setToolTip(
            fill(
                self.tr(
                    "%1\nWhere the election file is saved; an existing file is never overwritten"
                ),
                text,
            )
        )

    def _on_create_clicked(self) -> None:
        try:
            voters = self.voter_list()
            setup = self.setup(voters)
            path = Path(self.path.text().strip()).expanduser()
            if not self.path.text().strip():
                raise SetupError(self.tr("choose where to save the election file"))
            problem = unprintable_problem(setup_names(setup))
            if problem:
                raise SetupError(problem)
            warnings = setup.warnings()
            if warnings and self._warned != setup:
                # Allowed, but probably mistyped: a second Create confirms it.
                self._warned = setup
                self.error_label.setText(
                    fill(self.tr("%1. Press Create again to keep them."), " ".join(warnings))
                )
                return
            if voters is None:
                self._create(path, setup)
            else:
                self._create(path, setup, voters)
        except (SetupError, JournalError) as error:
            self.error_label.setText(str(error))
            return
        self.created_path = path
        self.accept()


def _names(text: str) -> list[str]:
    """Names typed on one line, separated by semicolons (a union's name may hold a comma)."""
    return [name.strip() for name in text.split(";") if name.strip()]
