"""A hidden `.signing-key.pem.<hex>` left by an interrupted key writing (it holds a
private key) is swept when the key is next read or written, once older than the rule
the journal's and the export's leftovers follow; a younger one (another process
writing its key now), a file of another name and a link are left alone."""

import os
import time
from pathlib import Path

import pytest

from station.sheet.keys import STALE_AFTER_S, create_key, existing_fingerprint, load_key


def leftover(folder: Path, name: str, *, age_s: float) -> Path:
    path = folder / name
    path.write_bytes(b"-----BEGIN PRIVATE KEY-----\n")
    path.chmod(0o600)
    then = time.time() - age_s
    os.utime(path, (then, then))
    return path


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="the sweep needs POSIX (as files.py)")
@pytest.mark.parametrize("step", ["create", "load", "fingerprint"])
def test_stale_key_leftovers_are_swept_young_ones_kept(tmp_path: Path, step: str) -> None:
    folder = tmp_path / "data"
    folder.mkdir(mode=0o700)
    key = folder / "signing-key.pem"
    if step != "create":
        create_key(key)
    stale = leftover(folder, ".signing-key.pem.0123456789ab", age_s=STALE_AFTER_S + 60)
    young = leftover(folder, ".signing-key.pem.ba9876543210", age_s=5)
    other = leftover(folder, ".signing-key.pem.backup", age_s=STALE_AFTER_S + 60)
    target = leftover(tmp_path, "elsewhere", age_s=STALE_AFTER_S + 60)
    link = folder / ".signing-key.pem.aaaaaaaaaaaa"
    link.symlink_to(target)
    {"create": create_key, "load": load_key, "fingerprint": existing_fingerprint}[step](key)
    assert not stale.exists()
    assert young.exists() and other.exists() and link.is_symlink() and target.exists()
    assert load_key(key).fingerprint == existing_fingerprint(key)
