"""The -wal and -shm beside an election file: a leftover refused, a missing one told.

`station new` and `station copy` refuse a name with an earlier file's -wal or -shm
beside it. A file deleted or moved while a station counted leaves its last calls in
`FILE-wal`; SQLite would take that -wal as the new file's own, and the new file would
be broken from its first event. The leftover may be all that is left of a count: never
deleted. A file moved away from its -wal while a station counts is told as lacking it.
"""

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from tests.helpers import verify_file

pytestmark = pytest.mark.long  # station processes moved and killed: seconds

NEW = ["--case", "29-RC-444444", "--employer", "Acme", "--union", "Local 1", "--eligible", "20"]


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*map(str, argv)])
    return code, out.getvalue(), err.getvalue()


def killed_mid_count(path: Path) -> dict[str, bytes]:
    """The -wal and -shm a station killed while counting into `path` leaves behind."""
    assert run("new", path, *NEW)[0] == 0
    journal = Journal.open(path)
    journal.start_session()
    for call in (Call.FOR, Call.AGAINST, Call.FOR):
        journal.append(Action.CALL, call)
    # What is on disk at the SIGKILL, before any close or checkpoint.
    left = {suffix: Path(f"{path}{suffix}").read_bytes() for suffix in ("-wal", "-shm")}
    journal.close()
    return left


def leave_beside(path: Path, left: dict[str, bytes]) -> None:
    for suffix, data in left.items():
        Path(f"{path}{suffix}").write_bytes(data)


@pytest.mark.parametrize("suffixes", [("-wal", "-shm"), ("-wal",), ("-shm",)])
def test_new_refuses_a_leftover_wal_or_shm(tmp_path: Path, suffixes: tuple[str, ...]) -> None:
    path = tmp_path / "w.station"
    left = killed_mid_count(path)
    path.unlink()  # `rm w.station`, its -wal and -shm left behind
    Path(f"{path}-wal").unlink(missing_ok=True)
    Path(f"{path}-shm").unlink(missing_ok=True)
    leave_beside(path, {suffix: left[suffix] for suffix in suffixes})
    code, out, err = run("new", path, *NEW)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.count("\n") == 1, err
    assert f"w.station{suffixes[0]}: is left beside the name" in err, err
    assert "move it somewhere safe" in err
    assert not path.exists()  # nothing written
    for suffix in suffixes:  # and the leftover, which may hold calls, kept as it was
        assert Path(f"{path}{suffix}").read_bytes() == left[suffix]


def test_copy_refuses_a_stale_wal_at_the_destination(tmp_path: Path) -> None:
    good = tmp_path / "good.station"
    old = tmp_path / "old.station"
    left = killed_mid_count(old)
    assert run("new", good, *NEW)[0] == 0
    copy = tmp_path / "c2.station"
    leave_beside(copy, {"-wal": left["-wal"]})
    code, out, err = run("copy", good, copy)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.count("\n") == 1 and "c2.station-wal: is left beside the name" in err, err
    assert not copy.exists()
    assert Path(f"{copy}-wal").read_bytes() == left["-wal"]
    # Into a folder, under the source's own name, the same.
    folder = tmp_path / "usb"
    folder.mkdir()
    leave_beside(folder / "good.station", {"-shm": left["-shm"]})
    code, _, err = run("copy", good, folder)
    assert code == 2 and "good.station-shm: is left beside the name" in err, err
    assert not (folder / "good.station").exists()


def test_once_the_leftover_is_moved_away_the_new_file_is_sound(tmp_path: Path) -> None:
    path = tmp_path / "w.station"
    left = killed_mid_count(path)
    path.unlink()
    leave_beside(path, left)
    assert run("new", path, *NEW)[0] == 2
    for suffix in left:
        Path(f"{path}{suffix}").rename(tmp_path / f"kept{suffix}")
    code, out, _ = run("new", path, *NEW)
    assert code == 0 and out.startswith("created ")
    assert verify_file(path).ok


def test_a_file_moved_while_a_station_counts_is_told_as_lacking_its_wal(tmp_path: Path) -> None:
    """`mv` while counting: the calls go on into the -wal under the old name.

    The moved file alone shows the count as it was at the opening. `tally` runs first: an
    empty -wal it left beside the file would stay there (the station's hold on the file
    keeps SQLite from taking it away), and `verify` would then take it for the count's
    own.
    """
    from tests.cli_helpers import station

    path = tmp_path / "ro.station"
    assert run("new", path, *NEW)[0] == 0
    moved = tmp_path / "ro-moved.station"
    with Journal.open(path) as journal:
        journal.start_session()
        for call in (Call.FOR, Call.AGAINST, Call.FOR):
            journal.append(Action.CALL, call)
        path.rename(moved)
        # Other processes, as a user runs them: the station's lock is per process.
        for command in ("tally", "verify", "tally", "verify"):
            done = station(command, moved)
            assert done.returncode == 0, done.stderr
            assert "there is no -wal file beside the file" in done.stderr, (command, done.stderr)
        assert "Ballots counted:                       0" in station("tally", moved).stdout


def test_a_station_counting_is_not_told_as_lacking_its_wal(tmp_path: Path) -> None:
    from tests.cli_helpers import station

    path = tmp_path / "w.station"
    assert run("new", path, *NEW)[0] == 0
    with Journal.open(path) as journal:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR)
        for command in ("tally", "verify"):
            done = station(command, path)
            assert (done.returncode, done.stderr) == (0, ""), (command, done.stderr)


def test_copy_of_a_count_still_open_says_what_to_do_for_the_whole_count(tmp_path: Path) -> None:
    path = tmp_path / "w.station"
    assert run("new", path, *NEW)[0] == 0
    journal = Journal.open(path)
    try:
        journal.start_session()
        journal.append(Action.CALL, Call.FOR)
        code, out, err = run("copy", path, tmp_path / "copy.station")
        assert code == 0 and "2 events" in out, (out, err)
        assert err.count("\n") == 1, err
        assert "is still open" in err and "the copy holds the 2 events recorded so far" in err
        assert "close the operator window counting into it, then copy it again" in err
        code, _out, err = run("verify", tmp_path / "copy.station")
        assert code == 0 and "station copy" not in err, err  # not the command just used
        assert "then copy it again" in err, err
    finally:
        journal.close()
    code, _out, err = run("copy", path, tmp_path / "closed.station")  # closed: nothing to say
    assert (code, err) == (0, "")
