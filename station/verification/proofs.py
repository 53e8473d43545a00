"""A proof a person can carry that one event is in the station's signed log: a
c2sp.org/tlog-proof@v1, checked offline with the station's verifier key.

    c2sp.org/tlog-proof@v1
    extra <base64 of the event's line of journal.jsonl, without its newline>
    index <N>
    <the inclusion proof, one base64 hash a line, from the leaf's sibling up>

    <the checkpoint, verbatim, with its signature and any cosignatures>

The `extra` line carries the event itself, so the proof says which event it proves:
its leaf hash is SHA-256(0x00 ‖ extra), and the inclusion proof binds it at `index`
to the checkpoint's root. The checkpoint is held to the station's verifier key (its
name is the log's origin); a witness's cosignature is checked only with that
witness's key, and otherwise named as not checked. A witness's key given asks for its
cosignature: a proof without it, or with one that does not verify, is not OK.
"""

import base64
import binascii
import json
from collections.abc import Sequence
from dataclasses import dataclass

from station.verification.checkpoints import BadHead, read_head
from station.verification.merkle import HASH_SIZE, inclusion_holds, leaf_hash
from station.verification.signed_note import (
    ED25519,
    BadNote,
    SignatureCheck,
    Vkey,
    parse_note,
    parse_vkey,
)
from station.verification.witnessed import WitnessCheck, checked_witnesses

HEADER = "c2sp.org/tlog-proof@v1"
SUFFIX = ".tlog-proof"
MAX_PROOF_BYTES = 2 << 20  # an event's line (at most 65,535 bytes) in base64, a note
_DAMAGED = "is not a tlog proof"


class BadProof(ValueError):
    """A proof that cannot be read, or that does not hold (one line)."""


@dataclass(frozen=True, slots=True)
class Proof:
    extra: bytes | None
    index: int
    hashes: tuple[bytes, ...]
    checkpoint: str


@dataclass(frozen=True, slots=True)
class Cosigner:
    """A signature on the checkpoint besides the station's: its key's name, and whether
    it was checked with a key given (False: named only)."""

    name: str
    checked: bool


@dataclass(frozen=True, slots=True)
class ProvenEvent:
    """What a proof that holds proves: event `seq` (0: the setup), its action and time,
    in the log of `origin` at tree `size`, with these cosigners; `witnesses`: the
    witnesses' keys given, held to its cosignatures (None: none given)."""

    seq: int
    action: str
    utc: str
    origin: str
    size: int
    cosigners: tuple[Cosigner, ...]
    witnesses: WitnessCheck | None = None


def proof_text(line: bytes, index: int, hashes: Sequence[bytes], checkpoint: str) -> str:
    """The proof of the leaf `line` at `index` under `checkpoint` (as written)."""
    lines = [
        HEADER,
        f"extra {base64.b64encode(line).decode()}",
        f"index {index}",
        *(base64.b64encode(h).decode() for h in hashes),
        "",
    ]
    return "\n".join(lines) + "\n" + checkpoint


def parse_proof(text: str) -> Proof:
    """Raises BadProof naming what is wrong."""
    head, blank, checkpoint = text.partition("\n\n")
    lines = head.split("\n")
    if not blank or not lines or lines[0] != HEADER:
        raise BadProof(f"{_DAMAGED} (it does not begin with {HEADER} and end in a checkpoint)")
    rest = lines[1:]
    extra = None
    if rest and rest[0].startswith("extra "):
        extra = _base64(rest.pop(0)[len("extra ") :], "its extra line")
    if not rest or not rest[0].startswith("index "):
        raise BadProof(f"{_DAMAGED} (no index line)")
    number = rest.pop(0)[len("index ") :]
    if not number.isdigit() or str(int(number)) != number:
        raise BadProof(f"{_DAMAGED} (its index is not a number)")
    hashes = tuple(_base64(line, "a hash of it") for line in rest)
    if any(len(h) != HASH_SIZE for h in hashes):
        raise BadProof(f"{_DAMAGED} (a hash of it is not 32 bytes)")
    return Proof(extra, int(number), hashes, checkpoint)


def _base64(text: str, what: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        raise BadProof(f"{_DAMAGED} ({what} is not base64)") from None


def check_proof(
    text: str,
    station_vkey: str,
    signature_holds: SignatureCheck,
    witnesses: Sequence[Vkey] = (),
    quorum: int | None = None,
) -> ProvenEvent:
    """The event a proof proves, once its checkpoint is signed by `station_vkey` and its
    leaf (the `extra` line) is at its index under the checkpoint's root. The witnesses'
    keys given (`--witness-key`, a policy's) are held to the checkpoint's cosignatures as
    a sheet's are (`checked_witnesses`: `quorum` of them, all by default, must be there
    and verify); the verdict says whether they did. Raises BadProof naming what fails."""
    try:
        vkey = parse_vkey(station_vkey)
    except BadNote as bad:
        raise BadProof(str(bad)) from None
    if vkey.kind != ED25519:
        raise BadProof("the station's verifier key is an Ed25519 key (type 01), not a witness's")
    proof = parse_proof(text)
    try:
        head = read_head(proof.checkpoint, vkey.public_key, vkey.name, signature_holds)
    except BadHead as bad:
        raise BadProof(f"its checkpoint: {bad}") from None
    if proof.extra is None:
        raise BadProof("it carries no event (no extra line)")
    if proof.index >= head.size:
        raise BadProof(
            f"its index {proof.index:,} is not in the checkpoint's log of {head.size:,} entries"
        )
    if not inclusion_holds(
        leaf_hash(proof.extra), proof.index, head.size, proof.hashes, bytes.fromhex(head.root)
    ):
        raise BadProof(
            f"the event it carries is not at index {proof.index:,} of the signed log"
            " (the inclusion proof does not hold)"
        )
    seq, action, utc = _event(proof.extra, proof.index)
    note = parse_note(proof.checkpoint)
    checked = None
    if witnesses:
        wanted = len(witnesses) if quorum is None else quorum
        checked = checked_witnesses(proof.checkpoint, witnesses, wanted, signature_holds)
    verified = set() if checked is None else {(v.name, v.key_id) for v in checked.verified}
    cosigners = tuple(
        Cosigner(s.name, (s.name, s.key_id) in verified)
        for s in note.signatures
        if (s.name, s.key_id) != (vkey.name, vkey.key_id)
    )
    return ProvenEvent(seq, action, utc, head.origin, head.size, cosigners, checked)


def _event(line: bytes, index: int) -> tuple[int, str, str]:
    """(seq, action, time) of the line at `index`: the setup at 0, else an event whose
    `seq` is its index."""
    try:
        row = json.loads(line)
    except ValueError:
        row = None
    if index == 0 and isinstance(row, dict) and "election" in row:
        return 0, "setup", ""
    if (
        not isinstance(row, dict)
        or row.get("seq") != index
        or not isinstance(row.get("action"), str)
        or not isinstance(row.get("utc"), str)
    ):
        raise BadProof(f"the entry it carries is not event {index:,} of a journal")
    return index, row["action"], row["utc"]
