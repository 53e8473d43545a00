"""The tables' dashboard of a ballot of several unions, and the parties by role.

A ballot of several unions has no FOR and AGAINST: the total shows a figure per
choice (each union in ballot order, then Neither) and each table's row a column per
choice, and lines 8 and 9 and 29 CFR 102.70's line are stated on the tables' sums by
`runoff.py`'s rules, exactly as the consolidated tally states them (the outsider's
report, item 3: the tables' dashboard showed "FOR 4 / AGAINST 2" and a false majority
for the first union). A one-union election's tables dashboard is as it always was; an
RD or RM case only names the parties by role.
"""

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QHBoxLayout, QWidget

from station.domain import Count, ElectionSetup, Tally
from station.domain.choice_lines import stated_lines
from station.domain.choices import CaseKind
from station.ui.dashboard.choices import ChoiceFigure, choice_colours, parties_text

if TYPE_CHECKING:  # pragma: no cover
    from station.ui.dashboard.tables import TablesDashboard


def call_columns(setup: ElectionSetup) -> tuple[str, ...]:
    """The columns of the votes in a table's row: FOR and AGAINST, or each choice."""
    ballot = setup.ballot
    return tuple(name.upper() for name in ballot.choices) if ballot.several else ("FOR", "AGAINST")


def votes_of(setup: ElectionSetup, count: Count) -> tuple[int, ...]:
    """One table's votes in the order of `call_columns`."""
    if setup.ballot.several:
        return count.choice_votes()
    return count.tally.for_union, count.tally.against


def summed_votes(setup: ElectionSetup, total: Tally) -> tuple[int, ...]:
    """The tables' votes summed, in the order of `call_columns`."""
    return total.choices if setup.ballot.several else (total.for_union, total.against)


class TotalChoices(QObject):
    """Puts each choice's total on the tables' dashboard, and states lines 8-9 and 102.70."""

    def __init__(self, window: "TablesDashboard", figures_row: QHBoxLayout) -> None:
        super().__init__(window)
        self.window = window
        ballot = window.feeds[0].setup.ballot
        self.figures = [
            ChoiceFigure(name.upper(), align=Qt.AlignmentFlag.AlignHCenter)
            for name in ballot.choices
        ]
        row = QWidget()
        row.setObjectName("choiceFigures")
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(24)  # the figures must never read as one number
        for figure, name in zip(self.figures, ballot.choices, strict=True):
            figure.setAccessibleName(name)
            figure.set_word_share(0.36)
            layout.addWidget(figure, 1)
        figures_row.replaceWidget(window.for_figure, row)
        figures_row.setStretchFactor(row, 10)
        window.for_figure.hide()
        window.against_figure.hide()
        self.set_theme()

    def set_theme(self) -> None:
        theme = self.window.theme
        ballot = self.window.feeds[0].setup.ballot
        colours = choice_colours(theme, len(ballot.unions), ballot.neither is not None)
        for figure, colour in zip(self.figures, colours, strict=True):
            figure.set_colours(theme.text, colour)

    def show(self, total: Tally, pending: str | None) -> None:
        """The choices' totals, and lines 8-9 and 102.70's line on them (or why not yet)."""
        window = self.window
        setup = window.feeds[0].setup
        for figure, vote in zip(self.figures, total.choices, strict=True):
            figure.set_value(vote)
        said = stated_lines(setup.ballot, setup.eligible, total, total.choices, pending)
        window.challenges_label.setText(said.challenges)
        window.majority_label.setText(said.majority)
        window.runoff_label.setText(said.runoff or "")
        window.runoff_label.setVisible(said.runoff is not None)


def adapt_tables_dashboard(window: "TablesDashboard", figures_row: QHBoxLayout) -> None:
    """Name the parties by role; for a ballot of several unions, show every choice."""
    setup = window.feeds[0].setup
    if setup.choices is None and setup.ballot.kind is CaseKind.RC:
        return  # the one-union RC dashboard, as it always was
    window.parties_label.setText(parties_text(setup))
    window.parties_label.setWordWrap(True)
    if setup.ballot.several:
        window.choices = TotalChoices(window, figures_row)
