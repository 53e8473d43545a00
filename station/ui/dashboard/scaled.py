"""A dashboard window themed and sized in the unit of its own size (the single one and
the tables' one).

Both dashboards restyle only when the unit moves by more than a twentieth of a pixel, so
a window dragged wider by a pixel at a time does not rebuild its style sheet each time.
"""

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QVBoxLayout, QWidget

from station.domain.description import Choice
from station.domain.statements import figure_words
from station.domain.words import say, say_in
from station.ui.dashboard.big_figure import BigFigure
from station.ui.dashboard.choices import (
    ChoiceFigure,
    choice_colours,
    choice_figures,
    place_choices,
)
from station.ui.dashboard.theme import THEMES, Theme, stylesheet, type_unit
from station.ui.window_role import reads_as_window

# Context "ScaledWindow" whichever dashboard calls it (both inherit `_make_figures`).
translate = QCoreApplication.translate


@reads_as_window  # a window to a screen reader, though a QWidget
class ScaledWindow(QWidget):
    """Calls `_scale(unit)` after a resize that changes `type_unit`, with the style set;
    `set_theme` colours the figures (and `_colour` what else a subclass has).

    Subclasses set `_theme`, `_unit` (0.0 at first), `_root` (the outer layout) and the
    figures (`_make_figures`) in their `__init__`, and may extend the style sheet (`_style_sheet`), size
    more widgets (`_scale`) or colour more (`_colour`).
    """

    _theme: Theme
    _unit: float
    _root: QBoxLayout
    choices: tuple[Choice, ...]
    choice_figures: list[ChoiceFigure]
    void_figure: BigFigure
    challenged_figure: BigFigure
    valid_figure: BigFigure

    def _make_figures(self, choices: tuple[Choice, ...]) -> QHBoxLayout:
        """The figures, in their row: each choice's (ballot order, `choice_figures`), and
        the three small ones stacked between the unions and Neither."""
        self.choices = choices
        self.choice_figures = choice_figures(choices)
        centre = Qt.AlignmentFlag.AlignHCenter
        self.void_figure = BigFigure(say_in("figure", "VOID"), align=centre)
        self.challenged_figure = BigFigure(say_in("figure", "CHALLENGED"), align=centre)
        self.valid_figure = BigFigure(say("VALID VOTES"), align=centre)
        smalls = QVBoxLayout()
        stacked = (self.void_figure, self.challenged_figure, self.valid_figure)
        for small in stacked:
            small.size_words_as(tuple(figure.word for figure in stacked))
            smalls.addWidget(small, 1)
        figures = QHBoxLayout()
        place_choices(figures, choices, self.choice_figures, smalls)
        return figures

    def said_figures(self, *, hiding: bool) -> list[str]:
        """The figures as a screen reader's summary says them: each choice's, then VOID
        and CHALLENGED where not 0 (CHALLENGED never while `hiding` withholds it)."""
        figures = [(figure.accessibleName(), figure.value()) for figure in self.choice_figures]
        smalls = [self.void_figure] + ([] if hiding else [self.challenged_figure])
        figures += [(small.word, small.value()) for small in smalls if small.value()]
        return figure_words(figures)

    @property
    def theme(self) -> Theme:
        return self._theme

    def set_theme(self, name: str) -> None:
        """Use the "dark" or "light" theme."""
        self._theme = theme = THEMES[name]
        self._colour(theme)
        colours = choice_colours(theme, self.choices)
        for figure, colour in zip(self.choice_figures, colours, strict=True):
            figure.set_colours(theme.text, colour)
        for small in (self.void_figure, self.challenged_figure, self.valid_figure):
            small.set_colours(theme.text, theme.rule)
        self._apply_size(force=True)

    def _colour(self, theme: Theme) -> None:
        """Colour what the style sheet and the figures' own colours do not reach."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Scale every size from the window's height (see `type_unit`)."""
        super().resizeEvent(event)
        self._apply_size()

    def _type_unit(self) -> float:
        """The size unit at the window's present size (`type_unit`)."""
        return type_unit(self.width(), self.height())

    def _apply_size(self, *, force: bool = False) -> None:
        unit = self._type_unit()
        if not force and abs(unit - self._unit) < 0.05:
            return
        self._unit = unit
        self.setStyleSheet(self._style_sheet(unit))
        margin = round(unit * 1.6)
        self._root.setContentsMargins(margin, round(unit * 1.0), margin, round(unit * 0.8))
        self._scale(unit)

    def _style_sheet(self, unit: float) -> str:
        return stylesheet(self._theme, unit)

    def _scale(self, unit: float) -> None:
        """Size what the style sheet cannot (spacings, fixed sizes)."""
