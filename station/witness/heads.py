"""Signed heads: the station's signature on "this election's journal has N events ending in H".

A head is a C2SP signed note in the tlog-checkpoint layout (c2sp.org/signed-note,
c2sp.org/tlog-checkpoint), so that tools of the transparency-log world can read it::

    station/29-RC-288020/<election_id>        origin: the case and the file's identity
    1204                                      size: the number of events
    P6nAGy59WoZ...=                           the head hash (32 bytes, standard base64)
    time 2026-11-30T22:10:03.512046Z          when the station signed it (UTC)

    — station-<fingerprint> <base64(key ID || Ed25519 signature)>

The signature covers the text up to and including the newline of the last text line;
the key ID is the first 4 bytes of SHA-256(key name || 0x0A || 0x01 || raw public key).
A head of 0 events carries the setup hash. Heads of one feed come in order: the event
number never goes down and the time always goes up, so a head signed earlier and shown
again later (a replay) is caught by its time.
"""

import base64
from datetime import UTC, datetime

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from station.sheet.keys import StationKey, signature_holds_raw
from station.witness import head_notes
from station.witness.head_notes import DASH, BadHead, Head, follows, key_id, key_name, origin_of

__all__ = ["BadHead", "Head", "follows", "origin_of", "read_head", "sign_head", "utc_now"]


def raw_key(public_key: Ed25519PublicKey) -> bytes:
    return public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def sign_head(key: StationKey, origin: str, seq: int, head_hash: str, time: str) -> Head:
    """The signed note of a head."""
    text = f"{origin}\n{seq}\n{base64.b64encode(bytes.fromhex(head_hash)).decode()}\ntime {time}\n"
    name = key_name(key.fingerprint)
    signature = key_id(name, raw_key(key.public_key)) + key.sign(text.encode())
    note = f"{text}\n{DASH}{name} {base64.b64encode(signature).decode()}\n"
    return Head(origin, seq, head_hash, time, key.fingerprint, note)


def read_head(note: str, public_key: Ed25519PublicKey, origin: str) -> Head:
    """`head_notes.read_head` with the `cryptography` package's signature check."""
    return head_notes.read_head(note, raw_key(public_key), origin, signature_holds_raw)
