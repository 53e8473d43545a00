"""Reading signed heads, with the signature check handed in: no key store, no `cryptography`.

The station's signature on "this election's journal has N events ending in H".

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

The check of an Ed25519 signature is handed in (`SignatureCheck`: raw public key,
signature, signed bytes), so that the same reading runs in `station witness` (with the
`cryptography` package, `heads.read_head`) and in the live page's Python (with the
browser's). Nothing here imports a socket, a thread or a key.
"""

import base64
import binascii
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from station.verification.fingerprints import key_fingerprint

SignatureCheck = Callable[[bytes, bytes, bytes], bool]
"""(raw public key, signature, signed bytes) -> whether the signature holds."""

ORIGIN_PREFIX = "station/"
DASH = "\u2014 "
ED25519 = b"\x01"
MAX_NOTE = 4096  # a head is a few hundred bytes; a larger one is refused unread


class BadHead(Exception):
    """A head that is not one, or not signed by the expected key (one line)."""


@dataclass(frozen=True, slots=True)
class Head:
    """A signed head, as received and as stored.

    Attributes:
        origin: "station/<case>/<election_id>".
        seq: the number of events it covers (its last event).
        hash: that event's hash (hex), or the setup hash at 0.
        time: when it was signed, "YYYY-MM-DDTHH:MM:SS.ffffffZ" (sorts as it reads).
        key: the fingerprint of the key that signed it.
        note: the whole signed note, exactly as signed.
    """

    origin: str
    seq: int
    hash: str
    time: str
    key: str
    note: str


def origin_of(case_number: str, election_id: str) -> str:
    """The origin line of an election's heads."""
    return f"{ORIGIN_PREFIX}{case_number}/{election_id}"


def key_name(key_fingerprint: str) -> str:
    return f"station-{key_fingerprint}"


def key_id(name: str, raw_public_key: bytes) -> bytes:
    """The 4 bytes that say which key a signature line is by (c2sp.org/signed-note)."""
    return hashlib.sha256(name.encode() + b"\n" + ED25519 + raw_public_key).digest()[:4]


def read_head(
    note: str, raw_public_key: bytes, origin: str, signature_holds: SignatureCheck
) -> Head:
    """The head in `note`, checked: its form, its origin and its signature by the raw
    Ed25519 `raw_public_key`, as `signature_holds` says.

    Raises BadHead naming what is wrong (a head of another election, or signed by
    another key, is as bad as a damaged one).
    """
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise BadHead("a signed head that is not one")
    text, blank, signatures = note.rpartition("\n\n")
    if not blank or not signatures.endswith("\n"):
        raise BadHead("a signed head that is not one (no signature)")
    text += "\n"
    lines = text.split("\n")[:-1]
    if len(lines) != 4 or not lines[3].startswith("time "):
        raise BadHead("a signed head that is not one (not origin, size, hash and time)")
    head_origin, size, hash64, time = lines[0], lines[1], lines[2], lines[3][5:]
    try:
        digest = base64.b64decode(hash64, validate=True)
        seq = int(size) if size.isdigit() else -1
        datetime.strptime(time, "%Y-%m-%dT%H:%M:%S.%fZ")
    except (binascii.Error, ValueError):
        raise BadHead("a signed head that is not one (bad hash or time)") from None
    if seq < 0 or len(digest) != 32 or str(seq) != size:
        raise BadHead("a signed head that is not one (bad size or hash)")
    if head_origin != origin:
        raise BadHead(f"a signed head of another election ({head_origin})")
    expected = key_fingerprint(raw_public_key)
    name = key_name(expected)
    wanted_id = key_id(name, raw_public_key)
    for line in signatures[:-1].split("\n"):
        if not line.startswith(DASH):
            raise BadHead("a signed head with a damaged signature line")
        line_name, _, sig64 = line[len(DASH) :].partition(" ")
        try:
            signature = base64.b64decode(sig64, validate=True)
        except (binascii.Error, ValueError):
            raise BadHead("a signed head with a damaged signature line") from None
        if line_name == name and signature[:4] == wanted_id:
            if len(signature) == 68 and signature_holds(
                raw_public_key, signature[4:], text.encode()
            ):
                return Head(origin, seq, digest.hex(), time, expected, note)
            raise BadHead(f"the head at event {seq:,} has a signature that does not hold")
    raise BadHead(f"the head at event {seq:,} is signed by another key, not by key {expected}")


def follows(previous: Head | None, head: Head) -> str | None:
    """Why `head` cannot come after `previous` in one feed (a replay), or None."""
    if previous is None:
        return None
    if head.note == previous.note:
        return (
            f"the head at event {head.seq:,} signed at {head.time} is there twice: a replayed head"
        )
    if head.time <= previous.time:
        return (
            f"the head at event {head.seq:,} signed at {head.time} is older than one already"
            f" seen (event {previous.seq:,}, {previous.time}): a replayed head"
        )
    if head.seq < previous.seq:
        return (
            f"the head at event {head.seq:,} goes back from event {previous.seq:,}: a replayed head"
        )
    return None
