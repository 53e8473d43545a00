"""An observer's tally-along record on their own disk, beside their witness file.

The record (`domain.tally_along.ObserverRecord`) is rewritten whole after each key, to a
new file flushed to the disk and then renamed over the old one, so a crash or a power
cut leaves either the record before the key or the record after it, never half of one;
the key is acknowledged on screen only once it is written.
"""

import os
import tempfile
from pathlib import Path

from station.domain.tally_along import ObserverRecord
from station.files import flush, fsync_folder

SUFFIX = ".tally-along"


class TallyFileError(ValueError):
    """The record file cannot be read or written (one line, naming the file)."""


def tally_path(witness_file: Path) -> Path:
    """Where the record of a witness file's count is kept: beside it."""
    return witness_file.with_name(witness_file.name + SUFFIX)


def load(path: Path, count: str) -> ObserverRecord:
    """The record kept at `path`, or a new one for `count` if there is none yet."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return ObserverRecord(count)
    except (OSError, UnicodeDecodeError) as error:
        raise TallyFileError(f"{path}: cannot be read ({error})") from None
    try:
        record = ObserverRecord.from_json(text)
    except ValueError as error:
        raise TallyFileError(f"{path}: {error}") from None
    if record.count != count:
        raise TallyFileError(
            f"{path}: the record of the count {record.count}, not of {count} followed here"
        )
    return record


def save(path: Path, record: ObserverRecord) -> None:
    """Write the record durably (all of it or none of it)."""
    write_text(path, record.to_json())


def write_text(path: Path, text: str) -> None:
    """`text` at `path`, durably: a new file flushed, renamed over the old one."""
    try:
        fd, staged = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise TallyFileError(f"{path}: cannot be written ({error.strerror or error})") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            flush(out.fileno())
        os.replace(staged, path)
        fsync_folder(path.parent)
    except OSError as error:
        Path(staged).unlink(missing_ok=True)
        raise TallyFileError(f"{path}: cannot be written ({error.strerror or error})") from None
