"""No user can install the PySide6 6.12.0 + Python 3.11 pair that aborts mid-count, and
every verifier reads the one holiday calendar."""

import json
import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
PAGE_INPUTS = ROOT / "station" / "verifier" / "python_page_inputs.json"


def allowed(python: str, version: str) -> bool:
    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    for line in dependencies:
        requirement = Requirement(line)
        if requirement.name.lower() != "pyside6-essentials":
            continue
        if requirement.marker and not requirement.marker.evaluate({"python_version": python}):
            continue
        return requirement.specifier.contains(version, prereleases=True)
    raise AssertionError("no PySide6-Essentials requirement applies")


def test_pyside_6_12_0_is_refused_on_python_3_11() -> None:
    assert not allowed("3.11", "6.12.0")
    assert allowed("3.11", "6.11.3")


def test_newer_pythons_may_use_6_12() -> None:
    assert allowed("3.12", "6.12.0")
    assert allowed("3.13", "6.12.0")


def test_the_holiday_calendar_is_pinned_as_the_verifier_page_pins_it() -> None:
    """`objections_due` skips the holidays of the `holidays` library: the CLI and the page
    must read the same calendar, or they could disagree on the deadline."""
    dependencies = tomllib.loads(PYPROJECT.read_text())["project"]["dependencies"]
    (pinned,) = [Requirement(line) for line in dependencies if Requirement(line).name == "holidays"]
    wheels = json.loads(PAGE_INPUTS.read_text())["wheels"]
    (page,) = [wheel["version"] for wheel in wheels if wheel["name"] == "holidays"]
    assert str(pinned.specifier) == f"=={page}"
    assert version("holidays") == page
