"""The choice of screen for the dashboard: a pure function, no QApplication needed."""

from station.ui.dashboard.screens import Placement, ScreenInfo, choose_placement

LAPTOP = ScreenInfo("eDP-1", 1920, 1080, primary=True)
PROJECTOR = ScreenInfo("HDMI-1", 1280, 720, projector=True)
BIG_TV = ScreenInfo("DP-1", 3840, 2160)
SMALL = ScreenInfo("DP-2", 1024, 768)


def test_one_screen_gives_a_normal_window_on_it() -> None:
    assert choose_placement([LAPTOP], "eDP-1") == Placement("eDP-1", full_screen=False)


def test_no_screen_at_all_gives_a_normal_window() -> None:
    assert choose_placement([], None) == Placement(None, full_screen=False)


def test_a_second_screen_gets_the_dashboard_full_screen() -> None:
    assert choose_placement([LAPTOP, SMALL], "eDP-1") == Placement("DP-2", full_screen=True)


def test_never_the_operators_screen_even_if_it_is_the_largest() -> None:
    assert choose_placement([BIG_TV, SMALL], "DP-1") == Placement("DP-2", full_screen=True)


def test_a_projector_wins_over_a_larger_screen() -> None:
    placement = choose_placement([LAPTOP, BIG_TV, PROJECTOR], "eDP-1")
    assert placement == Placement("HDMI-1", full_screen=True)


def test_the_largest_other_screen_when_no_projector() -> None:
    assert choose_placement([LAPTOP, SMALL, BIG_TV], "eDP-1").screen == "DP-1"


def test_unknown_operator_screen_means_the_primary_one() -> None:
    assert choose_placement([SMALL, LAPTOP], None) == Placement("DP-2", full_screen=True)
    assert choose_placement([LAPTOP], "gone") == Placement("eDP-1", full_screen=False)


def test_the_same_screens_in_any_order_give_the_same_answer() -> None:
    twin = ScreenInfo("DP-3", 1024, 768)
    assert choose_placement([LAPTOP, twin, SMALL], "eDP-1") == choose_placement(
        [SMALL, LAPTOP, twin], "eDP-1"
    )
