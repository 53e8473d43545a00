"""The libraries vendored in `vendor/` (tweetnacl), each refused unless it is the file pinned."""

import hashlib
import json
from importlib.resources import files


def vendored(name: str) -> str:
    """A library as `vendor/pins.json` pins it: its text.

    Raises:
        ValueError: the file is not the one pinned (its SHA-256 differs).
    """
    vendor = files("station.verifier").joinpath("vendor")
    pins = json.loads(vendor.joinpath("pins.json").read_text(encoding="utf-8"))
    data = vendor.joinpath(name).read_bytes()
    pinned = next(pin["files"][name]["sha256"] for pin in pins.values() if name in pin["files"])
    if hashlib.sha256(data).hexdigest() != pinned:
        raise ValueError(f"station/verifier/vendor/{name} is not the file vendor/pins.json pins")
    return data.decode("utf-8")
