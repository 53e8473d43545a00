"""The whole story in real processes on 127.0.0.1: a station counts, `station serve` serves
it, two witnesses and a remote dashboard follow; the server and a witness are killed and
restarted mid-count; the sheet is exported and held to both witnesses, and an export
rebuilt from a rewritten journal is caught by both.

The station is the counting driver of the crash tests (the operator window's controller,
offscreen, one call per line); the dashboard runs under Xvfb when it is installed (else
offscreen). Set STATION_SHOTS to a folder to keep a screenshot of the remote dashboard.
"""

import random
import shutil
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from tests.faults.driver import __file__ as DRIVER
from tests.tables.helpers import NEW
from tests.witness.helpers import Running, keep_shot, run, station

pytestmark = pytest.mark.long


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
        assert "OK: holds all" in checked.stdout
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
