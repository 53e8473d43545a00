"""The seal on snapshots of the count: which snapshots this station may start from.

A station opens a long journal from a snapshot of the count instead of replaying every
event. A snapshot is made from the journal, but it sits in the file, where anyone who
can edit the file could change it and recompute any digest. So a station starts only
from a snapshot sealed with its own secret (an HMAC key beside its signing key, made
on first use, readable by its owner only): the file alone can never make a station
show a count its journal does not give. A snapshot sealed anywhere else is simply not
used, and `verify`, which needs no secret, checks every snapshot against the replay.
"""

import contextlib
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from platformdirs import user_data_path

from station.files import create_new, flush, fsync_folder, make_folder

SECRET_FILE = "snapshot-seal.key"
_SECRET_BYTES = 32


def secret_path() -> Path:
    """Where the station keeps its sealing secret (beside its signing key)."""
    return user_data_path("station", appauthor=False) / SECRET_FILE


def station_secret(*, create: bool = True) -> bytes | None:
    """This station's sealing secret, made on first use if `create`; None if none.

    Without one, a station neither writes nor trusts snapshots: it replays, which
    only takes longer. Only writing a snapshot makes one (reading never leaves a
    file behind). A secret file of the wrong size (damaged) is replaced: that only
    unseals the snapshots made with it.
    """
    path = secret_path()
    with contextlib.suppress(OSError):
        secret = path.read_bytes()
        if len(secret) == _SECRET_BYTES:
            return secret
    if not create:
        return None
    try:
        make_folder(path.parent, mode=0o700)
        return _new_secret(path)
    except OSError:
        return None


def _new_secret(path: Path) -> bytes:
    """Make the secret at `path`; of two stations making it at once, both use the first.

    A secret left short (a station killed as it wrote one) is replaced through a
    temporary file renamed over it, which every file system can do.
    """
    secret = secrets.token_bytes(_SECRET_BYTES)
    try:
        fd = create_new(path, 0o600)
    except FileExistsError:
        existing = path.read_bytes()
        if len(existing) == _SECRET_BYTES:
            return existing
        _replace(path, secret)
        return secret
    with os.fdopen(fd, "wb") as out:
        out.write(secret)
        out.flush()
        flush(out.fileno())
    fsync_folder(path.parent)
    return secret


def _replace(path: Path, secret: bytes) -> None:
    temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
    try:
        fd = create_new(temp, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(secret)
            out.flush()
            flush(out.fileno())
        os.replace(temp, path)
        fsync_folder(path.parent)
    finally:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)


def seal(secret: bytes, digest: str) -> str:
    """The seal of a snapshot whose digest (`chain.snapshot_digest`) is `digest`."""
    return hmac.new(secret, digest.encode("ascii"), hashlib.sha256).hexdigest()


def sealed_by(secret: bytes | None, digest: str, stored_seal: object) -> bool:
    """Whether `stored_seal` is this station's seal of `digest`."""
    return (
        secret is not None
        and isinstance(stored_seal, str)
        and stored_seal.isascii()  # compare_digest takes no other text
        and hmac.compare_digest(seal(secret, digest), stored_seal)
    )
