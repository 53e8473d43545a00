"""A real headless Chromium (Debian's `chromium` and `chromium-driver`) driven by Selenium.

The pages are checked where observers run them: in a browser, not in a stand-in. Where
the machine has no Chromium the tests that need one are skipped, saying why; `.ci/run`
installs it (`.ci/packages.txt`). No browser is ever downloaded.
"""

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli_helpers import without_step

CHROMIUM = Path("/usr/bin/chromium")
DRIVER = Path("/usr/bin/chromedriver")
# What works headless on a build machine with no GPU, no D-Bus and no network wanted.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def missing() -> str | None:
    """Why no browser can be driven here, or None."""
    if not CHROMIUM.exists() or not DRIVER.exists():
        return "Debian's chromium and chromium-driver are not installed (.ci/packages.txt)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    return None


def start(
    width: int = 1280, height: int = 720, *, log_requests: bool = False, flags: tuple[str, ...] = ()
) -> Any:
    """A fresh headless Chromium with a profile of its own; the caller quits it.

    With `log_requests`, every request the browser makes is logged (DevTools' Network
    events, `requests_made`), and so is what pages say on the console. `flags` are given
    to Chromium too.
    """
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    for flag in flags:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="station-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    if log_requests:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(str(DRIVER)))
    driver.station_profile = profile
    return driver


def stop(driver: Any) -> None:
    driver.quit()
    shutil.rmtree(driver.station_profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    driver = start()
    try:
        yield driver
    finally:
        stop(driver)


def requests_made(driver: Any) -> list[str]:
    """The URLs pages asked for since this was last asked (`log_requests` on).

    The browser's own pages (chrome://, its new tab page at start) are not the pages
    tested: what they load is left out.
    """
    import json

    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] != "Network.requestWillBeSent":
            continue
        asked = message["params"]
        if not asked.get("documentURL", "").startswith("chrome://"):
            urls.append(asked["request"]["url"])
    return urls


def wait_for(driver: Any, script: str, timeout: float = 60) -> Any:
    """Ask the page `script` (JavaScript returning a value) until it is truthy; that value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.02).until(
        lambda d: d.execute_script(script)
    )


def verdict_in_chromium(driver: Any, page: Path, folder: Path, key: str | None) -> dict[str, Any]:
    """Open the saved page, type the key, pick the export folder; the verdict it shows."""
    from selenium.webdriver.common.by import By

    driver.get(page.as_uri())
    if key:
        driver.find_element(By.ID, "key").send_keys(key)
    driver.find_element(By.ID, "folder").send_keys(str(folder))
    shown = wait_for(
        driver,
        "const v = document.getElementById('verdict');"
        "return ['ok', 'bad', 'cannot'].includes(v.className)"
        " && {kind: v.className, text: v.textContent};",
    )
    return {"kind": shown["kind"], "lines": shown["text"].split("\n")}


def assert_page_says_what_verify_says(
    driver: Any, page: Path, folder: Path, key: str | None, said: tuple[int, str, str]
) -> dict[str, Any]:
    """The page's verdict on `folder` is `station verify FOLDER [--key KEY]`'s (`said`).

    The page names the folder as the browser gives it (its name, not its path). It reads
    no PDF text, and says so instead of "and the PDF match".
    """
    code, out, err = (
        said[0],
        *(without_step(text).replace(str(folder), folder.name) for text in said[1:]),
    )
    shown = verdict_in_chromium(driver, page, folder, key)
    if code == 1:
        assert shown["kind"] == "bad", shown
        assert shown["lines"] == [err.rstrip("\n")]
    else:
        assert (code, err) == (0, ""), err
        lines = out.splitlines()
        assert shown["kind"] == "ok", shown
        assert shown["lines"][0] == lines[0]
        assert (
            lines[1].replace("Every line and the PDF match", "Every line matches")
            == (shown["lines"][1])
        )
    return shown
