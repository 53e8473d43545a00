"""Shared fixtures. Qt must run headless before any QApplication exists."""

import os

# Without a display Qt would abort the whole run; tests that want a real X server
# (under Xvfb) start the app in a subprocess with its own environment.
os.environ["QT_QPA_PLATFORM"] = "offscreen"

import gc
import shutil
import sqlite3
import sys
import tempfile
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from station.domain import ElectionSetup
from station.domain.parties import Party
from station.journal import Journal, snapshots
from station.sheet.prepare import prepare_sheet
from station.ui.main_thread_gc import Collector
from tests.fonts import use_test_fonts
from tests.helpers import JFK8, RAM, SIGN, A, C, Connections, F, session_on
from tests.journal.helpers import LAG, random_journal
from tests.mail.helpers import BESSEMER, VOTERS

# The same fonts on every machine, whatever it has installed (tests/fonts): what a sheet
# can print and how wide a window's words are never depend on the machine. Set before
# any QApplication exists, and inherited by every process a test starts.
use_test_fonts()

# The property tests hold rules, not speed (bench/ measures speed): on a loaded 2-core
# machine one example can take longer than Hypothesis's 200 ms default and fail for it.
settings.register_profile("station", deadline=None)
settings.load_profile("station")


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


_CYCLES = Collector()


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Collect reference cycles here, in the windows' thread, as the app does.

    Windows end up in cycles; collected by a thread a test started (a served count's
    request handlers), their Qt objects were destroyed from that thread, and Python 3.13
    crashed in the next test's event loop. `pytest_configure` turns automatic collection
    off, as `app.ensure_app` does with `MainThreadCollector`.
    """
    _CYCLES.collect_if_due()


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


@pytest.fixture(scope="module")
def first_count_once(tmp_path_factory: pytest.TempPathFactory, qapp: object) -> Path:
    """Twelve ballots: five challenges, two settled at the table, a FOR disputed; signed."""
    path = tmp_path_factory.mktemp("revised") / "jfk8.station"
    Journal.create(path, JFK8)
    journal, session = session_on(path)
    try:
        seqs = [session.record(call).event.seq for call in (C, F, A, C, F, C, A, F, C, F, A, C)]
        session.amend_challenge(seqs[0], {"party": "employer", "reason": "supervisor"})
        session.settle(seqs[3], "withdrawn")  # agreed at the table: opened, called again
        session.record(F)
        session.settle(seqs[5], "sustained")  # agreed: never opened
        session.dispute(seqs[9], F, Party.UNION)  # carried as challenged: number 6
        session.join_dispute(seqs[9], Party.EMPLOYER)
        prepare_sheet(session, SIGN, key_fingerprint="0" * 64, key_changed_from=None)
    finally:
        journal.close()
    return path


@pytest.fixture
def first_count(tmp_path: Path, first_count_once: Path) -> Path:
    path = tmp_path / "jfk8.station"
    shutil.copyfile(first_count_once, path)
    return path


@pytest.fixture
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snapshots every 50 events, 20 events behind the head."""
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", LAG)


@pytest.fixture
def long_count(tmp_path: Path, often: None) -> Path:
    """300 random events, closed by a station (OPEN, the events, CLOSE: 302)."""
    path = tmp_path / "long.station"
    random_journal(path, 300, seed=5)
    return path


@pytest.fixture
def mail_file(tmp_path: Path) -> Path:
    """A new, empty mail-ballot election file with six voters."""
    path = tmp_path / "bhm1.station"
    Journal.create(path, BESSEMER, VOTERS)
    return path
