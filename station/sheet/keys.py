"""The station's signing key: an Ed25519 key in the user's data folder.

The key signs every exported sheet, and its fingerprint appears on the sheet and the
dashboard so that observers can write it down. It is created on first use, readable by
its owner only, and never replaced silently: once a sheet of an election names a key,
a missing key is an error, not a reason to make a new one.
"""

import base64
import contextlib
import os
import re
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from platformdirs import user_data_path

from station.files import create_new, flush, fsync_folder, make_folder, sweep_stale
from station.verification.fingerprints import key_fingerprint

KEY_FILE = "signing-key.pem"
# A key written half-way (`_write_whole`) leaves ".signing-key.pem.<12 hex>", holding a
# private key; one older than this is abandoned (a key is written in milliseconds), as
# the journal's and the export's leftovers are (journal/creating.py, sheet/export.py).
STALE_AFTER_S = 600


class KeyProblem(Exception):
    """The signing key is missing, unreadable or not the expected one (one-line message)."""


class KeyExists(KeyProblem):
    """`create_key` found a key file already there (perhaps made a moment ago by another
    station process starting at the same time)."""


def default_key_path() -> Path:
    """Where the station keeps its key (e.g. ~/.local/share/station/signing-key.pem)."""
    return user_data_path("station", appauthor=False) / KEY_FILE


def fingerprint(public_key: Ed25519PublicKey) -> str:
    """The key's fingerprint (`key_fingerprint` of its raw bytes)."""
    return key_fingerprint(
        public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    )


def public_key_text(public_key: Ed25519PublicKey) -> str:
    """The raw public key in base64, as the export manifest carries it."""
    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return base64.b64encode(raw).decode("ascii")


def load_public_key(text: str) -> Ed25519PublicKey:
    """The public key from its base64 form (raises KeyProblem if it is not one)."""
    try:
        return Ed25519PublicKey.from_public_bytes(base64.b64decode(text, validate=True))
    except ValueError:
        raise KeyProblem("the public key in the manifest is not an Ed25519 key") from None


def signature_holds(public_key: Ed25519PublicKey, signature: bytes, data: bytes) -> bool:
    """Whether `signature` is `public_key`'s signature of `data`."""
    try:
        public_key.verify(signature, data)
    except InvalidSignature:
        return False
    return True


def signature_holds_raw(public_key: bytes, signature: bytes, data: bytes) -> bool:
    """`signature_holds` for a raw Ed25519 public key (the verification core's
    `SignatureCheck`): False for a key that is not one."""
    try:
        key = Ed25519PublicKey.from_public_bytes(public_key)
    except ValueError:
        return False
    return signature_holds(key, signature, data)


@dataclass(frozen=True)
class StationKey:
    """The private key and where it came from."""

    path: Path
    private_key: Ed25519PrivateKey

    @property
    def public_key(self) -> Ed25519PublicKey:
        return self.private_key.public_key()

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.public_key)

    def sign(self, data: bytes) -> bytes:
        return self.private_key.sign(data)


def load_key(path: Path | None = None) -> StationKey:
    """The existing key at `path` (default location when None), or raise KeyProblem."""
    path = path or default_key_path()
    sweep_key_leftovers(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise KeyProblem(f"{path}: the station's signing key is missing") from None
    except OSError as error:
        raise KeyProblem(f"{path}: the signing key cannot be read ({error.strerror})") from None
    if _open_to_others(path):
        raise KeyProblem(
            f"{path}: the signing key is readable by other users; run `chmod 600 {path}`"
        )
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError):
        raise KeyProblem(f"{path}: is not a Station signing key (damaged?)") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyProblem(f"{path}: is not an Ed25519 key")
    return StationKey(path, key)


def existing_fingerprint(path: Path | None = None) -> str | None:
    """The fingerprint of the station's key if it exists and is usable; never makes one."""
    try:
        return load_key(path).fingerprint
    except KeyProblem:
        return None


def create_key(path: Path | None = None) -> StationKey:
    """Make a new key at `path`, readable by its owner only; never replaces a file."""
    path = path or default_key_path()
    if path.exists() or path.is_symlink():
        raise KeyExists(f"{path}: a signing key already exists")
    try:
        make_folder(path.parent, mode=0o700)
        _close_folder(path.parent)
        sweep_key_leftovers(path)
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        _write_whole(path, pem)
    except FileExistsError:
        raise KeyExists(f"{path}: a signing key already exists") from None
    except OSError as error:
        raise KeyProblem(f"{path}: the signing key cannot be written ({error.strerror})") from None
    return StationKey(path, key)


def sweep_key_leftovers(path: Path) -> None:
    """Remove the hidden temporary files an interrupted `_write_whole` of `path` left.

    Only this user's regular files named exactly ".KEYNAME.<12 hex>" and older than
    `STALE_AFTER_S`: a younger one may be another station process writing its key right
    now. Each holds a private key (readable by its owner only, but a key all the same),
    so they are not left to pile up. See `station.files.sweep_stale`.
    """
    name = re.compile(re.escape(f".{path.name}.") + "[0-9a-f]{12}")
    sweep_stale(path.parent, name, older_than_s=STALE_AFTER_S)


def _write_whole(path: Path, data: bytes) -> None:
    """Write `data` under a hidden temporary name, flush it, then link it to `path`.

    So the key's name never holds half a key: a crash or a power cut while the key is
    written leaves at most the hidden file (which nothing reads), never a damaged key
    that every later `station sign` would refuse. The link fails if the name is taken
    (two stations starting at once cannot overwrite each other's key).
    """
    temp = path.with_name(f".{path.name}.{secrets.token_hex(6)}")
    fd = create_new(temp, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            flush(out.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            raise
        except OSError:  # a file system without hard links
            if path.exists():
                raise FileExistsError(path) from None
            os.rename(temp, path)
        fsync_folder(path.parent)  # a power cut must not lose a key already shown
    finally:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)


def _close_folder(folder: Path) -> None:
    """Make the key's folder its owner's only, if it was made open to others.

    `mkdir(mode=0o700)` does nothing to a folder that already exists (restored from a
    backup, or made by another tool): one writable by others lets them delete or swap
    the key file, however closed the file itself is, and one readable by others shows
    them when a key is made or changed.
    """
    if _open_to_others(folder):
        folder.chmod(0o700)


def _open_to_others(path: Path) -> bool:
    """Whether users other than the owner may read or change `path`, as far as Station sees.

    Linux and macOS: its mode bits (the key 0600, its folder 0700). Windows keeps no such
    bits (a mode there only sets the read-only flag): the key lies in the user's profile
    (%LOCALAPPDATA%), whose ACL, inherited, lets in the user, SYSTEM and the computer's
    administrators, as root may read a 0600 file. Station does not read ACLs, so a key
    folder opened to others by hand goes unnoticed there, where Linux and macOS refuse
    such a key: weaker, and the README says so.
    """
    if sys.platform == "win32":
        return False
    return bool(path.stat().st_mode & 0o077)


def key_for_signing(
    path: Path | None = None, *, earlier: str | None = None, new_key_ok: bool = False
) -> StationKey:
    """The key to sign with: created on first use, but never silently mid-count.

    Args:
        path: the key file (default location when None).
        earlier: the fingerprint of the key that signed this election's earlier sheets,
            if any. If there was one and the key is now missing, that is an error: a new
            key appearing in the middle of a count would look exactly like a forgery.
            Making a new key on purpose is `station key --new`, and signing with a key
            other than the earlier one must be asked for (`new_key_ok`), so that the
            change of key is deliberate and recorded.
        new_key_ok: accept a key other than `earlier`.
    """
    path = path or default_key_path()
    if not path.exists() and not path.is_symlink():
        if earlier is not None:
            raise KeyProblem(
                f"{path}: the station's signing key is missing; this election's earlier sheets"
                f" were signed by key {earlier}. Restore that key file, or make a new key on"
                " purpose with `station key --new`"
            )
        try:
            return create_key(path)
        except KeyExists:
            pass  # another station made it since the check above: use it, as if it had been
    key = load_key(path)
    if earlier is not None and key.fingerprint != earlier and not new_key_ok:
        raise KeyProblem(
            f"this station's key {key.fingerprint} is not the key {earlier} that signed this"
            " election's earlier sheets; sign with that key, or change keys on purpose"
            " (`station sign --new-key`, recorded on the sheet)"
        )
    return key
