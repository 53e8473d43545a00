"""Auto-repeat is refused however the platform reports it."""

from station.ui.operator.key_guard import KeyRepeatGuard

F = 0x46


def test_flagged_repeats_are_refused() -> None:
    guard = KeyRepeatGuard()
    assert guard.press(F, 1000, auto_repeat=False)
    assert not guard.press(F, 1660, auto_repeat=True)


def test_an_x11_release_press_pair_with_one_timestamp_is_a_repeat() -> None:
    guard = KeyRepeatGuard()
    assert guard.press(F, 1000, auto_repeat=False)
    guard.release(F, 1660, auto_repeat=False)  # Qt guessed wrong: no repeat flag
    assert not guard.press(F, 1660, auto_repeat=False)
    guard.release(F, 1700, auto_repeat=False)
    assert not guard.press(F, 1700, auto_repeat=False)


def test_a_real_second_press_counts() -> None:
    guard = KeyRepeatGuard()
    assert guard.press(F, 1000, auto_repeat=False)
    guard.release(F, 1090, auto_repeat=False)
    assert guard.press(F, 1180, auto_repeat=False)


def test_synthetic_events_without_time_always_count() -> None:
    guard = KeyRepeatGuard()
    guard.release(F, 0, auto_repeat=False)
    assert guard.press(F, 0, auto_repeat=False)
    assert guard.press(F, 0, auto_repeat=False)
