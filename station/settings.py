"""What the station remembers between runs: window placement, theme, pile size, recent files
(each with its case number, to tell apart files named alike).

Kept in Qt's QSettings as an INI file in the user's configuration folder
(`~/.config/station/station.ini` on Linux, from platformdirs), so a Board agent can read
it, copy it to another laptop or delete it to start afresh. Nothing about a count is
stored here: the election file holds all of that.
"""

from pathlib import Path

from platformdirs import user_config_path
from PySide6.QtCore import QByteArray, QSettings

from station.domain.election import MAX_PILE
from station.domain.piles import DEFAULT_PILE

MAX_RECENT = 8
THEMES = ("dark", "light")


def default_settings_path() -> Path:
    """Where the settings file lives (e.g. ~/.config/station/station.ini)."""
    return user_config_path("station", appauthor=False) / "station.ini"


class Settings:
    """Typed access to the station's settings file; a bad or missing value gives the default."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or default_settings_path()
        self._store = QSettings(str(self.path), QSettings.Format.IniFormat)

    def sync(self) -> None:
        """Write pending changes to the file now."""
        self._store.sync()

    # -- window placement -------------------------------------------------------------

    def geometry(self, window: str) -> QByteArray | None:
        """The saved geometry of `window` ("operator", "dashboard"), if any."""
        value = self._store.value(f"windows/{window}")
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set_geometry(self, window: str, geometry: QByteArray) -> None:
        self._store.setValue(f"windows/{window}", geometry)
        self.sync()

    # -- the dashboard's theme and the default pile size ------------------------------

    def theme(self) -> str:
        value = self._store.value("dashboard/theme", "dark")
        return value if value in THEMES else "dark"

    def set_theme(self, theme: str) -> None:
        if theme in THEMES:
            self._store.setValue("dashboard/theme", theme)
            self.sync()

    def pile_size(self) -> int:
        """The pile size the New election dialog offers (0: no pile checks)."""
        value = self._store.value("count/pile_size", DEFAULT_PILE)
        try:
            size = int(str(value))
        except ValueError:
            return DEFAULT_PILE
        return size if 0 <= size <= MAX_PILE else DEFAULT_PILE

    def set_pile_size(self, size: int) -> None:
        self._store.setValue("count/pile_size", int(size))
        self.sync()

    # -- recent files -----------------------------------------------------------------

    def recent_files(self) -> list[Path]:
        """Election files opened lately, newest first (some may since have gone)."""
        value = self._store.value("files/recent", [])
        if isinstance(value, str):  # QSettings gives one entry as a plain string
            value = [value]
        if not isinstance(value, list):
            return []
        return [Path(item) for item in value if isinstance(item, str) and item][:MAX_RECENT]

    def recent_case_numbers(self) -> dict[Path, str]:
        """The case number of each recent file, as it was when last opened: the start
        window tells apart files all named alike (count.station in each case's folder)."""
        value = self._store.value("files/recent_cases", [])
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            return {}
        files = self.recent_files()
        if len(value) != len(files):  # written by a version that kept no case numbers
            return {}
        return {path: case for path, case in zip(files, value, strict=True) if case}

    def add_recent_file(self, path: Path, case_number: str = "") -> None:
        """Put `path` first in the recent files, with its election's case number."""
        path = path.resolve()
        cases = self.recent_case_numbers()
        if case_number:
            cases[path] = case_number
        files = [path, *(p for p in self.recent_files() if p != path)][:MAX_RECENT]
        self._store.setValue("files/recent", [str(p) for p in files])
        self._store.setValue("files/recent_cases", [cases.get(p, "") for p in files])
        self.sync()
