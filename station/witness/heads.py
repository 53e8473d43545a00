"""Signed heads, for the feed and its followers: signing (`sheet.checkpoint_signing`) and
reading (`verification.checkpoints`) with the `cryptography` package's check."""

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from station.sheet.checkpoint_signing import raw_key, sign_head, utc_now
from station.sheet.keys import signature_holds_raw
from station.verification import checkpoints
from station.verification.checkpoints import BadHead, Head, follows, origin_of, station_vkey

__all__ = [
    "BadHead",
    "Head",
    "follows",
    "origin_of",
    "raw_key",
    "read_head",
    "sign_head",
    "station_vkey",
    "utc_now",
]


def read_head(note: str, public_key: Ed25519PublicKey, origin: str) -> Head:
    """`checkpoints.read_head` with the `cryptography` package's signature check."""
    return checkpoints.read_head(note, raw_key(public_key), origin, signature_holds_raw)
