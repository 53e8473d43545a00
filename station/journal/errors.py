"""What can go wrong with an election file, in words an operator can act on.

Every error here is the environment's fault or the user's (a wrong path, a full disk, a
file from another program), never Station's own bug, so each carries a one-line
message meant to be shown as it is.
"""


class JournalError(Exception):
    """Base class: the message is one line, fit to show to a user."""


class JournalNotFound(JournalError):
    """The path does not name an existing file."""


class NotAJournal(JournalError):
    """The file exists but is not a Station election file (another program's, or garbage)."""


class CorruptJournal(JournalError):
    """The file claims to be a Station journal but SQLite cannot read it."""


class JournalUnavailable(JournalError):
    """The machine will not let Station use the file now (a full or read-only disk, an
    input/output error); the file itself may be perfectly intact."""


class WalUnreadableHere(JournalUnavailable):
    """A -wal beside the file, on media nothing can be written to, and no -shm: SQLite
    can read neither there (it needs a -shm it cannot make), and the file alone would
    miss the calls the -wal holds. `station copy` copies both to a writable folder."""


class NewerJournal(JournalError):
    """The file was written by a newer Station whose format this one cannot read."""


class JournalLocked(JournalError):
    """Another station has this election file open for counting."""


class JournalExists(JournalError):
    """`new` was asked to create a file that already exists: Station never overwrites."""


class WriteFailed(JournalError):
    """An event could not be committed durably; nothing was recorded.

    Attributes:
        reason: why, without the file's name or "not recorded" (what a banner that
            already says NOT RECORDED shows); the message itself when nothing shorter
            was given.
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason
