"""The New election dialog's voting groups: a row per group, as `station new` takes them.

Each row is a group's key, name, eligible voters, ballots in its box and what its votes
decide. The rows are handed to the domain as the command line would type them ("A=Name",
"A=30", the Sonotone and self-determination keys), so the dialog refuses exactly what
`station new` refuses, in the same words.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from station.domain import SetupError
from station.domain.description import RULE_WORDS
from station.domain.election import TooFewGroups, voting_groups
from station.domain.groups import MAX_GROUPS, GroupSpec, Rule
from station.ui.enter_key import press_on_enter
from station.ui.language import QT_TRANSLATE_NOOP, fill

KEY, NAME, ELIGIBLE, BALLOTS, RULE = range(5)
HEADINGS = (
    QT_TRANSLATE_NOOP("VotingGroupsBox", "Key"),
    QT_TRANSLATE_NOOP("VotingGroupsBox", "Name"),
    QT_TRANSLATE_NOOP("VotingGroupsBox", "Eligible"),
    QT_TRANSLATE_NOOP("VotingGroupsBox", "Ballots"),
    QT_TRANSLATE_NOOP("VotingGroupsBox", "Its votes"),
)
# The domain's line names `station new`'s option; this one, the box's own buttons.
ONE_GROUP = QT_TRANSLATE_NOOP(
    "VotingGroupsBox",
    "Voting groups: an election of voting groups has at least two, or one whose votes are"
    " self-determination: press Add group for another, choose self-determination in Its"
    " votes, or Remove group to count the election as one",
)


@dataclass(frozen=True, slots=True)
class TypedGroups:
    """The rows as `station new`'s options would give them."""

    named: list[str]
    eligible: list[str]
    ballots: list[str]
    sonotone: list[str]
    self_determination: list[str]


class VotingGroupsBox(QGroupBox):
    """The voting groups of a new election; none for an election of one group.

    Signals:
        rows_changed(int): a group was added or removed; how many there are now.
        edited(): anything in the table changed: a group, its key, name, figures or rule.
    """

    rows_changed = Signal(int)
    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Voting groups"))
        hint = QLabel(
            self.tr(
                "Optional. Groups whose ballots are counted as piles of their own, each with"
                " its own tally; G then a group's key switches the pile being counted."
            )
        )
        hint.setWordWrap(True)
        self.table = QTableWidget(0, len(HEADINGS))
        self.table.setObjectName("votingGroups")
        self.table.itemChanged.connect(self.edited)
        self.rows_changed.connect(self.edited)
        self.table.setHorizontalHeaderLabels([self.tr(heading) for heading in HEADINGS])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setTabKeyNavigation(False)  # Tab leaves the table, as in the form
        # Every column in view without scrolling: the name's takes what is left.
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        metrics = self.table.fontMetrics()
        widths = {
            column: metrics.horizontalAdvance(text) + 24
            for column, text in (
                (KEY, self.tr("Key")),
                (ELIGIBLE, self.tr("Eligible")),
                (BALLOTS, self.tr("Ballots")),
            )
        }
        widths[RULE] = _rule_choice().sizeHint().width()
        for column, width in widths.items():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            self.table.setColumnWidth(column, width)
        name = metrics.horizontalAdvance("Nonprofessional employees") + 16
        scroll = self.table.verticalScrollBar().sizeHint().width()
        self.table.setMinimumWidth(sum(widths.values()) + name + scroll + 4)
        for column, tip in (
            (
                KEY,
                self.tr("The key pressed after G to count this group's ballots: one letter, A-Z"),
            ),
            (NAME, self.tr("The group as its tally names it, e.g. Professional employees")),
            (ELIGIBLE, self.tr("The group's approximate number of eligible voters (its line 1)")),
            (BALLOTS, self.tr("Optional: the ballots in its box (the M of 'N of M')")),
            (RULE, self.tr("What the group's votes decide")),
        ):
            item = self.table.horizontalHeaderItem(column)
            if item is not None:
                item.setToolTip(tip)
        self.add_button = QPushButton(self.tr("Add group"))
        self.add_button.setToolTip(fill(self.tr("Add a voting group (at most %1)"), MAX_GROUPS))
        self.add_button.clicked.connect(self._on_add_clicked)
        self.remove_button = QPushButton(self.tr("Remove group"))
        self.remove_button.setToolTip(self.tr("Remove the selected group (else the last one)"))
        self.remove_button.clicked.connect(self._on_remove_clicked)
        for button in (self.add_button, self.remove_button):
            button.setAutoDefault(False)  # Enter in a cell creates nothing
        press_on_enter(self.add_button, self.remove_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self._refresh_buttons()

    def add_group(
        self,
        name: str = "",
        eligible: str = "",
        ballots: str = "",
        rule: Rule = RULE_WORDS[0].rule,
        key: str | None = None,
    ) -> None:
        """A row, with the next free key unless `key` is given."""
        row = self.table.rowCount()
        self.table.insertRow(row)
        taken = {self._text(other, KEY).upper() for other in range(row)}
        free = next((letter for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if letter not in taken), "")
        for column, text in (
            (KEY, free if key is None else key),
            (NAME, name),
            (ELIGIBLE, eligible),
            (BALLOTS, ballots),
        ):
            item = QTableWidgetItem(text)
            if column != NAME:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.table.setItem(row, column, item)
        choice = _rule_choice()
        choice.setCurrentIndex(choice.findData(rule))
        choice.currentIndexChanged.connect(self.edited)
        self.table.setCellWidget(row, RULE, choice)
        self._refresh_buttons()
        self.rows_changed.emit(self.table.rowCount())

    def set_rule(self, row: int, rule: Rule) -> None:
        choice = self.table.cellWidget(row, RULE)
        assert isinstance(choice, QComboBox)
        choice.setCurrentIndex(choice.findData(rule))

    def typed(self) -> TypedGroups:
        """Every row as `station new` would be given it (empty numbers left out)."""
        rows = range(self.table.rowCount())
        keys = [self._text(row, KEY) for row in rows]
        rules = [self._rule(row) for row in rows]
        return TypedGroups(
            named=[f"{key}={self._text(row, NAME)}" for row, key in zip(rows, keys, strict=True)],
            eligible=self._numbers(keys, ELIGIBLE),
            ballots=self._numbers(keys, BALLOTS),
            sonotone=[key for key, rule in zip(keys, rules, strict=True) if rule.asks_inclusion],
            self_determination=[
                key for key, rule in zip(keys, rules, strict=True) if rule.decides_joining
            ],
        )

    def keys(self) -> tuple[str, ...]:
        """The groups' keys as typed (for a voter list's `group` column)."""
        return tuple(self._text(row, KEY).upper() for row in range(self.table.rowCount()))

    def groups(self, listed: Mapping[str, int] | None = None) -> tuple[GroupSpec, ...]:
        """The groups the rows make, checked by the domain (SetupError in one line); none
        without rows. `listed`: by mail, each group's voters on the list, its eligible
        voters where none is typed (as `station new --mail` counts them)."""
        if self.table.rowCount() == 0:
            return ()
        typed = self.typed()
        eligible = typed.eligible
        if listed is not None:
            if typed.ballots:
                raise SetupError(
                    self.tr(
                        "a mail ballot's ballots in the box are the envelopes accepted: leave"
                        " each group's Ballots empty"
                    )
                )
            given = {text.partition("=")[0].strip().upper() for text in eligible}
            eligible = [*eligible, *(f"{k}={n}" for k, n in listed.items() if k not in given)]
        try:
            return voting_groups(
                typed.named, eligible, typed.ballots, typed.sonotone, typed.self_determination
            )
        except TooFewGroups:
            raise SetupError(self.tr(ONE_GROUP)) from None

    def _numbers(self, keys: list[str], column: int) -> list[str]:
        found = [(key, self._text(row, column)) for row, key in enumerate(keys)]
        return [f"{key}={text}" for key, text in found if text]

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return "" if item is None else item.text().strip()

    def _rule(self, row: int) -> Rule:
        choice = self.table.cellWidget(row, RULE)
        assert isinstance(choice, QComboBox)
        return Rule(choice.currentData())

    def _on_add_clicked(self) -> None:
        self.add_group()
        self.table.setCurrentCell(self.table.rowCount() - 1, NAME)
        self.table.editItem(self.table.currentItem())

    def _on_remove_clicked(self) -> None:
        selected = self.table.selectionModel().selectedRows()
        row = selected[0].row() if selected else self.table.rowCount() - 1
        if row >= 0:
            self.table.removeRow(row)
        self._refresh_buttons()
        self.rows_changed.emit(self.table.rowCount())

    def _refresh_buttons(self) -> None:
        rows = self.table.rowCount()
        self.add_button.setEnabled(rows < MAX_GROUPS)
        self.remove_button.setEnabled(rows > 0)


def _rule_choice() -> QComboBox:
    """The choice of what a group's votes decide, each rule told in full on hover."""
    choice = QComboBox()
    said = {
        Rule.OWN: (
            QCoreApplication.translate("VotingGroupsBox", "its own unit"),
            QCoreApplication.translate(
                "VotingGroupsBox", "Its votes decide a unit of its own (or the pooled unit)"
            ),
        ),
        Rule.SONOTONE: (
            "Sonotone",
            QCoreApplication.translate(
                "VotingGroupsBox",
                "Professional employees: the two-question ballot (inclusion, then"
                " representation); pooled with the one other group if a majority of its votes"
                " on inclusion is yes",
            ),
        ),
        Rule.SELF_DETERMINATION: (
            QCoreApplication.translate("VotingGroupsBox", "self-determination"),
            QCoreApplication.translate(
                "VotingGroupsBox",
                "Armour-Globe: its votes decide only whether it joins the unit the union"
                " already represents",
            ),
        ),
    }
    for words in RULE_WORDS:
        short, tip = said.get(words.rule, (words.short, words.tip))
        choice.addItem(short, words.rule)
        choice.setItemData(choice.count() - 1, tip, Qt.ItemDataRole.ToolTipRole)
    choice.setToolTip(
        QCoreApplication.translate(
            "VotingGroupsBox", "What the group's votes decide (hover over a choice to read it)"
        )
    )
    return choice
