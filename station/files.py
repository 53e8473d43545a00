"""Files as the operating system has them: flushed to the disk so that a power cut
loses nothing written, and told apart when one name comes to hold another."""

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


def make_folder(folder: Path, mode: int = 0o777) -> None:
    """Make `folder` (with `mode`) and any missing parents, each name made durable.

    A folder's name lives in its parent: without an fsync of the parent a power cut
    may lose a new folder together with a file already fsynced inside it (the signing
    key, the sealing secret made on first use).
    """
    missing = []
    current = folder
    while not current.is_dir():
        missing.append(current)
        current = current.parent
    for made in reversed(missing):
        made.mkdir(mode=mode if made == folder else 0o777, exist_ok=True)
        fsync_folder(made.parent)


def file_identity(path: str | Path) -> tuple[int, int]:
    """The file at `path` as the file system knows it, (device, inode): the same name
    may come to hold another file (raises OSError if there is none)."""
    status = os.stat(path)
    return status.st_dev, status.st_ino
