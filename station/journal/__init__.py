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
from station.journal.store import Election, Journal, Record

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
