"""The live page `station serve` answers, with tallying along, for every observer, in
Chromium: WCAG 2.2 AA in each state — following a count, tallying along, a
disagreement shown, a problem on the feed — at 1280 and 320 px
(tests/verifier/access.py), and what a screen reader is told in each.

The page is loaded once (it starts CPython in WebAssembly) and walked through every
state in one test.
"""

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.keys import Keys

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.keys import key_for_signing
from tests.helpers import JFK8
from tests.verifier import access, chromium
from tests.witness.helpers import live_feed, live_page

LIVE = "return /^LIVE/.test(document.getElementById('status').textContent)"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    live_page()  # skipped before Chromium starts where the page cannot be built
    access.axe_source()
    reason = chromium.missing()
    if reason is not None:
        pytest.skip(reason)
    driver = chromium.start()
    try:
        yield driver
    finally:
        chromium.stop(driver)


def text_of(driver: Any, element: str) -> str:
    return str(driver.execute_script(f"return document.getElementById('{element}').textContent"))


def tap(driver: Any, *calls: Call) -> None:
    driver.execute_script(
        "for (const call of arguments)"
        " document.querySelector(`#along-buttons [data-call='${call}']`).click();",
        *(call.value for call in calls),
    )


def test_every_state_of_the_live_page_meets_wcag_2_2_aa(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    found = []
    with Journal.open(path) as journal, live_feed(path, key_for_signing()) as server:
        journal.start_session()
        for call in [Call.FOR] * 4 + [Call.AGAINST] * 8:
            journal.append(Action.CALL, call)
        relay = access.Relay(server.url)
        try:
            browser.get(relay.url)
            chromium.wait_for(browser, LIVE)
            assert browser.execute_script("return document.documentElement.lang") == "en"
            said = chromium.wait_for(
                browser,
                "const s = document.getElementById('live-said').textContent;"
                " return s.includes('ballots counted') && s;",
            )
            assert said == "12 of 80 ballots counted: FOR 4, AGAINST 8, VOID 0, CHALLENGED 0."
            assert (
                browser.execute_script(
                    "return document.getElementById('status').getAttribute('aria-live')"
                )
                is None
            )  # moved on with the clock each second: never read out each time
            found += access.problems(browser, "following a count")
            assert access.focus_rings(browser, 3) == []

            # Idle, the page is drawn again each second and touched nowhere but where the
            # clock moves the status: a selection stays, a screen reader hears no churn.
            browser.execute_script(
                "globalThis.touched = []; globalThis.idleFrom = performance.now();"
                " new MutationObserver((records) => globalThis.touched.push(...records.map("
                " (r) => r.target.id || r.target.parentElement?.id || r.target.nodeName)))"
                ".observe(document.body, {childList: true, subtree: true,"
                " characterData: true, attributes: true});"
            )
            chromium.wait_for(browser, "return performance.now() - globalThis.idleFrom > 3000")
            touched = browser.execute_script("return globalThis.touched")
            assert set(touched) <= {"status"}, touched

            chromium.wait_for(browser, "return globalThis.station?.along?.ready === true")
            browser.find_element("id", "along-open").click()
            tap(browser, *[Call.FOR] * 4, *[Call.AGAINST] * 7)
            chromium.wait_for(
                browser, "return document.getElementById('along-taps').textContent === '11'"
            )
            chromium.wait_for(
                browser,
                "return document.getElementById('along-said').textContent"
                ".startsWith('You and the station agree on 11 of 11')",
            )
            found += access.problems(browser, "tallying along")

            # Pressed with Enter, where the station called AGAINST: the focus stays put.
            pressed = browser.find_element(
                "css selector", f"#along-buttons [data-call='{Call.FOR.value}']"
            )
            pressed.send_keys(Keys.ENTER)
            chromium.wait_for(browser, "return !document.getElementById('along-flag').hidden")
            assert browser.execute_script("return document.activeElement === arguments[0]", pressed)
            # The alert is the sentence alone, its buttons beside it.
            assert text_of(browser, "along-flag-text").startswith("Ballot 12: you called FOR")
            assert browser.execute_script(
                "return [...document.querySelectorAll('[role=alert]')].map((a) => a.id)"
                " .includes('along-flag-text')"
                " && !document.querySelector('[role=alert] button')"
            )
            # The tally-along panel is a region of its own, its table named.
            assert (
                browser.execute_script(
                    "const s = document.getElementById('along');"
                    " return s.tagName === 'SECTION'"
                    " && document.getElementById(s.getAttribute('aria-labelledby')).textContent"
                )
                == "Tally along"
            )
            assert browser.find_element("css selector", "#along-piles caption").text
            found += access.problems(browser, "a disagreement shown")

            browser.execute_script(
                "const f = document.getElementById('along-flag-text'); globalThis.flagWrites = 0;"
                " new MutationObserver(() => globalThis.flagWrites++)"
                ".observe(f, {childList: true, subtree: true, characterData: true});"
            )
            # The change held back is said when its seconds are up, though no call came.
            chromium.wait_for(
                browser,
                "return document.getElementById('along-said').textContent"
                ".startsWith('You and the station agree on 11 of 12')",
            )
            tap(browser, Call.AGAINST)  # the panel drawn again, the same disagreement shown
            chromium.wait_for(
                browser,
                "return document.getElementById('along-said').textContent"
                ".includes('1 of yours not yet called')",
            )
            assert browser.execute_script("return globalThis.flagWrites") == 0

            # Resolved by keyboard: the focus goes to the line, and the resolution is said.
            browser.find_element("css selector", "#along-flag [data-how='stands']").send_keys(
                Keys.ENTER
            )
            chromium.wait_for(browser, "return document.getElementById('along-flag').hidden")
            assert browser.execute_script("return document.activeElement.id") == "along-line"
            chromium.wait_for(
                browser,
                "return document.getElementById('along-said').textContent"
                " === 'Ballot 12: your call stands.'",
            )
            browser.find_element("id", "along-download").send_keys(Keys.ENTER)
            chromium.wait_for(
                browser,
                "return document.getElementById('along-said').textContent"
                ".startsWith('Your record was downloaded as ')",
            )
            found += access.problems(browser, "a disagreement resolved")

            relay.garble()
            journal.append(Action.CALL, Call.FOR)  # the answer waited for comes; then garbage
            chromium.wait_for(
                browser, "return document.getElementById('status').className === 'lost'"
            )
            assert text_of(browser, "live-alarm") == text_of(browser, "status")
            found += access.problems(browser, "a problem on the feed")
        finally:
            relay.stop()

    assert found == [], access.report(found)
