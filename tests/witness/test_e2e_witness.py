"""The whole story in real processes on 127.0.0.1: a station counts, `station serve` serves
it, two witnesses and a remote dashboard follow; the server and a witness are killed and
restarted mid-count; the sheet is exported and held to both witnesses, and an export
rebuilt from a rewritten journal is caught by both.

The station is the counting driver of the crash tests (the operator window's controller,
offscreen, one call per line); the dashboard runs under Xvfb when it is installed (else
offscreen). Set STATION_SHOTS to a folder to keep a screenshot of the remote dashboard.
"""

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.faults.driver import __file__ as DRIVER
from tests.tables.helpers import NEW
from tests.xvfb_helpers import display_answers

pytestmark = pytest.mark.long

_STARTED: list["Running"] = []  # every child of the test, ended whatever happens


@pytest.fixture(autouse=True)
def children() -> Iterator[None]:
    yield
    for child in _STARTED:
        if child.process.poll() is None:
            child.process.kill()
        child.stop()
    _STARTED.clear()


class Running:
    """A child process whose output lines are collected as they come."""

    def __init__(
        self, *args: str | Path, env: dict[str, str] | None = None, stdin: bool = False
    ) -> None:
        self.process = subprocess.Popen(
            [*map(str, args)],
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines: list[str] = []
        _STARTED.append(self)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def wait_for(self, wanted: Callable[[str], bool], timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            for line in self.lines[seen:]:
                if wanted(line):
                    return line
            seen = len(self.lines)
            if self.process.poll() is not None and seen == len(self.lines):
                break
            time.sleep(0.05)
        raise AssertionError(f"not seen in {timeout} s; output: {self.lines[-20:]}")

    def send(self, line: str) -> str:
        assert self.process.stdin is not None
        before = len(self.lines)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        deadline = time.monotonic() + 30
        while len(self.lines) == before and time.monotonic() < deadline:
            time.sleep(0.002)
        return self.lines[before]

    def stop(self, sig: int = signal.SIGINT) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
        code = self.process.wait(timeout=30)
        self._reader.join(timeout=5)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None and not pipe.closed:
                pipe.close()
        return code


def station(*args: str | Path, env: dict[str, str] | None = None) -> list[str]:
    return [sys.executable, "-m", "station", *map(str, args)]


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(station(*args), capture_output=True, text=True, timeout=120)


@pytest.fixture
def screen() -> Iterator[dict[str, str]]:
    """The environment for the remote dashboard: Xvfb if installed, else offscreen."""
    env = {**os.environ}
    if not shutil.which("Xvfb"):
        env["QT_QPA_PLATFORM"] = "offscreen"
        yield env
        return
    number = random.randrange(300, 900)
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    if shutil.which("xdotool") and not display_answers(f":{number}", 10):
        server.terminate()
        server.wait(timeout=10)
        pytest.fail(f"Xvfb :{number} did not answer within 10 s")
    elif not shutil.which("xdotool"):
        time.sleep(1.0)  # nothing to ask the server with: give it the time it takes
    env.pop("QT_QPA_PLATFORM", None)
    env["DISPLAY"] = f":{number}"
    yield env
    server.terminate()
    server.wait(timeout=10)


def keep_shot(screen: dict[str, str], name: str, *, settle_s: float = 0.0) -> None:
    """A screenshot of the whole X screen into $STATION_SHOTS/name, when both exist.

    `settle_s` lets the windows draw what they were just told (only when a shot is kept).
    """
    if not (os.environ.get("STATION_SHOTS") and "DISPLAY" in screen):
        return
    time.sleep(settle_s)
    shots = Path(os.environ["STATION_SHOTS"])
    shots.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        ["import", "-window", "root", str(shots / name)], env=screen, check=False, timeout=30
    )


def test_two_witnesses_hold_the_station_to_its_count(
    tmp_path: Path, screen: dict[str, str]
) -> None:
    path = tmp_path / "jfk8.station"
    made = run("new", path, *NEW, "--ballots", "120", "--agent", "R. Agent")
    assert made.returncode == 0, made.stderr
    counting = Running(sys.executable, DRIVER, path, stdin=True)
    counting.wait_for(lambda line: line.startswith("READY"))
    server = Running(*station("serve", path, "--port", "0"))
    url = server.wait_for(lambda line: line.startswith("feed: "))[6:]
    port = url.split(":")[2].split("/")[0]
    witnesses = [
        Running(*station("witness", url, "--out", tmp_path / f"{who}.witness", "--wait", "2"))
        for who in ("employer", "union")
    ]
    for witness in witnesses:
        witness.wait_for(lambda line: line.startswith("head "))
    dashboard = Running(*station("dashboard", url), env=screen)
    dashboard.wait_for(lambda line: "following http://" in line)

    rng = random.Random(19)

    def count(calls: int) -> None:
        for n in range(calls):
            answer = counting.send(rng.choice("FFFFAAAVC"))
            assert answer.startswith("ACK"), answer
            if n % 9 == 4:  # a mistake, undone in the open
                assert counting.send("U").startswith("ACK")

    count(30)
    server.stop(signal.SIGKILL)  # the server dies mid-count
    for witness in witnesses:
        witness.wait_for(lambda line: line.startswith("NO FEED FOR"))
    count(10)  # the count goes on without it: the station never waits for the feed
    server = Running(*station("serve", path, "--port", port))
    assert server.wait_for(lambda line: line.startswith("feed: "))[6:] == url  # same token
    count(10)
    witnesses[0].stop(signal.SIGKILL)  # one witness dies, then resumes from its file
    count(10)
    witnesses[0] = Running(
        *station("witness", url, "--out", tmp_path / "employer.witness", "--wait", "2")
    )
    witnesses[0].wait_for(lambda line: line.startswith("witnessing case"))
    count(20)
    assert counting.send("Q") == "BYE"
    counting.stop()
    signed = run("sign", path, "--observer", "Employer:Jane Roe", "--observer", "Union:John Doe")
    assert signed.returncode == 0, signed.stderr
    sign_seq = int(signed.stdout.split("prepared at event ")[1].split(";")[0].replace(",", ""))
    for witness in witnesses:
        witness.wait_for(lambda line: line.startswith(f"head {sign_seq:,} "))
    keep_shot(screen, "remote-dashboard.png", settle_s=1.0)
    folder = tmp_path / "export"
    exported = run("export", path, "--out", folder)
    assert exported.returncode == 0, exported.stderr
    key = run("key").stdout.strip().split()[-1]
    assert witnesses[0].stop(signal.SIGINT) == 130  # Ctrl+C
    assert witnesses[1].stop(signal.SIGTERM) == 143
    for witness in witnesses:
        assert not any("NOT INTACT" in line or "Traceback" in line for line in witness.lines)
    assert dashboard.stop() in (0, 130)
    assert server.stop(signal.SIGHUP) == 129  # the terminal it ran in closed

    for who in ("employer", "union"):
        checked = run("verify", folder, "--key", key, "--witness", tmp_path / f"{who}.witness")
        assert checked.returncode == 0, checked.stderr
        # Every head up to the export's end is held ("all" of them when the witness saw
        # none after it); heads signed after the export are said apart, never as held.
        assert "OK: holds all" in checked.stdout or (
            "OK: holds the " in checked.stdout and "follow" in checked.stdout
        )
        again = run("verify", path, "--witness", tmp_path / f"{who}.witness")
        assert again.returncode == 0, again.stderr

    # The station's owner rewrites the count from event 20 on and signs it again.
    forged = tmp_path / "rewritten.station"
    shutil.copyfile(path, forged)
    conn = sqlite3.connect(forged)
    conn.executescript(
        "DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete;"
        " DROP TRIGGER events_append_only; DELETE FROM events WHERE seq > 20;"
        " DELETE FROM snapshots;"
    )
    conn.commit()
    conn.close()
    from station.journal.schema import EVENT_GUARDS

    conn = sqlite3.connect(forged)
    for guard in EVENT_GUARDS:
        conn.execute(guard)
    conn.commit()
    conn.close()
    counting = Running(sys.executable, DRIVER, forged, stdin=True)
    counting.wait_for(lambda line: line.startswith("READY"))
    for _ in range(40):
        counting.send("A")
    assert counting.send("Q") == "BYE"
    counting.stop()
    assert run("sign", forged, "--observer", "Employer:Jane Roe").returncode == 0
    assert run("export", forged, "--out", tmp_path / "forged").returncode == 0
    assert run("verify", tmp_path / "forged", "--key", key).returncode == 0  # intact alone
    for who in ("employer", "union"):
        caught = run(
            "verify", tmp_path / "forged", "--key", key, "--witness", tmp_path / f"{who}.witness"
        )
        assert caught.returncode == 1
        assert "lacks the head the witness saw signed at event" in caught.stderr
