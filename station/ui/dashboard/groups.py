"""The dashboard of an election of voting groups: a panel per group, a line per unit.

Each group's pile has its own panel (its key and name, its votes, void, challenged, a
Sonotone group's question 1 and its progress); the panel of the group whose ballot was
called last is drawn large. A unit that pools several groups (the professionals voted
for inclusion) has a panel of its own under theirs, the width of the grid: its figures
are no group's, and they decide its result. Under them each unit's statement after the
Sonotone rule,
said as "not yet determined" while ballots remain, in place of the whole count's lines 8
and 9, which no unit's result is. While `--hide-challenges` withholds the challenge
figures (after_count.py) no panel says its challenged ballots and no unit line its line 8.
An election of one group is as it always was.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from station.domain.describe import election_words
from station.domain.description import describe
from station.domain.group_statements import (
    group_key,
    group_panel_lines,
    group_vote_words,
    unit_panel_lines,
    unit_statement,
    unit_title,
)
from station.domain.groups import GroupSpec, UnitResult, inclusion_settled

if TYPE_CHECKING:
    from station.ui.dashboard.window import DashboardWindow

COLUMNS = 2  # two panels a row: four groups are a 2x2 grid at 1280x720
# How much smaller than its size unit a panel's type may be made to fit its text: below
# this the figures would not read from across the room.
MIN_SCALE = 0.7


class FiguresPanel(QFrame):
    """A titled panel of figures, in type fitted by the dashboard (`show_figures`)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("groupPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel(title)
        self.title.setObjectName("groupTitle")
        self.title.setWordWrap(True)
        self.figures = QLabel()
        self.figures.setObjectName("groupFiguresLabel")
        self.figures.setWordWrap(True)
        # Under the title, not floating in the middle of a tall panel.
        self.figures.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.figures, 1)

    def show_figures(self, text: str, current: bool, sizes: tuple[int, int]) -> None:
        """`sizes`: the title's and the figures' type in pixels (`Sizes`)."""
        self.figures.setText(text)
        title, figures = sizes
        self.title.setStyleSheet(f"font-size: {title}px; font-weight: bold;")
        self.figures.setStyleSheet(f"font-size: {figures}px;")
        self.setLineWidth(3 if current else 1)
        self.setProperty("current", current)

    def needed(self, text: str, sizes: tuple[int, int]) -> int:
        """The height this panel takes to show `text` whole at its width in `sizes`
        (word-wrapped labels in a grid are not given their height by the layout)."""
        title, figures = sizes
        layout = self.layout()
        assert layout is not None
        margins = layout.contentsMargins()
        inner = self.width() - margins.left() - margins.right() - 2 * self.frameWidth()
        return (
            margins.top()
            + margins.bottom()
            + layout.spacing()
            + 2 * self.frameWidth()
            + _wrapped_height(self.title, self.title.text(), title, inner, bold=True)
            + _wrapped_height(self.figures, text, figures, inner)
        )


class GroupPanel(FiguresPanel):
    """One voting group's figures, large when its ballot was called last."""

    def __init__(self, spec: GroupSpec, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.title.setText(
            self.tr("Group {key} \u2014 {name}").format(key=spec.key, name=spec.name)
        )
        self.spec = spec


class UnitPanel(FiguresPanel):
    """A unit pooling several groups: its figures, which no group's panel shows."""

    def __init__(self, unit: UnitResult, parent: QWidget | None = None) -> None:
        super().__init__(unit_title(unit), parent)
        self.groups = unit.groups


@dataclass(frozen=True, slots=True)
class Sizes:
    """The panels' type: `unit` is 1% of the window's height (less where the panels
    stand in two rows, less again to fit), so that a panel reads from across the room;
    the current group's panel is larger by `emphasis` (1: its full size, 0: none)."""

    unit: float
    emphasis: float = 1.0

    def of(self, current: bool) -> tuple[int, int]:
        """A panel's title and figures, in pixels."""
        title, figures = (
            (3.0 + 1.2 * self.emphasis, 2.6 + 0.4 * self.emphasis) if current else (3.0, 2.6)
        )
        return round(self.unit * title), round(self.unit * figures)


def _wrapped_height(label: QLabel, text: str, pixels: int, width: int, bold: bool = False) -> int:
    """The height `text` takes in `label`'s font at `pixels`, wrapped at `width`."""
    font = QFont(label.font())
    font.setPixelSize(max(pixels, 1))
    font.setBold(bold)
    flags = Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignLeft
    return QFontMetrics(font).boundingRect(QRect(0, 0, max(width, 1), 0), flags, text).height()


class _Grid(QWidget):
    """The panels' grid; tells the dashboard when its size changed, so the panels' type
    is fitted to the room the window's layout has given it."""

    def __init__(self, resized: Callable[[], None]) -> None:
        super().__init__()
        self._resized = resized

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._resized()


class GroupDashboard:
    """Adds the group panels and the units' lines to a dashboard (see the module)."""

    def __init__(self, window: "DashboardWindow") -> None:
        self.window = window
        setup = window.feed.setup
        self.ballot = setup.ballot
        election = describe(setup)
        # FOR and AGAINST on one union's ballot, each union's name on a ballot of several:
        # the words of the dashboard's own figures.
        self.labels = [
            tuple(choice.label for choice in group.representation.choices)
            for group in election.groups
        ]
        self.box = _Grid(self._fit)
        grid = QGridLayout(self.box)
        self.panels = [GroupPanel(spec) for spec in self.ballot.groups]
        for index, panel in enumerate(self.panels):
            grid.addWidget(panel, index // COLUMNS, index % COLUMNS)
        self.texts = ["" for _ in self.panels]
        self.unit_panels: list[UnitPanel] = []  # the pooled units', under the groups'
        self.unit_texts: list[str] = []
        self.current = self.ballot.groups[0].key
        self.units_label = QLabel()
        self.units_label.setObjectName("statementLabel")
        self.units_label.setWordWrap(True)
        # In place of the whole count's figures and bar: the piles together decide no
        # unit, so only the groups' and the units' figures are shown.
        row = window._figures_row  # where the big figures stood: they give it up
        for index in range(row.count()):
            row.setStretch(index, 0)
        row.addWidget(self.box, 1)
        statements = window.statements_layout  # lines 8-9's place, under the note on them
        statements.insertWidget(statements.indexOf(window.challenges_label), self.units_label)
        self.hidden = (
            *window.choice_figures,
            window.void_figure,
            window.challenged_figure,
            window.valid_figure,
            window.race,
        )
        count = window.feed.count
        window.ticker.words = window.flash.words = election_words(
            election,
            lambda event: group_vote_words(event, count.votes.words(event), count.groups.group_of),
            lambda seq: group_key(count.groups.group_of(seq)),
        )
        window.group_dashboard = self

    def show(self) -> None:
        """Every panel and unit line from the count as it stands."""
        count = self.window.feed.count
        tallies = count.group_tallies()
        last = count.next_undo()
        at = None if last is None else count.groups.group_of(last[0])
        self.current = self.ballot.groups[0].key if at is None else at.key
        boxes = count.group_boxes() or {}  # by mail: each group's envelopes to count
        # --hide-challenges: no group's challenged figure and no unit's line 8, as the
        # whole count's dashboard withholds its own, until a final sheet.
        hiding = self.window.after_count.hiding()
        self.texts = [
            "\n".join(
                group_panel_lines(
                    panel.spec,
                    tally,
                    labels,
                    inclusion_settled(tally, count.declared_complete),
                    boxes.get(panel.spec.key),
                    withheld=hiding,
                )
            )
            for panel, tally, labels in zip(self.panels, tallies, self.labels, strict=True)
        ]
        unions = len(self.ballot.unions)
        # A final sheet ends each unit's count (one table's never: the consolidation's does).
        found = count.unit_results(self.window.feed.setup.table is not None)
        pooled = [unit for unit in found if len(unit.groups) > 1]
        self._place_units(pooled)
        self.unit_texts = [
            "\n".join(unit_panel_lines(unit, self.labels[0], unions, withheld=hiding))
            for unit in pooled
        ]
        self._fit()
        # The units' figures are on their panels: their lines state their results.
        self.units_label.setText(
            "\n".join(
                unit_statement(
                    unit,
                    self.ballot.choices,
                    unions,
                    False,
                    withheld=hiding,
                    incumbent=self.ballot.incumbent,
                )
                for unit in found
            )
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

    def current_words(self) -> list[str]:
        """The panel of the group counted last, as a screen reader says it: its title,
        then its lines of figures."""
        for panel, text in zip(self.panels, self.texts, strict=True):
            if panel.spec.key == self.current:
                return [panel.title.text(), *filter(None, text.split("\n"))]
        return []

    def _place_units(self, pooled: list[UnitResult]) -> None:
        """A panel for each pooled unit, each a row of its own under the groups' panels;
        made anew only when which groups are pooled changes (question 1 turned)."""
        if [panel.groups for panel in self.unit_panels] == [unit.groups for unit in pooled]:
            return
        grid = self.box.layout()
        assert isinstance(grid, QGridLayout)
        for panel in self.unit_panels:
            grid.removeWidget(panel)
            panel.deleteLater()
        first = -(-len(self.panels) // COLUMNS)
        self.unit_panels = [UnitPanel(unit, self.box) for unit in pooled]
        for row, panel in enumerate(self.unit_panels, start=first):
            grid.addWidget(panel, row, 0, 1, COLUMNS)
            grid.setRowStretch(row, 0)  # its own height; the groups' rows take the rest
        for row in range(first):
            grid.setRowStretch(row, 1)

    def _fit(self) -> None:
        """Each panel's figures in the largest type, down to MIN_SCALE of its size unit,
        in which every row of panels shows its text whole in the grid's height."""
        # A unit's panel is two lines: the groups' rows set the type, and shrink it
        # only if the units' panels then do not fit.
        group_rows = -(-len(self.panels) // COLUMNS)
        rows = group_rows + len(self.unit_panels)
        unit = self.window.height() / 100 / (1 if group_rows == 1 else 1.4)
        grid = self.box.layout()
        assert isinstance(grid, QGridLayout)
        margins = grid.contentsMargins()
        room = self.box.height() - margins.top() - margins.bottom() - grid.spacing() * (rows - 1)
        # The current panel gives up its larger type first, then every panel shrinks.
        steps = int((1 - MIN_SCALE) / 0.05 + 0.5)
        tried = [Sizes(unit, emphasis) for emphasis in (1.0, 0.5, 0.0)]
        tried += [Sizes(unit * (1 - 0.05 * step), 0.0) for step in range(1, steps + 1)]
        sizes = next((size for size in tried if self._height(size) <= room), tried[-1])
        # Each panel asks for the height its text takes, so that the grid gives a row of
        # long names more of its height; never more than the grid has (the window would
        # grow off the screen).
        fits = self._height(sizes) <= room
        for panel, text in zip(self.panels, self.texts, strict=True):
            size = sizes.of(panel.spec.key == self.current)
            panel.show_figures(text, panel.spec.key == self.current, size)
            panel.setMinimumHeight(panel.needed(text, size) if fits else 0)
        for unit_panel, text in zip(self.unit_panels, self.unit_texts, strict=True):
            unit_panel.show_figures(text, False, sizes.of(False))
            unit_panel.setMinimumHeight(unit_panel.needed(text, sizes.of(False)) if fits else 0)

    def _height(self, sizes: Sizes) -> int:
        """The height the rows of panels take in `sizes`, each as tall as its tallest."""
        needed = [
            panel.needed(text, sizes.of(panel.spec.key == self.current))
            for panel, text in zip(self.panels, self.texts, strict=True)
        ]
        units = [
            panel.needed(text, sizes.of(False))
            for panel, text in zip(self.unit_panels, self.unit_texts, strict=True)
        ]
        groups = sum(max(needed[row : row + COLUMNS]) for row in range(0, len(needed), COLUMNS))
        return groups + sum(units)


def adapt_groups(window: "DashboardWindow") -> None:
    """For an election of voting groups, the panels and the units' lines."""
    if window.feed.setup.ballot.groups:
        GroupDashboard(window)
