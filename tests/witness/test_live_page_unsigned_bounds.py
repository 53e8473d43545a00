"""The live page in a real headless Chromium: what it holds while it waits for a signed
head is bounded, and a long catch-up is not late.

Someone on the path keeps appending well-chained calls after the station's newest head,
answer after answer: the page keeps no more of them than the station ever leaves
unsigned, then says the feed is NOT INTACT and asks nothing more. And a page following
`station serve` started on a long journal (its only head at its end) says the events it
is catching up on are being checked, and nothing is late while the rest comes. The
page's clock is moved on rather than waited for.
"""

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.keys import StationKey, key_for_signing
from station.witness import serve
from station.witness.serve import FeedServer
from station.witness.statements import MAX_UNSIGNED, too_many_unsigned
from tests.helpers import JFK8
from tests.verifier.chromium import browser, wait_for
from tests.witness.helpers import LIVE_PAGE_SHOWS, ForgingPath, live_feed

__all__ = ["browser"]  # fixtures


def served(tmp_path: Path, calls: list[Call]) -> Iterator[tuple[FeedServer, StationKey, int]]:
    """`calls` counted, then served: (its server, its key, its last event)."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=len(calls)))
    with Journal.open(path) as journal:
        journal.start_session()
        for call in calls:
            journal.append(Action.CALL, call)
    with Journal.open(path, read_only=True) as journal:
        events = journal.head_seq  # the session's close too
    key = key_for_signing()
    with live_feed(path, key) as server:
        yield server, key, events


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[tuple[FeedServer, StationKey, int]]:
    yield from served(tmp_path, [Call.FOR] * 4 + [Call.AGAINST] * 22)


@pytest.fixture
def long_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[FeedServer, StationKey, int]]:
    """96 calls served by a feed started on them, in pages of 25: its only head at the end."""
    monkeypatch.setattr(serve, "BATCH", 25)
    yield from served(
        tmp_path, [Call.AGAINST if index % 3 == 0 else Call.FOR for index in range(96)]
    )


def status(browser: Any, starts: str) -> str:
    return wait_for(  # type: ignore[no-any-return]
        browser,
        "const s = document.getElementById('status').textContent;"
        f" return s.startsWith({starts!r}) && s;",
    )


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_page_refuses_a_path_that_keeps_appending(
    browser: Any, counted: tuple[FeedServer, StationKey, int]
) -> None:
    server, _, events = counted
    path = ForgingPath(server.url, after=events, calls=500, again=MAX_UNSIGNED // 500 + 1)
    try:
        browser.get(path.url)
        said = status(browser, "NOT INTACT: ")
        forged = len(path.forged)
    finally:
        path.stop()
    assert said == f"NOT INTACT: {too_many_unsigned(events, events=MAX_UNSIGNED)}"
    assert forged == MAX_UNSIGNED + 500  # the answer past the bound was the last asked
    page = browser.execute_script(LIVE_PAGE_SHOWS)
    assert (page["figures"]["for"], page["figures"]["against"]) == ("4", "22")
    held = browser.execute_script(
        "return document.getElementById('unsigned').textContent"
    )  # what the page said last, before it refused the feed
    assert held.startswith(f"{MAX_UNSIGNED:,} events after event {events} not yet signed")


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_page_catching_up_on_a_long_journal_is_not_late(
    browser: Any, long_count: tuple[FeedServer, StationKey, int]
) -> None:
    server, key, events = long_count
    path = ForgingPath(server.url, after=10**9, calls=0, held=2)  # the 2nd answer slow to come
    try:
        browser.get(path.url)
        checking = wait_for(
            browser,
            "const u = document.getElementById('unsigned'); return !u.hidden && u.textContent;",
        )
        assert checking == (
            f"catching up to event {events}, signed by the station: 25 events after event 0"
            " received and being checked, not counted yet"
        )
        # Ten seconds on, as long as the station ever takes to sign, the rest still coming:
        # nothing is late (a tick of the page's status, once a second, is let pass; the
        # answer on its way is not yet NO FEED, said at 12 s).
        said = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            " const now = Date.now; Date.now = () => now() + 10000;"
            " setTimeout(() => done(document.getElementById('status').textContent), 1100);"
        )
        assert said == "LIVE · no signed head yet: nothing counted"
        path.gate.set()
        said = status(browser, f"LIVE · event {events} ")
    finally:
        path.gate.set()
        path.stop()
    assert said.startswith(f"LIVE · event {events} signed by key {key.fingerprint}")
    page = browser.execute_script(LIVE_PAGE_SHOWS)
    assert (page["figures"]["for"], page["figures"]["against"]) == ("64", "32")
    assert browser.execute_script("return document.getElementById('unsigned').hidden") is True


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_page_says_a_feed_stalling_on_its_way_is_not_signed(
    browser: Any, long_count: tuple[FeedServer, StationKey, int]
) -> None:
    """The path answers at once, and brings none of the events the station's head names."""
    server, _, events = long_count
    path = ForgingPath(server.url, after=10**9, calls=0, stalls=True)
    try:
        browser.get(path.url)
        wait_for(browser, "return !document.getElementById('unsigned').hidden")
        browser.execute_script("const now = Date.now; Date.now = () => now() + 11000;")
        said = status(browser, "NOT SIGNED FOR ")
    finally:
        path.stop()
    assert said.startswith("NOT SIGNED FOR 11 SECONDS: 25 events after event 0 came with no head")
    assert events > 25
