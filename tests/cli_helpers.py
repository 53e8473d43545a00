"""The `station` command run as a user runs it, in a subprocess or in this process, and
its answers read: a refusal's one line, a dashboard's first line."""

import contextlib
import io
import os
import re
import selectors
import sqlite3
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from station.journal.schema import EVENT_GUARDS

_STEP = re.compile(r"^(NOT INTACT: .*?: )\(V\d+, [^)]*\) ", re.MULTILINE)


def without_step(text: str) -> str:
    """`station verify`'s words without the step of docs/format.md its NOT INTACT line
    names, for a test about the rest of the line."""
    return _STEP.sub(r"\1", text)


def one_line_refusal(done: subprocess.CompletedProcess[str]) -> str:
    """The refusal's line, once it is known to be one line, exit 2, no traceback."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    err = done.stderr
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


def station(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "station", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
    )


def station_here(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`station(*args)` in this process: the same `main`, exit code and output, without a
    Python and Qt starting up for each command (a second each here). For the tests of what
    a command does; those of the process it runs in (its start, a second process beside a
    first, a traceback that escapes) run it with `station`."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd or Path.cwd()), redirect_stdout(out), redirect_stderr(err):
        try:
            code = main([*map(str, args)])
        except SystemExit as leaving:  # argparse's own --help and --version
            code = leaving.code if isinstance(leaving.code, int) else 2
    return subprocess.CompletedProcess(
        ["station", *map(str, args)], code, out.getvalue(), err.getvalue()
    )


NEW = [
    "--case",
    "29-RC-288020",
    "--employer",
    "Amazon.com Services LLC",
    "--union",
    "Amazon Labor Union",
]


def count_into(path: Path, calls: list[Call], undo_last: bool = False) -> None:
    journal = Journal.open(path)
    journal.start_session()
    records = [journal.append(Action.CALL, call) for call in calls]
    if undo_last:
        journal.append(Action.UNDO, calls[-1], target=records[-1].seq)
    journal.close()


def start_dashboard(*args: str | Path) -> subprocess.Popen[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen(
        [sys.executable, "-m", "station", "dashboard", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def first_line(process: subprocess.Popen[str], timeout: float = 60) -> str:
    """The first line the process prints, waiting for it (not for a fixed time)."""
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        assert selector.select(timeout), "the dashboard printed nothing"
    return process.stdout.readline()


def drop_events_after(path: Path, seq: int) -> None:
    """A forger deletes the tail, then puts the guard back word for word: the file alone
    verifies."""
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER events_no_delete")
    conn.execute("DELETE FROM events WHERE seq > ?", (seq,))
    conn.execute(next(guard for guard in EVENT_GUARDS if "events_no_delete" in guard))
    conn.commit()
    conn.close()
