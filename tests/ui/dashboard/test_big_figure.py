"""The dashboard's figures: readable across a room at the sizes a projector gives them."""

from pytestqt.qtbot import QtBot

from station.ui.dashboard.standalone import standalone_dashboard
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed


def smalls(window: DashboardWindow) -> tuple:
    return (window.void_figure, window.challenged_figure, window.valid_figure)


def test_the_small_figures_stay_readable_on_a_1280_by_720_projector(
    qtbot: QtBot, controller: CountController
) -> None:
    """At 1280x720 VOID, CHALLENGED and VALID VOTES above their numbers would be 7
    pixels high; they are drawn beside them there."""
    window = standalone_dashboard(ControllerFeed(controller), "dark", hide_challenges=False)
    qtbot.addWidget(window)
    window.show()
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: "font-size: 33px" in window.styleSheet())  # scaled to 1280x720
    figures = smalls(window)
    qtbot.waitUntil(lambda: figures[0].height() < 60)
    assert all(figure.on_one_line() for figure in figures), [f.size() for f in figures]
    sizes = [figure.word_font().pixelSize() for figure in figures]
    assert max(sizes) - min(sizes) <= 1, sizes  # one size for the three (heights differ by 1)
    assert min(sizes) >= 12, sizes
    window.resize(1600, 1000)
    qtbot.waitUntil(lambda: "font-size: 33px" not in window.styleSheet())
    sizes = [figure.word_font().pixelSize() for figure in figures]
    assert max(sizes) - min(sizes) <= 1, sizes  # VOID was drawn 26 pixels, CHALLENGED 16
