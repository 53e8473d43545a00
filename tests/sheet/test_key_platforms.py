"""The signing key's protection on each platform: mode bits on Linux and macOS, the
profile's ACL on Windows, which Station does not read (see keys._open_to_others)."""

import os
from pathlib import Path

import pytest

from station.sheet.keys import KeyProblem, create_key, load_key
from tests.platforms import pretend

posix_modes = pytest.mark.skipif(os.name != "posix", reason="mode bits are POSIX's")


@posix_modes
def test_a_key_readable_by_others_is_refused_on_linux_and_macos(tmp_path: Path) -> None:
    key = create_key(tmp_path / "data" / "signing-key.pem")
    key.path.chmod(0o644)
    with pytest.raises(KeyProblem, match="readable by other users"):
        load_key(key.path)


@pytest.mark.stand_in("win32")
@posix_modes
def test_on_windows_mode_bits_say_nothing_and_are_not_asked(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Windows keeps only a read-only flag: a key is not refused (nor its folder changed)
    for bits that mean nothing there. Weaker than Linux and macOS, as the README says."""
    folder = tmp_path / "data"
    folder.mkdir(mode=0o755)
    folder.chmod(0o755)
    pretend(monkeypatch, "win32")
    key = create_key(folder / "signing-key.pem")
    key.path.chmod(0o644)
    assert load_key(key.path).fingerprint == key.fingerprint
    assert folder.stat().st_mode & 0o777 == 0o755
