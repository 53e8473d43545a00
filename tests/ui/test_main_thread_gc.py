"""Reference cycles holding Qt objects are collected in the windows' thread, never in
another thread that happens to allocate (Python 3.13 crashed when a served count's
request thread destroyed a closed window's timers)."""

import gc
import threading
from collections.abc import Iterator
from typing import ClassVar

import pytest
from PySide6.QtCore import QObject, QTimer
from pytestqt.qtbot import QtBot

from station.ui.main_thread_gc import MainThreadCollector, collect_if_due


class Cyclic(QObject):
    """A closed window in small: a running timer, and a cycle back to itself."""

    collected_in: ClassVar[list[str]] = []

    def __init__(self) -> None:
        super().__init__()
        self.timer = QTimer(self)
        self.timer.start(60_000)
        self.myself = self

    def __del__(self) -> None:
        Cyclic.collected_in.append(threading.current_thread().name)


@pytest.fixture
def automatic_gc() -> Iterator[None]:
    """A fresh process's collector (the test run turns it off), restored after."""
    gc.collect()
    gc.enable()
    try:
        yield
    finally:
        gc.disable()


def allocate_in_a_thread(count: int) -> list[list[int]]:
    """What a feed's request thread does: allocate (enough to trip the collector)."""
    made: list[list[int]] = []
    worker = threading.Thread(
        target=lambda: made.extend([i] for i in range(count)), name="request-thread"
    )
    worker.start()
    worker.join()
    return made


def test_a_cycle_is_collected_by_the_windows_thread_not_by_a_thread_that_allocates(
    qtbot: QtBot, automatic_gc: None
) -> None:
    collector = MainThreadCollector(interval_ms=20)
    assert not gc.isenabled()
    Cyclic.collected_in.clear()
    Cyclic()  # dropped at once: only the collector can free it
    kept = allocate_in_a_thread(50 * gc.get_threshold()[0])
    assert Cyclic.collected_in == []  # without the collector: ["request-thread"]
    qtbot.waitUntil(lambda: Cyclic.collected_in != [], timeout=5000)
    assert Cyclic.collected_in == [threading.main_thread().name]
    del kept
    collector.deleteLater()


def test_without_it_the_thread_that_allocates_collects(automatic_gc: None) -> None:
    """The hazard itself, so the test above proves something on this Python (shown
    with a plain object: a Qt one warns "Timers cannot be stopped from another thread",
    the message that failed a witness test before Python 3.13 crashed)."""

    class Plain:
        def __init__(self) -> None:
            self.myself = self

        def __del__(self) -> None:
            Cyclic.collected_in.append(threading.current_thread().name)

    Cyclic.collected_in.clear()
    Plain()
    kept = allocate_in_a_thread(50 * gc.get_threshold()[0])
    assert Cyclic.collected_in == ["request-thread"]
    del kept


def test_nothing_is_collected_before_it_is_due() -> None:
    gc.collect()
    assert collect_if_due() == 0
