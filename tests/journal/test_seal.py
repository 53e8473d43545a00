"""The station's sealing secret: made once, its owner's only, the same every time."""

import stat

from station.journal.seal import seal, sealed_by, secret_path, station_secret


def test_the_secret_is_made_once_and_kept_private() -> None:
    secret = station_secret()
    assert secret is not None and len(secret) == 32
    assert station_secret() == secret
    assert stat.S_IMODE(secret_path().stat().st_mode) == 0o600


def test_a_damaged_secret_is_replaced() -> None:
    secret_path().parent.mkdir(parents=True, exist_ok=True)
    secret_path().write_bytes(b"short")  # a station killed as it wrote it, say
    secret = station_secret()
    assert secret is not None and len(secret) == 32
    assert secret_path().read_bytes() == secret
    assert stat.S_IMODE(secret_path().stat().st_mode) == 0o600
    assert [path.name for path in secret_path().parent.iterdir()] == [secret_path().name]


def test_no_secret_seals_nothing() -> None:
    assert not sealed_by(None, "digest", seal(b"x" * 32, "digest"))
    assert not sealed_by(b"x" * 32, "digest", "\u00e9" * 64)


def test_a_seal_is_of_one_digest_and_one_secret() -> None:
    secret = b"s" * 32
    assert sealed_by(secret, "digest", seal(secret, "digest"))
    assert not sealed_by(secret, "other", seal(secret, "digest"))
    assert not sealed_by(b"t" * 32, "digest", seal(secret, "digest"))
    assert not sealed_by(secret, "digest", None)
