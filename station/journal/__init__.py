"""The SQLite event journal: append, hash chain, replay, verify."""

from station.journal.errors import (
    CorruptJournal,
    JournalError,
    JournalExists,
    JournalLocked,
    JournalNotFound,
    JournalUnavailable,
    NewerJournal,
    NotAJournal,
    WriteFailed,
)
from station.journal.records import Election, Record
from station.journal.store import Journal

__all__ = [
    "CorruptJournal",
    "Election",
    "Journal",
    "JournalError",
    "JournalExists",
    "JournalLocked",
    "JournalNotFound",
    "JournalUnavailable",
    "NewerJournal",
    "NotAJournal",
    "Record",
    "WriteFailed",
]
