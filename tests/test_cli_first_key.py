"""`station new --runoff-of` and `--rerun-of` hold the first election's export to a key:
this station's own, or the one given with --key as written on its signed sheet. An
export verifies whole whoever signed it, so one made and signed on an observer's own
laptop is refused, naming the key that signed it."""

import subprocess
from pathlib import Path

import pytest

from station.sheet.keys import create_key, existing_fingerprint
from tests.kinds_helpers import THREE, count_votes, new, station, tally


def _exported(tmp_path: Path, name: str) -> Path:
    """A first election of three choices (a runoff due), signed and exported by the
    station whose data folder is in effect."""
    path = tmp_path / f"{name}.station"
    new(path, *THREE)
    count_votes(path, [12, 10, 8])
    assert station("sign", path, "--agent", "R. Agent").returncode == 0
    folder = tmp_path / f"{name}-export"
    made = station("export", path, "--out", folder)
    assert made.returncode == 0, made.stderr
    return folder


@pytest.fixture
def foreign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, str]:
    """An export made and signed on another station (another data folder: another
    key), and that key's fingerprint."""
    with monkeypatch.context() as elsewhere:
        elsewhere.setenv("XDG_DATA_HOME", str(tmp_path / "laptop"))
        elsewhere.setenv("XDG_CONFIG_HOME", str(tmp_path / "laptop-config"))
        elsewhere.setenv("WIN_PD_OVERRIDE_LOCAL_APPDATA", str(tmp_path / "laptop"))
        folder = _exported(tmp_path, "forged")
        key = existing_fingerprint()
    assert key is not None and key != existing_fingerprint()
    return folder, key


def _refused(made: subprocess.CompletedProcess[str], path: Path) -> str:
    err = made.stderr
    assert made.returncode == 2, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not path.exists()
    return err


@pytest.mark.parametrize("option", ["--runoff-of", "--rerun-of"])
def test_an_export_signed_by_another_key_is_refused_naming_it(
    tmp_path: Path, foreign: tuple[Path, str], option: str
) -> None:
    folder, key = foreign
    path = tmp_path / "next.station"
    err = _refused(station("new", path, option, folder), path)
    assert f"signed by key {key}, not this station's key" in err
    assert "--key FINGERPRINT" in err


@pytest.mark.parametrize("option", ["--runoff-of", "--rerun-of"])
def test_the_key_written_down_accepts_it_and_is_printed(
    tmp_path: Path, foreign: tuple[Path, str], option: str
) -> None:
    folder, key = foreign
    path = tmp_path / "next.station"
    made = station("new", path, option, folder, "--key", key.upper().replace("-", " "))
    assert made.returncode == 0, made.stderr
    assert f"{folder}: its sheet is signed by key {key} (as given by --key)" in made.stdout
    assert tally(path)["case"] == "10-RC-000017"


@pytest.mark.parametrize("option", ["--runoff-of", "--rerun-of"])
def test_a_key_that_did_not_sign_it_is_refused_naming_both(
    tmp_path: Path, foreign: tuple[Path, str], option: str
) -> None:
    folder, key = foreign
    written = create_key(tmp_path / "other.pem").fingerprint
    path = tmp_path / "next.station"
    err = _refused(station("new", path, option, folder, "--key", written), path)
    assert f"signed by key {key}, not by --key {written}" in err


@pytest.mark.parametrize("option", ["--runoff-of", "--rerun-of"])
def test_this_stations_own_export_needs_no_key(tmp_path: Path, option: str) -> None:
    folder = _exported(tmp_path, "first")
    own = existing_fingerprint()
    path = tmp_path / "next.station"
    made = station("new", path, option, folder)
    assert made.returncode == 0, made.stderr
    assert f"its sheet is signed by key {own} (this station's key)" in made.stdout
    again = tmp_path / "again.station"  # its own key given too: the same
    assert station("new", again, option, folder, "--key", str(own)).returncode == 0


def test_a_key_goes_with_a_first_elections_folder_only(tmp_path: Path) -> None:
    first = tmp_path / "first.station"
    new(first, *THREE)
    count_votes(first, [12, 10, 8])
    assert station("sign", first, "--agent", "R. Agent").returncode == 0
    key = create_key(tmp_path / "k.pem").fingerprint
    path = tmp_path / "next.station"
    err = _refused(station("new", path, "--runoff-of", first, "--key", key), path)
    assert "is an election file, which no key signs" in err
    err = _refused(
        station(
            "new", path, "--case", "10-RC-1", "--employer", "E", "--union", "U",
            "--eligible", "9", "--key", key,
        ),
        path,
    )  # fmt: skip
    assert "--key gives the key that signed the first election's export" in err
    err = _refused(station("new", path, "--runoff-of", first, "--key", "12ab"), path)
    assert "is not a key fingerprint" in err
