"""What `station witness` prints over a day's count: a line when the head changes, when
the feed is lost and when it is back, never one per heartbeat."""

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.witness import serve as serve_module
from tests.witness.helpers import RestartableFeed, Served


class Lines:
    """A child process's output lines, collected as they come."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def close(self) -> None:
        self._reader.join(timeout=10)
        assert self.process.stdout is not None
        self.process.stdout.close()

    def wait_for(self, wanted: Callable[[str], bool], timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if any(wanted(line) for line in self.lines):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        raise AssertionError(f"not seen in {timeout} s; output: {self.lines}")


@pytest.fixture
def feed(served: Served) -> Iterator[RestartableFeed]:
    feed_ = RestartableFeed(served)
    yield feed_
    feed_.stop()


@contextmanager
def witnessing(url: str, out: Path) -> Iterator[Lines]:
    """`station witness URL` in a process of its own, ended with Ctrl+C (exit 130)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    witness = Lines(
        subprocess.Popen(
            [sys.executable, "-m", "station", "witness", url, "--out", out, "--wait", "0.3"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
    )
    try:
        witness.wait_for(lambda line: line.startswith("head "))
        yield witness
    finally:
        if sys.platform == "win32":  # no Ctrl+C to send to a child there
            witness.process.terminate()
        else:
            witness.process.send_signal(signal.SIGINT)
        code = witness.process.wait(timeout=30)
        witness.close()
    assert code == 130 or sys.platform == "win32", witness.lines
    assert not any("Traceback" in line for line in witness.lines), witness.lines


def heartbeats(served: Served, times: int) -> None:
    """The feed looks at the file `times` times, signing a head at each look."""
    for _ in range(times):
        served.poll()
        time.sleep(0.3)


@pytest.mark.long  # waits through heartbeats: seconds
def test_a_witness_says_a_head_once_not_at_each_heartbeat(
    served: Served, feed: RestartableFeed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_module, "HEARTBEAT_S", 0.0)  # a heartbeat at every look
    with witnessing(feed.start(), tmp_path / "w.witness") as witness:
        heartbeats(served, 5)  # the count stands still: heads signed again, the head the same
        served.journal.append(Action.CALL, Call.FOR)
        served.journal.append(Action.CALL, Call.AGAINST)
        served.poll()
        seq = served.journal.head_seq
        witness.wait_for(lambda line: line.startswith(f"head {seq:,} "))
        heartbeats(served, 3)
    heads = [line for line in witness.lines if line.startswith("head ")]
    assert [line.split()[1] for line in heads] == ["1", str(seq)], witness.lines


@pytest.mark.long
def test_a_witness_says_the_feed_lost_and_back_once(
    served: Served, feed: RestartableFeed, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(serve_module, "HEARTBEAT_S", 0.0)
    with witnessing(feed.start(), tmp_path / "w.witness") as witness:
        feed.stop()  # the station's machine goes away for a while
        witness.wait_for(lambda line: line.startswith("NO FEED FOR"))
        time.sleep(5.5)  # longer than a heartbeat: said once, not again and again
        feed.start()
        witness.wait_for(lambda line: line.startswith("feed back after "))
        heartbeats(served, 3)
    said = [line for line in witness.lines if not line.startswith("witnessing case")]
    assert [line.split()[0] for line in said] == ["head", "NO", "feed"], witness.lines
