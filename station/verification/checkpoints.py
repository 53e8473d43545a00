"""An election's signed checkpoints (the station's "heads"), read with the signature check
handed in: no key store, no `cryptography`.

The station's signature on "this election's log, of N + 1 entries, has this Merkle
root". A checkpoint is a C2SP signed note (c2sp.org/signed-note) in the tlog-checkpoint
layout (c2sp.org/tlog-checkpoint)::

    station/29-RC-288020/<election_id>        origin: the case and the file's identity
    1205                                      tree size: the setup and 1,204 events
    P6nAGy59WoZ...=                           the RFC 6962 root of those lines
    time 2026-11-30T22:10:03.512046Z          when the station signed it (UTC)

    — station/29-RC-288020/<election_id> <base64(key ID || Ed25519 signature)>

The tree's leaves are the lines of `journal.jsonl` (station/verification/merkle.py), so
the tree of size N + 1 holds the setup and events 1 to N: a `Head` names its last event,
`seq` = size - 1. The key's name is the origin, as tlog-checkpoint asks, so the key ID
is the first 4 bytes of SHA-256(origin || 0x0A || 0x01 || raw public key) and the
station's verifier key for the election is `vkey(origin, raw public key)`.

The one extension line, `time`, is the station's clock when it signed: heads of one feed
come in order, the size never going down and the time always going up, so a head signed
earlier and shown again later (a replay) is caught by its time. Other signatures (a
witness's cosignatures) are ignored here; the station's own must hold.

The check of an Ed25519 signature is handed in (`SignatureCheck`: raw public key,
signature, signed bytes), so that the same reading runs in `station witness` (with the
`cryptography` package) and in the pages' Python (with the browser's). Signing is
`station.sheet.checkpoint_signing`.
"""

import base64
from dataclasses import dataclass
from datetime import datetime

from station.verification.fingerprints import key_fingerprint
from station.verification.signed_note import (
    ED25519,
    BadNote,
    SignatureCheck,
    Vkey,
    key_id,
    parse_checkpoint,
    parse_note,
    verified_signatures,
    vkey_text,
)

__all__ = ["SignatureCheck"]

ORIGIN_PREFIX = "station/"
TIME_PREFIX = "time "


class BadHead(Exception):
    """A head that is not one, or not signed by the expected key (one line)."""


@dataclass(frozen=True, slots=True)
class Head:
    """A signed checkpoint, as received and as stored.

    Attributes:
        origin: "station/<case>/<election_id>".
        seq: the last event it covers: the tree has seq + 1 leaves.
        root: the tree's RFC 6962 root (hex).
        time: when it was signed, "YYYY-MM-DDTHH:MM:SS.ffffffZ" (sorts as it reads).
        key: the fingerprint of the key that signed it.
        note: the whole signed note, exactly as signed (with any cosignatures).
    """

    origin: str
    seq: int
    root: str
    time: str
    key: str
    note: str

    @property
    def size(self) -> int:
        return self.seq + 1


def origin_of(case_number: str, election_id: str) -> str:
    """The origin line of an election's log, and its key's name."""
    return f"{ORIGIN_PREFIX}{case_number}/{election_id}"


def station_vkey(origin: str, raw_public_key: bytes) -> str:
    """The station's verifier key for one election's log (c2sp.org/signed-note)."""
    return vkey_text(origin, ED25519, raw_public_key)


def checkpoint_text(origin: str, seq: int, root_hex: str, time: str) -> str:
    """The signed text of a head: origin, size, root, time."""
    root64 = base64.b64encode(bytes.fromhex(root_hex)).decode()
    return f"{origin}\n{seq + 1}\n{root64}\n{TIME_PREFIX}{time}\n"


def read_head(
    note: str, raw_public_key: bytes, origin: str, signature_holds: SignatureCheck
) -> Head:
    """The head in `note`, checked: its form, its origin and its signature by the raw
    Ed25519 `raw_public_key`, as `signature_holds` says.

    Raises BadHead naming what is wrong (a head of another election, or signed by
    another key, is as bad as a damaged one).
    """
    try:
        parsed = parse_note(note)
        checkpoint = parse_checkpoint(parsed.text)
    except BadNote as bad:
        raise BadHead(str(bad).replace("signed note", "signed head", 1)) from None
    extensions = checkpoint.extensions
    if len(extensions) != 1 or not extensions[0].startswith(TIME_PREFIX):
        raise BadHead("a signed head that is not one (not origin, size, root and time)")
    time = extensions[0][len(TIME_PREFIX) :]
    try:
        datetime.strptime(time, "%Y-%m-%dT%H:%M:%S.%fZ")
    except ValueError:
        raise BadHead("a signed head that is not one (a bad time)") from None
    if checkpoint.size < 1:
        raise BadHead("a signed head that is not one (an empty tree holds no setup)")
    seq = checkpoint.size - 1
    if checkpoint.origin != origin:
        raise BadHead(f"a signed head of another election ({checkpoint.origin})")
    expected = key_fingerprint(raw_public_key)
    vkey = Vkey(origin, key_id(origin, ED25519, raw_public_key), ED25519, raw_public_key)
    try:
        verified = verified_signatures(parsed, [vkey], signature_holds)
    except BadNote:
        raise BadHead(f"the head at event {seq:,} has a signature that does not hold") from None
    if not verified:
        raise BadHead(f"the head at event {seq:,} is signed by another key, not by key {expected}")
    return Head(origin, seq, checkpoint.root.hex(), time, expected, note)


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
