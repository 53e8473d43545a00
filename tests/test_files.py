"""How Station flushes, opens and sweeps files on each desktop (station/files.py).

The tests marked `stand_in` run another platform's branch here, with `sys.platform`
set to its name and its OS calls (F_FULLFSYNC, O_BINARY, the volume's flags)
substituted by recorders: they fail if that platform's branch is taken away, and
stand in for a run on that platform until one has run. The others run as they are
on every platform, the real calls included.
"""

import os
import re
import sys
import time
from pathlib import Path

import pytest

from station import files
from tests.platforms import Calls, pretend

FULLFSYNC = 51  # macOS's F_FULLFSYNC
O_BINARY = 0x8000  # Windows's O_BINARY


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """os.fsync, and fcntl.fcntl where there is one, recorded instead of made."""
    made = Calls()
    monkeypatch.setattr(os, "fsync", made.recorder("fsync"))
    if os.name == "posix":
        import fcntl

        monkeypatch.setattr(fcntl, "fcntl", made.recorder("fcntl"))
        monkeypatch.setattr(fcntl, "F_FULLFSYNC", FULLFSYNC, raising=False)
    return made


# Windows has no fcntl module for the macOS branch to call, even substituted.
posix_here = pytest.mark.skipif(os.name != "posix", reason="the macOS branch needs fcntl")


@pytest.mark.stand_in("darwin")
@posix_here
def test_a_flush_on_macos_is_a_full_fsync_past_the_drive_cache(
    monkeypatch: pytest.MonkeyPatch, calls: Calls
) -> None:
    pretend(monkeypatch, "darwin")
    files.flush(7)
    assert calls.made == [("fcntl", (7, FULLFSYNC))]


@pytest.mark.stand_in("darwin")
@posix_here
def test_a_flush_on_macos_falls_back_to_fsync_where_full_fsync_is_refused(
    monkeypatch: pytest.MonkeyPatch, calls: Calls
) -> None:
    pretend(monkeypatch, "darwin")
    calls.fail("fcntl", OSError(45, "Operation not supported"))
    files.flush(7)
    assert calls.made == [("fcntl", (7, FULLFSYNC)), ("fsync", (7,))]


@pytest.mark.stand_in("win32")
@pytest.mark.parametrize("platform", ["linux", "win32"])
def test_a_flush_on_linux_and_windows_is_fsync(
    monkeypatch: pytest.MonkeyPatch, calls: Calls, platform: str
) -> None:
    pretend(monkeypatch, platform)
    files.flush(7)
    assert calls.made == [("fsync", (7,))]  # on Windows: _commit, FlushFileBuffers


@pytest.mark.stand_in("win32")
def test_a_new_file_on_windows_is_opened_binary(monkeypatch: pytest.MonkeyPatch) -> None:
    """Text mode there would write each newline of a PDF, key or secret as two bytes."""
    opened = Calls()
    monkeypatch.setattr(os, "O_BINARY", O_BINARY, raising=False)
    monkeypatch.setattr(os, "open", opened.recorder("open", 3))
    pretend(monkeypatch, "win32")
    assert files.create_new(Path("key.pem"), 0o600) == 3
    assert opened.made == [
        ("open", (Path("key.pem"), os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_BINARY, 0o600))
    ]


def test_a_new_file_holds_its_bytes_exactly(tmp_path: Path) -> None:
    """Every byte value, newlines and Ctrl+Z among them, read back as written (on
    Windows this is the binary mode at work)."""
    data = bytes(range(256)) * 4 + b"\r\n\n\x1a"
    fd = files.create_new(tmp_path / "f", 0o644)
    try:
        os.write(fd, data)
        files.flush(fd)
    finally:
        os.close(fd)
    assert (tmp_path / "f").read_bytes() == data
    with pytest.raises(FileExistsError):
        files.create_new(tmp_path / "f", 0o644)


@pytest.mark.stand_in("win32")
def test_a_file_is_flushed_on_windows_through_a_handle_that_may_write(
    monkeypatch: pytest.MonkeyPatch, calls: Calls
) -> None:
    opened = Calls()
    monkeypatch.setattr(os, "O_BINARY", O_BINARY, raising=False)
    monkeypatch.setattr(os, "open", opened.recorder("open", 9))
    monkeypatch.setattr(os, "close", opened.recorder("close"))
    pretend(monkeypatch, "win32")
    files.fsync_file("count.station")
    assert opened.made == [("open", ("count.station", os.O_RDWR | O_BINARY)), ("close", (9,))]
    assert calls.made == [("fsync", (9,))]


@pytest.mark.stand_in("win32")
def test_a_folder_is_not_flushed_on_windows(
    monkeypatch: pytest.MonkeyPatch, calls: Calls, tmp_path: Path
) -> None:
    pretend(monkeypatch, "win32")
    files.fsync_folder(tmp_path)
    assert calls.made == []


@pytest.mark.stand_in("darwin")
@posix_here
def test_a_folder_is_fully_flushed_on_macos(
    monkeypatch: pytest.MonkeyPatch, calls: Calls, tmp_path: Path
) -> None:
    pretend(monkeypatch, "darwin")
    files.fsync_folder(tmp_path)
    assert [name for name, _ in calls.made] == ["fcntl"]


def test_a_file_and_its_folder_are_flushed_here(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The real calls, on this machine's own platform: each flushes a descriptor it opened
    on its path, and closes it."""
    (tmp_path / "f").write_bytes(b"x")
    flushed: list[tuple[int, int]] = []  # (device, inode) of each descriptor flushed
    real_flush = files.flush

    def flush(fd: int) -> None:
        status = os.fstat(fd)
        flushed.append((status.st_dev, status.st_ino))
        real_flush(fd)

    monkeypatch.setattr(files, "flush", flush)
    opened_before = len(os.listdir("/proc/self/fd")) if Path("/proc/self/fd").is_dir() else None
    files.fsync_file(tmp_path / "f")
    files.fsync_folder(tmp_path)
    expected = [(tmp_path / "f").stat(), tmp_path.stat()]
    if sys.platform == "win32":
        expected = expected[:1]  # NTFS journals a name itself: no folder handle
    assert flushed == [(each.st_dev, each.st_ino) for each in expected]
    if opened_before is not None:
        assert len(os.listdir("/proc/self/fd")) == opened_before  # each descriptor closed


@pytest.mark.stand_in("win32")
@pytest.mark.parametrize(("flags", "read_only"), [(0x00080000, True), (0x0000001F, False)])
def test_read_only_media_on_windows_is_the_volumes_flag(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, flags: int, read_only: bool
) -> None:
    asked = Calls()
    monkeypatch.setattr(files, "_volume_flags", asked.recorder("flags", flags), raising=False)
    monkeypatch.delattr(os, "statvfs", raising=False)  # Windows has none
    pretend(monkeypatch, "win32")
    assert files.on_read_only_volume(tmp_path) is read_only
    assert asked.made == [("flags", (tmp_path,))]


def test_a_writable_folder_is_not_on_read_only_media(tmp_path: Path) -> None:
    assert files.on_read_only_volume(tmp_path) is False
    with pytest.raises(OSError):
        files.on_read_only_volume(tmp_path / "missing")


def _stale(folder: Path) -> Path:
    leftover = folder / ".leftover.0123456789ab"
    leftover.write_bytes(b"half")
    then = time.time() - 3600
    os.utime(leftover, (then, then))
    return leftover


@pytest.mark.stand_in("win32")
def test_nothing_is_swept_on_windows(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No dir_fd calls and no owner there: a leftover stays rather than be swept unsafely."""
    leftover = _stale(tmp_path)
    pretend(monkeypatch, "win32")
    files.sweep_stale(tmp_path, re.compile(r"\.leftover\.[0-9a-f]{12}"), older_than_s=600)
    assert leftover.exists()


@pytest.mark.skipif(os.name == "nt", reason="Windows sweeps nothing (the test above)")
def test_an_old_leftover_is_swept_on_linux_and_macos(tmp_path: Path) -> None:
    leftover = _stale(tmp_path)
    files.sweep_stale(tmp_path, re.compile(r"\.leftover\.[0-9a-f]{12}"), older_than_s=600)
    assert not leftover.exists()
