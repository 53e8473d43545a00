"""A mail ballot's envelope stage: finding a voter as one types, and a ruling's commit.

Not a test: it prints figures.

* `envelope_search_p99_ms`: a voter list of 50,000 names in the real envelope window
  (offscreen); names and ids typed one character at a time, as an operator types them;
  the time from the keystroke's text reaching the search field to the list narrowed
  and refilled (the search and the list widget), p99 over every keystroke. Target <= 16,
  a frame: a human limit, judged as it is. Beside it, for each keystroke, a bare loop
  finding the same text in every voter's id and name, as a search without an index
  would (`envelope_loop_p99_ms`; `envelope_search_vs_loop` shown).
* `envelope_commit_ratio`: the median commit of one ruling (`CountSession.rule_envelope`:
  the rules, the append, the fold) over the median commit of one call
  (`CountSession.record`), interleaved in two files of the same folder, same run.
  "As fast as a call's": target <= 1.25 (runs move by about 10%).

    .venv/bin/python bench/envelopes.py [--voters 50000] [--rulings 1000]

The last line printed is one JSON object with the figures.
"""

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from arguments import whole  # bench/ is the script's folder, so on sys.path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from common import JFK8, percentile  # bench/ is the script's folder, so on sys.path

from station.domain import Call
from station.domain.envelopes import Ruling
from station.domain.voters import Voter, VoterList
from station.journal import Journal
from station.journal.session import CountSession

FIRST = [
    "Ada",
    "Alan",
    "Barbara",
    "Donald",
    "Edsger",
    "Frances",
    "Grace",
    "Hedy",
    "John",
    "Katherine",
    "Ken",
    "Linus",
    "Margaret",
    "Radia",
    "Tim",
    "Wei",
]
LAST = [
    "Allen",
    "Backus",
    "Dijkstra",
    "Hamilton",
    "Hopper",
    "Johnson",
    "Knuth",
    "Lamarr",
    "Lee",
    "Liskov",
    "Lovelace",
    "Perlman",
    "Ritchie",
    "Thompson",
    "Torvalds",
    "Turing",
]


def voter_list(size: int, seed: int = 50) -> VoterList:
    rng = random.Random(seed)
    return VoterList.of(
        tuple(
            Voter(str(100_000 + n), f"{rng.choice(FIRST)} {rng.choice(LAST)}-{rng.randrange(1000)}")
            for n in range(size)
        )
    )


def mail_setup(size: int):
    return replace(JFK8, eligible=size, mail=True, pile=0)


def bare_loop(keys: list[str], typed: str) -> list[int]:
    """The voters whose id or name holds `typed`, every one of them looked at."""
    needle = " ".join(typed.split()).casefold()
    return [position for position, key in enumerate(keys) if needle in key]


def search_p99_ms(
    folder: Path, voters: VoterList, typed: int = 300, loops: list[float] | None = None
) -> tuple[float, float, int]:
    """(p99, p50, keystrokes) of narrowing the real window's list on each keystroke.

    `loops`, if given, gets the time of `bare_loop` for the same text at each keystroke.
    """
    from PySide6.QtWidgets import QApplication

    from station.ui.envelopes.controller import EnvelopeController
    from station.ui.envelopes.window import EnvelopeWindow

    app = QApplication.instance() or QApplication([])
    path = folder / "search.station"
    Journal.create(path, mail_setup(len(voters)), voters)
    window = EnvelopeWindow(EnvelopeController(Journal.open(path)))
    window.show()
    app.processEvents()
    rng = random.Random(7)
    times: list[float] = []
    keys = [f"{voter.id} {voter.name}".casefold() for voter in voters.voters]
    for _ in range(typed):
        voter = voters.voters[rng.randrange(len(voters))]
        text = voter.id if rng.random() < 0.4 else voter.name.split("-")[0].lower()
        window.search.clear()
        app.processEvents()
        for char in text[: rng.randint(3, len(text))]:
            begin = time.perf_counter_ns()
            window.search.insert(char)  # textChanged narrows the list, synchronously
            times.append((time.perf_counter_ns() - begin) / 1e6)
            if loops is not None:
                begin = time.perf_counter_ns()
                bare_loop(keys, window.search.text())
                loops.append((time.perf_counter_ns() - begin) / 1e6)
        app.processEvents()
    window.close()
    return percentile(times, 0.99), percentile(times, 0.5), len(times)


def commit_ratio(folder: Path, voters: VoterList, rulings: int) -> tuple[float, float, float]:
    """(ratio, ruling median ms, call median ms), interleaved in the same folder."""
    mail_path, count_path = folder / "rulings.station", folder / "calls.station"
    Journal.create(mail_path, mail_setup(len(voters)), voters)
    Journal.create(count_path, JFK8)
    mail = CountSession.resume(Journal.open(mail_path), keep=0)
    count = CountSession.resume(Journal.open(count_path), keep=0)
    ruling_ms: list[float] = []
    call_ms: list[float] = []
    kinds = [Ruling.ACCEPTED] * 8 + [Ruling.CHALLENGED, Ruling.VOID]
    for index in range(rulings):
        begin = time.perf_counter_ns()
        mail.rule_envelope(kinds[index % len(kinds)], voters.voters[index].id)
        ruling_ms.append((time.perf_counter_ns() - begin) / 1e6)
        begin = time.perf_counter_ns()
        count.record(Call.FOR if index % 2 else Call.AGAINST)
        call_ms.append((time.perf_counter_ns() - begin) / 1e6)
    mail.journal.close()
    count.journal.close()
    ruling, call = statistics.median(ruling_ms), statistics.median(call_ms)
    return ruling / call, ruling, call


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--voters", type=whole(1), default=50_000)
    parser.add_argument("--rulings", type=whole(1), default=1000)
    args = parser.parse_args()
    voters = voter_list(args.voters)
    with tempfile.TemporaryDirectory(prefix="station-bench-", dir=Path.cwd()) as name:
        os.environ["XDG_DATA_HOME"] = name
        loops: list[float] = []
        p99, p50, keystrokes = search_p99_ms(Path(name), voters, loops=loops)
        ratio, ruling, call = commit_ratio(Path(name), voters, args.rulings)
    print(f"voter list of {len(voters):,}: {keystrokes:,} keystrokes narrowing the window's list")
    print(f"  p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    loop_p99 = percentile(loops, 0.99)
    print(
        f"  a bare loop over every voter for the same text: p50 {percentile(loops, 0.5):.2f} ms,"
        f" p99 {loop_p99:.2f} ms"
    )
    print(f"commit, {args.rulings:,} each, interleaved: ruling {ruling:.3f} ms, call {call:.3f} ms")
    figures = {
        "envelope_search_p99_ms": round(p99, 2),
        "envelope_search_p50_ms": round(p50, 2),
        "envelope_loop_p99_ms": round(loop_p99, 2),
        "envelope_search_vs_loop": round(p99 / loop_p99, 3),
        "envelope_commit_ratio": round(ratio, 3),
        "envelope_ruling_ms": round(ruling, 3),
        "envelope_call_ms": round(call, 3),
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
