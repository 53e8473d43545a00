"""Every SQLite connection Station opens is closed by what opened it, on every path.

The autouse `sqlite_connections` fixture (tests/conftest.py) holds every test to this;
the tests here are for what it could not see on its own.
"""

from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal, schema
from tests.helpers import Connections


def test_the_schema_reference_closes_its_scratch_database(
    sqlite_connections: Connections,
) -> None:
    # Made once per process and cached: whichever test came first used to leave it open.
    schema.definitions.cache_clear()
    assert schema.definitions(schema.SCHEMA_VERSION)
    assert len(sqlite_connections.made) == 1
    assert sqlite_connections.left_open() == []


def test_with_closes_the_journal_and_lets_go_of_its_lock_on_an_error(
    election_file: Path, sqlite_connections: Connections
) -> None:
    with pytest.raises(RuntimeError), Journal.open(election_file) as journal:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR)
        raise RuntimeError("a bug in the caller")
    assert sqlite_connections.left_open() == []
    with Journal.open(election_file, read_only=True) as reader:  # the session was ended
        assert [r.action for r in reader.records()] == ["open", "call", "close"]
    with Journal.open(election_file):  # the lock was let go
        pass
