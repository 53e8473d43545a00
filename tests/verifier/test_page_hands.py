"""The verifier page in the observer's hands, in Chromium: the folder picked or dropped,
or its five files; the fingerprint typed before or after, changed, cleared or mistyped;
the page's own SHA-256, the one `station verifier` prints.

The verdict on screen is always the one for the folder and the fingerprint on screen
now. One page load serves every test here (the page starts CPython in WebAssembly).
"""

import base64
import hashlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import StationKey, create_key, key_for_signing
from station.verification.report import NO_LOG_PICKED
from station.verifier.entry import NOT_A_FINGERPRINT
from station.verifier.in_browser import CHECKED
from tests.sheet.helpers import count_calls, sign, station
from tests.verifier import chromium
from tests.verifier.languages import choose, english_left, first_tab_stop, visible_text
from tests.verifier.page_hands import SHOWN, pick, shown, type_key
from tests.witness.helpers import python_verifier_page

_DROP = """
const [files, done] = arguments;
const transfer = new DataTransfer();
for (const [name, text] of Object.entries(files)) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  transfer.items.add(new File([bytes], name));
}
document.getElementById("drop").dispatchEvent(
  new DragEvent("drop", {dataTransfer: transfer, bubbles: true, cancelable: true}));
done();
"""


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The page as `station verifier --out` writes it, and what that command printed."""
    out = tmp_path_factory.mktemp("page") / "verifier.html"
    python_verifier_page(out.with_name("probe.html"))  # skipped where no page can be had
    code, said, err = station("verifier", "--out", out)
    assert code == 0, err
    return out, said


@pytest.fixture(scope="module")
def opened(written: tuple[Path, str]) -> Iterator[Any]:
    reason = chromium.missing()
    if reason is not None:
        pytest.skip(reason)
    driver = chromium.start(log_requests=True)
    try:
        driver.get(written[0].as_uri())
        chromium.wait_for(driver, "return station.ready || station.error", timeout=120)
        assert driver.execute_script("return station.error") is None
        yield driver
    finally:
        chromium.stop(driver)


@pytest.fixture
def key() -> StationKey:
    return key_for_signing()


@pytest.fixture
def exported(journal: Journal, key: StationKey, tmp_path: Path, qapp: object) -> Path:
    count_calls(journal, 30)
    sign(journal, key)
    folder = tmp_path / "export"
    export_sheet(journal, journal.restore(trust_snapshots=False), folder, key)
    return folder


def test_the_page_shows_the_sha256_station_verifier_prints(
    opened: Any, written: tuple[Path, str]
) -> None:
    out, said = written
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    assert f"SHA-256 of the page {digest}" in said
    on_page = chromium.wait_for(
        opened,
        "const s = document.getElementById('page-sha').textContent;"
        " return /^[0-9a-f]{64}$/.test(s) && s;",
    )
    assert on_page == digest


def test_the_page_states_it_checks_offline_and_asks_nothing(
    opened: Any, written: tuple[Path, str], exported: Path, key: StationKey
) -> None:
    from selenium.webdriver.common.by import By

    text = opened.find_element(By.TAG_NAME, "body").text
    assert "nothing leaves this computer" in text
    assert "Answer Upload" in text  # the browser's "upload" question, explained
    chromium.requests_made(opened)
    type_key(opened, key.fingerprint)
    pick(opened, "folder", [exported])
    shown(opened, "ok")
    assert [url for url in chromium.requests_made(opened) if not url.startswith("file:")] == []


def test_a_fingerprint_changed_after_the_check_checks_again(
    opened: Any, exported: Path, key: StationKey, tmp_path: Path
) -> None:
    other = create_key(tmp_path / "other.pem").fingerprint
    type_key(opened, key.fingerprint)
    pick(opened, "folder", [exported])
    assert f"signed by key {key.fingerprint}" in shown(opened, "ok")
    # the state line no longer asks for the folder already checked
    assert opened.execute_script("return document.getElementById('state').textContent") == CHECKED
    type_key(opened, other)
    assert shown(opened, "bad") == (
        f"NOT INTACT: export: (V3, the key) signed by key {key.fingerprint}, not by the"
        f" expected key {other}"
    )
    type_key(opened, "")  # cleared: checked again, and said not held to any fingerprint
    shown(opened, "ok", "NOT checked against a fingerprint written down")
    type_key(opened, key.fingerprint.upper())  # as someone may copy it
    text = chromium.wait_for(
        opened,
        f"{SHOWN[:-1]} && v.className === 'ok' && !v.textContent.includes('NOT checked')"
        " && v.textContent;",
    )
    assert f"signed by key {key.fingerprint}" in text


def test_a_mistyped_fingerprint_is_refused_in_one_line_before_any_check(
    opened: Any, exported: Path, key: StationKey
) -> None:
    type_key(opened, key.fingerprint[:9])
    pick(opened, "folder", [exported])
    assert shown(opened, "cannot") == NOT_A_FINGERPRINT.format(
        folder="export", typed=key.fingerprint[:9]
    )
    opened.execute_script("station.last = null;")
    type_key(opened, key.fingerprint + "0")
    assert shown(opened, "cannot", "0'") == NOT_A_FINGERPRINT.format(
        folder="export", typed=key.fingerprint + "0"
    )
    assert opened.execute_script("return station.last") is None  # nothing was checked


def test_the_five_files_picked_without_their_folder_are_checked(
    opened: Any, exported: Path, key: StationKey
) -> None:
    type_key(opened, key.fingerprint)
    # Files picked alone come without log/ (a files picker takes no folder): checked
    # as an export without its log.
    pick(opened, "files", sorted(p for p in exported.iterdir() if p.is_file()))
    said = shown(opened, "ok")
    assert said.startswith("OK: the files picked: ")
    assert said.rstrip().endswith(NO_LOG_PICKED)


def test_a_dropped_export_is_checked(opened: Any, exported: Path, key: StationKey) -> None:
    type_key(opened, key.fingerprint)
    opened.execute_script("document.getElementById('verdict').className = '';")
    files = {
        path.name: base64.b64encode(path.read_bytes()).decode()
        for path in exported.iterdir()
        if path.is_file()  # five files dropped, without log/
    }
    opened.execute_async_script(_DROP, files)
    assert shown(opened, "ok").startswith("OK: the files picked: ")
    (exported / "tally.json").write_bytes(b"{}")
    files["tally.json"] = base64.b64encode(b"{}").decode()
    opened.execute_script("document.getElementById('verdict').className = '';")
    opened.execute_async_script(_DROP, files)
    assert shown(opened, "bad").startswith("NOT INTACT: the files picked: ")


def test_in_spanish_all_is_said_in_spanish_but_station_verify_s_verdict(
    opened: Any, exported: Path, key: StationKey
) -> None:
    assert first_tab_stop(opened) == "language"
    try:
        choose(opened, "es")
        assert opened.execute_script("return document.documentElement.lang") == "es"
        chromium.wait_for(
            opened, "return document.getElementById('state').textContent.startsWith('El Python')"
        )
        type_key(opened, key.fingerprint)
        pick(opened, "folder", [exported])
        assert shown(opened, "ok").startswith("OK: export: ")  # word for word, as the corpus
        assert opened.execute_script("return document.getElementById('verdict').lang") == "en"
        note = opened.execute_script("return document.getElementById('verdict-note').textContent")
        assert note == (
            "ÍNTEGRA. Lo que dice station verify de esta carpeta, palabra por palabra, en inglés:"
        )
        verdict = opened.execute_script("return document.getElementById('verdict').innerText")
        assert english_left(visible_text(opened).replace(verdict, "")) == []
        type_key(opened, key.fingerprint[:9])  # the page's own refusal: in Spanish
        assert "no es una huella de clave" in shown(opened, "cannot")
        assert opened.execute_script("return document.getElementById('verdict').lang") == ""
        choose(opened, "en")  # said again at once in English, the page's words with it
        assert "is not a key fingerprint" in shown(opened, "cannot")
        assert "Check a Station export" in visible_text(opened)
    finally:
        choose(opened, "en")
        type_key(opened, "")
