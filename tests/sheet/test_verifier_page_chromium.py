"""The saved verifier page, opened in a real headless Chromium, gives `verify`'s verdict.

The same exports as tests/sheet/test_verifier_page.py (which runs the page's script in
Node), here through the page itself: the fingerprint typed into its field, the export
folder picked with its folder input, the verdict read off the screen.
"""

from pathlib import Path
from typing import Any

import pytest

from station.sheet.keys import StationKey
from tests.sheet.helpers import CASES, station
from tests.verifier.chromium import assert_page_says_what_verify_says, browser

__all__ = ["browser"]  # fixtures


def verify(folder: Path, key: str | None) -> tuple[int, str, str]:
    return station("verify", folder, *(["--key", key] if key else []))


def test_a_true_export_passes_in_chromium(
    browser: Any, page: Path, exported: Path, key: StationKey
) -> None:
    for written_down in (key.fingerprint, None):
        said = verify(exported, written_down)
        assert_page_says_what_verify_says(browser, page, exported, written_down, said)


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_tampered_export_is_named_in_chromium_as_in_verify(
    browser: Any, page: Path, exported: Path, key: StationKey, case: str
) -> None:
    CASES[case](exported, key)
    said = verify(exported, key.fingerprint)
    assert said[0] == 1
    assert_page_says_what_verify_says(browser, page, exported, key.fingerprint, said)
