"""`station verifier --out FILE.html`: the offline verifier page a party saves and keeps."""

import argparse
import contextlib
import hashlib
import os
import secrets
from pathlib import Path
from typing import Any

from station import __version__
from station.cli.common import UsageError, say
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


def cmd_verifier(args: argparse.Namespace) -> int:
    out: Path = args.out
    data = page().encode("utf-8")
    _write_new(out, data)
    say(
        f"wrote {out}: Station verifier {__version__}; SHA-256 of the page"
        f" {hashlib.sha256(data).hexdigest()}, of its checking script {script_sha256()}"
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
