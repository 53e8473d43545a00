"""Files as the operating system has them: flushed to the disk so that a power cut
loses nothing written, and told apart when one name comes to hold another.

Each call that differs between the desktops a Board agent may have (Linux, Windows,
macOS) branches on `sys.platform` here, with every platform's way written out:

- Flushing a file (`flush`): Linux `fsync`; macOS `fcntl(F_FULLFSYNC)`, as its `fsync`
  leaves the data in the drive's cache; Windows `fsync`, which is `FlushFileBuffers`.
- Flushing a folder (`fsync_folder`): Linux and macOS as a file; Windows has no handle
  to a folder through `os.open`, and NTFS journals a new name by itself.
- Opening to write (`create_new`): Windows opens a descriptor in text mode unless told
  otherwise (each newline written would become two bytes): `O_BINARY` there.
- Whether a folder is on read-only media (`on_read_only_volume`): `statvfs`'s
  `ST_RDONLY` on Linux and macOS; the volume's `FILE_READ_ONLY_VOLUME` on Windows.
- Sweeping leftovers (`sweep_stale`): needs `dir_fd` calls and file owners, which
  Windows has not: nothing is swept there.
"""

import contextlib
import os
import re
import stat
import sys
import time
from collections.abc import Collection
from pathlib import Path

if sys.platform != "win32":
    import fcntl


def flush(fd: int) -> None:
    """Flush what was written through `fd` to the disk itself, past its cache."""
    if sys.platform == "darwin":
        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
        except OSError:  # a file system that cannot (some network and FAT ones)
            os.fsync(fd)
    else:  # Linux: fsync; Windows: _commit, which is FlushFileBuffers
        os.fsync(fd)


def create_new(path: Path, mode: int) -> int:
    """Open a new file at `path` to write bytes (FileExistsError if the name is taken).

    `mode` (0o600, 0o644) is the file's permissions on Linux and macOS; on Windows it
    only sets the read-only attribute when it has no write bit, and the folder's ACL
    (the user's profile, for the key) decides who may read the file.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    if sys.platform == "win32":
        flags |= os.O_BINARY
    return os.open(path, flags, mode)


def fsync_file(path: str | Path) -> None:
    """Flush a written file's contents to the disk."""
    if sys.platform == "win32":
        # FlushFileBuffers needs a handle that may write.
        fd = os.open(path, os.O_RDWR | os.O_BINARY)
    else:
        fd = os.open(path, os.O_RDONLY)
    try:
        flush(fd)
    finally:
        os.close(fd)


def fsync_folder(folder: str | Path) -> None:
    """Flush a folder, so that a name just created in it survives a power cut."""
    if sys.platform == "win32":
        return  # no folder handle through os.open; NTFS journals the name itself
    fd = os.open(folder, os.O_RDONLY)
    try:
        flush(fd)
    finally:
        os.close(fd)


def on_read_only_volume(folder: Path) -> bool:
    """Whether `folder` lies on a file system mounted read-only (a locked stick, a disc).

    Raises OSError if the folder cannot be reached.
    """
    if sys.platform == "win32":
        return bool(_volume_flags(folder) & _FILE_READ_ONLY_VOLUME)
    return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)


_FILE_READ_ONLY_VOLUME = 0x00080000  # GetVolumeInformationW's flag for a read-only volume

if sys.platform == "win32":
    import ctypes
    from ctypes import wintypes

    def _volume_flags(folder: Path) -> int:
        """GetVolumeInformationW's flags for the volume that holds `folder`."""
        os.stat(folder)  # a folder that cannot be reached raises, as statvfs does
        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
        root = ctypes.create_unicode_buffer(1024)
        if not kernel32.GetVolumePathNameW(str(folder.absolute()), root, len(root)):
            raise ctypes.WinError(ctypes.get_last_error())
        flags = wintypes.DWORD()
        if not kernel32.GetVolumeInformationW(
            root, None, 0, None, None, ctypes.byref(flags), None, 0
        ):
            raise ctypes.WinError(ctypes.get_last_error())
        return int(flags.value)


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
    folder: Path,
    name: re.Pattern[str],
    *,
    older_than_s: float,
    inside: Collection[str] = (),
    trees: Collection[str] = (),
) -> None:
    """Remove what a Station process killed half-way left in `folder`, and nothing else.

    Only entries whose whole name matches `name`, that this user owns and that are older
    than `older_than_s` (a younger one may be another process's work in progress). With
    `inside` empty they are regular files; otherwise folders, of which only the regular
    files named in `inside` are removed, and the folders named in `trees` with every
    regular file and folder under them (an export's `log`), then the folder if that left
    it empty.

    A folder is shared ground (an export folder on a network drive): anyone who can
    write to it could plant a symbolic link under a leftover's name, so nothing is ever
    looked at through a link. Every step works on an open folder (`dir_fd`) checked
    with `lstat`, never on a path that could be swapped between the check and the act.
    Tidiness, not safety: where the system cannot do this (Windows: no `dir_fd` calls,
    no owner to compare), nothing is swept, and hidden leftovers stay until removed by
    hand (each names itself: `.station-export-…`, `.NAME.station.…`, `.signing-key.pem.…`).
    """
    if sys.platform != "win32":
        _sweep_in(folder, name, older_than_s, inside, trees)


if sys.platform != "win32":  # what sweep_stale needs, which Windows has not

    def _sweep_in(
        folder: Path,
        name: re.Pattern[str],
        older_than_s: float,
        inside: Collection[str],
        trees: Collection[str],
    ) -> None:
        if not _can_sweep():  # pragma: no cover - every Linux and macOS can
            return
        try:
            fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            for entry in os.scandir(fd):
                if name.fullmatch(entry.name):
                    with contextlib.suppress(OSError):
                        _sweep_one(fd, entry.name, older_than_s, inside, trees)
        except OSError:
            pass
        finally:
            os.close(fd)

    def _can_sweep() -> bool:
        needed = (os.stat, os.open, os.unlink, os.rmdir)
        return all(call in os.supports_dir_fd for call in needed)

    def _ours(status: os.stat_result, older_than_s: float) -> bool:
        return status.st_uid == os.getuid() and time.time() - status.st_mtime >= older_than_s

    def _sweep_one(
        fd: int, name: str, older_than_s: float, inside: Collection[str], trees: Collection[str]
    ) -> None:
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
            for tree in trees:
                with contextlib.suppress(OSError):
                    _sweep_tree(sub, tree)
        finally:
            os.close(sub)
        os.rmdir(name, dir_fd=fd)  # fails, harmlessly, if anything else is in it

    def _sweep_tree(parent: int, name: str, depth: int = 0) -> None:
        """Remove the folder `name` in `parent` with the regular files and folders of this
        user under it; never through a link, never deeper than any Station writes."""
        status = os.stat(name, dir_fd=parent, follow_symlinks=False)
        if not stat.S_ISDIR(status.st_mode) or status.st_uid != os.getuid() or depth > 16:
            return
        sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=parent)
        try:
            opened = os.fstat(sub)
            if (opened.st_dev, opened.st_ino) != (status.st_dev, status.st_ino):
                return
            for entry in os.scandir(sub):
                child = os.stat(entry.name, dir_fd=sub, follow_symlinks=False)
                if stat.S_ISDIR(child.st_mode):
                    with contextlib.suppress(OSError):
                        _sweep_tree(sub, entry.name, depth + 1)
                elif stat.S_ISREG(child.st_mode) and child.st_uid == os.getuid():
                    os.unlink(entry.name, dir_fd=sub)
        finally:
            os.close(sub)
        os.rmdir(name, dir_fd=parent)
