"""Shared fixtures. Qt must run headless before any QApplication exists."""

import os

# Without a display Qt would abort the whole run; tests that want a real X server
# (under Xvfb) start the app in a subprocess with its own environment.
os.environ["QT_QPA_PLATFORM"] = "offscreen"

from collections.abc import Iterator
from pathlib import Path

import pytest

from station.domain import ElectionSetup
from station.journal import Journal


@pytest.fixture(autouse=True)
def station_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own data and configuration folders.

    So no test touches the real signing key or the real settings (recent files, window
    placement).
    """
    home = tmp_path_factory.mktemp("data-home")
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config-home")))
    return home


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
