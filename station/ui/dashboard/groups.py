"""The dashboard of an election of voting groups: a panel per group, a line per unit.

Each group's pile has its own panel (its key and name, its votes, void, challenged, a
Sonotone group's question 1 and its progress); the panel of the group whose ballot was
called last is drawn large. Under them each unit's statement after the Sonotone rule,
said as "not yet determined" while ballots remain, in place of the whole count's lines 8
and 9, which no unit's result is. An election of one group is as it always was.
"""

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from station.domain.describe import election_words
from station.domain.description import describe
from station.domain.group_statements import (
    group_figures_statement,
    group_vote_words,
    inclusion_statement,
    unit_statement,
)
from station.domain.groups import GroupSpec, Rule, inclusion_settled, units

if TYPE_CHECKING:
    from station.ui.dashboard.window import DashboardWindow

COLUMNS = 2  # two panels a row: four groups are a 2x2 grid at 1280x720


class GroupPanel(QFrame):
    """One voting group's figures, large when its ballot was called last."""

    def __init__(self, spec: GroupSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.setObjectName("groupPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel(f"Group {spec.key} \u2014 {spec.name}")
        self.title.setObjectName("groupTitle")
        self.title.setWordWrap(True)
        self.figures = QLabel()
        self.figures.setObjectName("groupFiguresLabel")
        self.figures.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.figures, 1)

    def show_figures(self, text: str, current: bool, unit: float) -> None:
        """`unit`: the dashboard's size unit for this panel (1% of the window's height,
        less where the panels stand in two rows), so a panel reads from across the room."""
        self.figures.setText(text)
        title, figures = (unit * 4.2, unit * 3.0) if current else (unit * 3.0, unit * 2.6)
        self.title.setStyleSheet(f"font-size: {round(title)}px; font-weight: bold;")
        self.figures.setStyleSheet(f"font-size: {round(figures)}px;")
        self.setLineWidth(3 if current else 1)
        # Word-wrapped labels in a grid are not given their height by the layout: ask
        # for the lines the text has, and one more for a wrapped name.
        lines = text.count("\n") + 2
        self.setMinimumHeight(round(title * 1.6 + figures * 1.35 * lines))
        self.setProperty("current", current)


class GroupDashboard:
    """Adds the group panels and the units' lines to a dashboard (see the module)."""

    def __init__(self, window: "DashboardWindow") -> None:
        self.window = window
        setup = window.feed.setup
        self.ballot = setup.ballot
        self.box = QWidget()
        grid = QGridLayout(self.box)
        self.panels = [GroupPanel(spec) for spec in self.ballot.groups]
        for index, panel in enumerate(self.panels):
            grid.addWidget(panel, index // COLUMNS, index % COLUMNS)
        self.units_label = QLabel()
        self.units_label.setObjectName("statementLabel")
        self.units_label.setWordWrap(True)
        # In place of the whole count's figures and bar: the piles together decide no
        # unit, so only the groups' and the units' figures are shown.
        row = window._figures_row  # where the big figures stood: they give it up
        for index in range(row.count()):
            row.setStretch(index, 0)
        row.addWidget(self.box, 1)
        window.statements_layout.insertWidget(0, self.units_label)  # lines 8-9's place
        self.hidden = (
            *window.choice_figures,
            window.void_figure,
            window.challenged_figure,
            window.valid_figure,
            window.race,
        )
        count = window.feed.count
        window.ticker.words = window.flash.words = election_words(
            describe(setup),
            lambda event: group_vote_words(event, count.votes.words(event), count.groups.group_of),
        )
        window.group_dashboard = self

    def show(self) -> None:
        """Every panel and unit line from the count as it stands."""
        count = self.window.feed.count
        tallies = count.group_tallies()
        last = count.next_undo()
        at = None if last is None else count.groups.group_of(last[0])
        current = self.ballot.groups[0].key if at is None else at.key
        rows = -(-len(self.panels) // COLUMNS)
        unit = self.window.height() / 100 / (1 if rows == 1 else 1.4)
        for panel, tally in zip(self.panels, tallies, strict=True):
            votes, *rest = group_figures_statement(panel.spec, tally, self.ballot.choices).split(
                " \u2014 "
            )
            lines = [votes.removeprefix(f"{panel.spec.key}: "), " \u00b7 ".join(rest)]
            if panel.spec.rule is Rule.SONOTONE:
                lines.append(inclusion_statement(panel.spec, tally, inclusion_settled(tally)))
            text = "\n".join(lines)
            panel.show_figures(text, panel.spec.key == current, unit)
        unions = len(self.ballot.unions)
        found = units(self.ballot.groups, tallies, unions)
        self.units_label.setText(
            "\n".join(unit_statement(unit, self.ballot.choices, unions) for unit in found)
        )
        unit_size = self.window.height() / 100
        self.units_label.setStyleSheet(f"font-size: {round(unit_size * 2.2)}px;")
        for widget in self.hidden:  # the piles together: shown by nothing else here
            widget.hide()
        # The whole count's lines 8 and 9 state no unit's result: the units' lines do.
        for label in (
            self.window.challenges_label,
            self.window.majority_label,
            self.window.decision_label,
        ):
            label.setText("")
            label.hide()


def adapt_groups(window: "DashboardWindow") -> None:
    """For an election of voting groups, the panels and the units' lines."""
    if window.feed.setup.ballot.groups:
        GroupDashboard(window)
