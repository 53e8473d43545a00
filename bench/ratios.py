"""Judging the benchmarks' figures: each beside the anchor it is measured against.

This project's machines run everything faster or slower by a factor of two from one
hour to the next (other work on the same two cores, another machine). A figure divided
by an anchor measured in the same run, on the same file and disk, keeps what the code
does and drops what the hour does: the anchor stands for the limit the figure chases
(a bare read of the same rows, a bare commit, the same parts done alone).

Each ratio is a figure over its anchor, both in the same unit. A bench that measures
in rounds takes the best of each, figure and anchor alike (`best`), as `timeit` does:
other work on the machine only ever adds time, and a burst of it that hit one
measurement of a round would otherwise move the ratio by half.

Only human limits are absolute: what an operator or an observer waits for (a keypress
seen within a frame, a call on the dashboard within a quarter of a second) and the
memory both windows hold, which no machine's speed changes.
"""

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Figures = Mapping[str, float]


@dataclass(frozen=True)
class Ratio:
    """`key` = `figure` / `anchor`, judged against `target` (None: shown, not judged)."""

    key: str
    figure: str
    anchor: str
    sense: str | None = None  # "<=" or ">="
    target: float | None = None


@dataclass(frozen=True)
class Limit:
    """A human limit: `key` judged as it is, `anchor` shown beside it (the floor below it)."""

    key: str
    sense: str
    target: float
    anchor: str | None = None


RATIOS = (
    # A walk of the chain is a read of every row plus a hash of each: it may not fall
    # far below the read alone.
    Ratio("verify_vs_scan", "verify_events_per_s", "scan_rows_per_s", ">=", 0.8),
    # A plain Python check of the chain, reading and hashing each row on one core.
    Ratio("verify_vs_scan_hash", "verify_events_per_s", "scan_hash_rows_per_s"),
    # How far a compiled walk could go: hashlib over the same canonical bytes, at once.
    Ratio("verify_vs_hash_floor", "verify_events_per_s", "hash_floor_events_per_s"),
    # verify_vs_scan in CPU seconds (verify's checking processes included): the work,
    # whatever share of the machine each was given. Under load Linux shares the CPU
    # between sessions (autogroups): verify's second process then brings nothing, and
    # verify_vs_scan falls to this.
    Ratio("verify_vs_scan_cpu", "scan_cpu_s", "verify_cpu_s"),
    Ratio("export_vs_parts", "export_s", "export_parts_s", "<=", 1.5),
    # Both check the same chain as verify, and fold the same events.
    Ratio("open_after_crash_vs_verify", "open_after_crash_s", "verify_s", "<=", 1.2),
    Ratio("dashboard_start_vs_verify", "dashboard_start_1m_s", "verify_s", "<=", 1.2),
    # Opening a file a station closed starts from its snapshot: a fraction of one bare
    # read of its rows, and a few times the opening of a new file (shown).
    Ratio("open_1m_vs_scan", "open_1m_s", "scan_s", "<=", 0.25),
    Ratio("open_1m_vs_open_new", "open_1m_s", "open_new_s"),
    Ratio("commit_ratio", "station_commit_ms", "bare_commit_ms", "<=", 1.5),
    Ratio("envelope_commit_ratio", "envelope_ruling_ms", "envelope_call_ms", "<=", 1.25),
    Ratio("keypress_vs_repaint", "keypress_p99_ms", "keypress_repaint_p99_ms"),
    # The floor of a station that shows a call only once it is on the disk: a bare
    # sqlite3 commit (WAL, synchronous=FULL, same disk) then the bare repaint. A slow
    # keypress is mostly the disk's flush, which this anchor shares: it says whether a
    # missed frame was the disk's hour. Shown, not judged: the bare repaint is of the
    # whole window, more than a call repaints, so as a bound it would hardly ever fail.
    Ratio("keypress_vs_floor", "keypress_p99_ms", "keypress_floor_p99_ms"),
    Ratio("keypress_floor_vs_bare_commit", "keypress_floor_p99_ms", "keypress_bare_commit_p99_ms"),
    Ratio(
        "keypress_20_followers_vs_repaint",
        "keypress_p99_ms_20_followers",
        "keypress_repaint_p99_ms_20_followers",
    ),
    Ratio(
        "keypress_20_followers_vs_floor",
        "keypress_p99_ms_20_followers",
        "keypress_floor_p99_ms_20_followers",
    ),
    Ratio("envelope_search_vs_loop", "envelope_search_p99_ms", "envelope_loop_p99_ms"),
    # The verifier page (Station's Python in Pyodide, in Chromium) beside the command
    # `station verify` on the same 100,000-event export, from folder picked to verdict.
    Ratio("browser_verify_vs_cli", "browser_verify_s", "cli_verify_s", "<=", 2.0),
    # The Python verifier page ready (Station's modules and wheels unpacked and imported)
    # beside the same page holding the Pyodide runtime alone, in the same browser.
    Ratio("page_ready_vs_bare_pyodide", "python_page_ready_ms", "bare_pyodide_ready_ms", "<=", 1.5),
)
LIMITS = (
    Limit("keypress_p99_ms", "<=", 16, "keypress_repaint_p99_ms"),
    # The slowest keypress of the run: a frame the operator sees freeze. Beside it the
    # slowest bare durable commit of the same run: a disk that stalled that long.
    Limit("keypress_max_ms", "<=", 100, "keypress_bare_commit_max_ms"),
    Limit("keypress_p99_ms_20_followers", "<=", 16, "keypress_repaint_p99_ms_20_followers"),
    Limit("envelope_search_p99_ms", "<=", 16, "envelope_loop_p99_ms"),
    Limit("dashboard_lag_p99_ms", "<=", 250),
    Limit("feed_lag_p99_ms", "<=", 250),
    Limit("keypress_p99_ms_slow_clients", "<=", 16),
    Limit("feed_lag_p99_ms_slow_clients", "<=", 250),
    # Under the attack, no follower's request may find the feed gone.
    Limit("follower_requests_lost", "<=", 0),
    # The dashboard in the operator's own process: a call painted within two frames.
    Limit("dashboard_inprocess_p99_ms", "<=", 33),
    Limit("rss_mb", "<=", 150),
    # An observer's phone showing a call after its commit, checked in the browser.
    Limit("browser_live_lag_p99_ms", "<=", 500),
    # An observer's tap on a slow phone, stored and reconciled on screen (tally along).
    Limit("tally_along_p99_ms", "<=", 100),
    # The Python verifier page, downloaded once by an observer's phone.
    Limit("python_page_mb", "<=", 12),
    # A real count's export (6,000 events) checked on a slow phone, Python's start
    # included: an observer's patience, not a machine's.
    Limit("phone_verify_6000_s", "<=", 10),
)


@dataclass(frozen=True)
class Verdict:
    """One line of the judgement: the value, what it was judged against, and whether it held."""

    key: str
    value: float
    sense: str | None
    target: float | None
    figure: str | None = None  # a ratio's figure and anchor, with their values
    figure_value: float | None = None
    anchor: str | None = None
    anchor_value: float | None = None

    @property
    def met(self) -> bool | None:
        """True or False against the target; None where there is none."""
        if self.sense is None or self.target is None:
            return None
        return self.value <= self.target if self.sense == "<=" else self.value >= self.target

    def line(self) -> str:
        """The verdict as run.py prints it."""
        word = {True: "met", False: "NOT MET", None: "(shown)"}[self.met]
        judged = "" if self.sense is None else f"{self.sense} {self.target:g}"
        text = f"  {self.key:34} {_number(self.value):>10} {judged:>8}  {word:8}"
        if self.figure is not None:
            text += f"  {self.figure} {_number(self.figure_value)}"
            text += f" / {self.anchor} {_number(self.anchor_value)}"
        elif self.anchor is not None:
            text += f"  beside {self.anchor} {_number(self.anchor_value)}"
        return text


def ratio(figures: Figures, figure: str, anchor: str) -> float:
    """`figure` over `anchor`."""
    return figures[figure] / figures[anchor]


def best(rounds: Sequence[Figures], key: str) -> float:
    """The best of the rounds' `key`: the least time, the most a second; else the median
    (memory, sizes)."""
    values = [one[key] for one in rounds]
    if key.endswith("_per_s"):
        return max(values)
    if key.endswith(("_s", "_ms")):
        return min(values)
    return statistics.median(values)


def with_ratios(rounds: Sequence[Figures]) -> dict[str, float]:
    """The best of each figure over the rounds, and every ratio of those it holds."""
    figures = {key: best(rounds, key) for key in rounds[0]}
    for each in RATIOS:
        if each.figure in figures and each.anchor in figures:
            figures[each.key] = round(ratio(figures, each.figure, each.anchor), 3)
    return figures


def judge(figures: Figures) -> list[Verdict]:
    """A verdict for every ratio and limit whose figure was measured.

    A ratio a bench did not report itself (a bench of one round) is worked out here
    from its figure and anchor.
    """
    verdicts = []
    for each in RATIOS:
        if each.figure not in figures or each.anchor not in figures:
            continue
        value = figures.get(each.key, round(ratio(figures, each.figure, each.anchor), 3))
        verdicts.append(
            Verdict(
                each.key,
                value,
                each.sense,
                each.target,
                each.figure,
                figures[each.figure],
                each.anchor,
                figures[each.anchor],
            )
        )
    for limit in LIMITS:
        if figures.get(limit.key) is None:  # not measured (slow_clients.py with no follower)
            continue
        anchor = limit.anchor if limit.anchor in figures else None
        verdicts.append(
            Verdict(
                limit.key,
                figures[limit.key],
                limit.sense,
                limit.target,
                anchor=anchor,
                anchor_value=None if anchor is None else figures[anchor],
            )
        )
    return verdicts


def _number(value: float | None) -> str:
    if value is None:
        return ""
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.3g}" if abs(value) < 1 else f"{value:,.3f}".rstrip("0").rstrip(".")
