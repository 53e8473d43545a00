"""The conformance corpus through the Python verifier page in Chromium: every case's
verdict (an export's, a consolidation's) in the page's words, which must be `station verify`'s, word for word.

The page is built once and opened once for the whole corpus (starting CPython in
WebAssembly takes seconds); each case's files are handed to the page's entry as an
observer's pick would hand them, by their paths inside the folder.
"""

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from station.sheet.verify_export import verify_export
from station.verification.report import export_report
from station.verifier import python_page
from tests.conformance.make_corpus import CORPUS
from tests.verifier import chromium

pytestmark = pytest.mark.long  # the whole corpus through the page in Chromium: 15 s

CASES = CORPUS / "cases"
_CHECK = """
const [files, folder, key, done] = arguments;
const picked = {};
for (const [path, text] of Object.entries(files)) {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  picked[path] = bytes;
}
station.browser.check_picked(picked, folder, key).then(
  (r) => done({ok: r.ok, exit: r.exit, stdout: [...r.stdout], stderr: [...r.stderr]}),
  (error) => done({error: String(error)}),
);
"""


@pytest.fixture(scope="session")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page, built once from the pinned inputs (fetched once into the user's cache;
    `.ci/run` fetches them before the tests)."""
    try:
        fetched = python_page.fetch_inputs(python_page.default_cache())
    except python_page.InputsError as error:
        pytest.skip(f"the page's pinned inputs cannot be fetched here, so no page: {error}")
    path = tmp_path_factory.mktemp("python-page") / "verifier.html"
    path.write_bytes(python_page.page(fetched))
    return path


@pytest.fixture(scope="session")
def opened(page: Path) -> Iterator[Any]:
    reason = chromium.missing()
    if reason is not None:
        pytest.skip(reason)
    driver = chromium.start()
    try:
        driver.get(page.as_uri())
        chromium.wait_for(driver, "return station.ready || station.error", timeout=120)
        assert driver.execute_script("return station.error") is None
        yield driver
    finally:
        chromium.stop(driver)


def _picked(folder: Path) -> dict[str, str]:
    """Every file in `folder`, by its path inside it, as base64 (for the page's script)."""
    return {
        path.relative_to(folder).as_posix(): base64.b64encode(path.read_bytes()).decode()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def _expected(case: Path, said: dict[str, Any]) -> dict[str, Any]:
    """What `station verify` prints for the case: its case.json, or, where the corpus
    records no words yet (`known_wrong`), what the core says today."""
    if not said.get("known_wrong"):
        return {"exit": said["exit"], "stdout": said["stdout"], "stderr": said["stderr"]}
    report = export_report(verify_export(case / "export", expected_key=said["key"]), "export")
    return {
        "exit": report.exit,
        "stdout": "".join(f"{line}\n" for line in report.stdout),
        "stderr": "".join(f"{line}\n" for line in report.stderr),
    }


def test_every_case_of_the_corpus_gets_station_verify_s_words_in_the_page(
    opened: Any,
) -> None:
    wrong = {}
    names = sorted(case.name for case in CASES.iterdir())
    for name in names:
        case = CASES / name
        said = json.loads((case / "case.json").read_text(encoding="utf-8"))
        got = opened.execute_async_script(_CHECK, _picked(case / "export"), "export", said["key"])
        expected = _expected(case, said)
        shown = {
            "exit": got.get("exit"),
            "stdout": "".join(f"{line}\n" for line in got.get("stdout", [])),
            "stderr": "".join(f"{line}\n" for line in got.get("stderr", [])) + got.get("error", ""),
        }
        if shown != expected:
            wrong[name] = (shown, expected)
    assert wrong == {}
    assert len(names) >= 96  # every case of the corpus, run
