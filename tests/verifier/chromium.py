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
    width: int = 1280,
    height: int = 720,
    *,
    log_requests: bool = False,
    flags: tuple[str, ...] = (),
    profile: str | None = None,
) -> Any:
    """A fresh headless Chromium with a profile of its own; the caller quits it.

    With `log_requests`, every request the browser makes is logged (DevTools' Network
    events, `requests_made`), and so is what pages say on the console. `flags` are given
    to Chromium too. `profile`: the profile folder of a browser stopped before (what
    its pages stored is there again), instead of a new one.
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
    profile = profile or tempfile.mkdtemp(prefix="station-chromium-")
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
