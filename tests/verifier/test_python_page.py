"""The Python verifier page: Station's own Python in Chromium, opened from a file, offline.

One page load serves every case here (the page starts CPython in WebAssembly, seconds):
each case picks another folder in the same page, as an observer would.
"""

import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, key_for_signing, signature_holds_raw
from station.verifier import entry, python_page
from tests.sheet.helpers import count_calls, edit_events, resign, sign, station, switch_call
from tests.verifier import chromium

# A browser starting CPython in WebAssembly, per module and per worker: seconds each;
# run by .ci/run's long run, outside the README's three minutes.
pytestmark = pytest.mark.long


@pytest.fixture(scope="session")
def fetched() -> dict[str, Path]:
    """The pinned inputs, fetched from the registries once and kept in the user's cache."""
    return python_page.fetch_inputs(python_page.default_cache())


@pytest.fixture(scope="session")
def built(fetched: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("python-page") / "verifier.html"
    path.write_bytes(python_page.page(fetched))
    return path


@pytest.fixture(scope="module")
def opened(built: Path) -> Iterator[Any]:
    """Chromium with the page opened once and Python started in it."""
    reason = chromium.missing()
    if reason is not None:
        pytest.skip(reason)
    driver = chromium.start(log_requests=True)
    try:
        driver.get(built.as_uri())
        chromium.wait_for(driver, "return station.ready || station.error", timeout=120)
        # What loading asked for, kept apart: each test then sees only what it made
        # the page ask, in whatever order the tests run.
        driver.requests_at_load = chromium.requests_made(driver)
        yield driver
    finally:
        chromium.stop(driver)


@pytest.fixture
def key() -> StationKey:
    return key_for_signing()


@pytest.fixture
def exported(journal: Journal, key: StationKey, tmp_path: Path, qapp: object) -> Path:
    """A counted election of 120 calls with its final sheet signed and exported."""
    count_calls(journal, 120)
    sign(journal, key)
    folder = tmp_path / "export"
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    return folder


def picked(driver: Any, folder: Path, fingerprint: str) -> dict[str, Any]:
    """Type the fingerprint, pick `folder` in the page; the verdict it draws and returns."""
    from selenium.webdriver.common.by import By

    typed = driver.find_element(By.ID, "key")
    typed.clear()
    typed.send_keys(fingerprint)
    driver.execute_script("document.getElementById('verdict').className = ''; station.last = null;")
    driver.find_element(By.ID, "folder").send_keys(str(folder))
    shown = chromium.wait_for(
        driver,
        "const v = document.getElementById('verdict');"
        "return ['ok', 'bad', 'cannot'].includes(v.className)"
        " && {kind: v.className, text: v.textContent, result: station.last};",
    )
    return shown  # type: ignore[no-any-return]


def in_python(folder: Path, fingerprint: str) -> dict[str, Any]:
    """The entry's verdict on the same files, from Python in this process (its
    signatures answered by the `cryptography` package, as `station verify` answers)."""
    files = {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file()
    }
    answers = [signature_holds_raw(*asked) for asked in entry.questions(files)]
    return entry.check(files, folder.name, fingerprint, answers)


@pytest.mark.long  # the bytecode made afresh: Pyodide started in Node, seconds
def test_the_same_inputs_build_the_same_page(fetched: dict[str, Path], built: Path) -> None:
    again = python_page.page(fetched, reuse=False)
    assert hashlib.sha256(again).digest() == hashlib.sha256(built.read_bytes()).digest()


def test_the_page_stays_small_enough_for_a_phone(built: Path) -> None:
    assert built.stat().st_size <= 12_000_000


def test_station_verifier_writes_the_page(built: Path, tmp_path: Path) -> None:
    out = tmp_path / "verifier.html"
    code, said, _ = station("verifier", "--out", out)
    assert code == 0
    assert out.read_bytes() == built.read_bytes()
    assert hashlib.sha256(out.read_bytes()).hexdigest() in said
    assert station("verifier", "--out", out)[0] == 2  # never written over


def test_python_starts_from_the_file_asking_nothing_of_any_address(
    opened: Any, built: Path
) -> None:
    assert opened.execute_script("return station.error") is None
    assert (
        opened.execute_script("return station.pyodide.version")
        == (python_page.pinned()["pyodide"]["version"])
    )
    assert set(opened.requests_at_load) == {built.as_uri()}
    assert chromium.requests_made(opened) == []
    # Asked for anything else, the page's fetch refuses without asking the network.
    refused = opened.execute_async_script(
        "fetch('https://example.org/pyodide').then(() => arguments[0]('answered'),"
        " (error) => arguments[0](error.message));"
    )
    assert refused.startswith("This page asks for nothing outside itself")
    assert chromium.requests_made(opened) == []
    complaints = [e for e in opened.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert complaints == []
    shown = opened.execute_script(
        "return station.pyodide.runPython('import sys; sys.version.split()[0]')"
    )
    assert shown == python_page.pinned()["pyodide"]["python"]
    # Station's modules were imported from the bytecode built with the page, not compiled
    # again as the page started.
    loaded = opened.execute_script(
        "return station.pyodide.runPython("
        "'import station.domain.count as m; m.__spec__.loader.get_filename(m.__name__)')"
    )
    assert loaded.endswith("station.zip/station/domain/count.pyc")


def test_a_true_export_gets_station_verify_s_verdict(
    opened: Any, exported: Path, key: StationKey
) -> None:
    shown = picked(opened, exported, key.fingerprint)
    expected = in_python(exported, key.fingerprint)
    assert shown["result"] == expected
    code, said, _ = station("verify", exported, "--key", key.fingerprint)
    assert (code, said) == (
        0,
        "".join(f"{line}\n" for line in expected["stdout"]).replace(
            "OK: export:", f"OK: {exported}:"
        ),
    )
    assert shown["kind"] == "ok" and shown["text"] == "\n".join(expected["stdout"])
    assert chromium.requests_made(opened) == []


def test_the_page_shows_the_events_checked_before_its_verdict(
    opened: Any, exported: Path, key: StationKey
) -> None:
    opened.execute_script(
        "station.drawn = [];"
        "new MutationObserver(() => station.drawn.push("
        "  document.getElementById('verdict').textContent))"
        ".observe(document.getElementById('verdict'), {childList: true});"
    )
    shown = picked(opened, exported, key.fingerprint)
    events = json.loads((exported / "tally.json").read_bytes())["sheet_event"]["seq"]
    drawn = opened.execute_script("return station.drawn")
    checking = f"Checking journal.jsonl: {events:,} of {events:,} events…"
    assert checking in drawn
    assert drawn.index(checking) < drawn.index(shown["text"])


# Each journal edited, then the manifest signed again by the key's holder: only the
# chain can tell. The problem `station verify` names, which the page must name too.
ALTERED = {
    "a call switched": (
        lambda events: [*events[:9], switch_call(events[9]), *events[10:]],
        "journal.jsonl: event 10 was altered (its hash does not match)",
    ),
    "an event taken out": (
        lambda events: [*events[:4], *events[5:]],
        "journal.jsonl: event 5 is missing (the next one found is 6)",
    ),
    "two events swapped": (
        lambda events: [*events[:6], events[7], events[6], *events[8:]],
        "journal.jsonl: event 7 is missing (the next one found is 8)",
    ),
}


@pytest.mark.parametrize("case", sorted(ALTERED))
def test_an_altered_journal_is_named_as_station_verify_names_it(
    opened: Any, exported: Path, key: StationKey, case: str
) -> None:
    change, problem = ALTERED[case]
    edit_events(exported, change)
    resign(exported, key)
    code, _, said = station("verify", exported, "--key", key.fingerprint)
    assert (code, said.strip()) == (1, f"NOT INTACT: {exported}: (V6, the chain) {problem}")
    shown = picked(opened, exported, key.fingerprint)
    assert shown["kind"] == "bad"
    assert shown["text"] == f"NOT INTACT: export: (V6, the chain) {problem}"
    assert shown["result"] == in_python(exported, key.fingerprint)


def test_the_page_checks_the_log_as_station_verify_does(
    opened: Any, exported: Path, key: StationKey
) -> None:
    tile = sorted(p for p in (exported / "log/tile/0").rglob("*") if p.is_file())[0]
    data = bytearray(tile.read_bytes())
    data[0] ^= 1
    tile.write_bytes(bytes(data))
    path = tile.relative_to(exported).as_posix()
    problem = f"(V14, the log) {path} is not what journal.jsonl gives (it was changed)"
    code, _, said = station("verify", exported, "--key", key.fingerprint)
    assert (code, said.strip()) == (1, f"NOT INTACT: {exported}: {problem}")
    shown = picked(opened, exported, key.fingerprint)
    assert (shown["kind"], shown["text"]) == ("bad", f"NOT INTACT: export: {problem}")
    assert shown["result"] == in_python(exported, key.fingerprint)
    # The checkpoint's signature is asked of the browser too: another key's is refused.
    data[0] ^= 1
    tile.write_bytes(bytes(data))
    (exported / "log/checkpoint").write_text(
        (exported / "log/checkpoint").read_text().replace("time 20", "time 19", 1)
    )
    shown = picked(opened, exported, key.fingerprint)
    assert shown["kind"] == "bad" and "(V14, the log) log/checkpoint:" in shown["text"]
    assert "signature that does not hold" in shown["text"]
    assert shown["result"] == in_python(exported, key.fingerprint)


def test_webcrypto_checks_ed25519_signatures_for_python(opened: Any, key: StationKey) -> None:
    from cryptography.hazmat.primitives import serialization

    raw = key.public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    message = b"manifest.json as signed"
    signature = key.sign(message)
    cases = {
        "genuine": (raw, message, signature),
        "another message": (raw, message + b" ", signature),
        "a bit of the signature flipped": (raw, message, bytes([signature[0] ^ 1]) + signature[1:]),
        "a key too short": (raw[:31], message, signature),
    }
    said = opened.execute_async_script(
        "const [cases, done] = arguments;"
        "station.pyodide.globals.set('cases', station.pyodide.toPy(cases));"
        "station.pyodide.runPythonAsync(`"
        "import json\n"
        "from station.verifier.in_browser import verify_signature\n"
        "held = {}\n"
        "for name, fields in cases.items():\n"
        "    held[name] = await verify_signature(*map(bytes.fromhex, fields))\n"
        "json.dumps(held)"
        "`).then((held) => done(JSON.parse(held)), (e) => done(String(e)));",
        {name: [part.hex() for part in fields] for name, fields in cases.items()},
    )
    assert said == {
        "genuine": True,
        "another message": False,
        "a bit of the signature flipped": False,
        "a key too short": False,
    }


def test_without_webcrypto_s_ed25519_tweetnacl_checks_the_signatures(
    opened: Any, key: StationKey
) -> None:
    from cryptography.hazmat.primitives import serialization

    raw = key.public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    message = b"manifest.json as signed"
    signature = key.sign(message)
    cases = {
        "genuine": (raw, message, signature),
        "another message": (raw, message + b" ", signature),
        "a key too short": (raw[:31], message, signature),
    }
    # A browser whose WebCrypto has no Ed25519 refuses the key's algorithm, as here.
    said = opened.execute_async_script(
        "const [cases, done] = arguments;"
        "const subtle = crypto.subtle, importKey = subtle.importKey;"
        "subtle.importKey = () => Promise.reject("
        "  new DOMException('Unrecognized name.', 'NotSupportedError'));"
        "station.pyodide.globals.set('cases', station.pyodide.toPy(cases));"
        "station.pyodide.runPythonAsync(`"
        "import json\n"
        "from station.verifier.in_browser import verify_signature\n"
        "held = {}\n"
        "for name, fields in cases.items():\n"
        "    held[name] = await verify_signature(*map(bytes.fromhex, fields))\n"
        "json.dumps(held)"
        "`).finally(() => { subtle.importKey = importKey; })"
        ".then((held) => done(JSON.parse(held)), (e) => done(String(e)));",
        {name: [part.hex() for part in fields] for name, fields in cases.items()},
    )
    assert said == {"genuine": True, "another message": False, "a key too short": False}


def test_the_page_holds_every_module_its_python_imports() -> None:
    """What `in_browser` imports of Station is in the page, and nothing it must not use."""
    listing = (
        "import sys, station.verifier.in_browser;print('\\n'.join(name for name in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", listing], capture_output=True, text=True, check=True, timeout=60
    )
    imported = set(done.stdout.split())
    held = {
        name.removesuffix("/__init__.py").removesuffix(".py").replace("/", ".")
        for name in python_page.station_modules(python_page.pinned())
    }
    assert {name for name in imported if name.split(".")[0] == "station"} <= held
    assert not imported & {"sqlite3", "_sqlite3", "cryptography", "PySide6", "platformdirs"}


def test_a_wrong_file_in_the_cache_is_never_used(tmp_path: Path) -> None:
    runtime = python_page.pinned()["pyodide"]
    (tmp_path / runtime["file"]).write_bytes(b"not the runtime")
    with pytest.raises(python_page.InputsError, match="is not the file pinned"):
        python_page.blobs({runtime["file"]: tmp_path / runtime["file"]})
    shutil.rmtree(tmp_path)


def test_a_station_without_its_sources_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bundle holds Station's modules compiled, without the files the page is built from.
    monkeypatch.setattr(python_page, "INPUTS", "absent.json")
    out = tmp_path / "verifier.html"
    code, _, said = station("verifier", "--out", out)
    assert (code, said) == (
        1,
        "cannot build the page: absent.json: cannot be read (the page is built from"
        " Station's sources) (fetch the page's inputs once with `python -m"
        " station.verifier.python_page`, on a machine with network access)\n",
    )
    assert not out.exists()
