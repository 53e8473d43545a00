"""The libraries the observers' pages hold, each the file `vendor/pins.json` pins."""

import hashlib
import json
from importlib.resources import files

import pytest

from station.verifier import vendored
from tests.witness.helpers import live_page

VENDOR = files("station.verifier").joinpath("vendor")


def test_each_vendored_file_is_the_one_pinned_with_its_license() -> None:
    pins = json.loads(VENDOR.joinpath("pins.json").read_text(encoding="utf-8"))
    for pin in pins.values():
        assert pin["tarball_sha512"].startswith("sha512-")
        assert any(name.endswith("LICENSE") for name in pin["files"])
        for name, file in pin["files"].items():
            assert hashlib.sha256(VENDOR.joinpath(name).read_bytes()).hexdigest() == file["sha256"]


def test_the_live_page_holds_tweetnacl_and_refuses_a_changed_copy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nacl = VENDOR.joinpath("nacl-fast.min.js").read_text(encoding="utf-8")
    assert nacl in live_page().decode("utf-8")
    monkeypatch.setattr(vendored, "files", lambda _: _Changed())
    with pytest.raises(ValueError, match=r"is not the file vendor/pins\.json pins"):
        vendored.vendored("nacl-fast.min.js")


class _Changed:
    """The package's folder with the library's text altered by one byte."""

    def joinpath(self, name: str) -> "_Changed | _File":
        return self if name == "vendor" else _File(name)


class _File:
    def __init__(self, name: str) -> None:
        self.data = VENDOR.joinpath(name).read_bytes()
        if name.endswith(".js"):
            self.data = self.data.replace(b"verify", b"verifY", 1)

    def read_text(self, encoding: str) -> str:
        return self.data.decode(encoding)

    def read_bytes(self) -> bytes:
        return self.data
