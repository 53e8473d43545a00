"""The sheet's `witnessed` fact: the checkpoint the sheet certifies, cosigned by witnesses.

While a count is served (`station serve --witness`), the parties' witnesses cosign the
station's checkpoints (c2sp.org/tlog-witness). When the agent signs a sheet, the
checkpoint of the log as the sheet certifies it (tree size `head.seq` + 1: the setup
and every event up to the head) with every cosignature received is recorded in the
`sign` event's detail, as one signed note (c2sp.org/signed-note): the checkpoint's text,
a blank line, the station's signature line, then each cosignature line
(c2sp.org/tlog-cosignature). A witness's cosignature says: this witness saw the log
grow to this size with this root, consistent with every checkpoint it cosigned before,
and will cosign no other history of it.

Checking the fact (`witnessed_problem`) is recomputing it: its origin is the
election's, its size the head's + 1, its root the RFC 6962 root of `journal.jsonl`'s
lines up to the head, its first signature the station's by the sheet's key, and every
other line a well-formed Ed25519 cosignature (72 bytes: a non-zero 8-byte time, then
the signature). Whose cosignatures they are is known only with the witnesses' keys
(`checked_witnesses`): a line of a key not given is a claim nobody checked.

Pure: the Ed25519 check is handed in (`SignatureCheck`).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from station.verification.checkpoints import BadHead, Head, read_head
from station.verification.signed_note import (
    COSIGNATURE,
    ED25519,
    MAX_SIGNATURES,
    BadNote,
    Note,
    Signature,
    SignatureCheck,
    Vkey,
    key_id,
    parse_note,
    verify_signature,
)

FACT = "witnessed"
"""The sheet fact's name (a key of the `sign` event's detail and of `tally.json`'s sheet)."""
COSIGNATURE_BYTES = 72  # an 8-byte big-endian POSIX time, then a 64-byte Ed25519 signature


class WitnessedProblem(ValueError):
    """What is wrong with a `witnessed` fact, in one line."""


@dataclass(frozen=True, slots=True)
class Witness:
    """One cosignature line of a witnessed checkpoint: the witness key's name, its key
    ID (8 hex digits), when it cosigned (POSIX seconds), and the line itself."""

    name: str
    key_id: str
    timestamp: int
    line: str

    @property
    def utc(self) -> str:
        """Its time as the sheet prints it: "2026-11-03 14:00:29 UTC"."""
        return datetime.fromtimestamp(self.timestamp, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def well_formed_cosignature(signature: Signature) -> bool:
    """Whether a signature line can be a tlog-cosignature: 72 bytes, a time after 1970
    that fits its 63 bits. (That its key is of type 0x04 only its vkey can say.)"""
    if len(signature.signature) != COSIGNATURE_BYTES:
        return False
    timestamp = int.from_bytes(signature.signature[:8], "big")
    return 0 < timestamp < 1 << 63


def cosigned_note(
    note: str,
    *,
    origin: str,
    size: int,
    root: bytes,
    raw_public_key: bytes,
    holds: SignatureCheck,
) -> str:
    """The fact to record from a cosigned checkpoint (`journal.cosigned`): the note with
    the station's signature first and every well-formed cosignature after it, once each.

    Raises WitnessedProblem when the checkpoint is not the one the sheet certifies: of
    another election, of another size, of another root, or not signed by this station.
    """
    parsed, _ = _read(note, origin, size, root, raw_public_key, holds)
    station = _station_line(parsed, origin, raw_public_key)
    kept: list[str] = []
    for signature in parsed.signatures:
        if signature.line in kept or _is_station(signature, origin, raw_public_key):
            continue
        if well_formed_cosignature(signature) and len(kept) < MAX_SIGNATURES - 1:
            kept.append(signature.line)
    return f"{parsed.text}\n{station}{''.join(kept)}"


def witnessed_problem(
    fact: object,
    *,
    origin: str,
    size: int,
    root: bytes,
    raw_public_key: bytes,
    holds: SignatureCheck,
) -> str | None:
    """What is wrong with a sheet's `witnessed` fact, in one line, or None: the fact
    recomputed (see the module docstring) must be the fact as recorded."""
    if not isinstance(fact, str):
        return "its witnessed checkpoint is not a signed note"
    try:
        parsed, _ = _read(fact, origin, size, root, raw_public_key, holds)
    except WitnessedProblem as problem:
        return str(problem)
    first, others = parsed.signatures[0], parsed.signatures[1:]
    if not _is_station(first, origin, raw_public_key):
        return "its witnessed checkpoint does not begin with the station's signature"
    lines = [signature.line for signature in others]
    for number, signature in enumerate(others, start=1):
        if _is_station(signature, origin, raw_public_key):
            return f"its witnessed checkpoint has the station's signature twice (line {number + 1})"
        if not well_formed_cosignature(signature):
            return (
                f"its witnessed checkpoint's cosignature by {signature.name} is not a"
                " timestamped Ed25519 cosignature (72 bytes, a time after 1970)"
            )
        if lines.index(signature.line) != number - 1:
            return f"its witnessed checkpoint has the cosignature by {signature.name} twice"
    if not others:
        return "its witnessed checkpoint has no cosignature"
    return None


def cosignatures_problem(
    note: str,
    *,
    origin: str,
    raw_public_key: bytes,
    vkeys: Sequence[Vkey],
    holds: SignatureCheck,
) -> str | None:
    """What is wrong with the cosignatures of a checkpoint the station signed (an
    export's `log/checkpoint`, checked by then), in one line, or None: every line other
    than the station's a well-formed cosignature, each once, and one by a witness key
    given (`vkeys`: its name and key ID) one that verifies. A line of a key not given
    is a claim nobody checked, as on the sheet."""
    try:
        parsed = parse_note(note)
    except BadNote as bad:
        return str(bad)
    others = [s for s in parsed.signatures if not _is_station(s, origin, raw_public_key)]
    lines = [signature.line for signature in others]
    for number, signature in enumerate(others):
        if not well_formed_cosignature(signature):
            return (
                f"its cosignature by {signature.name} is not a timestamped Ed25519 cosignature"
                " (72 bytes, a time after 1970)"
            )
        if lines.index(signature.line) != number:
            return f"it has the cosignature by {signature.name} twice"
        for vkey in vkeys:
            if (signature.name, signature.key_id) != (vkey.name, vkey.key_id):
                continue
            if vkey.kind != COSIGNATURE or not verify_signature(
                parsed.text, signature, vkey, holds
            ):
                return (
                    f"its cosignature by {vkey.name} (key ID {vkey.key_id.hex()}) does not"
                    " verify with that witness's key"
                )
    return None


def witnesses(fact: object) -> list[Witness]:
    """The cosignatures of a recorded `witnessed` fact, in their order (none if the fact
    is absent or unreadable: the check says why, not the page)."""
    if not isinstance(fact, str):
        return []
    try:
        parsed = parse_note(fact)
    except BadNote:
        return []
    return [
        Witness(
            signature.name,
            signature.key_id.hex(),
            int.from_bytes(signature.signature[:8], "big"),
            signature.line,
        )
        for signature in parsed.signatures[1:]
        if well_formed_cosignature(signature)
    ]


def witnessed_seq(fact: object) -> int | None:
    """The last event a recorded `witnessed` checkpoint covers (its size - 1), or None."""
    if not isinstance(fact, str):
        return None
    lines = fact.split("\n")
    return int(lines[1]) - 1 if len(lines) > 2 and lines[1].isdigit() else None


def station_question(fact: object, raw_public_key: bytes) -> tuple[bytes, bytes, bytes] | None:
    """The signature check `witnessed_problem` asks of the station's signature, as
    (raw public key, signature, signed bytes), or None if it asks none: for a checker
    that answers later (a browser's WebCrypto) to answer first."""
    if not isinstance(fact, str):
        return None
    try:
        parsed = parse_note(fact)
    except BadNote:
        return None
    signature = parsed.signatures[0]
    if len(signature.signature) != 64:
        return None
    return raw_public_key, signature.signature, parsed.text.encode()


@dataclass(frozen=True, slots=True)
class WitnessCheck:
    """The witnesses' keys asked for, held to a `witnessed` fact.

    Attributes:
        verified: the keys whose cosignature is on the checkpoint and holds.
        missing: the keys with no cosignature on it.
        failed: the keys whose cosignature on it does not hold.
        quorum: how many of the keys must have verified.
    """

    verified: tuple[Vkey, ...]
    missing: tuple[Vkey, ...]
    failed: tuple[Vkey, ...]
    quorum: int

    @property
    def ok(self) -> bool:
        return len(self.verified) >= self.quorum


def checked_witnesses(
    fact: object, vkeys: Sequence[Vkey], quorum: int, holds: SignatureCheck
) -> WitnessCheck:
    """Which of `vkeys` cosigned the recorded checkpoint (`fact`, already found sound by
    `witnessed_problem`, or absent), which did not and which cosigned falsely."""
    parsed = _parsed(fact)
    verified: list[Vkey] = []
    missing: list[Vkey] = []
    failed: list[Vkey] = []
    for vkey in vkeys:
        lines = [] if parsed is None else list(_lines_of(parsed.signatures[1:], vkey))
        if not lines:
            missing.append(vkey)
        elif parsed is not None and all(
            vkey.kind == COSIGNATURE and verify_signature(parsed.text, line, vkey, holds)
            for line in lines
        ):
            verified.append(vkey)
        else:
            failed.append(vkey)
    return WitnessCheck(tuple(verified), tuple(missing), tuple(failed), quorum)


def _parsed(fact: object) -> Note | None:
    if not isinstance(fact, str):
        return None
    try:
        return parse_note(fact)
    except BadNote:
        return None


def _lines_of(signatures: Iterable[Signature], vkey: Vkey) -> Iterable[Signature]:
    return (s for s in signatures if s.name == vkey.name and s.key_id == vkey.key_id)


def _read(
    note: str, origin: str, size: int, root: bytes, raw_public_key: bytes, holds: SignatureCheck
) -> tuple[Note, Head]:
    """The note parsed and its checkpoint read, each held to what the sheet certifies."""
    try:
        parsed = parse_note(note)
    except BadNote as bad:
        raise WitnessedProblem(f"its witnessed checkpoint: {bad}") from None
    try:
        head = read_head(note, raw_public_key, origin, holds)
    except BadHead as bad:
        raise WitnessedProblem(f"its witnessed checkpoint: {bad}") from None
    if head.size != size:
        raise WitnessedProblem(
            f"its witnessed checkpoint is of {head.size:,} entries (events 1-{head.seq:,});"
            f" the sheet certifies events 1-{size - 1:,} ({size:,} entries)"
        )
    if head.root != root.hex():
        raise WitnessedProblem(
            f"its witnessed checkpoint's root is not the root of journal.jsonl's first"
            f" {size:,} lines (another history of events 1-{size - 1:,})"
        )
    return parsed, head


def _station_line(parsed: Note, origin: str, raw_public_key: bytes) -> str:
    for signature in parsed.signatures:
        if _is_station(signature, origin, raw_public_key):
            return signature.line
    raise WitnessedProblem("its witnessed checkpoint is not signed by the station")  # read_head


def _is_station(signature: Signature, origin: str, raw_public_key: bytes) -> bool:
    return signature.name == origin and signature.key_id == key_id(origin, ED25519, raw_public_key)
