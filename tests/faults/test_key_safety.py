"""The signing key is its owner's alone, and a sheet signed by any other key is refused."""

import io
import os
import stat
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Action, Call
from station.journal import Journal
from station.sheet.keys import default_key_path


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(arg) for arg in argv])
    return code, out.getvalue(), err.getvalue()


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("umask", [0o022, 0o000])
def test_a_new_key_is_owner_only_whatever_the_umask(umask: int) -> None:
    old = os.umask(umask)
    try:
        code, out, _err = run("key")
    finally:
        os.umask(old)
    assert code == 0 and "created the station's signing key" in out
    assert mode(default_key_path()) == 0o600
    assert mode(default_key_path().parent) == 0o700


def test_a_data_folder_others_can_read_is_closed_when_the_key_is_made() -> None:
    folder = default_key_path().parent
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)  # e.g. made by a backup restore or another tool
    assert run("key")[0] == 0
    assert mode(folder) == 0o700 and mode(default_key_path()) == 0o600


def test_a_key_others_can_read_is_refused() -> None:
    assert run("key")[0] == 0
    default_key_path().chmod(0o644)
    code, _out, err = run("key")
    assert code == 2 and "readable by other users" in err and err.count("\n") == 1


def test_a_sheet_signed_by_another_station_fails_against_the_written_down_key(
    election_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = run("key")[1].split()[-1]  # the fingerprint the observers wrote down
    journal = Journal.open(election_file)
    journal.start_session()
    for call in (Call.FOR, Call.AGAINST, Call.FOR):
        journal.append(Action.CALL, call)
    journal.close()
    # Another machine, with its own key, prepares and exports the sheet.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "elsewhere"))
    assert run("sign", election_file, "--agent", "R. Agent")[0] == 0
    assert run("export", election_file, "--out", tmp_path / "sheet")[0] == 0
    theirs = run("key")[1].split()[-1]
    assert theirs != ours
    code, out, err = run("verify", tmp_path / "sheet", "--key", ours)
    assert (code, out) == (1, "")
    assert err.count("\n") == 1 and f"not by the expected key {ours}" in err
    code, _out, err = run("verify", election_file, "--sheet", tmp_path / "sheet", "--key", ours)
    assert code == 1 and "not by the expected key" in err
    assert run("verify", tmp_path / "sheet", "--key", theirs)[0] == 0
