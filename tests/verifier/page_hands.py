"""An observer's hands on the verifier page in Chromium: typing the fingerprint, picking
a folder or files, and waiting for the verdict drawn."""

from pathlib import Path
from typing import Any

from tests.verifier import chromium

SHOWN = (
    "const v = document.getElementById('verdict');"
    " return ['ok', 'bad', 'cannot'].includes(v.className) && [v.className, v.textContent];"
)


def type_key(driver: Any, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    field = driver.find_element(By.ID, "key")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    if text:
        field.send_keys(text)


def pick(driver: Any, what: str, paths: list[Path]) -> None:
    """Pick `paths` in the page's `what` field ("folder", or "files" one by one)."""
    from selenium.webdriver.common.by import By

    # A field of several files adds to what it holds: emptied first, as a new pick is.
    driver.execute_script(
        "document.getElementById('verdict').className = '';"
        " for (const id of ['folder', 'files']) document.getElementById(id).value = '';"
    )
    driver.find_element(By.ID, what).send_keys("\n".join(map(str, paths)))


def shown(driver: Any, kind: str, has: str = "") -> str:
    """The verdict once it is of `kind` and holds `has`: its text."""
    found = chromium.wait_for(
        driver,
        f"{SHOWN[:-1]} && v.className === {kind!r} && v.textContent.includes({has!r})"
        " && v.textContent;",
    )
    return str(found)
