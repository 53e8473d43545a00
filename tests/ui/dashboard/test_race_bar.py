"""The race picture says what tally line 8 says: hatched ballots across the majority line."""

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station.domain import Tally
from station.ui.dashboard.race_bar import RaceBar
from station.ui.dashboard.theme import DARK

counts = st.integers(min_value=0, max_value=5000)


def test_jfk8_shares(qtbot: QtBot) -> None:
    bar = RaceBar(("FOR", "AGAINST"))
    qtbot.addWidget(bar)
    bar.set_votes((2654, 2131), 67)
    for_share, challenged_share, against_share = bar.segments()
    assert (for_share, challenged_share, against_share) == (
        2654 / 4852,
        67 / 4852,
        2131 / 4852,
    )
    assert for_share > 0.5  # FOR past the majority line: the union has line 9


def test_nothing_counted_draws_an_empty_bar(qtbot: QtBot) -> None:
    bar = RaceBar(("FOR", "AGAINST"))
    qtbot.addWidget(bar)
    bar.resize(800, 90)
    assert bar.segments() == (0.0, 0.0, 0.0)
    assert not bar.grab().isNull()


@given(for_union=counts, against=counts, challenged=counts)
def test_the_hatched_part_crosses_the_majority_line_exactly_when_challenges_count(
    qapp: QApplication, for_union: int, against: int, challenged: int
) -> None:
    tally = Tally(for_union=for_union, against=against, challenged=challenged)
    bar = RaceBar(("FOR", "AGAINST"))
    bar.set_votes((for_union, against), challenged)
    for_share, challenged_share, against_share = bar.segments()
    total = tally.valid_plus_challenged
    if total == 0:
        return
    # Shares are exact fractions of line 7; compare them the way the eye does, in
    # whole ballots, to keep float rounding out of the question.
    assert round(for_share * total) == for_union
    assert round((for_share + challenged_share) * total) == for_union + challenged
    assert round(against_share * total) == against
    covers = 2 * for_union <= total < 2 * (for_union + challenged)
    assert covers == tally.challenges_determinative


def test_each_union_between_the_ends_is_named_inside_its_own_part(qtbot: QtBot) -> None:
    """Colour is never the only cue: the first choice is named at the bar's left end,
    the last at its right, and each between them inside its own part (its first word
    where the whole name does not fit)."""
    bar = RaceBar(("Machinists", "Carpenters Local 12", "Teamsters Local 901", "Neither"))
    qtbot.addWidget(bar)
    bar.resize(1280, 110)
    bar.set_votes((10, 50, 14, 18), 8)
    (wide, wide_word, _), (narrow, narrow_word, _) = bar.inner_words()
    parts = bar.parts()
    assert (narrow, narrow_word) == (parts[2], "Teamsters")
    # The majority line (at 640) crosses the second part: its name goes beside the line.
    assert wide_word == "Carpenters Local 12" and parts[1].contains(wide) and wide.right() < 640
    bar.set_votes((33, 25, 1, 20), 8)  # too narrow for any word: the words below list it
    assert [word for _, word, _ in bar.inner_words()] == ["Carpenters", ""]
    assert not bar.grab().isNull()


def test_the_challenged_ballots_are_hatched_not_only_coloured(qtbot: QtBot) -> None:
    bar = RaceBar(("FOR", "AGAINST"))
    qtbot.addWidget(bar)
    bar.resize(800, 90)
    bar.set_theme(DARK, (DARK.for_colour, DARK.against_colour))
    bar.set_votes((30, 30), 40)
    image = bar.grab().toImage()
    swing = bar.parts()[1]
    row = round(swing.center().y())
    seen = {
        image.pixelColor(QPoint(x, row)).name()
        for x in range(round(swing.left()) + 4, round(swing.right()) - 4)
    }
    assert {DARK.challenged_colour, DARK.track} <= seen, seen
