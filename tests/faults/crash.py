"""A station killed mid-count and what must be found after: shared by the crash tests."""

from dataclasses import dataclass, field
from pathlib import Path

from station.journal import Journal
from tests.helpers import verify_file

EXPECTED_ACTION = {"F": "call", "A": "call", "C": "call", "V": "call", "U": "undo", "R": "redo"}
EXPECTED_ACTION |= {"W": "resolve", "S": "resolve", "O": "resolve"}


@dataclass
class Figures:
    kills: int = 0
    kills_while_starting: int = 0
    calls_acknowledged: int = 0
    events_acknowledged: int = 0
    in_flight_committed: int = 0
    in_flight_not_committed: int = 0
    lost: int = 0
    doubled: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"kills {self.kills} ({self.kills_while_starting} while starting), calls acknowledged"
            f" {self.calls_acknowledged}, events acknowledged {self.events_acknowledged},"
            f" in flight at the kill: committed {self.in_flight_committed}, not committed"
            f" {self.in_flight_not_committed}; lost {self.lost}, doubled {self.doubled};"
            f" {self.seconds:.0f} s"
        )


def check_after_kill(
    path: Path,
    answers: list[str],
    commands: list[str],
    acknowledged: dict[int, tuple[str, str, str]],
    figures: Figures,
) -> str | None:
    """Compare the file with what was acknowledged; return the in-flight event's action if committed."""
    expected_next: str | None = "open"  # before READY, the session's opening is in flight
    if answers and answers[0].startswith("READY"):
        acknowledged[int(answers[0].split()[1])] = ("open", "None", "None")
        replies = answers[1:]
        # None: it had answered every command, so nothing was in flight.
        expected_next = (
            EXPECTED_ACTION[commands[len(replies)]] if len(replies) < len(commands) else None
        )
        for reply in replies:
            if reply.startswith("ACK "):
                seq, action, call, target = reply.split()[1:]
                acknowledged[int(seq)] = (action, call, target)
                figures.events_acknowledged += 1
                figures.calls_acknowledged += action == "call"
            else:
                assert reply == "NOP", reply  # an undo or redo with nothing to act on
    verdict = verify_file(path)
    assert verdict.ok, f"after kill {figures.kills}: {verdict.problem}"
    journal = Journal.open(path, read_only=True)
    try:
        stored = {r.seq: (r.action, str(r.call), str(r.target)) for r in journal.records()}
    finally:
        journal.close()
    for seq, event in acknowledged.items():
        if stored.get(seq) != event:
            figures.lost += 1
            figures.problems.append(
                f"kill {figures.kills}: event {seq} {event} is {stored.get(seq)}"
            )
    last = max(acknowledged, default=0)
    extra = [stored[seq] for seq in sorted(stored) if seq > last]
    if len(extra) > 1:
        figures.doubled += len(extra) - 1
        figures.problems.append(f"kill {figures.kills}: {len(extra)} events after the last ACK")
    if not extra:
        return None
    if extra[0][0] != expected_next:
        figures.problems.append(
            f"kill {figures.kills}: event {last + 1} is {extra[0]}, but {expected_next} was in flight"
        )
    for offset, event in enumerate(extra, start=1):
        acknowledged[last + offset] = event  # it is in the record now: it must stay
    return extra[0][0]


def assert_nothing_lost(figures: Figures) -> None:
    print(f"\ncrash test: {figures.line()}")
    assert figures.problems == []
    assert (figures.lost, figures.doubled) == (0, 0)
    assert figures.calls_acknowledged > 0
