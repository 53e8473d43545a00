"""The verifier page's own script gives `station verify FOLDER --key`'s verdict, word for word.

The page's checking script is taken out of the page `station verifier` writes and run in
Node, whose WebCrypto has SHA-256 and Ed25519 as browsers do (no fallback, no seam: the
page's own calls), on the same exports, true and tampered, as the Python verifier.
"""

import hashlib
import io
import json
import re
import shutil
import subprocess
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from station import __version__
from station.cli import main
from station.journal import Journal
from station.journal.chain import event_hash
from station.sheet.keys import StationKey, create_key
from tests.sheet.conftest import resign
from tests.sheet.test_verify_export import (
    bump_for,
    edit_events,
    edit_json,
    resign_with_other_key,
    switch_call,
)

NODE = shutil.which("node")
RUNNER = Path(__file__).parent.parent / "verifier" / "run_page.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="Node runs the page's script")


def station(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*map(str, argv)])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("page") / "verifier.html"
    code, _, err = station("verifier", "--out", path)
    assert code == 0, err
    return path


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


def rechain_from(folder: Path, first: int, change: Callable[[dict[str, Any]], None]) -> None:
    """Change event `first` and hash it and every later event again: a careful forger."""

    def rewrite(lines: list[str]) -> list[str]:
        events = [json.loads(line) for line in lines]
        before = events[first - 2]["hash"] if first > 1 else None
        for event in events[first - 1 :]:
            if event["seq"] == first:
                change(event)
            if before is not None:
                event["prev_hash"] = before
            fields = [event[name] for name in ("seq", "utc", "mono_ns", "session", "action")]
            event["hash"] = event_hash(
                *fields, event["call"], event["target"], event["detail"], event["prev_hash"]
            )
            before = event["hash"]
        return [
            json.dumps(e, sort_keys=True, separators=(",", ":"), ensure_ascii=False) for e in events
        ]

    edit_events(folder, rewrite)


def last_seq(folder: Path) -> int:
    return len((folder / "journal.jsonl").read_text().splitlines()) - 1


def switch_and_rechain(folder: Path, key: StationKey) -> None:
    """A call changed, the chain re-hashed: only the replay against the sheet tells."""
    rechain_from(
        folder, 2, lambda event: event.update(call="against" if event["call"] == "for" else "for")
    )
    edit_json(
        folder / "tally.json",
        lambda d: d.update(sheet_event={"seq": last_seq(folder), "hash": _last_hash(folder)}),
    )
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=_sheet_event(folder)))
    resign(folder, key)


def _last_hash(folder: Path) -> str:
    return str(json.loads((folder / "journal.jsonl").read_text().splitlines()[-1])["hash"])


def _sheet_event(folder: Path) -> dict[str, object]:
    return {"seq": last_seq(folder), "hash": _last_hash(folder)}


def extra_file(folder: Path, key: StationKey) -> None:
    (folder / "tally (corrected).pdf").write_bytes(b"%PDF")


def other_key(folder: Path, key: StationKey) -> None:
    resign_with_other_key(folder, create_key(folder.parent / "forger.pem"))


Tamper = Callable[[Path, StationKey], None]

CASES: dict[str, Tamper] = {
    "tally-number": lambda f, k: edit_json(f / "tally.json", bump_for),
    "tally-number-resigned": lambda f, k: (edit_json(f / "tally.json", bump_for), resign(f, k)),
    "observer-resigned": lambda f, k: (
        edit_json(f / "tally.json", lambda d: d["sheet"]["observers"].pop()),
        resign(f, k),
    ),
    "call-changed": lambda f, k: edit_events(f, lambda e: [e[0], switch_call(e[1]), *e[2:]]),
    "call-changed-resigned": lambda f, k: (
        edit_events(f, lambda e: [e[0], switch_call(e[1]), *e[2:]]),
        resign(f, k),
    ),
    "event-missing-resigned": lambda f, k: (edit_events(f, lambda e: e[:4] + e[5:]), resign(f, k)),
    "reordered-resigned": lambda f, k: (
        edit_events(f, lambda e: [e[0], e[2], e[1], *e[3:]]),
        resign(f, k),
    ),
    "truncated-resigned": lambda f, k: (edit_events(f, lambda e: e[:-10]), resign(f, k)),
    "garbage-line-resigned": lambda f, k: (
        edit_events(f, lambda e: [*e[:3], "not json", *e[3:]]),
        resign(f, k),
    ),
    "spaced-line-resigned": lambda f, k: (
        edit_events(f, lambda e: [e[0].replace(",", ", ", 1), *e[1:]]),
        resign(f, k),
    ),
    "rechained-replay": switch_and_rechain,
    "sign-detail-rechained": lambda f, k: (
        rechain_from(
            f,
            last_seq(f),
            lambda e: e.update(detail=e["detail"].replace('"counted":', '"counted":1')),
        ),
        resign(f, k),
    ),
    "pdf-changed": lambda f, k: (f / "tally.pdf").write_bytes(
        (f / "tally.pdf").read_bytes().replace(b"Tally", b"Tallx", 1)
    ),
    "manifest-changed": lambda f, k: edit_json(
        f / "manifest.json", lambda m: m.update(case="1-RC-1")
    ),
    "signature-garbled": lambda f, k: (f / "manifest.sig").write_text("not base64!\n"),
    "other-key": other_key,
    "extra-file": extra_file,
    **{
        f"{name}-missing": (lambda n: lambda f, k: (f / n).unlink())(name)
        for name in ("manifest.sig", "manifest.json", "tally.pdf", "journal.jsonl", "tally.json")
    },
}


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
    # The browser itself forbids every request but one to the station URL typed in to
    # follow a count; the checking script asks nothing of the network.
    policy = re.search(r'http-equiv="Content-Security-Policy"\s+content="([^"]*)"', html)
    assert policy is not None
    directives = {d.split()[0]: d.split()[1:] for d in policy.group(1).split(";") if d.strip()}
    assert directives == {
        "default-src": ["'none'"],
        "connect-src": ["http:", "https:"],
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
    edit_json(exported / "tally.json", lambda d: d.update(sheet_event=_sheet_event(exported)))
    edit_json(exported / "manifest.json", lambda m: m.update(sheet_event=_sheet_event(exported)))
    resign(exported, key)
    verdict = assert_same_verdict(page, exported, key.fingerprint)
    assert "event 3 breaks the rules of the count" in verdict["lines"][0]
