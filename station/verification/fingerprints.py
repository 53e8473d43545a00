"""A signing key's fingerprint: what an observer writes down and checks an export by."""

import hashlib


def key_fingerprint(raw_public_key: bytes) -> str:
    """First 128 bits of SHA-256 of the raw public key, in groups of four hex digits.

    Short enough to write down by hand, long enough that no one can make a key with the
    same fingerprint.
    """
    digest = hashlib.sha256(raw_public_key).hexdigest()[:32]
    return "-".join(digest[i : i + 4] for i in range(0, 32, 4))


def normalise_fingerprint(text: str) -> str:
    """A fingerprint as typed by a person ("A1B2 c3d4-..."), in its printed form."""
    digits = "".join(ch for ch in text.lower() if ch not in " -:")
    return "-".join(digits[i : i + 4] for i in range(0, len(digits), 4))
