"""Every export that test_tampering.py alters, the page in Chromium names as `verify` does."""

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.faults.tampering import EXPORT_CASES, Pristine, verify
from tests.verifier.chromium import assert_page_says_what_verify_says, browser

__all__ = ["browser"]  # fixtures


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("page") / "verifier.html"
    from station.cli import main

    assert main(["verifier", "--out", str(path)]) == 0
    return path


def test_the_pristine_export_passes_in_chromium(
    browser: Any, page: Path, election: Pristine
) -> None:
    said = verify(election.sheet, "--key", election.key)
    assert_page_says_what_verify_says(browser, page, election.sheet, election.key, said)


@pytest.mark.parametrize(
    ("change", "named"), [c[1:] for c in EXPORT_CASES], ids=[c[0] for c in EXPORT_CASES]
)
def test_a_changed_export_is_named_in_chromium_as_in_verify(
    browser: Any,
    page: Path,
    election: Pristine,
    station_home: Path,
    change: Callable[[Path], None],
    named: str,
    pristine: Pristine,
) -> None:
    shutil.copytree(pristine.file.parent / "home", station_home, dirs_exist_ok=True)
    change(election.sheet)
    said = verify(election.sheet, "--key", election.key)
    assert said[0] == 1 and named in said[2], said
    shown = assert_page_says_what_verify_says(browser, page, election.sheet, election.key, said)
    assert named in shown["lines"][0]
