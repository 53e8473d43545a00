"""Kill a station ruling a mail ballot's envelopes, as test_crash.py kills a counting one.

Every acknowledged ruling, undo and redo is in the file exactly once, at most the one
in flight is added, and `verify` passes; then the stage ends and the ballots are
called, and the record still verifies.
"""

import random
import time
from pathlib import Path

import pytest

from station.domain.voters import Voter, VoterList
from station.journal import Journal
from tests.faults import crash
from tests.faults.crash import Figures, assert_nothing_lost, check_after_kill
from tests.faults.helpers import Station
from tests.helpers import verify_file
from tests.mail.helpers import BESSEMER

COMMANDS = ["a"] * 50 + ["c"] * 12 + ["v"] * 6 + ["l"] * 6 + ["u"] * 14 + ["r"] * 8
EXPECTED = {"a": "envelope", "c": "envelope", "v": "envelope", "l": "envelope"}
EXPECTED |= {"u": "envelope_undo", "r": "envelope_redo"}


@pytest.mark.long  # ~8 s of process starts: `.ci/run` runs it with `pytest -m long`
def test_kills_while_ruling_envelopes_lose_and_double_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for command, action in EXPECTED.items():
        monkeypatch.setitem(crash.EXPECTED_ACTION, command, action)
    rng = random.Random(15)
    path = tmp_path / "mail.station"
    voters = VoterList.of(tuple(Voter(str(n), f"Voter {n}") for n in range(1, 301)))
    Journal.create(path, BESSEMER, voters)
    acknowledged: dict[int, tuple[str, str, str]] = {}
    figures = Figures()
    for _ in range(8):
        station = Station(path)
        commands = [rng.choice(COMMANDS) for _ in range(1000)]
        ready = station.line()
        assert ready.startswith("READY ")
        station.send(*commands)
        time.sleep(rng.uniform(0.0, 0.25))  # a deliberately random moment: the test
        answers = [ready, *station.kill()]
        figures.kills += 1
        check_after_kill(path, answers, commands, acknowledged, figures)
        figures.calls_acknowledged += sum(
            a.split()[2] == "envelope" for a in answers[1:] if a.startswith("ACK")
        )
    assert_nothing_lost(figures)
    station = Station(path)
    assert station.line().startswith("READY ")
    assert station.ask("E").split()[2] == "end_envelopes"
    assert station.ask("F").startswith("ACK")
    station.quit()
    verdict = verify_file(path)
    assert verdict.ok, verdict.problem
    assert verdict.tally.for_union == 1
