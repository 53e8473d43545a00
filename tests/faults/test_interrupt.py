"""Ctrl+C, SIGTERM and SIGHUP end a windowed command quietly (128 + signal); no display: exit 2."""

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from tests.cli_helpers import first_line, start_dashboard

# Real processes stopped by real signals, a second or two each: run by .ci/run's long
# run, outside the README's three minutes.
pytestmark = pytest.mark.long


def _actions(path: Path) -> list[str]:
    journal = Journal.open(path, read_only=True)
    try:
        return [record.action for record in journal.records()]
    finally:
        journal.close()


# Ctrl+C; `kill` or a shutdown; the terminal that started Station closed.
ENDING = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


@pytest.mark.parametrize("signum", ENDING, ids=lambda s: signal.Signals(s).name)
def test_ctrl_c_term_or_hup_ends_the_dashboard_quietly(election_file: Path, signum: int) -> None:
    with start_dashboard(election_file) as process:
        try:
            assert "read-only" in first_line(process)
            process.send_signal(signum)
            _, err = process.communicate(timeout=30)
        finally:
            process.kill()
    assert process.returncode == 128 + signum
    assert err == ""


@pytest.mark.parametrize("signum", ENDING, ids=lambda s: signal.Signals(s).name)
def test_ctrl_c_term_or_hup_end_the_operator_window_with_its_session_closed(
    election_file: Path, signum: int
) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    with subprocess.Popen(
        [sys.executable, "-m", "station", str(election_file)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    ) as process:
        try:
            # The window is up once its session is in the journal (a condition, not a delay).
            deadline = time.monotonic() + 60
            while _actions(election_file)[-1:] != ["open"]:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.05)
            process.send_signal(signum)
            _, err = process.communicate(timeout=30)
        finally:
            process.kill()
    assert process.returncode == 128 + signum
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert _actions(election_file)[-1] == "close"  # ended as cleanly as a closed window


def _without_display(
    *args: str | Path, display: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")
    }
    if display is not None:
        env["DISPLAY"] = display
    return subprocess.run(
        [sys.executable, "-m", "station", *map(str, args)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


@pytest.mark.parametrize("command", [["open"], ["dashboard"], [], ["demo"]])
@pytest.mark.parametrize("display", ["", None])
def test_no_display_is_one_line_and_exit_2(
    election_file: Path, command: list[str], display: str | None
) -> None:
    args = [*command, election_file] if command and command != ["demo"] else command
    done = _without_display(*args, display=display)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("station: cannot open a window")
    assert "DISPLAY is not set" in done.stderr
    assert "xcb-cursor0" not in done.stderr and "offscreen" not in done.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11 displays")
def test_a_display_nobody_answers_is_one_line_and_exit_2(election_file: Path) -> None:
    # TCP port 6009: Xvfb and Xorg listen on no TCP port unless told to.
    done = _without_display("dashboard", election_file, display="127.0.0.1:9")
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "station: cannot open a window: no display answers at DISPLAY=127.0.0.1:9; run it on"
        " the station's desktop; `station tally FILE`, `station log FILE` and"
        " `station --self-test` need no display\n"
    )


def test_the_file_is_checked_before_the_display(tmp_path: Path) -> None:
    for command in (["dashboard"], ["open"], []):
        done = _without_display(*command, tmp_path / "missing.station")
        assert done.returncode == 2
        assert (
            done.stderr.startswith("station: ") and "missing.station: no such file" in done.stderr
        )


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_processes_checking_the_chain_leave_ctrl_c_to_the_command(election_file: Path) -> None:
    # Ctrl+C reaches every process of the terminal's group: a checking process that
    # took it would print a KeyboardInterrupt traceback under `station verify`.
    from station.journal.chain_check import ChainCheck

    journal = Journal.open(election_file)
    journal.start_session()
    for _ in range(20):
        journal.append(Action.CALL, Call.FOR)
    before = signal.getsignal(signal.SIGINT)  # SIG_IGN if this run was started in the background
    check = ChainCheck(journal.path, journal.head_seq, journal.hash_of, workers=1)
    try:
        assert check.in_other_processes
        pool = check._pool
        assert pool is not None
        for pid in pool._processes:  # type: ignore[attr-defined]
            status = Path(f"/proc/{pid}/status").read_text()
            ignored = int(
                next(line for line in status.splitlines() if line.startswith("SigIgn:")).split()[1],
                16,
            )
            assert ignored & (1 << (signal.SIGINT - 1)), "a checking process would take Ctrl+C"
        assert signal.getsignal(signal.SIGINT) is before  # ours again, as it was
    finally:
        check.close()
        journal.close()


@pytest.fixture
def signed_file(election_file: Path) -> Path:
    """The election with a few calls and a signed final sheet (ready for `export`)."""
    journal = Journal.open(election_file)
    journal.start_session()
    for call in (Call.FOR, Call.AGAINST, Call.FOR, Call.VOID):
        journal.append(Action.CALL, call)
    journal.close()
    # `station sign` in this process: the commands interrupted below are the test.
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["sign", str(election_file), "--agent", "R. Agent"]) == 0
    return election_file


def _console_script() -> Path:
    """The `station` command as installed ([project.scripts]), beside this Python."""
    script = Path(sys.executable).with_name("station")
    if not script.exists():
        pytest.skip("station is not installed beside this Python")
    return script


# Ctrl+C this long after station.launch, Station's first module, was imported: through
# the rest of the imports (PySide6's among them) to the command's work. Before that the
# interpreter is starting (its `site` import alone can take 50 ms on a loaded machine):
# Python's own start-up, where Python's own default handling applies.
EARLY = [0.0, 0.03, 0.08, 0.15, 0.25, 0.4]

# Python writes "import time: ... | station.launch" to stderr as soon as that module is
# imported (PYTHONPROFILEIMPORTTIME): the moment Station's own code takes over.
_LAUNCHED = re.compile(r"^import time:.*\|\s*station\.launch\s*$")


def _wait_for_launch(process: subprocess.Popen[str], timeout: float = 30.0) -> str:
    """Read stderr until station.launch is imported; return what was read (nothing if
    the process ended first)."""
    assert process.stderr is not None
    read: list[str] = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stderr.readline()
        if not line:
            break
        read.append(line)
        if _LAUNCHED.match(line.rstrip("\n")):
            break
    return "".join(read)


def _without_import_times(err: str) -> str:
    return "".join(
        line for line in err.splitlines(keepends=True) if not line.startswith("import time:")
    )


@pytest.mark.parametrize("command", ["tally", "log", "verify", "export"])
def test_ctrl_c_in_a_commands_first_moments_ends_it_quietly(
    signed_file: Path, tmp_path: Path, command: str
) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPROFILEIMPORTTIME": "1"}
    # The console script and `python -m station` take turns: both start in station.launch.
    ways = ([str(_console_script())], [sys.executable, "-m", "station"])
    for number, delay in enumerate(EARLY):
        start = ways[number % 2]
        args = [command, str(signed_file)]
        if command == "export":
            args += ["--out", str(tmp_path / f"out{number}")]
        with subprocess.Popen(
            [*start, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        ) as process:
            try:
                before = _wait_for_launch(process)
                time.sleep(delay)  # the delay is the test: Ctrl+C this long after the launch
                finished = process.poll() is not None
                if not finished:
                    process.send_signal(signal.SIGINT)
                _, rest = process.communicate(timeout=60)
            finally:
                process.kill()
        err = _without_import_times(before + rest)
        what = f"{command} interrupted {delay} s after launch: exit {process.returncode}, {err!r}"
        # 130, or ended by the signal itself (the shell says 130 too) when it came as
        # the interpreter shut down after the command was done, or 0 when it came as the
        # process was ending with its work done (the work then whole); never a word more.
        assert process.returncode in (0, 130, -signal.SIGINT), what
        if finished:
            assert process.returncode == 0, what
        folder = tmp_path / f"out{number}"
        if command == "export" and (process.returncode == 0 or folder.exists()):
            # Done, or interrupted only after the folder was in place: whole and signed.
            assert main(["verify", str(folder)]) == 0, what
        assert "Fatal" not in err, what
        if "Traceback" in err or "KeyboardInterrupt" in err:
            # In the instant between station.launch's import and its first instruction
            # (the console script's `run()` call): Python's own default handling, and
            # nothing in Station's code.
            assert _before_station_started(err), what


def _before_station_started(err: str) -> bool:
    """Whether a traceback shows Ctrl+C landing before station.launch installed its
    handler: every frame of Station's is the top level of the console script,
    station/__main__.py, station/__init__.py or station/launch.py (the others are the
    interpreter's own: runpy, importlib, the standard modules launch.py imports)."""
    frames = re.findall(r'File "([^"]+)", line \d+, in (\S+)', err)
    first_modules = ("station", "__main__.py", "__init__.py", "launch.py")
    for file, function in frames:
        path = Path(file)
        ours = path == _console_script() or path.parent.name == "station"
        if ours and (function != "<module>" or path.name not in first_modules):
            return False
    return bool(frames) and err.rstrip().endswith("KeyboardInterrupt")


def test_what_an_interrupted_command_leaves_unfinished_is_finalized_in_silence(
    tmp_path: Path,
) -> None:
    # A transaction's context that Ctrl+C caught between its start and its body is closed
    # only as Python ends, on a closed database: nothing of it may reach the terminal.
    script = (
        "import contextlib, sqlite3, sys\n"
        "import station.launch as launch\n"
        "import station.cli\n"
        "@contextlib.contextmanager\n"
        "def atomic(conn):\n"
        "    try:\n"
        "        yield\n"
        "    finally:\n"
        "        conn.rollback()\n"
        "def interrupted():\n"
        "    conn = sqlite3.connect(':memory:')\n"
        "    global left\n"
        "    left = atomic(conn).gen\n"
        "    next(left)\n"
        "    conn.close()\n"
        "    raise KeyboardInterrupt\n"
        "station.cli.main = interrupted\n"
        "sys.exit(launch.run())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 130 and done.stderr == "", done.stderr
