"""Making what was written survive a power cut: flushing files and folders to the disk."""

import os
from pathlib import Path


def fsync_file(path: Path) -> None:
    """Flush a written file's contents to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_folder(folder: Path) -> None:
    """Flush a folder, so that a name just created in it survives a power cut."""
    if os.name == "nt":  # pragma: no cover - folders cannot be fsynced on Windows
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
