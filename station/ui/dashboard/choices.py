"""The figure of each choice on the ballot, and their colours, for both dashboards.

The dashboards put up a figure per choice of the election's description (FOR and
AGAINST on a one-union ballot; each union in ballot order, then Neither, on a ballot of
several), the choices recorded FOR (the unions) left of the small figures and Neither
right of them
(`place_choices`). Each figure is read by its word, never by its colour alone.
"""

from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QBoxLayout, QWidget

from station.domain.calls import vote_words
from station.domain.description import Choice
from station.ui.dashboard.big_figure import BigFigure, _fitted
from station.ui.dashboard.theme import Theme

# The share of a figure's height its word takes when the figure is alone on its side of
# the small figures (a wide place), and when it shares the side (a narrow one: a union's
# name then may take two lines).
ALONE_WORD_SHARE = 0.24
SHARED_WORD_SHARE = 0.36
# How the row is shared: the choices' figures together take 30 parts and the small
# figures 9 (a one-union ballot's FOR 5 : small figures 3 : AGAINST 5).
CHOICES_STRETCH = 30
SMALLS_STRETCH = 9


def choice_colours(theme: Theme, choices: Sequence[Choice]) -> list[str]:
    """A colour per choice: the first union FOR's, Neither AGAINST's, other unions apart."""
    more = iter(theme.more_colours)
    colours, first = [], True
    for choice in choices:
        if not choice.for_side:
            colours.append(theme.against_colour)
        elif first:
            colours.append(theme.for_colour)
            first = False
        else:
            colours.append(next(more, theme.rule))
    return colours


class ChoiceFigure(BigFigure):
    """A choice's word above its votes: a long union name takes two lines, not a squint."""

    def paintEvent(self, event: QPaintEvent) -> None:
        width, height = float(self.width()), float(self.height())
        word_height = height * self._word_share
        word = self.word
        one_line = _fitted(self.font(), word, width, word_height * 0.8, bold=True)
        if self.on_one_line() or one_line.pixelSize() >= word_height * 0.34 or " " not in word:
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        words = word.split(" ")
        halves = min(
            ((" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))),
            key=lambda pair: max(len(pair[0]), len(pair[1])),
        )
        font = _fitted(self.font(), max(halves, key=len), width, word_height * 0.4, bold=True)
        painter.setFont(font)
        painter.setPen(self._text)
        across = self._align & (
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignHCenter
        )
        painter.drawText(
            QRectF(0, 0, width, word_height * 0.86),
            across | Qt.AlignmentFlag.AlignBottom,
            "\n".join(halves),
        )
        painter.fillRect(
            QRectF(width * 0.1, word_height * 0.88, width * 0.8, max(word_height * 0.06, 3.0)),
            self._accent,
        )
        number = f"{self.value():,}"
        number_rect = QRectF(0, word_height, width, height - word_height)
        painter.setFont(_fitted(self.font(), number, width, number_rect.height(), bold=True))
        painter.drawText(number_rect, across | Qt.AlignmentFlag.AlignVCenter, number)
        painter.end()


def choice_figures(choices: Sequence[Choice]) -> list[ChoiceFigure]:
    """A figure per choice, in ballot order, each named by the word on its button.

    A screen reader names it by the same word (a one-union ballot's "FOR" and
    "AGAINST", never the ballot's "Neither" that no one sees there), so that what is
    heard and what is seen agree.

    A figure alone on its side of the small figures is aligned outward (FOR at the left,
    AGAINST at the right), figures sharing a side are centred in their places.
    """
    sides = [[c for c in choices if c.for_side], [c for c in choices if not c.for_side]]
    outward = (Qt.AlignmentFlag.AlignLeft, Qt.AlignmentFlag.AlignRight)
    figures = []
    for choice in choices:
        side = 0 if choice.for_side else 1
        alone = len(sides[side]) == 1
        align = outward[side] if alone else Qt.AlignmentFlag.AlignHCenter
        words = vote_words(choice.label.upper())
        figure = ChoiceFigure(words, align=align)
        # Read as drawn and as the operator's button says it: FOR and AGAINST on a
        # one-union ballot (never Neither, a word no screen shows there), else the name.
        figure.setAccessibleName(choice.label if words == choice.label.upper() else words)
        figure.set_word_share(ALONE_WORD_SHARE if alone else SHARED_WORD_SHARE)
        figures.append(figure)
    return figures


def place_choices(
    row: QBoxLayout,
    choices: Sequence[Choice],
    figures: Sequence[QWidget],
    smalls: QBoxLayout,
) -> None:
    """Lay the row out: the unions' figures, the small figures, then Neither's."""
    stretch = CHOICES_STRETCH // len(choices)
    for choice, figure in zip(choices, figures, strict=True):
        if choice.for_side:
            row.addWidget(figure, stretch)
    row.addLayout(smalls, SMALLS_STRETCH)
    for choice, figure in zip(choices, figures, strict=True):
        if not choice.for_side:
            row.addWidget(figure, stretch)
