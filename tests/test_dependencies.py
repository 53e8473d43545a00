"""No user can install the PySide6 6.12.0 + Python 3.11 pair that aborts mid-count."""

import tomllib
from pathlib import Path

from packaging.requirements import Requirement

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


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
