"""Finding the files in `resources/`, from a source tree and from the PyInstaller bundle alike."""

import sys
from pathlib import Path


def resource_dir() -> Path:
    """The folder that holds Station's icons and stylesheets."""
    bundle = getattr(sys, "_MEIPASS", None)  # set by PyInstaller's bootloader
    if bundle is not None:
        return Path(bundle) / "resources"
    return Path(__file__).resolve().parent.parent / "resources"


def resource_path(name: str) -> Path:
    """The path of one resource file, e.g. `resource_path("operator.qss")`."""
    return resource_dir() / name


def read_text(name: str) -> str:
    """A text resource, or "" when it is missing (a missing stylesheet is no reason to stop a count)."""
    try:
        return resource_path(name).read_text(encoding="utf-8")
    except OSError:
        return ""
