"""`station serve` builds its live page once, at start, from the pinned inputs cached, and
answers browsers with it under a policy that lets it run Python and ask only the server."""

import urllib.request
from pathlib import Path

import pytest

from station.cli import main
from station.journal import Journal
from station.sheet.keys import key_for_signing
from tests.helpers import JFK8
from tests.witness.helpers import live_feed


def test_serve_without_the_pages_inputs_says_in_one_line_how_to_fetch_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "jfk8.station"
    Journal.create(path, JFK8)
    monkeypatch.setenv("STATION_PAGE_INPUTS", str(tmp_path / "empty cache"))
    monkeypatch.setenv("PATH", str(tmp_path / "no tools here"))  # no npm to fetch with
    assert main(["serve", str(path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert "the live page cannot be built" in err
    assert "`python -m station.verifier.python_page`" in err


def test_a_browser_gets_the_live_page_under_a_policy_that_allows_only_the_server(
    tmp_path: Path,
) -> None:
    path = tmp_path / "jfk8.station"
    Journal.create(path, JFK8)
    with live_feed(path, key_for_signing()) as server:
        request = urllib.request.Request(server.url, headers={"Accept": "text/html"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            policy = answer.headers["Content-Security-Policy"]
            page = answer.read()
    assert "connect-src 'self'" in policy and "'wasm-unsafe-eval'" in policy
    assert "default-src 'none'" in policy
    assert b"station.verifier.live_in_browser" in page
