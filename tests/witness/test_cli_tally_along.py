"""`station witness URL --out FILE --tally-along`: an observer keys their own calls in
the terminal while the witness follows, and catches a mis-key at the ballot it is on.

The keys come on stdin as a script would type them; the count is served in the test's
own process (`served`), a signed head covering every call.
"""

import hashlib
import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.domain.tally_along import ObserverRecord, record_hash
from station.journal import Journal
from station.witness.tally_file import tally_path

if sys.platform != "win32":
    import termios
from tests.witness.helpers import RestartableFeed as Feed
from tests.witness.helpers import Running, Served, station

pytestmark = pytest.mark.long  # a served count and a witness process: seconds

KEYS = {Call.FOR: "f", Call.AGAINST: "a", Call.VOID: "v", Call.CHALLENGE: "c"}
CALLS = [(Call.FOR, Call.AGAINST, Call.FOR, Call.VOID, Call.AGAINST)[n % 5] for n in range(30)]
CALLS[16] = Call.FOR  # ballot 17, which the observer mis-keys as AGAINST


def counted(journal: Journal, calls: list[Call]) -> None:
    for call in calls:
        journal.append(Action.CALL, call)


def tallying(served: Served, out: Path, record: Path, url: str | None = None) -> Running:
    witness = Running(
        *station(
            "witness", url or served.url, "--out", out, "--tally-along", "--record", record,
            "--wait", "0.3",
        ),
        stdin=True,
    )  # fmt: skip
    witness.wait_for(lambda line: line.startswith("tally along: F FOR, A AGAINST"))
    return witness


def keyed(witness: Running, keys: str) -> None:
    assert witness.process.stdin is not None
    witness.process.stdin.write(keys)
    witness.process.stdin.flush()


def test_a_mis_key_is_flagged_at_its_ballot_and_kept_as_a_mis_tap(
    served: Served, tmp_path: Path
) -> None:
    counted(served.journal, CALLS)
    served.poll()
    out, record = tmp_path / "party.witness", tmp_path / "party-record.json"
    witness = tallying(served, out, record)
    mine = [KEYS[call] for call in CALLS]
    mine[16] = "a"
    keyed(witness, "".join(mine) + "vu")  # a ballot too many, taken back

    flag = witness.wait_for(lambda line: line.startswith("DISAGREE"))
    assert flag.startswith("DISAGREE ballot 17: you AGAINST, the station FOR (FOR pile 1)")
    witness.wait_for(lambda line: "ballot 31 (VOID) taken back" in line)
    witness.wait_for(lambda line: "agree on 29 of 30" in line)
    keyed(witness, "m")
    witness.wait_for(lambda line: "ballot 17: your mis-tap, corrected" in line)
    keyed(witness, "q")
    assert witness.process.wait(timeout=30) == 0

    kept = ObserverRecord.from_json(tally_path(out).read_text(encoding="utf-8"))
    assert len(kept.taps) == 30 and kept.taps[16].call == "against"
    doc = json.loads(record.read_text(encoding="utf-8"))
    assert [(d["ballot"], d["resolved"]) for d in doc["disagreements"]] == [(17, "mistap")]
    hashed = witness.wait_for(lambda line: line.startswith("SHA-256 of your record"))
    assert hashed.endswith(record_hash(doc))
    assert hashed.endswith(hashlib.sha256(record.read_bytes()).hexdigest())  # as sha256sum
    assert doc["agreement"] == "agree on 30 of 30"  # the mis-tap corrected agrees
    text = record.with_suffix(".txt").read_text(encoding="utf-8")
    assert "ballot 17: observer against, station for, FOR pile 1" in text
    assert "not the count" in text and record_hash(doc) in text


def test_the_stations_correction_is_followed_and_kept_and_the_record_resumed(
    served: Served, tmp_path: Path
) -> None:
    counted(served.journal, [Call.FOR, Call.VOID])
    served.poll()
    out, record = tmp_path / "party.witness", tmp_path / "record.json"
    first = tallying(served, out, record)
    keyed(first, "ff")
    first.wait_for(lambda line: line.startswith("DISAGREE ballot 2: you FOR, the station VOID"))
    undone = served.journal.append(Action.UNDO, Call.VOID, target=3)  # the station corrects
    served.poll()
    assert undone.seq == 4
    first.wait_for(lambda line: line.startswith("agree on 1 of 1"))  # ballot 2 not called
    served.journal.append(Action.CALL, Call.FOR)
    served.poll()
    first.wait_for(lambda line: line == "the station corrected ballot 2: now FOR, as you called it")
    first.wait_for(lambda line: line == "agree on 2 of 2")
    keyed(first, "q")
    assert first.process.wait(timeout=30) == 0
    ended = json.loads(record.read_text(encoding="utf-8"))["disagreements"]
    assert [(d["ballot"], d["station_call"], d["resolved"]) for d in ended] == [
        (2, "void", "station")
    ]
    assert ended[0]["pile"].startswith("VOID")  # the pile of the call it had

    again = tallying(served, out, record)
    again.wait_for(lambda line: line == f"your record {tally_path(out)} resumed at ballot 2")
    again.wait_for(lambda line: line == "agree on 2 of 2")  # before any key
    keyed(again, "v")
    again.wait_for(lambda line: line.startswith("you: ballot 3 VOID"))
    keyed(again, "q")
    assert again.process.wait(timeout=30) == 0
    assert not [line for line in again.lines if line.startswith("head ")]  # said the first time
    assert [tap.call for tap in ObserverRecord.from_json(tally_path(out).read_text()).taps] == [
        "for", "for", "void",
    ]  # fmt: skip


def test_a_damaged_record_beside_the_witness_file_is_one_line(
    served: Served, tmp_path: Path
) -> None:
    counted(served.journal, [Call.FOR])
    served.poll()
    out = tmp_path / "party.witness"
    tally_path(out).write_text('{"format": "station tally-along record 1", "cou', encoding="utf-8")
    witness = Running(*station("witness", served.url, "--out", out, "--tally-along"), stdin=True)
    assert witness.process.wait(timeout=30) == 2
    witness.stop()
    assert (
        witness.lines[-1].startswith("station: ")
        and "is damaged: it is not JSON" in witness.lines[-1]
    )


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal is POSIX's")
def test_on_a_terminal_each_key_counts_as_it_is_pressed(served: Served, tmp_path: Path) -> None:
    """No Enter: the terminal hands each key over at once, and is given back as it was."""
    counted(served.journal, [Call.FOR])
    served.poll()
    main, child = os.openpty()
    before = termios.tcgetattr(child)
    process = subprocess.Popen(
        station("witness", served.url, "--out", tmp_path / "w.witness", "--tally-along"),
        stdin=child, stdout=child, stderr=child,
    )  # fmt: skip
    try:
        said = Screen(main)
        said.wait_for("tally along:")
        os.write(main, b"f")
        said.wait_for("you: ballot 1 FOR \u2014 agree on ")
        said.wait_for("agree on 1 of 1")
        os.write(main, b"q")
        assert process.wait(timeout=30) == 0
        assert termios.tcgetattr(child) == before
    finally:
        if process.poll() is None:
            process.kill()
        os.close(child)
        os.close(main)


class Screen:
    """What a child wrote to its terminal, read as it comes."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.text = ""

    def wait_for(self, wanted: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while wanted not in self.text:
            left = deadline - time.monotonic()
            assert left > 0, f"not seen in {timeout} s: {self.text[-500:]!r}"
            if select.select([self.fd], [], [], min(left, 0.2))[0]:
                self.text += os.read(self.fd, 4096).decode("utf-8", "replace")


@pytest.fixture
def feed(served: Served) -> Iterator[Feed]:
    feed_ = Feed(served)
    yield feed_
    feed_.stop()


@pytest.mark.long  # a feed stopped and started again: seconds
def test_tallying_along_the_witness_still_says_the_feed_lost_and_back(
    served: Served, feed: Feed, tmp_path: Path
) -> None:
    counted(served.journal, [Call.FOR])
    served.poll()
    witness = tallying(served, tmp_path / "w.witness", tmp_path / "r.json", feed.start())
    witness.wait_for(lambda line: line.startswith("agree on 0 of 0; the station is 1 ahead"))
    feed.stop()
    witness.wait_for(lambda line: line.startswith("NO FEED FOR "))
    feed.start()
    back = witness.wait_for(lambda line: line.startswith("feed back after "))
    assert "resuming after event " in back
    keyed(witness, "q")
    assert witness.process.wait(timeout=30) == 0


def test_arrow_and_function_keys_are_no_calls(served: Served, tmp_path: Path) -> None:
    counted(served.journal, [Call.FOR])
    served.poll()
    out = tmp_path / "w.witness"
    witness = tallying(served, out, tmp_path / "r.json")
    keyed(witness, "\x1b[A\x1bOA\x1b[C\x1b[15~\x1bOPf")  # up, up, right, F5, F1, then F
    witness.wait_for(lambda line: line.startswith("you: ballot 1 FOR"))
    keyed(witness, "q")
    assert witness.process.wait(timeout=30) == 0
    kept = ObserverRecord.from_json(tally_path(out).read_text(encoding="utf-8"))
    assert [tap.call for tap in kept.taps] == ["for"] and kept.entries == 1


def test_a_record_file_of_something_else_is_not_overwritten(served: Served, tmp_path: Path) -> None:
    counted(served.journal, [Call.FOR])
    served.poll()
    record = tmp_path / "record.json"
    record.write_text('{"format": "station tally-along document 1", "count": "other"}\n')
    before = record.read_bytes()
    witness = Running(
        *station("witness", served.url, "--out", tmp_path / "w.witness", "--tally-along",
                 "--record", record),
        stdin=True,
    )  # fmt: skip
    assert witness.process.wait(timeout=30) == 2
    witness.stop()
    assert witness.lines[-1].startswith(f"station: {record} exists and is not the tally-along")
    assert record.read_bytes() == before
