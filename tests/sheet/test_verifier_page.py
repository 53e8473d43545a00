"""The verifier page's own script gives `station verify FOLDER --key`'s verdict, word for word.

The page's checking script is taken out of the page `station verifier` writes and run in
Node, whose WebCrypto has SHA-256 and Ed25519 as browsers do (no fallback, no seam: the
page's own calls), on the same exports, true and tampered, as the Python verifier.
"""

import hashlib
import json
import re
from pathlib import Path

import pytest

from station import __version__
from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey
from tests.sheet.helpers import (
    CASES,
    count_calls,
    edit_json,
    rechain_from,
    resign,
    sheet_event,
    sign,
    station,
)
from tests.verifier.node import NODE, assert_same_verdict

pytestmark = pytest.mark.skipif(NODE is None, reason="Node runs the page's script")


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


def test_the_page_checks_offline_and_states_its_version_and_script_hash(tmp_path: Path) -> None:
    out = tmp_path / "verifier.html"
    code, said, _ = station("verifier", "--out", out)
    assert code == 0
    html = out.read_text(encoding="utf-8")
    assert f"Station verifier {__version__}" in html
    # The browser itself forbids every request (following a count is the Python page's);
    # the checking script asks nothing of the network.
    policy = re.search(r'http-equiv="Content-Security-Policy"\s+content="([^"]*)"', html)
    assert policy is not None
    directives = {d.split()[0]: d.split()[1:] for d in policy.group(1).split(";") if d.strip()}
    assert directives == {
        "default-src": ["'none'"],
        "script-src": ["'unsafe-inline'"],
        "style-src": ["'unsafe-inline'"],
    }
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html)
    script = re.search(r'<script id="verifier">(.*?)</script>', html, re.S)
    assert script is not None
    assert "fetch(" not in script.group(1) and "XMLHttpRequest" not in script.group(1)
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


def test_a_forged_dispute_is_named_in_the_page_as_in_verify(
    page: Path, exported: Path, key: StationKey, signed: Journal
) -> None:
    """A dispute the rules refuse (made by nobody), chained and signed by the key's holder."""
    rechain_from(exported, 3, lambda event: event.update(action="dispute", call="for", target=2))
    edit_json(exported / "tally.json", lambda d: d.update(sheet_event=sheet_event(exported)))
    edit_json(exported / "manifest.json", lambda m: m.update(sheet_event=sheet_event(exported)))
    resign(exported, key)
    verdict = assert_same_verdict(page, exported, key.fingerprint)
    assert "event 3 breaks the rules of the count" in verdict["lines"][0]


def test_an_export_from_a_machine_up_for_months_passes_in_the_page_as_in_verify(
    page: Path,
    election_file: Path,
    key: StationKey,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each event stores the monotonic clock in nanoseconds since the machine started:
    after 104 days up it is past 2**53, beyond the integers a browser's JSON reads
    exactly, and the page must still read the numbers the station wrote."""
    import time

    up = time.monotonic_ns
    monkeypatch.setattr(time, "monotonic_ns", lambda: (1 << 60) + up())
    journal = Journal.open(election_file)
    journal.start_session()
    count_calls(journal, 20)
    sign(journal, key)
    export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "export", key)
    journal.close()
    lines = (tmp_path / "export" / "journal.jsonl").read_text().splitlines()[1:]
    assert all(json.loads(line)["mono_ns"] > 2**53 for line in lines)
    verdict = assert_same_verdict(page, tmp_path / "export", key.fingerprint)
    assert verdict["ok"], verdict


@pytest.mark.parametrize(
    "kind",
    [
        "one union, a challenge sustained at the table",
        "Sonotone, a challenge sustained at the table",
        "mail and polls, sealed envelopes and a disputed ballot",
    ],
)
def test_ballots_counted_on_no_line_are_stated_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, key: StationKey, kind: str
) -> None:
    from station.domain.statements import accounted_statement
    from station.verification.pdf_text import pdf_words
    from tests.sheet.kinds_counted_helpers import KINDS

    make, count = KINDS[kind]
    path = tmp_path / "count.station"
    make(path)
    count(path)
    with Journal.open(path) as journal:
        export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "out", key)
    sheet = json.loads((tmp_path / "out" / "tally.json").read_text(encoding="utf-8"))["sheet"]
    assert sheet["apart"]
    said = accounted_statement(sheet["lines"], sheet["apart"])
    assert said in pdf_words((tmp_path / "out" / "tally.pdf").read_bytes())
    verdict = assert_same_verdict(page, tmp_path / "out", key.fingerprint)
    assert verdict["ok"] and verdict["lines"][0].endswith(f"challenged. {said}")


def test_an_interim_sonotone_sheet_pools_nothing_in_the_page_as_in_verify(
    page: Path, tmp_path: Path, key: StationKey
) -> None:
    from tests.sheet.kinds_counted_helpers import KINDS

    make, count = KINDS["Sonotone, an interim tally"]
    path = tmp_path / "count.station"
    make(path)
    count(path)
    with Journal.open(path) as journal:
        export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "out", key)
    sheet = json.loads((tmp_path / "out" / "tally.json").read_text(encoding="utf-8"))["sheet"]
    assert sheet["units"] == [] and "not yet determined" in sheet["groups"][0]["statements"]["8"]
    assert assert_same_verdict(page, tmp_path / "out", key.fingerprint)["ok"]
