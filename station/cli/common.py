"""What every `station` command shares: path arguments, one-line output, opening to read."""

import argparse
import io
import os
import sys
import textwrap
from pathlib import Path
from typing import NoReturn

from station.domain import Action, Count
from station.domain.description import Election
from station.domain.resolution import Status
from station.domain.statements import how_many
from station.domain.text import one_line
from station.journal import Journal
from station.journal.seal import station_secret
from station.paths import path_problem

ACTION_WIDTH = max(len(action) for action in Action)  # "dispute"
FIGURE_COLUMN = 39  # where `station tally`'s figures stand, under one another


def figure_lines(label: str, figure: str) -> list[str]:
    """`label` and its figure in `station tally`'s column of figures.

    A label too long for the column (a union's full name) is wrapped, its lines after
    the first indented, and the figure stands after its last line: a figure never
    touches a name, whose last word might be read as part of it ("Local 1424:14").
    """
    if len(label) < FIGURE_COLUMN - 1:
        return [f"{label:<{FIGURE_COLUMN}}{figure}"]
    wrapped = textwrap.wrap(
        label,
        FIGURE_COLUMN - 2,
        subsequent_indent="  ",
        break_long_words=True,
        break_on_hyphens=False,
    )
    return [*wrapped[:-1], f"{wrapped[-1]:<{FIGURE_COLUMN}}{figure}"]


def file_name(text: str) -> Path:
    """A path argument the operating system can take, or a usage error (exit 2).

    Python turns bytes of a command line that are not UTF-8 into surrogates it can turn
    back; a lone surrogate or a NUL byte (possible when `main` is called with a list) would
    otherwise end in a traceback deep inside the first `stat`.
    """
    if "\x00" in text:
        raise argparse.ArgumentTypeError("a file name cannot hold a NUL byte")
    try:
        os.fsencode(text)
    except UnicodeEncodeError:
        raise argparse.ArgumentTypeError(
            f"{text!a} is not a file name this system can use"
        ) from None
    problem = path_problem(Path(text))
    if problem is not None:
        raise argparse.ArgumentTypeError(problem)
    return Path(text)


class UsageError(Exception):
    """Bad arguments: exit 2 with this one-line message."""


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a mistake in one line instead of usage plus error."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def each_line_at_once() -> None:
    """Write each line as it is said, also into a file or a pipe.

    A command that runs until stopped (`serve`, `witness`) is watched as it runs, often
    through a log file (`> witness.log`): there Python would hold its lines back in a
    block buffer until the command ends, a fork seen by no one until then.
    """
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(line_buffering=True)


def say(line: str) -> None:
    """Print a line of success on stdout, a file name in it escaped as `say_problem` does."""
    print(one_line(line))


def say_problem(message: str) -> None:
    """Print a problem (exit 1 or 2) as one line on stderr."""
    print(one_line(message), file=sys.stderr)


def open_to_read(path: Path, *, check_setup: bool = True) -> Journal:
    """Open an election file read-only, saying so when it is read as it lies."""
    journal = Journal.open(path, read_only=True, check_setup=check_setup)
    if journal.immutable:
        say_problem(
            f"note: {path} is on read-only media and has no -wal beside it: read as it lies"
            " (SQLite immutable mode)"
        )
    return journal


def challenges_by_party(count: Count, election: Election) -> dict[str, int]:
    """`challenges_by_party` of `station tally --json`: each challenger's counting
    challenges, under its key (`Challenger.json_key`; docs/agent.md lists them)."""
    if count.carried is not None:
        return _carried_by_party(count)
    return {
        election.challenger(party).json_key: n for party, n in count.challenges.by_party().items()
    }


def _carried_by_party(count: Count) -> dict[str, int]:
    """A revised count of the tables: the election register's challenges still open, by
    party's key (those ordered opened are no party's, as at one table)."""
    assert count.carried is not None
    statuses = count.resolutions.carried_statuses(count)
    found: dict[str, int] = {}
    for challenge in count.carried.challenges:
        if challenge.party is not None and statuses[challenge.number] is Status.OPEN:
            found[challenge.party] = found.get(challenge.party, 0) + 1
    return found


def challenges_by_party_line(count: Count, election: Election) -> str:
    by_party = count.challenges.by_party()
    if count.carried is not None:  # by key: named as the challengers' keys name them
        ids = {c.json_key: c.id for c in election.challengers}
        by_party = {ids.get(key, key): n for key, n in _carried_by_party(count).items()}
    if not any(by_party.values()):
        return ""
    names = election.short_names
    parts = [f"{names.get(party, party)} {n:,}" for party, n in by_party.items() if n]
    return f"  ({', '.join(parts)})"


def restored_count(journal: Journal) -> tuple[Count, str]:
    """The count of every event in an open journal, and the head hash it reached."""
    secret = station_secret(create=False)  # reading makes no secret
    return journal.restore(until=journal.head_seq, secret=secret), journal.head_hash


MAYBE_WITHOUT_ITS_WAL = (
    "warning: the last session has no close event and there is no -wal file beside"
    " the file: if it is a copy, the count may go on in a -wal file that was not"
    " copied, or after the copy was made. For the whole count, close the operator"
    " window counting into the original, then copy it again"
)


def still_open_statement(name: str, events: int) -> str:
    """What `station copy` says of a count it copied while it was still open: the copy
    is whole up to now, and the original goes on."""
    return (
        f"note: the count in {name} is still open (its last session has no close event):"
        f" the copy holds the {how_many(events, 'event')} recorded so far. For the whole"
        " count, close the operator window counting into it, then copy it again"
    )


def wal_holds_commits(path: Path) -> bool:
    """Whether a -wal beside `path` holds anything: a station's commits, perhaps.

    An empty one proves nothing: a reader makes one to read the file, and cannot take
    it away again while a station still holds the file open (a file moved while a
    station counts: SQLite's lock is on the file, whatever its name), so `tally` left
    an empty -wal beside a moved file, and `verify` took it for the station's own.
    """
    try:
        return Path(f"{path}-wal").stat().st_size > 0
    except OSError:
        return False
