"""The self-test and the tests keep the key, the seal secret and the settings in folders
of their own on every platform, never the user's: each platform's platformdirs is asked
here, Windows's and macOS's included (they choose by the environment alone)."""

from pathlib import Path, PureWindowsPath

import pytest
from platformdirs.macos import MacOS
from platformdirs.unix import Unix
from platformdirs.windows import Windows

from station.selftest import own_folders


@pytest.mark.parametrize(
    ("dirs", "folder"),
    [
        (Unix, Path("/tmp/self-test")),
        (MacOS, Path("/private/var/folders/xy/T/self-test")),
        (Windows, PureWindowsPath(r"C:\Users\agent\AppData\Local\Temp\self-test")),
    ],
)
def test_the_self_tests_folders_are_its_own_on_every_platform(
    monkeypatch: pytest.MonkeyPatch, dirs: type, folder: Path
) -> None:
    for name, value in own_folders(folder).items():  # type: ignore[arg-type]
        monkeypatch.setenv(name, value)
    places = dirs("station", appauthor=False)
    for place in (places.user_data_dir, places.user_config_dir):
        assert place.startswith(str(folder)), (dirs.__name__, place)


def test_the_tests_key_and_secret_are_their_own_here(station_home: Path) -> None:
    from station.journal.seal import secret_path
    from station.sheet.keys import default_key_path

    assert default_key_path().is_relative_to(station_home)
    assert secret_path().is_relative_to(station_home)
