"""The live page and the saved page's "Follow a count" in a real headless Chromium: only
what a head signed by the station's key covers is shown as the count, and only under the
key the observer typed.

Someone between the station and the observer, without the key, appends 52 well-chained
FOR calls after the station's last signed head (the station has 4 FOR and 22 AGAINST of
80 ballots). The page shows the station's figures, says the 52 apart as not yet signed,
and once they have waited longer than the station ever takes to sign, says so as a
problem. The page's clock is moved on rather than waited for.
"""

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.keys import StationKey, create_key, key_for_signing
from station.witness.serve import FeedServer
from tests.helpers import JFK8
from tests.verifier.chromium import browser, wait_for
from tests.witness.helpers import LIVE_PAGE_SHOWS, ForgingPath, live_feed, python_verifier_page

__all__ = ["browser"]  # fixtures

FORGED = 52


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[tuple[FeedServer, StationKey, int]]:
    """4 FOR and 22 AGAINST of 80 ballots, served; (its server, its key, its last event)."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal:
        journal.start_session()
        for call in [Call.FOR] * 4 + [Call.AGAINST] * 22:
            journal.append(Action.CALL, call)
    with Journal.open(path, read_only=True) as journal:
        events = journal.head_seq  # the session's close too
    key = key_for_signing()
    with live_feed(path, key) as server:
        yield server, key, events


@pytest.fixture
def forging(counted: tuple[FeedServer, StationKey, int]) -> Iterator[ForgingPath]:
    server, _, events = counted
    path = ForgingPath(server.url, after=events, calls=FORGED)
    yield path
    path.stop()


def status(browser: Any, starts: str) -> str:
    return wait_for(  # type: ignore[no-any-return]
        browser,
        "const s = document.getElementById('status').textContent;"
        f" return s.startsWith({starts!r}) && s;",
    )


@pytest.mark.long  # waits out the page's own clock of a feed and a forger: seconds
def test_the_live_page_counts_only_what_the_station_signed(
    browser: Any, counted: tuple[FeedServer, StationKey, int], forging: ForgingPath
) -> None:
    _, key, events = counted
    browser.get(forging.url)
    said = status(browser, "LIVE · ")
    assert said == (
        f"LIVE · event {events} signed by key {key.fingerprint} (NOT checked against a"
        " fingerprint written down: compare it with yours)"
    )
    unsigned = wait_for(
        browser,
        "const u = document.getElementById('unsigned'); return !u.hidden && u.textContent;",
    )
    assert unsigned == (
        f"{FORGED} events after event {events} not yet signed by the station: not counted"
    )
    page = browser.execute_script(LIVE_PAGE_SHOWS)
    assert (page["figures"]["for"], page["figures"]["against"]) == ("4", "22")
    assert page["figures"]["counted"] == "26"
    assert not page["statements"][2].startswith("Result decided"), page
    assert "Ballot 26 AGAINST" in page["calls"]
    assert browser.execute_script("return document.getElementById('head').textContent") == (
        f"event {events}, head {forging.forged[0]['prev_hash'][:16]}"
    )

    # Ten seconds on, no head has covered them: a problem, the figures still the signed.
    browser.execute_script("const now = Date.now; Date.now = () => now() + 11000;")
    said = status(browser, "NOT SIGNED FOR ")
    waited, _, rest = said[len("NOT SIGNED FOR ") :].partition(" SECONDS: ")
    assert int(waited) >= 11, said
    assert rest == (
        f"{FORGED} events after event {events} came with no head signed by the station's key;"
        " they are not counted"
    )
    page = browser.execute_script(LIVE_PAGE_SHOWS)
    assert page["kind"] == "lost"
    assert (page["figures"]["for"], page["figures"]["against"]) == ("4", "22")


def follow_from_the_saved_page(browser: Any, page: Path, url: str, key: str) -> None:
    from selenium.webdriver.common.by import By

    browser.get(page.as_uri())
    browser.find_element(By.ID, "key").send_keys(key)
    browser.find_element(By.ID, "url").send_keys(url)
    browser.find_element(By.CSS_SELECTOR, "#follow button").click()


def retype(browser: Any, text: str) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    field = browser.find_element(By.ID, "key")
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(Keys.DELETE)
    if text:
        field.send_keys(text)


@pytest.mark.long  # a Pyodide start per load; test_live_entry.py holds the key fast
def test_the_saved_page_follows_only_under_the_key_typed(
    browser: Any, counted: tuple[FeedServer, StationKey, int], tmp_path: Path
) -> None:
    server, key, events = counted
    other = create_key(tmp_path / "other.pem").fingerprint
    page = python_verifier_page(tmp_path / "verifier.html")
    follow_from_the_saved_page(browser, page, server.url, other)
    said = status(browser, "REFUSED: ")
    assert said == (
        f"REFUSED: the feed's heads are signed by key {key.fingerprint}, not by the expected"
        f" key {other}"
    )
    hidden = "return document.getElementById('live-count').hidden"
    assert browser.execute_script(hidden) is True

    retype(browser, key.fingerprint)
    said = status(browser, "LIVE · ")
    assert said == f"LIVE · event {events} signed by key {key.fingerprint}, the key written down"
    assert browser.execute_script(hidden) is False
    figures = browser.execute_script(LIVE_PAGE_SHOWS)["figures"]
    assert (figures["for"], figures["against"]) == ("4", "22")

    retype(browser, "")
    said = status(browser, "LIVE · ")
    assert said.endswith("(NOT checked against a fingerprint written down: type it above)")
