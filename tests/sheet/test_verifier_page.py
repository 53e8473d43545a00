"""The verifier page's own script gives `station verify FOLDER --key`'s verdict, word for word.

The page's checking script is taken out of the page `station verifier` writes and run in
Node, whose WebCrypto has SHA-256 and Ed25519 as browsers do (no fallback, no seam: the
page's own calls), on the same exports, true and tampered, as the Python verifier.
"""

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from station import __version__
from station.journal import Journal
from station.sheet.keys import StationKey
from tests.sheet.helpers import (
    CASES,
    edit_json,
    rechain_from,
    resign,
    sheet_event,
    station,
)

NODE = shutil.which("node")
RUNNER = Path(__file__).parent.parent / "verifier" / "run_page.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="Node runs the page's script")


def in_page(page: Path, folder: Path, key: str | None) -> dict[str, Any]:
    assert NODE is not None
    argv = [NODE, str(RUNNER), str(page), str(folder), *([key] if key else [])]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def assert_same_verdict(page: Path, folder: Path, key: str | None) -> dict[str, Any]:
    code, out, err = station("verify", folder, *(["--key", key] if key else []))
    verdict = in_page(page, folder, key)
    if code == 1:
        assert not verdict["ok"] and not verdict["cannot"], verdict
        assert verdict["lines"] == [err.rstrip("\n")]
    else:
        assert (code, err) == (0, ""), err
        said = out.splitlines()
        assert verdict["ok"], verdict
        assert verdict["lines"][0] == said[0]
        # The page reads no PDF text: it says so rather than "and the PDF match".
        assert (
            said[1].replace("Every line and the PDF match", "Every line matches")
            == (verdict["lines"][1])
        )
    return verdict


def test_a_true_export_passes_in_the_page_as_in_verify(
    page: Path, exported: Path, key: StationKey
) -> None:
    assert_same_verdict(page, exported, key.fingerprint)
    assert_same_verdict(page, exported, None)
    assert_same_verdict(page, exported, key.fingerprint.upper().replace("-", " "))


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("written_down", [True, False], ids=["key", "no-key"])
def test_a_tampered_export_is_named_in_the_page_as_in_verify(
    page: Path, exported: Path, key: StationKey, case: str, written_down: bool
) -> None:
    CASES[case](exported, key)
    verdict = assert_same_verdict(page, exported, key.fingerprint if written_down else None)
    assert not verdict["ok"], verdict


def test_the_page_is_offline_and_states_its_version_and_script_hash(tmp_path: Path) -> None:
    out = tmp_path / "verifier.html"
    code, said, _ = station("verifier", "--out", out)
    assert code == 0
    html = out.read_text(encoding="utf-8")
    assert f"Station verifier {__version__}" in html
    assert "default-src 'none'" in html  # the browser itself forbids any network access
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html)
    script = re.search(r'<script id="verifier">(.*?)</script>', html, re.S)
    assert script is not None
    stated = re.findall(r"[0-9a-f]{64}", said)
    assert stated == [
        hashlib.sha256(out.read_bytes()).hexdigest(),
        hashlib.sha256(script.group(1).encode("utf-8")).hexdigest(),
    ]


def test_the_page_is_never_written_over_a_file(tmp_path: Path) -> None:
    out = tmp_path / "verifier.html"
    out.write_text("mine")
    code, _, err = station("verifier", "--out", out)
    assert code == 2 and err.count("\n") == 1 and "already exists" in err
    assert out.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["verifier.html"]


def test_a_ballot_the_page_does_not_replay_is_not_called_intact(
    page: Path, exported: Path, key: StationKey, signed: Journal
) -> None:
    """An event kind the page cannot replay gives NOT CHECKED, never OK."""
    rechain_from(exported, 3, lambda event: event.update(action="dispute", call="for", target=2))
    edit_json(exported / "tally.json", lambda d: d.update(sheet_event=sheet_event(exported)))
    edit_json(exported / "manifest.json", lambda m: m.update(sheet_event=sheet_event(exported)))
    resign(exported, key)
    verdict = in_page(page, exported, key.fingerprint)
    assert verdict["cannot"] and not verdict["ok"]
    assert verdict["lines"][0].startswith(f"NOT CHECKED: {exported}: event 3 is a 'dispute' event")
