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

from station.ui.main_thread_gc import Collector, MainThreadCollector


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
    assert Collector().collect_if_due() == 0


def _due(generation: int) -> list[object]:
    """Make `generation` due by the thresholds alone; returns what keeps the young due."""
    threshold = gc.get_threshold()
    for _ in range(threshold[2] + 1 if generation == 2 else 0):
        gc.collect(1)
    for _ in range(threshold[1] + 1):
        gc.collect(0)
    return [[] for _ in range(threshold[0] + 1)]


@pytest.mark.skipif(gc.get_threshold()[2] == 0, reason="an incremental collector (3.14)")
def test_the_old_generation_is_collected_only_once_it_grew_by_a_quarter() -> None:
    """A full collection walks every object of the window's process (tens of ms): due by
    the thresholds alone it would run every tenth collection of the middle generation."""
    gc.collect()
    collector = Collector()
    started: list[int] = []

    def note(moment: str, info: dict[str, int]) -> None:
        if moment == "start":
            started.append(info["generation"])

    gc.callbacks.append(note)
    try:
        young = _due(2)
        collector.collect_if_due()
        assert started[-1] == 1  # nothing new lives long: the middle generation only
        grown = [[] for _ in range(len(gc.get_objects(generation=2)) // 3)]
        gc.collect(1)  # they reach the old generation
        still_young = _due(2)
        collector.collect_if_due()
        assert started[-1] == 2
    finally:
        gc.callbacks.remove(note)
    del young, still_young, grown
