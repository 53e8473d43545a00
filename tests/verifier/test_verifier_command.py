"""`station verifier`: the page written, or its SHA-256 said; a page it cannot build is
one line naming what to run, never a traceback and never a file."""

import hashlib
from pathlib import Path

import pytest

from station.verifier import python_page
from tests.sheet.helpers import station


def test_without_out_it_says_the_sha256_of_the_page_it_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(python_page, "built", lambda: b"<!DOCTYPE html>the page")
    monkeypatch.chdir(tmp_path)
    code, said, _ = station("verifier")
    digest = hashlib.sha256(b"<!DOCTYPE html>the page").hexdigest()
    assert code == 0 and said.endswith(f"SHA-256 of the page {digest}\n"), said
    assert list(tmp_path.iterdir()) == []  # nothing written
    out = tmp_path / "verifier.html"
    code, written, _ = station("verifier", "--out", out)
    assert code == 0 and written == f"wrote {out}: {said}"
    assert out.read_bytes() == b"<!DOCTYPE html>the page"


def test_with_no_inputs_and_no_network_it_says_what_to_run_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("STATION_PAGE_INPUTS", str(tmp_path / "empty-cache"))
    monkeypatch.setenv("PATH", str(tmp_path / "no-tools"))  # no npm, as no registry either
    out = tmp_path / "verifier.html"
    code, said, problem = station("verifier", "--out", out)
    assert (code, said) == (1, "")
    assert problem.count("\n") == 1 and "Traceback" not in problem, problem
    assert problem.startswith("cannot build the page: ")
    assert problem.endswith(
        "(fetch the page's inputs once with `python -m station.verifier.python_page`, on a"
        " machine with network access)\n"
    )
    assert not out.exists()
