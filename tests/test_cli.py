"""The `station` command, run as a user runs it: in a subprocess."""

import json
import os
import sqlite3
from pathlib import Path

import pytest

from station.domain import Call
from station.journal import Journal
from station.journal.schema import EVENT_GUARDS
from tests.cli_helpers import NEW, count_into, station, station_here


def test_new_then_tally_json(tmp_path: Path) -> None:
    path = tmp_path / "jfk8.station"
    made = station(
        "new", path, *NEW, "--eligible", "8325", "--ballots", "4852", "--agent", "R. Agent"
    )
    assert made.returncode == 0, made.stderr
    count_into(
        path,
        [Call.FOR, Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID, Call.AGAINST],
        undo_last=True,
    )
    done = station("tally", path, "--json")
    assert done.returncode == 0, done.stderr
    tally = json.loads(done.stdout)
    assert tally["case"] == "29-RC-288020"
    assert (tally["for"], tally["against"], tally["void"], tally["challenged"]) == (2, 1, 1, 1)
    assert (tally["valid"], tally["valid_plus_challenged"]) == (3, 4)
    assert tally["challenges_determinative"] is True
    assert tally["majority_for_union"] is False
    assert tally["events"] == 9
    assert tally["ballots"] == 4852 and tally["remaining"] == 4847
    assert len(tally["head"]) == 64
    text = station("tally", path)
    assert (
        "Whether challenges are sufficient in number to affect the results of the election"
        " is not yet determined: 4,847 ballots remain uncounted." in text.stdout
    )


def test_log_lists_every_event(tmp_path: Path) -> None:
    path = tmp_path / "e.station"
    assert station("new", path, *NEW, "--eligible", "10").returncode == 0
    count_into(path, [Call.FOR, Call.AGAINST], undo_last=True)
    lines = station("log", path, "--json").stdout.splitlines()
    events = [json.loads(line) for line in lines]
    assert [e["action"] for e in events] == ["open", "call", "call", "undo", "close"]
    assert [e["seq"] for e in events] == [1, 2, 3, 4, 5]
    assert events[3]["target"] == 3 and events[3]["call"] == "against"
    assert all(len(e["hash"]) == 64 and e["utc"] for e in events)
    text = station("log", path).stdout
    assert "Ballot 2 AGAINST \u2014 undone" in text


def test_verify_passes_then_names_the_tampered_event(tmp_path: Path) -> None:
    path = tmp_path / "e.station"
    assert station("new", path, *NEW, "--eligible", "10").returncode == 0
    count_into(path, [Call.FOR, Call.AGAINST, Call.FOR])
    ok = station("verify", path)
    assert ok.returncode == 0 and ok.stdout.startswith("OK")
    conn = sqlite3.connect(path)
    conn.executescript("DROP TRIGGER events_no_update; UPDATE events SET call='for' WHERE seq=3;")
    conn.execute(EVENT_GUARDS[0])  # put back word for word: only the chain can tell
    conn.commit()
    conn.close()
    bad = station("verify", path)
    assert bad.returncode == 1
    assert "event 3 was altered" in bad.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["tally", "missing.station"],
        ["log", "missing.station"],
        ["verify", "missing.station"],
        ["open", "missing.station"],
        ["missing.station"],
        ["tally"],
        ["frobnicate", "x", "y"],
        ["new", "e.station", *NEW, "--eligible", "-4"],
        ["new", "e.station", *NEW, "--eligible", "lots"],
        ["new", "e.station", "--case", "", "--employer", "E", "--union", "U", "--eligible", "5"],
        ["new", "e.station", "--case", "1"],
        ["new", "nowhere/e.station", *NEW, "--eligible", "5"],
        ["tally", "--json"],
        ["tally", "."],
        ["--bogus"],
    ],
)
def test_bad_input_gives_one_line_and_exit_2(tmp_path: Path, args: list[str]) -> None:
    # In this process (an escaping exception fails the test as a traceback would); the
    # subprocess's own start is tested by the other tests here and in tests/faults.
    done = station_here(*args, cwd=tmp_path)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.startswith("station: ")
    assert done.stderr.count("\n") == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert list(tmp_path.iterdir()) == []  # nothing created


def test_garbage_file_is_refused_and_untouched(tmp_path: Path) -> None:
    path = tmp_path / "garbage.station"
    path.write_bytes(os.urandom(4096))
    before = path.read_bytes()
    for command in ("tally", "log", "verify", "open"):
        done = station(command, path)
        assert done.returncode == 2 and "not a Station election file" in done.stderr
    assert path.read_bytes() == before


def test_new_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "e.station"
    path.write_text("keep me")
    done = station("new", path, *NEW, "--eligible", "10")
    assert done.returncode == 2 and "never overwrites" in done.stderr
    assert path.read_text() == "keep me"


def test_version_and_help() -> None:
    assert station("--version").stdout.startswith("station ")
    assert "tally" in station("--help").stdout


def test_a_second_operator_is_refused_while_a_reader_is_fine(tmp_path: Path) -> None:
    path = tmp_path / "e.station"
    assert station("new", path, *NEW, "--eligible", "10").returncode == 0
    journal = Journal.open(path)
    journal.start_session()
    try:
        refused = station("open", path)
        assert refused.returncode == 2 and "another station" in refused.stderr
        assert station("tally", path, "--json").returncode == 0
    finally:
        journal.close()


def test_absurd_numbers_and_names_give_one_line(tmp_path: Path) -> None:
    huge = station("new", tmp_path / "a.station", *NEW, "--eligible", "9" * 5000)
    assert huge.returncode == 2 and huge.stderr.count("\n") == 1
    long_name = station("new", tmp_path / ("n" * 300 + ".station"), *NEW, "--eligible", "5")
    assert long_name.returncode == 2 and "Traceback" not in long_name.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.station"
    os.mkfifo(fifo)
    done = station("verify", fifo)
    assert done.returncode == 2 and "not a regular file" in done.stderr
