"""The station signs a checkpoint of an election's log (what `verification.checkpoints`
reads): in `station serve` as the count moves, and in the export for its `log/`."""

from datetime import UTC, datetime

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from station.sheet.keys import StationKey
from station.verification.checkpoints import Head, checkpoint_text, station_vkey
from station.verification.signed_note import ED25519, key_id, signature_line


def raw_key(public_key: Ed25519PublicKey) -> bytes:
    return public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def utc_now() -> str:
    """The time line's clock: UTC, microseconds, sorting as it reads."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def sign_head(key: StationKey, origin: str, seq: int, root: str, time: str) -> Head:
    """The signed checkpoint of the tree of `seq` + 1 leaves whose root is `root` (hex)."""
    text = checkpoint_text(origin, seq, root, time)
    ident = key_id(origin, ED25519, raw_key(key.public_key))
    note = f"{text}\n{signature_line(origin, ident, key.sign(text.encode()))}"
    return Head(origin, seq, root, time, key.fingerprint, note)


def election_vkey(key: StationKey, origin: str) -> str:
    """The station's verifier key for one election's log."""
    return station_vkey(origin, raw_key(key.public_key))
