"""Files as the operating system has them: flushed to the disk so that a power cut
loses nothing written, and told apart when one name comes to hold another."""

import contextlib
import os
import re
import stat
import time
from collections.abc import Collection
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


def sweep_stale(
    folder: Path, name: re.Pattern[str], *, older_than_s: float, inside: Collection[str] = ()
) -> None:
    """Remove what a Station process killed half-way left in `folder`, and nothing else.

    Only entries whose whole name matches `name`, that this user owns and that are older
    than `older_than_s` (a younger one may be another process's work in progress). With
    `inside` empty they are regular files; otherwise folders, of which only the regular
    files named in `inside` are removed, then the folder if that left it empty.

    A folder is shared ground (an export folder on a network drive): anyone who can
    write to it could plant a symbolic link under a leftover's name, so nothing is ever
    looked at through a link. Every step works on an open folder (`dir_fd`) checked
    with `lstat`, never on a path that could be swapped between the check and the act.
    Tidiness, not safety: where the system cannot do this (Windows), nothing is swept.
    """
    if not _can_sweep():
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        for entry in os.scandir(fd):
            if name.fullmatch(entry.name):
                with contextlib.suppress(OSError):
                    _sweep_one(fd, entry.name, older_than_s, inside)
    except OSError:
        pass
    finally:
        os.close(fd)


def _can_sweep() -> bool:
    needed = (os.stat, os.open, os.unlink, os.rmdir)
    return hasattr(os, "getuid") and all(call in os.supports_dir_fd for call in needed)


def _ours(status: os.stat_result, older_than_s: float) -> bool:
    return status.st_uid == os.getuid() and time.time() - status.st_mtime >= older_than_s


def _sweep_one(fd: int, name: str, older_than_s: float, inside: Collection[str]) -> None:
    status = os.stat(name, dir_fd=fd, follow_symlinks=False)
    if not _ours(status, older_than_s):
        return
    if not inside:
        if stat.S_ISREG(status.st_mode):
            os.unlink(name, dir_fd=fd)
        return
    if not stat.S_ISDIR(status.st_mode):
        return  # a link or anything else under a leftover's name: not Station's
    sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
    try:
        opened = os.fstat(sub)
        if (opened.st_dev, opened.st_ino) != (status.st_dev, status.st_ino):
            return  # swapped since it was looked at
        for child in inside:
            with contextlib.suppress(FileNotFoundError):
                child_status = os.stat(child, dir_fd=sub, follow_symlinks=False)
                if stat.S_ISREG(child_status.st_mode) and child_status.st_uid == os.getuid():
                    os.unlink(child, dir_fd=sub)
    finally:
        os.close(sub)
    os.rmdir(name, dir_fd=fd)  # fails, harmlessly, if anything else is in it
