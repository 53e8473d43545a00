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
from station.verifier.page import page, script_sha256


def add_verifier_parser(commands: Any) -> None:
    verifier = commands.add_parser(
        "verifier",
        help="write the verifier page: `verify FOLDER --key` in any browser, offline",
    )
    verifier.add_argument(
        "--out",
        required=True,
        type=Path,
        metavar="FILE.html",
        help="the new page (never overwritten)",
    )
    verifier.add_argument(
        "--python",
        action="store_true",
        help="the coming page instead, run by Station's own Python in the browser (its"
        " pinned packages are fetched from the npm registry and PyPI the first time)",
    )


def cmd_verifier(args: argparse.Namespace) -> int:
    out: Path = args.out
    if args.python:
        return _python_page(out)
    data = page().encode("utf-8")
    _write_new(out, data)
    say(
        f"wrote {out}: Station verifier {__version__}; SHA-256 of the page"
        f" {hashlib.sha256(data).hexdigest()}, of its checking script {script_sha256()}"
    )
    return 0


def _python_page(out: Path) -> int:
    """Write the Python verifier page, built from its pinned inputs (python_page.py)."""
    from station.verifier import python_page

    if out.exists():  # said before minutes of fetching, not after
        raise UsageError(f"{out}: already exists (the page is never written over a file)")
    try:
        data = python_page.page(python_page.fetch_inputs(python_page.default_cache()))
    except python_page.InputsError as error:
        say_problem(f"cannot build the page: {error}")
        return 1
    _write_new(out, data)
    say(
        f"wrote {out}: Station verifier {__version__}, run by Station's Python (Pyodide"
        f" {python_page.pinned()['pyodide']['version']}); {len(data):,} bytes, SHA-256 of"
        f" the page {hashlib.sha256(data).hexdigest()}"
    )
    return 0


def _write_new(out: Path, data: bytes) -> None:
    """Write `data` under a temporary name, then give it the name `out` unless taken."""
    if out.exists():
        raise UsageError(f"{out}: already exists (the page is never written over a file)")
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
        raise UsageError(f"{out}: already exists (the page is never written over a file)") from None
    except OSError as error:
        raise UsageError(f"{out}: cannot be written ({error.strerror})") from None
    finally:
        with contextlib.suppress(OSError):
            staging.unlink()
