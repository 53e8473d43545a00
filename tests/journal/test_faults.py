"""SQLite's errors in words, and whose fault each is: one table says both."""

import sqlite3

import pytest

from station.journal.faults import describe, environment_fault


def an_error(name: str) -> sqlite3.Error:
    error = sqlite3.OperationalError(f"sqlite says {name}")
    error.sqlite_errorname = name  # what SQLite sets on the errors it raises
    return error


@pytest.mark.parametrize(
    ("name", "words", "machine"),
    [
        ("SQLITE_FULL", "the disk is full", True),
        ("SQLITE_READONLY", "the file or its folder is read-only", True),
        ("SQLITE_READONLY_DBMOVED", "the file or its folder is read-only", True),
        ("SQLITE_IOERR_WRITE", "the disk reported an input/output error", True),
        ("SQLITE_BUSY", "the file is locked by another program", True),
        ("SQLITE_BUSY_SNAPSHOT", "sqlite says SQLITE_BUSY_SNAPSHOT", True),
        ("SQLITE_LOCKED", "the file is locked by another program", True),
        ("SQLITE_CANTOPEN", "the file or its folder cannot be opened", True),
        ("SQLITE_CANTOPEN_ISDIR", "sqlite says SQLITE_CANTOPEN_ISDIR", True),
        ("SQLITE_NOTADB", "not a database", False),
        ("SQLITE_CORRUPT", "sqlite says SQLITE_CORRUPT", False),
    ],
)
def test_each_error_is_worded_and_judged_as_before(name: str, words: str, machine: bool) -> None:
    error = an_error(name)
    assert describe(error) == words
    assert environment_fault(error) is machine
