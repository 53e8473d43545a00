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

from station.files import fsync_folder

SECRET_FILE = "snapshot-seal.key"
_SECRET_BYTES = 32


def secret_path() -> Path:
    """Where the station keeps its sealing secret (beside its signing key)."""
    return user_data_path("station", appauthor=False) / SECRET_FILE


def station_secret() -> bytes | None:
    """This station's sealing secret, made on first use; None if it cannot be had.

    Without one, a station neither writes nor trusts snapshots: it replays, which
    only takes longer.
    """
    path = secret_path()
    with contextlib.suppress(OSError):
        secret = path.read_bytes()
        return secret if len(secret) == _SECRET_BYTES else None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        # O_EXCL: of two stations starting at once, one makes it, both use it.
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        with contextlib.suppress(OSError):
            secret = path.read_bytes()
            return secret if len(secret) == _SECRET_BYTES else None
        return None
    except OSError:
        return None
    secret = secrets.token_bytes(_SECRET_BYTES)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(secret)
            out.flush()
            os.fsync(out.fileno())
        fsync_folder(path.parent)
    except OSError:
        path.unlink(missing_ok=True)
        return None
    return secret


def seal(secret: bytes, digest: str) -> str:
    """The seal of a snapshot whose digest (`chain.snapshot_digest`) is `digest`."""
    return hmac.new(secret, digest.encode("ascii"), hashlib.sha256).hexdigest()


def sealed_by(secret: bytes | None, digest: str, stored_seal: object) -> bool:
    """Whether `stored_seal` is this station's seal of `digest`."""
    return (
        secret is not None
        and isinstance(stored_seal, str)
        and hmac.compare_digest(seal(secret, digest), stored_seal)
    )
