"""The announcer: progress at most every few seconds, the latest said after a pause;
statements at once, only those new, a problem interrupting."""

import pytest
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleValueChangeEvent
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from station.ui import announce
from station.ui.announce import Announcer
from tests.ui.announcing import Said


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_progress_is_said_at_most_every_few_seconds_the_latest_last(
    qtbot: QtBot, said: Said
) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    clock = Clock()
    announcer = Announcer(widget, every_s=5.0, clock=clock)
    announcer.progress("Ballot 1: FOR 1, AGAINST 0")
    announcer.progress("Ballot 2: FOR 2, AGAINST 0")
    announcer.progress("Ballot 3: FOR 2, AGAINST 1")
    assert said == [("Ballot 1: FOR 1, AGAINST 0", False)]
    clock.now += 5.0
    announcer.progress("Ballot 4: FOR 3, AGAINST 1")  # the pause is over: said now
    assert said[-1] == ("Ballot 4: FOR 3, AGAINST 1", False)
    announcer.progress("Ballot 4: FOR 3, AGAINST 1")  # the same again: never said twice
    assert len(said) == 2


def test_the_last_progress_of_a_burst_is_said_when_the_pause_is_over(
    qtbot: QtBot, said: Said
) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    announcer = Announcer(widget, every_s=0.05)
    for number in range(1, 6):
        announcer.progress(f"Ballot {number}")
    qtbot.waitUntil(lambda: len(said) == 2)
    assert [text for text, _ in said] == ["Ballot 1", "Ballot 5"]


def test_only_new_statements_are_said_and_an_urgent_one_interrupts(
    qtbot: QtBot, said: Said
) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    announcer = Announcer(widget)
    announcer.statements(["Line 8", ""])  # as the window opened: nothing changed yet
    assert said == []
    announcer.statements(["Line 8", "Result decided"])
    assert said == [("Result decided", False)]
    announcer.statements(
        ["Line 8", "Result decided", "Table 2 left out"], urgent=["Table 2 left out"]
    )
    assert said[-1] == ("Table 2 left out", True)


def test_before_qt_6_8_a_value_change_carries_the_message(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget = QWidget()
    qtbot.addWidget(widget)
    sent: list[tuple[QAccessible.Event, object]] = []

    def update(event: QAccessibleEvent) -> None:
        value = event.value() if isinstance(event, QAccessibleValueChangeEvent) else None
        sent.append((event.type(), value))

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(update))
    monkeypatch.setattr(announce, "ANNOUNCEMENT", None)
    announce.announce(widget, "Ballot 1: FOR 1, AGAINST 0", assertive=True)
    assert sent == [(QAccessible.Event.ValueChanged, "Ballot 1: FOR 1, AGAINST 0")]
