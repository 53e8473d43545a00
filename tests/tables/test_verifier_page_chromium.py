"""The verifier page does not check a consolidation of tables: it says NOT CHECKED."""

from pathlib import Path
from typing import Any

from station.cli import main
from station.sheet.keys import StationKey
from tests.verifier.chromium import browser, verdict_in_chromium

__all__ = ["browser"]  # fixtures


def test_a_consolidation_is_not_checked_never_called_intact(
    browser: Any, page: Path, made: tuple[Path, StationKey]
) -> None:
    folder, key = made
    assert main(["verify", str(folder), "--key", key.fingerprint]) == 0
    shown = verdict_in_chromium(browser, page, folder, key.fingerprint)
    assert shown["kind"] == "cannot", shown
    assert shown["lines"][0].startswith(f"NOT CHECKED: {folder.name}: a consolidation")
