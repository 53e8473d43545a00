"""Shared fixtures. Qt must run headless before any QApplication exists."""

import os

# Without a display Qt would abort the whole run; tests that want a real X server
# (under Xvfb) start the app in a subprocess with its own environment.
os.environ["QT_QPA_PLATFORM"] = "offscreen"

import gc
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from station.domain import ElectionSetup
from station.journal import Journal
from station.journal.verify import Verdict, verify_journal
from station.ui.main_thread_gc import collect_if_due


@pytest.fixture(autouse=True)
def station_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data and configuration folders.

    So no test touches the real signing key or the real settings (recent files, window
    placement).
    """
    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))  # Linux; macOS too (platformdirs 4.8)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config-home")))
    # Windows keeps both in the local application data folder, which this names there.
    monkeypatch.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", str(home))
    return home


class Connections:
    """Every SQLite connection made in this process during one test, and where."""

    def __init__(self) -> None:
        self.made: list[tuple[sqlite3.Connection, str]] = []

    def left_open(self) -> list[str]:
        """Where each connection still open was made (the innermost frames of ours)."""
        return [where for conn, where in self.made if _is_open(conn)]

    def close_all(self) -> None:
        for conn, _ in self.made:
            conn.close()


def _is_open(conn: sqlite3.Connection) -> bool:
    try:
        conn.total_changes  # noqa: B018 - any use of a closed connection raises
    except sqlite3.ProgrammingError:
        return False
    return True


@pytest.fixture(autouse=True)
def sqlite_connections(monkeypatch: pytest.MonkeyPatch) -> Iterator[Connections]:
    """Fails a test that leaves an SQLite connection it opened (here or in Station) open.

    Python 3.13 warns of a connection left to the garbage collector, and which test the
    warning then fails depends on when the collector runs. Checked here on every
    Python, at the end of each test (windows already closed by pytest-qt), it fails the
    test that left it open and says where it was opened. Child processes are not seen.
    """
    connections = Connections()
    connect = sqlite3.connect

    def traced_connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        frames = [
            f for f in traceback.extract_stack(limit=25)[:-1] if "/_pytest/" not in f.filename
        ]
        ours = [f for f in frames if "site-packages" not in f.filename][-4:]
        where = " <- ".join(f"{Path(f.filename).name}:{f.lineno}" for f in reversed(ours))
        connections.made.append((conn, where))
        return conn

    monkeypatch.setattr(sqlite3, "connect", traced_connect)
    yield connections
    left_open = connections.left_open()
    connections.close_all()  # so that one leak fails one test, not the next too
    assert not left_open, f"SQLite connections left open, opened at: {left_open}"


# A folder in RAM, where the system has one (Linux).
RAM = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else None


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Collect reference cycles here, in the windows' thread, as the app does.

    Windows end up in cycles; collected by a thread a test started (a served count's
    request handlers), their Qt objects were destroyed from that thread, and Python 3.13
    crashed in the next test's event loop. `pytest_configure` turns automatic collection
    off, as `app.ensure_app` does with `MainThreadCollector`.
    """
    collect_if_due()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """On CI, a failure is printed as it happens: a crash later in the run (a segfault
    ends pytest before its summary) must not hide it."""
    if report.failed and os.environ.get("CI"):
        sys.stderr.write(f"\n--- FAILED {report.nodeid} ({report.when}):\n{report.longreprtext}\n")
        sys.stderr.flush()


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Keep the tests' files (tmp_path) in RAM, unless `--basetemp` says where.

    Station commits each event with an fsync (synchronous=FULL). No test can observe
    what an fsync does (a killed process loses nothing the kernel holds, disk or RAM;
    tests/faults/test_environment.py mounts its own small tmpfs for a full disk), yet on
    this project's disk the fsyncs are half the run's time. The folder is removed at
    the end; `pytest --basetemp=DIR` keeps the files, on the disk of DIR.
    """
    gc.disable()  # collected in this thread only: see pytest_runtest_teardown
    if config.option.basetemp is None and RAM is not None:
        basetemp = tempfile.mkdtemp(prefix="station-tests-", dir=RAM)
        config.option.basetemp = basetemp
        config.add_cleanup(lambda: shutil.rmtree(basetemp, ignore_errors=True))


@contextmanager
def built_in_ram(path: Path) -> Iterator[Path]:
    """A scratch copy of `path` in RAM, to build a test's file in; copied back at the end.

    Each event a journal appends is one fsync (synchronous=FULL): 300 events take
    1.4 s on this project's disk and 0.07 s in RAM. A test that needs a long count to
    read gains nothing from those fsyncs, so it builds the count here; the file it
    then reads is back at `path`, on the disk, byte for byte.
    """
    with ram_folder() as folder:
        scratch = folder / path.name
        if path.exists():
            shutil.copyfile(path, scratch)
        yield scratch
        assert not Path(f"{scratch}-wal").exists(), "close the journal before leaving"
        shutil.copyfile(scratch, path)


@contextmanager
def ram_folder() -> Iterator[Path]:
    """A new folder in RAM (or the usual temporary folder without one), removed after."""
    folder = Path(tempfile.mkdtemp(dir=RAM))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# The JFK8 election (Staten Island, 2022) as a realistic setup; tests that need another
# box size or agent take `dataclasses.replace(JFK8, ...)`.
JFK8 = ElectionSetup(
    case_number="29-RC-288020",
    employer="Amazon.com Services LLC",
    union="Amazon Labor Union",
    eligible=8325,
    ballots=4852,
    agent="R. Agent",
)


@pytest.fixture
def setup() -> ElectionSetup:
    """The JFK8 election."""
    return JFK8


@pytest.fixture
def election_file(tmp_path: Path, setup: ElectionSetup) -> Path:
    """A new, empty election file."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, setup)
    return path


@pytest.fixture
def journal(election_file: Path) -> Iterator[Journal]:
    """The election file open for counting, with a session started."""
    journal = Journal.open(election_file)
    journal.start_session()
    yield journal
    journal.close()


def verify_file(path: Path | str) -> Verdict:
    """Open `path` read-only and verify it, as `station verify FILE` does."""
    with Journal.open(path, read_only=True, check_setup=False) as journal:
        return verify_journal(journal)


def one_line_refusal(done: subprocess.CompletedProcess[str]) -> str:
    """The refusal's line, once it is known to be one line, exit 2, no traceback."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    err = done.stderr
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err
