"""Signed notes, verifier keys, checkpoints and cosignatures, as C2SP writes them.

- c2sp.org/signed-note: a text ending in a newline, a blank line, then signature lines
  `— <key name> base64(key ID ‖ signature)`; the key ID is the first 4 bytes of
  SHA-256(key name ‖ 0x0A ‖ type ‖ public key); a verifier key (vkey) is
  `<key name>+<hex key ID>+base64(type ‖ public key)`.
- c2sp.org/tlog-checkpoint: the text is the origin, the tree size, the base64 root hash,
  then extension lines.
- c2sp.org/tlog-cosignature: type 0x04, a timestamped Ed25519 signature (8-byte
  big-endian POSIX time ‖ 64 bytes) over `cosignature/v1\\ntime <T>\\n` and the note text.

The Ed25519 check itself is handed in (`SignatureCheck`), so that this module runs
where the `cryptography` package does not (the browser's Python).
"""

import base64
import binascii
import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

SignatureCheck = Callable[[bytes, bytes, bytes], bool]
"""(raw public key, signature, signed bytes) -> whether the signature holds."""

DASH = "\u2014 "
ED25519 = 0x01
COSIGNATURE = 0x04  # timestamped Ed25519 cosignature (c2sp.org/tlog-cosignature)
# The spec asks verifiers to accept at least 16 signatures, of any size (post-quantum
# ones are about 3 kB each); Go's reference reader stops at 100.
MAX_SIGNATURES = 100
MAX_NOTE_BYTES = 1 << 20
COSIGNATURE_HEADER = "cosignature/v1\n"
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f]")


class BadNote(ValueError):
    """A note that is not one, or whose signature by a known key does not hold (one line)."""


@dataclass(frozen=True, slots=True)
class Signature:
    """One signature line: its key name, key ID, signature bytes, and the line itself."""

    name: str
    key_id: bytes
    signature: bytes
    line: str


@dataclass(frozen=True, slots=True)
class Note:
    """A signed note split: `text` ends in its newline; `signatures` in order."""

    text: str
    signatures: tuple[Signature, ...]


@dataclass(frozen=True, slots=True)
class Vkey:
    """A verifier key: who signs (name), which key (key_id), how (kind), with what."""

    name: str
    key_id: bytes
    kind: int
    public_key: bytes

    @property
    def text(self) -> str:
        return vkey_text(self.name, self.kind, self.public_key)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The text of a checkpoint: origin, tree size, root hash, extension lines."""

    origin: str
    size: int
    root: bytes
    extensions: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        lines = [self.origin, str(self.size), base64.b64encode(self.root).decode()]
        return "\n".join([*lines, *self.extensions]) + "\n"


def valid_name(name: str) -> bool:
    """A key name: not empty, no Unicode space, no plus."""
    return bool(name) and "+" not in name and not any(ch.isspace() for ch in name)


def key_id(name: str, kind: int, public_key: bytes) -> bytes:
    return hashlib.sha256(name.encode() + b"\n" + bytes([kind]) + public_key).digest()[:4]


def vkey_text(name: str, kind: int, public_key: bytes) -> str:
    ident = key_id(name, kind, public_key).hex()
    return f"{name}+{ident}+{base64.b64encode(bytes([kind]) + public_key).decode()}"


def parse_vkey(text: str) -> Vkey:
    """A verifier key from its text; Ed25519 (0x01) and Ed25519 cosigner (0x04) keys."""
    name, plus, rest = text.strip().partition("+")
    ident, plus2, key64 = rest.partition("+")
    if not plus or not plus2 or not valid_name(name):
        raise BadNote(f"not a verifier key (name+keyid+key): {text.strip()[:80]!r}")
    try:
        material = base64.b64decode(key64, validate=True)
        wanted = bytes.fromhex(ident)
    except (binascii.Error, ValueError):
        raise BadNote(f"not a verifier key (bad key ID or key): {text.strip()[:80]!r}") from None
    if len(wanted) != 4 or len(material) != 33 or material[0] not in (ED25519, COSIGNATURE):
        raise BadNote(f"not an Ed25519 verifier key: {text.strip()[:80]!r}")
    vkey = Vkey(name, wanted, material[0], material[1:])
    if key_id(name, vkey.kind, vkey.public_key) != wanted:
        raise BadNote(f"a verifier key whose key ID is not its own: {text.strip()[:80]!r}")
    return vkey


def signature_line(name: str, ident: bytes, signature: bytes) -> str:
    return f"{DASH}{name} {base64.b64encode(ident + signature).decode()}\n"


def parse_note(note: str) -> Note:
    """A note split into its text and signature lines; raises BadNote on a malformed one."""
    if not isinstance(note, str) or len(note.encode()) > MAX_NOTE_BYTES:
        raise BadNote("a signed note that is not one (too large)")
    if _CONTROL.search(note):
        raise BadNote("a signed note that is not one (a control character)")
    text, blank, signatures = note.rpartition("\n\n")
    if not blank or not signatures.endswith("\n"):
        raise BadNote("a signed note that is not one (no signature)")
    lines = signatures[:-1].split("\n")
    if len(lines) > MAX_SIGNATURES:
        raise BadNote(f"a signed note with more than {MAX_SIGNATURES} signatures")
    return Note(text + "\n", tuple(parse_signature_line(line + "\n") for line in lines))


def parse_signature_line(line: str) -> Signature:
    """One signature line, ending in its newline."""
    if not line.startswith(DASH) or not line.endswith("\n"):
        raise BadNote("a signed note with a damaged signature line")
    name, _, sig64 = line[len(DASH) : -1].partition(" ")
    try:
        raw = base64.b64decode(sig64, validate=True)
    except (binascii.Error, ValueError):
        raise BadNote("a signed note with a damaged signature line") from None
    if not valid_name(name) or len(raw) < 5:
        raise BadNote("a signed note with a damaged signature line")
    return Signature(name, raw[:4], raw[4:], line)


def parse_checkpoint(text: str) -> Checkpoint:
    """A checkpoint's text (ending in its newline); raises BadNote."""
    lines = text.split("\n")
    if len(lines) < 4 or lines[-1] != "" or any(not line for line in lines[:-1]):
        raise BadNote("a checkpoint that is not one (not origin, size and root)")
    origin, size, root64 = lines[0], lines[1], lines[2]
    try:
        root = base64.b64decode(root64, validate=True)
    except (binascii.Error, ValueError):
        raise BadNote("a checkpoint that is not one (a bad root hash)") from None
    if not size.isdigit() or size != str(int(size)) or len(root) != 32:
        raise BadNote("a checkpoint that is not one (a bad size or root hash)")
    return Checkpoint(origin, int(size), root, tuple(lines[3:-1]))


def cosigned_message(text: str, timestamp: int) -> bytes:
    """What a cosigner signs (c2sp.org/tlog-cosignature, Ed25519)."""
    return f"{COSIGNATURE_HEADER}time {timestamp}\n{text}".encode()


@dataclass(frozen=True, slots=True)
class Verified:
    """A signature that holds: by which key, and for a cosignature, when (else None)."""

    vkey: Vkey
    line: str
    timestamp: int | None


def verify_signature(text: str, signature: Signature, vkey: Vkey, holds: SignatureCheck) -> bool:
    """Whether a signature line known to be `vkey`'s holds over the note `text`."""
    if vkey.kind == ED25519:
        return len(signature.signature) == 64 and holds(
            vkey.public_key, signature.signature, text.encode()
        )
    if len(signature.signature) != 72:
        return False
    timestamp = int.from_bytes(signature.signature[:8], "big")
    return 0 < timestamp < 1 << 63 and holds(
        vkey.public_key, signature.signature[8:], cosigned_message(text, timestamp)
    )


def verified_signatures(note: Note, vkeys: Iterable[Vkey], holds: SignatureCheck) -> list[Verified]:
    """The signatures of `note` by `vkeys`; signatures by other keys are ignored, and one
    by a known key that does not hold makes the whole note bad (BadNote)."""
    known = {(vkey.name, vkey.key_id): vkey for vkey in vkeys}
    found: list[Verified] = []
    for signature in note.signatures:
        vkey = known.get((signature.name, signature.key_id))
        if vkey is None:
            continue
        if not verify_signature(note.text, signature, vkey, holds):
            raise BadNote(f"a signature by {vkey.name} that does not hold")
        stamp = int.from_bytes(signature.signature[:8], "big") if vkey.kind == COSIGNATURE else None
        if all(seen.vkey != vkey for seen in found):
            found.append(Verified(vkey, signature.line, stamp))
    return found
