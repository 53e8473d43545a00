"""The projected dashboard reads through a washed-out projector, in both themes.

Computed from the theme itself (station/ui/dashboard/theme.py): every text colour at
least 7:1 against what it is drawn on, every mark that carries meaning (the race bar's
parts, the majority line, the bar's outline, the underlines that mark a figure's side,
the live dot, the state's border) at least 3:1 (station/ui/contrast.py).
"""

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from station.ui.contrast import MARK_CONTRAST, TEXT_CONTRAST, blend, contrast_ratio, legible_on
from station.ui.dashboard.race_bar import RaceBar
from station.ui.dashboard.theme import THEMES, Theme, stylesheet
from station.ui.dashboard.ticker import FLASH_INK
from tests.ui.contrast_helpers import Pair, failing, sheet_pairs

themes = pytest.mark.parametrize("theme", THEMES.values(), ids=THEMES)


def painted_pairs(theme: Theme) -> list[Pair]:
    """What the dashboard paints itself, outside its style sheet."""
    text, marks = TEXT_CONTRAST, MARK_CONTRAST
    choices = (theme.for_colour, theme.against_colour, *theme.more_colours)
    return [
        Pair("figures' words and numbers", theme.text, theme.background, text),
        Pair("race bar's words and majority label", theme.text, theme.background, text),
        Pair("race bar's 'no votes counted yet'", theme.muted, theme.track, text),
        Pair("last calls", theme.text, theme.panel, text),
        Pair("last calls: the station opening or closing", theme.muted, theme.panel, text),
        Pair("last calls: a correction", theme.warning_text, theme.warning_background, text),
        Pair("last call, lit as it lands", FLASH_INK, theme.flash, text),
        Pair("last call, once faded", theme.text, theme.panel, text),
        *(Pair(f"choice {colour} in the bar", colour, theme.track, marks) for colour in choices),
        *(
            Pair(
                f"choice {colour} beside the bar's gaps, under its figure",
                colour,
                theme.background,
                marks,
            )
            for colour in choices
        ),
        *(
            Pair(
                f"a union's name inside its part {colour}",
                legible_on(colour, theme.text, theme.background),
                colour,
                text,
            )
            for colour in theme.more_colours
        ),
        Pair("challenged ballots' hatching", theme.challenged_colour, theme.track, marks),
        Pair("majority line on its halo", theme.text, theme.background, marks),
        Pair("race bar's outline", theme.rule, theme.background, marks),
        Pair("small figures' underline", theme.rule, theme.background, marks),
        Pair("progress bar's fill", theme.text, theme.track, marks),
        Pair("live dot", theme.live, theme.background, marks),
    ]


@themes
def test_every_text_reads_at_7_to_1_and_every_mark_at_3_to_1(theme: Theme) -> None:
    sheet = sheet_pairs(
        stylesheet(theme, 10.0), (theme.background, theme.panel), TEXT_CONTRAST, MARK_CONTRAST
    )
    assert len(sheet) > 20  # the sheet was read: its labels, states and borders
    assert failing(sheet + painted_pairs(theme)) == []


@themes
def test_the_last_call_stays_legible_while_its_highlight_fades(theme: Theme) -> None:
    """At rest (lit, faded) 7:1; for the instant the fading yellow passes through mid
    grey the better of the two inks still gives WCAG's AA, 4.5:1."""
    ratios = []
    for step in range(101):
        under = blend(theme.flash, theme.panel, step / 100)
        ratios.append(contrast_ratio(legible_on(under, theme.text, FLASH_INK), under))
    assert min(ratios[0], ratios[-1]) >= TEXT_CONTRAST
    assert min(ratios) >= 4.5


@themes
def test_for_and_against_meet_across_a_gap_and_the_majority_line_on_its_halo(
    qtbot: QtBot, theme: Theme
) -> None:
    """Where FOR's and AGAINST's parts touch (no challenged ballot between them), the
    bar shows the background between, and the majority line runs on the background."""
    bar = RaceBar(("FOR", "AGAINST"))
    qtbot.addWidget(bar)
    bar.resize(800, 90)
    bar.set_theme(theme, (theme.for_colour, theme.against_colour))
    bar.set_votes((60, 40), 0)  # they meet at 60 %, the majority line at 50 %
    image = bar.grab().toImage()
    row = 45  # the middle of the track
    meeting = round(800 * 0.6)
    colours = [image.pixelColor(QPoint(x, row)).name() for x in range(meeting - 6, meeting + 7)]
    assert theme.for_colour in colours and theme.against_colour in colours
    assert theme.background in colours, colours
    middle = [image.pixelColor(QPoint(x, row)).name() for x in range(392, 409)]
    assert QColor(theme.text).name() in middle, middle
    assert theme.background in middle, middle
    assert image.pixelColor(QPoint(300, row)) == QColor(theme.for_colour)
    assert image.pixelColor(QPoint(700, row)) == QColor(theme.against_colour)
