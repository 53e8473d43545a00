"""A running figure is said every 10 calls, or 5 s after any, never at each call."""

from station.domain.cadence import Cadence


def test_a_brisk_count_is_said_every_ten_calls() -> None:
    cadence = Cadence()
    said = [n for n in range(1, 41) if cadence.due(n, now=100 + n * 0.2)]
    assert said == [1, 11, 21, 31]


def test_a_slow_count_is_said_five_seconds_after_the_last_said() -> None:
    cadence = Cadence()
    assert cadence.due(3, now=0.0)
    assert not cadence.due(4, now=4.9)
    assert cadence.due(4, now=5.0)
    assert not cadence.due(4, now=60.0)  # nothing moved: nothing said


def test_an_undo_moves_the_figure_too() -> None:
    cadence = Cadence()
    assert cadence.due(12, now=0.0)
    assert not cadence.due(11, now=1.0)
    assert cadence.due(11, now=6.0)
