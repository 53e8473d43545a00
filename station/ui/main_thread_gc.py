"""Python's cycle collector, run only in the windows' thread.

CPython collects reference cycles in whichever thread crosses its allocation
threshold. Windows end up in cycles (a widget's slots refer back to it), so a closed
window can wait for the collector; if a network thread (a remote dashboard's feed, a
served count in the tests) happens to trigger it, Qt objects are destroyed from that
thread: Qt warns "Timers cannot be stopped from another thread" and, later, crashes.
Seen on Python 3.13: a segfault in the event loop after a witness test.

So, in a process with windows, automatic collection is off and a timer in the windows'
thread collects when the collector would have (`Collector`), looked at every second.
This is the recipe calibre and pyqtgraph use (PyQt mailing list, August 2011).
"""

import gc

from PySide6.QtCore import QObject, QTimer

CHECK_EVERY_MS = 1000


class Collector:
    """Collects the generations CPython's collector would have collected by now.

    The same thresholds, and CPython's own rule for the oldest generation (gcmodule.c,
    "avoid quadratic performance degradation"): a full collection only once the objects
    that reached it since the last one are a quarter of those it held then. A full
    collection walks every object of the process (some 60,000 in a station's window:
    20 to 60 ms, a frame or more the window cannot move); run every tenth collection of
    the middle generation, as the thresholds alone would have it, it froze the window
    every few minutes of a count for nothing: the objects a count keeps live for good.
    """

    def __init__(self) -> None:
        self._long_lived = len(gc.get_objects(generation=2))

    def collect_if_due(self) -> int:
        """Collect what is due; return how many unreachable objects were found (0 when
        nothing was due)."""
        young, middle, old = gc.get_count()
        threshold = gc.get_threshold()
        if young <= threshold[0]:
            return 0
        generation = 0
        if middle > threshold[1]:
            generation = 1
            # A third threshold of 0 (Python 3.14's incremental collector) means the old
            # generation is collected in steps by collect(1), never all at once here.
            if threshold[2] and old > threshold[2] and self._old_generation_grew():
                generation = 2
        found = gc.collect(generation)
        if generation == 2:
            self._long_lived = len(gc.get_objects(generation=2))
        return found

    def _old_generation_grew(self) -> bool:
        pending = len(gc.get_objects(generation=2)) - self._long_lived
        return pending >= self._long_lived / 4


class MainThreadCollector(QObject):
    """Turns automatic collection off and collects from a timer in this object's
    thread (create it in the windows' thread, with the application as parent)."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = CHECK_EVERY_MS) -> None:
        super().__init__(parent)
        gc.disable()
        self._collector = Collector()
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._collector.collect_if_due)
        self._timer.start()
