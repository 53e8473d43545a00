"""Settings: what the station remembers, kept apart from the real user's file in tests."""

import os
from pathlib import Path

from PySide6.QtCore import QByteArray

from station.domain.piles import DEFAULT_PILE
from station.settings import MAX_RECENT, Settings, default_settings_path


def test_the_settings_file_lives_in_the_configuration_folder() -> None:
    # conftest points XDG_CONFIG_HOME at a temporary folder: tests never see the real file.
    assert default_settings_path() == Path(os.environ["XDG_CONFIG_HOME"]) / "station/station.ini"


def test_everything_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "station.ini"
    first = Settings(path)
    first.set_geometry("operator", QByteArray(b"\x01\x02geometry"))
    first.set_theme("light")
    first.set_pile_size(50)
    for name in ("a", "b", "a"):
        case = "10-RC-000002" if name == "b" else ""  # a's case number not given
        first.add_recent_file(tmp_path / f"{name}.station", case)

    second = Settings(path)  # a new run of the station
    assert second.geometry("operator") == QByteArray(b"\x01\x02geometry")
    assert second.geometry("dashboard") is None
    assert second.theme() == "light"
    assert second.pile_size() == 50
    assert second.recent_files() == [tmp_path / "a.station", tmp_path / "b.station"]
    assert second.recent_case_numbers() == {tmp_path / "b.station": "10-RC-000002"}
    assert path.is_file()


def test_defaults_and_nonsense(tmp_path: Path) -> None:
    path = tmp_path / "station.ini"
    settings = Settings(path)
    assert (settings.theme(), settings.pile_size(), settings.recent_files()) == (
        "dark",
        DEFAULT_PILE,
        [],
    )
    path.write_text(
        "[dashboard]\ntheme=purple\n[count]\npile_size=-4\n[files]\nrecent=only.station\n"
    )
    settings = Settings(path)
    assert settings.theme() == "dark"
    assert settings.pile_size() == DEFAULT_PILE
    assert settings.recent_files() == [Path("only.station")]
    settings.set_pile_size(0)  # no pile checks is a choice, not nonsense
    assert Settings(path).pile_size() == 0


def test_recent_files_are_capped_and_can_be_removed(tmp_path: Path) -> None:
    settings = Settings(tmp_path / "station.ini")
    files = [tmp_path / f"{n}.station" for n in range(MAX_RECENT + 3)]
    for path in files:
        settings.add_recent_file(path)
    assert settings.recent_files() == list(reversed(files))[:MAX_RECENT]
