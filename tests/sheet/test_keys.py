"""The station key: made once, owner-only, never silently replaced in the middle of a count."""

import os
import stat
from pathlib import Path

import pytest

from station.sheet.keys import (
    KeyProblem,
    create_key,
    default_key_path,
    key_for_signing,
    load_key,
)
from station.verification.fingerprints import normalise_fingerprint


def test_the_key_is_made_on_first_use_in_the_data_folder(station_home: Path) -> None:
    path = default_key_path()
    assert path.is_relative_to(station_home)
    key = key_for_signing()
    assert path.exists()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) & 0o077 == 0
    assert key_for_signing().fingerprint == key.fingerprint  # the same key next time
    assert len(key.fingerprint) == 39  # 32 hex digits in groups of four


def test_a_missing_key_mid_count_is_an_error_not_a_new_key() -> None:
    key = key_for_signing()
    default_key_path().unlink()
    with pytest.raises(KeyProblem, match=f"earlier sheets were signed by key {key.fingerprint}"):
        key_for_signing(earlier=key.fingerprint)
    assert not default_key_path().exists()


def test_an_unreadable_or_damaged_key_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "key.pem"
    with pytest.raises(KeyProblem, match="missing"):
        load_key(path)
    path.write_text("not a key")
    path.chmod(0o600)
    with pytest.raises(KeyProblem, match="is not a Station signing key"):
        load_key(path)
    path.unlink()
    create_key(path)
    path.chmod(0o644)
    with pytest.raises(KeyProblem, match="readable by other users"):
        load_key(path)
    if os.geteuid() != 0:  # root reads anything
        path.chmod(0o000)
        with pytest.raises(KeyProblem, match="cannot be read"):
            load_key(path)


def test_a_key_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "key.pem"
    first = create_key(path)
    with pytest.raises(KeyProblem, match="already exists"):
        create_key(path)
    assert load_key(path).fingerprint == first.fingerprint


def test_fingerprints_as_people_write_them() -> None:
    assert normalise_fingerprint("AB12 cd34:EF56-7890") == "ab12-cd34-ef56-7890"


def test_a_key_made_by_another_station_at_the_same_moment_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two `station serve` processes starting at once on a fresh data folder (as the
    # remote-tables test does) both make a key: the second uses the first's, never
    # stopping at "a signing key already exists".
    from station.sheet import keys

    path = tmp_path / "station" / "signing-key.pem"
    made = keys.create_key
    other: list[keys.StationKey] = []

    def made_first_by_another(target: Path | None = None) -> keys.StationKey:
        other.append(made(target))  # the other process wins the race
        return made(target)  # ours then finds the file there

    monkeypatch.setattr(keys, "create_key", made_first_by_another)
    key = keys.key_for_signing(path)
    assert key.fingerprint == other[0].fingerprint
