"""The checks of the benchmarks' command lines: a nonsense argument is one line and exit
2, never a traceback after minutes of measuring.

Nothing of Station's is imported here: `big_journal.py`'s checking processes import that
script anew, and its imports are a cost `station verify` does not have.
"""

import argparse
import tempfile
from collections.abc import Callable
from pathlib import Path


def whole(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `minimum` (calls, rounds, events)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return parse


def positive(text: str) -> float:
    """An argparse type: a number above zero (a rate, a duration)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0 or value == float("inf"):  # nan compares false
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text}")
    return value


def cache_folder(text: str) -> Path:
    """An argparse type: the folder that keeps the big fixtures, made if missing; it must
    take a new file."""
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        reason = error.strerror or str(error)
        raise argparse.ArgumentTypeError(f"{text} cannot keep the fixtures: {reason}") from None
    return folder
