"""Faults of the machine under a counting station: full disk, read-only, file or folder gone.

Each one, in the real operator window: the operator is told at once (the red banner,
with words that say what is wrong), the count on screen does not move, nothing already
recorded is damaged (verify passes with the same tally), and counting goes on once the
fault is cleared. Faults that need a real small file system mount a tmpfs, which needs
root; the file-size limit in a child process exercises the same path everywhere.
"""

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Action, Call
from station.journal import Journal
from station.ui.operator.window import OperatorWindow
from tests.faults.helpers import Station
from tests.helpers import JFK8, verify_file
from tests.ui.windows import figures, key, open_window


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MiB tmpfs mounted for the test (root only), unmounted after it."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root (the RLIMIT_FSIZE test runs anyway)")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)],
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(mount)], capture_output=True)
        subprocess.run(["umount", str(mount)], check=True)


def new_election(folder: Path) -> Path:
    path = folder / "count.station"
    Journal.create(
        path,
        replace(JFK8, agent=None),
    )
    return path


def shown_for(window: OperatorWindow) -> int:
    return int(figures(window)[Call.FOR].replace(",", ""))


def assert_recorded_as_shown(path: Path, shown: int) -> None:
    verdict = verify_file(path)
    assert verdict.ok, verdict.problem
    assert verdict.tally.for_union == shown


@dataclass(frozen=True)
class Seen:
    """What the operator saw through one fault, and what the file holds afterwards."""

    banner: str  # the banner shown at the first refused call
    before: int  # FOR shown before the fault
    during: int  # FOR shown after three more refused calls
    after: int  # FOR shown once the fault was cleared and one more call made
    recorded: int  # FOR in the file, which verifies


def fault_round(
    qtbot: QtBot, path: Path, cause: Callable[[], None], clear: Callable[[], None]
) -> Seen:
    """Count five, cause the fault, try to count on, clear it, count one more."""
    window = open_window(qtbot, path)
    try:
        for _ in range(5):
            key(window, Qt.Key.Key_F)
        before = shown_for(window)
        cause()
        key(window, Qt.Key.Key_F)
        assert window.error_banner.isVisible(), "the first refused call must be shown at once"
        banner = window.error_banner.text()
        for _ in range(3):
            key(window, Qt.Key.Key_F)
        during = shown_for(window)
        assert window.recent.texts()[0] == "Ballot 5 FOR"
        clear()
        key(window, Qt.Key.Key_F)
        assert not window.error_banner.isVisible()
        after = shown_for(window)
    finally:
        window.close()
    verdict = verify_file(path)
    assert verdict.ok, verdict.problem
    return Seen(banner, before, during, after, verdict.tally.for_union)


def assert_told_and_nothing_lost(seen: Seen, message: str) -> None:
    assert "NOT RECORDED" in seen.banner and message in seen.banner, seen.banner
    assert seen.banner.lower().count("not recorded") == 1, seen.banner  # said once, plainly
    # The count did not move during the fault, went on after it, and the file agrees.
    assert (seen.before, seen.during, seen.after, seen.recorded) == (5, 5, 6, 6)


def fill(folder: Path) -> Path:
    """Fill the file system holding `folder` to the last byte."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        for size in (1 << 16, 1):  # big blocks, then byte by byte to the very end
            try:
                while os.write(fd, b"\0" * size):
                    pass
            except OSError:
                pass
    finally:
        os.close(fd)
    return filler


def test_a_full_disk(qtbot: QtBot, small_disk: Path) -> None:
    path = new_election(small_disk)
    window = open_window(qtbot, path)
    try:
        for _ in range(5):
            key(window, Qt.Key.Key_F)
        filler = fill(small_disk)
        # The WAL may still have room in a page it already holds: a few calls can land.
        for _ in range(50):
            key(window, Qt.Key.Key_F)
            if window.error_banner.isVisible():
                break
        banner = window.error_banner.text()
        assert "NOT RECORDED" in banner and "disk is full" in banner, banner
        shown = shown_for(window)
        for _ in range(3):
            key(window, Qt.Key.Key_F)
        assert shown_for(window) == shown
        filler.unlink()
        key(window, Qt.Key.Key_F)
        assert not window.error_banner.isVisible()
        assert shown_for(window) == shown + 1
    finally:
        window.close()
    assert_recorded_as_shown(path, shown + 1)


def chattr(flag: str, *paths: Path) -> None:
    done = subprocess.run(["chattr", flag, *map(str, paths)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot make a file immutable here (chattr {flag}): {done.stderr.strip()}")


def test_the_file_made_read_only_for_everyone(qtbot: QtBot, tmp_path: Path) -> None:
    """Immutable (chattr +i): refused even to root and to a handle already open."""
    if os.geteuid() != 0 or shutil.which("chattr") is None:
        pytest.skip("making a file immutable needs root and chattr")
    path = new_election(tmp_path)
    wal = Path(f"{path}-wal")
    seen = fault_round(
        qtbot, path, lambda: chattr("+i", path, wal), lambda: chattr("-i", path, wal)
    )
    assert_told_and_nothing_lost(seen, "read-only")


def test_a_file_size_limit_in_a_child_process(tmp_path: Path) -> None:
    """EFBIG (RLIMIT_FSIZE, SIGXFSZ ignored): the write fails as on a full disk, anywhere."""
    path = new_election(tmp_path)
    station = Station(path)
    try:
        assert station.line().startswith("READY")
        acknowledged = sum(station.ask("F").startswith("ACK ") for _ in range(5))
        assert station.ask("LIMIT") == "LIMITED"
        answers = [station.ask("F") for _ in range(50)]
        acknowledged += sum(answer.startswith("ACK ") for answer in answers)
        failed = [answer for answer in answers if answer.startswith("FAIL ")]
        assert failed, "a write past the limit must fail"
        # Once refused, it stays refused until the fault is cleared (the count does not move).
        assert answers.index(failed[0]) + len(failed) == len(answers)
        assert "not recorded" in failed[0] and "file-size limit" in failed[0], failed[0]
        assert station.ask("UNLIMIT") == "UNLIMITED"
        assert station.ask("F").startswith("ACK ")
        acknowledged += 1
        station.quit()
    finally:
        if station.process.poll() is None:
            station.kill()
    assert_recorded_as_shown(path, acknowledged)


def test_the_file_made_read_only_while_open(qtbot: QtBot, tmp_path: Path) -> None:
    """The open station keeps its handle: counting goes on and nothing is lost."""
    path = new_election(tmp_path)
    window = open_window(qtbot, path)
    try:
        key(window, Qt.Key.Key_F)
        path.chmod(0o444)
        key(window, Qt.Key.Key_F)
        assert not window.error_banner.isVisible()
        assert shown_for(window) == 2
    finally:
        window.close()
        path.chmod(0o644)
    assert_recorded_as_shown(path, 2)


def test_the_file_deleted_while_open(qtbot: QtBot, tmp_path: Path) -> None:
    path = new_election(tmp_path)
    kept = tmp_path / "in-the-trash-can"

    def delete() -> None:
        os.link(path, kept)  # what a trash can would still hold
        path.unlink()

    seen = fault_round(qtbot, path, delete, lambda: os.replace(kept, path))
    assert_told_and_nothing_lost(seen, "moved, deleted or replaced")


def test_the_file_replaced_while_open(qtbot: QtBot, tmp_path: Path) -> None:
    path = new_election(tmp_path)
    (tmp_path / "other").mkdir()
    other = new_election(tmp_path / "other")  # another election's file, copied over this one
    intruder = other.read_bytes()
    original = tmp_path / "original"

    def replace() -> None:
        os.link(path, original)
        shutil.copyfile(other, tmp_path / "copy")
        os.replace(tmp_path / "copy", path)

    def put_back() -> None:
        assert path.read_bytes() == intruder  # the intruding file was not written to
        os.replace(original, path)

    seen = fault_round(qtbot, path, replace, put_back)
    assert_told_and_nothing_lost(seen, "moved, deleted or replaced")


def test_the_folder_gone(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / "usb-stick"
    folder.mkdir()
    path = new_election(folder)
    away = tmp_path / "unplugged"
    seen = fault_round(qtbot, path, lambda: folder.rename(away), lambda: away.rename(folder))
    assert_told_and_nothing_lost(seen, "moved, deleted or replaced")


def test_opening_on_a_full_disk_says_so_and_opens_once_cleared(
    qtbot: QtBot, small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The next morning the disk is full: no word of damage, and nothing is lost."""
    from station.app import Station as StationApp
    from station.cli import main

    path = new_election(small_disk)
    window = open_window(qtbot, path)
    for _ in range(3):
        key(window, Qt.Key.Key_F)
    window.close()  # a clean close takes the -wal and -shm files away
    filler = fill(small_disk)
    shown: list[str] = []
    monkeypatch.setattr("station.app.QMessageBox.warning", lambda p, t, text: shown.append(text))
    app = StationApp()
    app.open_path(path)
    assert app.window is None and len(shown) == 1
    assert "disk is full" in shown[0] and "damaged" not in shown[0], shown[0]
    code = main(["verify", str(path)])
    assert code == 2  # the file is not known to be damaged: it cannot be read now
    filler.unlink()
    assert_recorded_as_shown(path, 3)
    app.open_path(path)
    assert app.window is not None
    qtbot.addWidget(app.window)
    key(app.window, Qt.Key.Key_F)
    assert shown_for(app.window) == 4
    app.window.close()
    assert_recorded_as_shown(path, 4)


def test_exporting_onto_a_full_disk_leaves_nothing_and_works_once_cleared(
    small_disk: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from station.cli import main

    path = new_election(tmp_path)
    journal = Journal.open(path)
    journal.start_session()
    for _ in range(3):
        journal.append(Action.CALL, Call.FOR)
    journal.close()
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    capsys.readouterr()  # the sheet's own output
    filler = fill(small_disk)
    before = sorted(small_disk.iterdir())
    assert main(["export", str(path), "--out", str(small_disk / "sheet")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "the disk is full" in err and "nothing was left" in err, err
    assert sorted(small_disk.iterdir()) == before  # no half-written export left behind
    filler.unlink()
    assert main(["export", str(path), "--out", str(small_disk / "sheet")]) == 0
    assert main(["verify", str(small_disk / "sheet")]) == 0
