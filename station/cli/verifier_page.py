"""`station verifier --out FILE.html`: the offline verifier page a party saves and keeps."""

import argparse
import contextlib
import hashlib
import os
import secrets
from pathlib import Path
from typing import Any

from station import __version__
from station.cli.common import UsageError, say, say_problem
from station.files import create_new, flush


def add_verifier_parser(commands: Any) -> None:
    verifier = commands.add_parser(
        "verifier",
        help="write the verifier page (`verify FOLDER --key` in any browser, offline), or"
        " print its SHA-256",
    )
    verifier.add_argument(
        "--out",
        type=Path,
        metavar="FILE.html",
        help="the new page (never overwritten); without it, only the page's SHA-256 is"
        " printed, to compare with a page saved before",
    )


def cmd_verifier(args: argparse.Namespace) -> int:
    """Write the verifier page, or say its SHA-256: the page runs Station's own Python
    (python_page.py), its inputs fetched once into a cache."""
    from station.verifier import python_page

    out: Path | None = args.out
    if out is not None and out.exists():  # said before minutes of fetching, not after
        raise UsageError(f"{out}: already exists (the page is never written over a file)")
    try:
        data = python_page.built()
    except python_page.InputsError as error:
        say_problem(f"cannot build the page: {error}")
        return 1
    made = (
        f"Station verifier {__version__}, run by Station's Python (Pyodide"
        f" {python_page.pinned()['pyodide']['version']}); {len(data):,} bytes, SHA-256 of"
        f" the page {hashlib.sha256(data).hexdigest()}"
    )
    if out is None:
        say(made)
        return 0
    write_new(out, data, "the page")
    say(f"wrote {out}: {made}")
    return 0


def write_new(out: Path, data: bytes, what: str) -> None:
    """Write `data` under a temporary name, then give it the name `out` unless taken
    (`what` is written: "the page")."""
    if out.exists():
        raise UsageError(f"{out}: already exists ({what} is never written over a file)")
    staging = out.with_name(f".{out.name}.{secrets.token_hex(4)}")
    try:
        fd = create_new(staging, 0o644)
    except OSError as error:
        raise UsageError(f"{out}: cannot be written ({error.strerror})") from None
    try:
        try:
            os.write(fd, data)
            flush(fd)
        finally:
            os.close(fd)
        os.link(staging, out)  # fails, leaving nothing, if the name was taken meanwhile
    except FileExistsError:
        raise UsageError(f"{out}: already exists ({what} is never written over a file)") from None
    except OSError as error:
        raise UsageError(f"{out}: cannot be written ({error.strerror})") from None
    finally:
        with contextlib.suppress(OSError):
            staging.unlink()
