"""On the saved verifier page, the verdict shown is always the one for the folder and the
fingerprint on screen now: typing, changing or clearing the fingerprint, or picking
another folder, checks again (or clears the verdict), in whatever order they come."""

from pathlib import Path
from typing import Any

from station.sheet.keys import StationKey, create_key
from tests.verifier.chromium import browser, wait_for

__all__ = ["browser"]  # fixtures

VERDICT = (
    "const v = document.getElementById('verdict');"
    " return ['ok', 'bad', 'cannot'].includes(v.className) && [v.className, v.textContent];"
)


def opened(driver: Any, page: Path) -> None:
    driver.get(page.as_uri())


def type_key(driver: Any, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    field = driver.find_element(By.ID, "key")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    if text:
        field.send_keys(text)


def pick(driver: Any, folder: Path) -> None:
    from selenium.webdriver.common.by import By

    driver.find_element(By.ID, "folder").send_keys(str(folder))


def verdict(driver: Any) -> tuple[str, str]:
    kind, text = wait_for(driver, VERDICT)
    return kind, text


def test_a_wrong_fingerprint_typed_after_the_check_takes_the_ok_away(
    browser: Any, page: Path, exported: Path, key: StationKey, tmp_path: Path
) -> None:
    other = create_key(tmp_path / "other.pem").fingerprint
    opened(browser, page)
    type_key(browser, key.fingerprint)
    pick(browser, exported)
    kind, text = verdict(browser)
    assert kind == "ok" and f"signed by key {key.fingerprint}" in text, text
    assert "NOT checked" not in text
    type_key(browser, other)
    kind, text = verdict(browser)
    assert (kind, text) == (
        "bad",
        f"NOT INTACT: export: signed by key {key.fingerprint}, not by the expected key {other}",
    )
    type_key(browser, "")  # cleared: checked again, and said not held to any fingerprint
    kind, text = verdict(browser)
    assert kind == "ok" and text.split("\n")[1].endswith(
        "(NOT checked against a fingerprint written down; add --key FINGERPRINT)"
    ), text


def test_a_fingerprint_typed_after_the_folder_is_used_at_once(
    browser: Any, page: Path, exported: Path, key: StationKey
) -> None:
    opened(browser, page)
    pick(browser, exported)
    kind, text = verdict(browser)
    assert kind == "ok" and "NOT checked against a fingerprint written down" in text
    type_key(browser, key.fingerprint.upper())  # as someone may copy it
    kind, text = wait_for(
        browser,
        "const v = document.getElementById('verdict');"
        " return v.className === 'ok' && !v.textContent.includes('NOT checked')"
        " && [v.className, v.textContent];",
    )
    assert f"signed by key {key.fingerprint}" in text


def test_a_fingerprint_half_typed_is_no_verdict_on_the_export(
    browser: Any, page: Path, exported: Path, key: StationKey
) -> None:
    opened(browser, page)
    pick(browser, exported)
    verdict(browser)
    type_key(browser, key.fingerprint[:9])
    _, text = wait_for(
        browser,
        "const v = document.getElementById('verdict');"
        " return v.className === 'cannot' && [v.className, v.textContent];",
    )
    assert text == (
        f"NOT CHECKED: export: '{key.fingerprint[:9]}' is not a key fingerprint (32 hex"
        " digits, as the observers wrote it down)"
    )
