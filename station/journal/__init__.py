"""The SQLite event journal: append, hash chain, replay, verify."""

from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
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


def __getattr__(name: str) -> object:
    # The Journal, its records and sqlite-utils under them load when first asked for,
    # not with the package: the processes that check a long chain's hashes
    # (`chain_check`) need none of them, and begin a tenth of a second sooner.
    if name == "Journal":
        from station.journal.store import Journal

        value: object = Journal
    elif name in ("Election", "Record"):
        from station.journal import records

        value = getattr(records, name)
    else:
        raise AttributeError(f"module 'station.journal' has no attribute {name!r}")
    globals()[name] = value
    return value
