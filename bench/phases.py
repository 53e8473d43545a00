"""Where the time of one keypress goes: each phase of a call, for the slowest calls.

A slow call is either Station's own work (a phase that took long on the CPU) or the
machine's hour (a durable commit waiting on the disk, the process waiting for a core).
`PhaseClock` times the phases of every call without changing them, by wrapping the
methods on the keypress path, and says which it was:

- `rules`: `Count.check`; `journal`: `Journal.append` (the insert and its durable
  commit); `fold`: `Count.apply`; `gc`: the cycle collector, whenever it ran inside
  the call; `screen`: the rest, the signals and the repaint up to the call's button;
- `file`: 1 when the election file itself was written during the call (a WAL
  checkpoint, which writes the -wal's pages into it), else 0;
- `cpu`: the process's CPU time in the call (all its threads); `waits`: the times it
  gave up a core waiting on something (the disk's flush); `preempted`: the times the
  kernel took the core away (other work on the machine).

A call whose `cpu` is a few ms and whose time is tens of ms was waiting: on the disk
when `journal` holds it, on a core when `preempted` is high.
"""

import gc
import os
import resource
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from station.domain.count import Count
from station.journal import Journal

WRAPPED = ((Count, "check", "rules"), (Journal, "append", "journal"), (Count, "apply", "fold"))
SHOWN = ("total", "rules", "journal", "fold", "gc", "screen", "file", "cpu", "waits", "preempted")


class PhaseClock:
    """Times the phases of each call between `begin` and `end` (see the module)."""

    def __init__(self, election_file: Path) -> None:
        self._file = election_file
        self._phases: dict[str, float] = {}
        self._gc_started = 0
        self._started: tuple[int, float, Any, int] | None = None
        self._undo: list[Callable[[], None]] = []

    def install(self) -> None:
        """Wrap the methods of the keypress path and watch the collector."""
        for owner, name, phase in WRAPPED:
            original = getattr(owner, name)
            setattr(owner, name, self._timed(original, phase))
            self._undo.append(
                lambda owner=owner, name=name, original=original: setattr(owner, name, original)
            )
        gc.callbacks.append(self._on_gc)
        self._undo.append(lambda: gc.callbacks.remove(self._on_gc))

    def uninstall(self) -> None:
        """Put every wrapped method back."""
        while self._undo:
            self._undo.pop()()

    def begin(self) -> None:
        """A call starts now."""
        self._phases = {}
        usage = resource.getrusage(resource.RUSAGE_SELF)
        self._started = (
            os.stat(self._file).st_mtime_ns,
            time.process_time(),
            usage,
            time.perf_counter_ns(),
        )

    def end(self) -> dict[str, float]:
        """The call ends now: its phases, in ms (see the module for each)."""
        assert self._started is not None, "end() without begin()"
        mtime, cpu, usage, begun = self._started
        total = (time.perf_counter_ns() - begun) / 1e6
        now = resource.getrusage(resource.RUSAGE_SELF)
        phases = dict(self._phases)
        for key in ("rules", "journal", "fold", "gc"):
            phases.setdefault(key, 0.0)
        phases["screen"] = total - sum(phases[key] for key in ("rules", "journal", "fold", "gc"))
        phases["total"] = total
        phases["file"] = float(os.stat(self._file).st_mtime_ns != mtime)
        phases["cpu"] = (time.process_time() - cpu) * 1000
        phases["waits"] = float(now.ru_nvcsw - usage.ru_nvcsw)
        phases["preempted"] = float(now.ru_nivcsw - usage.ru_nivcsw)
        self._started = None
        return phases

    def _timed(self, method: Callable[..., Any], phase: str) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter_ns()
            try:
                return method(*args, **kwargs)
            finally:
                self._add(phase, (time.perf_counter_ns() - started) / 1e6)

        return timed

    def _on_gc(self, moment: str, info: dict[str, int]) -> None:
        if moment == "start":
            self._gc_started = time.perf_counter_ns()
        else:
            self._add("gc", (time.perf_counter_ns() - self._gc_started) / 1e6)

    def _add(self, phase: str, ms: float) -> None:
        if self._started is not None:
            self._phases[phase] = self._phases.get(phase, 0.0) + ms


def slowest_lines(calls: list[dict[str, float]], count: int) -> list[str]:
    """The `count` slowest calls, one line each, phase by phase (ms; counts as counts)."""
    ordered = sorted(range(len(calls)), key=lambda index: -calls[index]["total"])[:count]
    lines = [f"  the {len(ordered)} slowest calls, in ms (see bench/phases.py):"]
    lines.append("    call   " + " ".join(f"{key:>9}" for key in SHOWN))
    for index in ordered:
        phases = calls[index]
        cells = (
            f"{phases[key]:9.0f}"
            if key in ("file", "waits", "preempted")
            else f"{phases[key]:9.2f}"
            for key in SHOWN
        )
        lines.append(f"    {index + 1:>6} " + " ".join(cells))
    return lines
