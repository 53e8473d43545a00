"""Where the live page `station serve` answers browsers with comes from."""

from pathlib import Path

import pytest

from station.verifier import live_page, python_page
from station.verifier.python_page import InputsError


def test_a_bundle_serves_the_page_it_was_built_with_and_fetches_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / live_page.SHIPPED).write_bytes(b"<!DOCTYPE html>the page built with the bundle")
    monkeypatch.setattr(python_page, "files", lambda _: tmp_path)  # where pages are found
    monkeypatch.setenv("PATH", str(tmp_path / "no tools here"))
    assert live_page.built(tmp_path / "empty cache") == (
        b"<!DOCTYPE html>the page built with the bundle"
    )


def test_from_sources_without_inputs_it_names_the_command_that_fetches_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "no tools here"))
    with pytest.raises(InputsError, match=r"python -m station\.verifier\.python_page"):
        live_page.built(tmp_path / "empty cache")
