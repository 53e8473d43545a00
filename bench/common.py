"""What every benchmark shares: the election it counts, the percentile it reports, and
how a signal ends it."""

import signal
from types import FrameType

from station.domain import ElectionSetup

# The JFK8 election (Staten Island, 2022), box size not given, piles of 100; a benchmark
# that counts another way takes `dataclasses.replace(JFK8, ...)`.
JFK8 = ElectionSetup(
    case_number="29-RC-288020",
    employer="Amazon.com Services LLC",
    union="Amazon Labor Union",
    eligible=8325,
)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(round(share * (len(ordered) - 1)), len(ordered) - 1)]


def end_on_signals() -> None:
    """Ctrl+C, SIGTERM or SIGHUP end the benchmark as an exception (exit 128 + signal), so
    that its `finally` stops the processes it started and its temporary folder goes.
    Station's windows end their event loop on these signals; a benchmark that drives a
    window runs none, and would measure on."""

    def end(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    for each in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(each, end)
