"""The saved verifier page shows both hashes `station verifier --out` prints: the page's
own and its checking script's, to be compared with what a trusted Station prints."""

import hashlib
import io
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

from station.cli import main
from tests.verifier.chromium import browser, wait_for

__all__ = ["browser"]  # fixtures


def test_the_page_shows_the_hashes_station_verifier_prints(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "verifier.html"
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["verifier", "--out", str(path)]) == 0
    printed = re.search(
        r"SHA-256 of the page ([0-9a-f]{64}), of its checking script ([0-9a-f]{64})", out.getvalue()
    )
    assert printed is not None, out.getvalue()
    assert printed[1] == hashlib.sha256(path.read_bytes()).hexdigest()
    browser.get(path.as_uri())
    shown = wait_for(
        browser,
        "const page = document.getElementById('page-sha'), script = document.getElementById('sha');"
        " return page && /^[0-9a-f]{64}$/.test(page.textContent) && /^[0-9a-f]{64}$/.test(script.textContent)"
        " && [page.textContent, script.textContent, page.parentElement.textContent];",
        timeout=20,
    )
    assert shown[:2] == [printed[1], printed[2]]
    said = " ".join(shown[2].split())
    assert "Compare them with what station verifier prints on a Station you trust" in said
    assert "README" not in said
