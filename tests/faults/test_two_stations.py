"""Two stations on one election file: a second operator is refused, observers are not.

The first station is a real one in its own process (the driver), counting. Everything
that would write is refused with one clear line; everything that only reads runs
beside it, and the first station goes on counting throughout.
"""

import io
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.app import Station as StationApp
from station.cli import main
from station.journal import Journal, JournalLocked
from station.ui.dashboard.feed import JournalFollower
from station.ui.operator.controller import CountController
from tests.faults.helpers import Station

pytestmark = pytest.mark.long  # two station processes on one file: seconds

REFUSAL = "another station has this election open for counting"


@pytest.fixture
def counting(election_file: Path) -> Iterator[Station]:
    """A station in another process, with the file open and two calls recorded."""
    station = Station(election_file)
    assert station.line().startswith("READY")
    assert station.ask("F").startswith("ACK 2 ")
    assert station.ask("A").startswith("ACK 3 ")
    yield station
    assert station.ask("F").startswith("ACK "), "the first station must count on"
    station.quit()


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(arg) for arg in argv])
    return code, out.getvalue(), err.getvalue()


def test_a_second_controller_is_refused(counting: Station, election_file: Path) -> None:
    with pytest.raises(JournalLocked, match=REFUSAL) as refused:
        CountController(Journal.open(election_file))
    assert "\n" not in str(refused.value) and "a dashboard may stay open" in str(refused.value)


def test_a_second_window_from_the_start_window_is_refused_with_a_message(
    qtbot: QtBot, counting: Station, election_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(
        "station.app.QMessageBox.warning",
        lambda parent, title, text: shown.append((title, text)),
    )
    app = StationApp()
    app.show_start()
    qtbot.addWidget(app.start)  # type: ignore[arg-type]
    app.open_path(election_file)
    assert app.window is None  # no operator window was opened
    assert shown == [("Cannot open the election file", shown[0][1])]
    assert REFUSAL in shown[0][1] and "\n" not in shown[0][1]


@pytest.mark.parametrize(
    "argv",
    [
        ["open", "{file}"],
        ["{file}"],
        ["sign", "{file}", "--agent", "R. Agent"],
        ["reopen", "{file}", "--reason", "a ballot under the table"],
    ],
)
def test_writing_commands_are_refused_in_one_line(
    counting: Station, election_file: Path, argv: list[str]
) -> None:
    before = Journal.open(election_file, read_only=True)
    head = before.head_seq
    before.close()
    code, out, err = run(*(arg.format(file=election_file) for arg in argv))
    assert (code, out) == (2, "")
    assert err.startswith("station: ") and err.count("\n") == 1 and REFUSAL in err
    after = Journal.open(election_file, read_only=True)
    assert after.head_seq == head  # nothing was written
    after.close()


def test_station_open_in_its_own_process_is_refused(counting: Station, election_file: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "station", "open", str(election_file)],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=60,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and REFUSAL in done.stderr


def test_readers_run_beside_it(qtbot: QtBot, counting: Station, election_file: Path) -> None:
    for argv, shown in (
        (["tally", "--json"], '"for": 1, "against": 1'),
        (["log"], "Ballot 2 AGAINST"),
        (["verify"], "OK: "),
    ):
        code, out, err = run(argv[0], election_file, *argv[1:])
        assert (code, err) == (0, ""), (argv, err)
        assert shown in out, out
    follower = JournalFollower(election_file, interval_ms=10)
    try:
        assert (follower.count.tally.for_union, follower.count.tally.against) == (1, 1)
        follower.start()
        assert counting.ask("V").startswith("ACK ")
        qtbot.waitUntil(lambda: follower.count.tally.void == 1)
    finally:
        follower.close()
