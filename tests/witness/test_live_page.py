"""The live page `station serve` answers to a browser, followed in a real headless Chromium.

A count of 200 calls (with corrections) is served on 127.0.0.1; the page follows it,
checking every event and signed head in the browser, and shows every figure `station
tally --json` gives. Then the station's owner rewrites the count's history and serves
it again under the same address: the page says NOT INTACT, naming the signed head that
no longer matches what it saw.
"""

import dataclasses
import io
import random
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from station.cli import main
from station.domain import Action, Call, ElectionSetup
from station.journal import Journal
from station.sheet.keys import key_for_signing
from tests.faults.tampering import rewrite, rows
from tests.verifier.chromium import browser, wait_for
from tests.witness.helpers import Feed, python_verifier_page, tally

__all__ = ["browser"]  # fixtures

FIGURES = ("for", "against", "void", "challenged", "valid", "counted", "ballots", "remaining")


@pytest.fixture
def counting(tmp_path: Path, setup: ElectionSetup) -> Iterator[tuple[Journal, list[Feed]]]:
    """A count being recorded, and its feed (the test may stop it and serve another)."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(setup, ballots=250))
    journal = Journal.open(path)
    journal.start_session()
    feeds = [Feed(path, key_for_signing())]
    try:
        yield journal, feeds
    finally:
        feeds[-1].stop()
        if journal.session is not None:
            journal.close()


def shown(driver: Any) -> dict[str, Any]:
    return driver.execute_script(  # type: ignore[no-any-return]
        "const f = {}; for (const c of document.querySelectorAll('[data-figure]'))"
        " f[c.dataset.figure] = c.textContent;"
        " return {figures: f, s8: document.getElementById('s8').textContent,"
        " s9: document.getElementById('s9').textContent,"
        " head: document.getElementById('head').textContent,"
        " status: document.getElementById('status').textContent,"
        " kind: document.getElementById('status').className};"
    )


def count_and_forge(browser: Any, journal: Journal, feeds: list[Feed]) -> tuple[str, int]:
    """Count 200 ballots with corrections while `browser` follows; check every figure
    against `station tally --json`; then serve a forged history at the same address.
    Returns what the page then says, and the event the page saw last."""
    feed = feeds[0]
    rng = random.Random(29)
    calls = [Call.FOR] * 5 + [Call.AGAINST] * 4 + [Call.VOID, Call.CHALLENGE]
    for n in range(200):
        record = journal.append(Action.CALL, rng.choice(calls))
        if n % 23 == 7:
            journal.append(Action.UNDO, Call(record.call), target=record.seq)
            journal.append(Action.CALL, rng.choice(calls))
        if n == 100:  # the page is following while the count goes on
            wait_for(browser, "return /event [0-9]{2,} signed by key/"
                     ".test(document.getElementById('status').textContent)")  # fmt: skip
    events = journal.head_seq
    wait_for(
        browser,
        "return document.getElementById('status').textContent.startsWith("
        f"'LIVE · event {events:,} signed by key ')",
    )
    expected = tally(journal.path)
    page = shown(browser)
    assert page["kind"] == "ok", page
    assert page["figures"] == {name: f"{expected[name]:,}" for name in FIGURES}, page
    assert (page["s8"], page["s9"]) == (expected["statements"]["8"], expected["statements"]["9"])
    assert page["head"] == f"event {events:,}, head {expected['head'][:16]}"
    assert expected["counted"] >= 200

    # The owner stops the feed, changes ballot 2's call with every hash after it made
    # anew, and serves the file again at the same address (the same token).
    host, port = str(feed.server.server_address[0]), feed.server.server_address[1]
    feed.stop()
    journal.close()  # its session's end is event {events + 1}, not yet seen by the page
    events_rows = rows(journal.path)
    events_rows[1][5] = "against" if events_rows[1][5] == "for" else "for"
    rewrite(journal.path, events_rows, rehash_from=2)
    feeds.append(Feed(journal.path, key_for_signing(), port, host))
    status = wait_for(
        browser,
        "const s = document.getElementById('status');"
        " return s.className === 'bad' && s.textContent;",
    )
    return status, events


@pytest.mark.long  # a Pyodide start in Chromium and a forged history: seconds
def test_the_live_page_follows_a_count_then_reports_a_forged_history(
    browser: Any, counting: tuple[Journal, list[Feed]]
) -> None:
    journal, feeds = counting
    browser.get(feeds[0].server.url)
    status, events = count_and_forge(browser, journal, feeds)
    assert status == f"NOT INTACT: event {events + 1} does not chain to the event before it"


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_live_page_checks_everything_at_the_rooms_address(
    tmp_path: Path, setup: ElectionSetup
) -> None:
    """The room's URL is plain http on a LAN address: no secure context, so no WebCrypto.
    The page, served on 127.0.0.2 and opened by a name that is not localhost, is not
    one either, and still checks every event and signed head, then a forged history."""
    from tests.verifier.chromium import missing, start, stop

    if (reason := missing()) is not None:
        pytest.skip(reason)
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(setup, ballots=250))
    journal = Journal.open(path)
    journal.start_session()
    feeds = [Feed(path, key_for_signing(), host="127.0.0.2")]
    driver = start(flags=("--host-resolver-rules=MAP observer.test 127.0.0.2",))
    try:
        port, token = feeds[0].server.server_address[1], feeds[0].source.token
        driver.get(f"http://observer.test:{port}/?token={token}")
        assert driver.execute_script("return window.isSecureContext") is False
        status, events = count_and_forge(driver, journal, feeds)
        assert status == f"NOT INTACT: event {events + 1} does not chain to the event before it"
    finally:
        stop(driver)
        feeds[-1].stop()
        if journal.session is not None:
            journal.close()


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_live_page_says_in_words_what_it_cannot_do(
    counting: tuple[Journal, list[Feed]],
) -> None:
    """A browser failing under the page (here, one whose streams cannot be read) shows
    the observer what it means, never the script's own error."""
    from tests.verifier.chromium import missing, start, stop

    if (reason := missing()) is not None:
        pytest.skip(reason)
    _, feeds = counting
    driver = start()
    try:
        driver.execute_cdp_cmd(
            "Page.addScriptToEvaluateOnNewDocument",
            {"source": "ReadableStreamDefaultReader.prototype.read = undefined;"},
        )
        driver.get(feeds[0].server.url)
        status = wait_for(
            driver,
            "const s = document.getElementById('status');"
            " return s.className === 'bad' && s.textContent;",
        )
    finally:
        stop(driver)
    assert status.startswith("The feed cannot be followed in this browser: "), status
    assert "is not a function" not in status and "undefined" not in status


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_saved_verifier_page_follows_a_count_from_disk(
    browser: Any, counting: tuple[Journal, list[Feed]], tmp_path: Path
) -> None:
    """The party's own copy, opened from file:// (origin `null`), follows the station's
    URL as the served page does, and reports the same forged history."""
    from selenium.webdriver.common.by import By

    journal, feeds = counting
    page = python_verifier_page(tmp_path / "verifier.html")
    browser.get(page.as_uri())
    assert browser.find_element(By.ID, "live").is_displayed() is False
    browser.find_element(By.ID, "url").send_keys(feeds[0].server.url)
    browser.find_element(By.CSS_SELECTOR, "#follow button").click()
    status, events = count_and_forge(browser, journal, feeds)
    assert status == f"NOT INTACT: event {events + 1} does not chain to the event before it"


@pytest.mark.long  # a Pyodide start per load; tests/verifier/test_live_entry.py holds the refusal fast
def test_the_saved_page_says_a_wrong_token_is_refused(
    browser: Any, counting: tuple[Journal, list[Feed]], tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    _, feeds = counting
    page = python_verifier_page(tmp_path / "verifier.html")
    browser.get(page.as_uri())
    wrong = feeds[0].server.url.split("?token=")[0] + "?token=0123"
    browser.find_element(By.ID, "url").send_keys(wrong)
    browser.find_element(By.CSS_SELECTOR, "#follow button").click()
    status = wait_for(
        browser,
        "const s = document.getElementById('status');"
        " return s.className === 'bad' && s.textContent;",
    )
    assert status.startswith("The feed cannot be followed: the station refused the token")
    # The whole URL typed again, its token right this time, is followed.
    url = browser.find_element(By.ID, "url")
    wait_for(browser, "return !document.getElementById('url').disabled")
    url.clear()
    url.send_keys(feeds[0].server.url)
    browser.find_element(By.CSS_SELECTOR, "#follow button").click()
    wait_for(browser, "return document.getElementById('status').className === 'ok'")


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_the_live_page_follows_a_count_from_a_machine_up_for_months(
    browser: Any, tmp_path: Path, setup: ElectionSetup, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each event stores the monotonic clock in nanoseconds since the machine started:
    after 104 days up it is past 2**53, beyond the integers a browser's JSON reads
    exactly, and the page must still check the events with the numbers the station
    wrote, not call an honest count altered."""
    import time

    up = time.monotonic_ns
    monkeypatch.setattr(time, "monotonic_ns", lambda: (1 << 60) + up())
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(setup, ballots=50))
    journal = Journal.open(path)
    journal.start_session()
    for call in [Call.FOR] * 7 + [Call.AGAINST] * 4 + [Call.VOID]:
        journal.append(Action.CALL, call)
    assert all(record.mono_ns > 2**53 for record in journal.records())
    feed = Feed(path, key_for_signing())
    try:
        browser.get(feed.server.url)
        events = journal.head_seq
        status = wait_for(
            browser,
            "const s = document.getElementById('status');"
            f" return (s.className === 'bad' || s.textContent.startsWith('LIVE · event {events:,} '))"
            " && s.textContent;",
        )
        assert status.startswith(f"LIVE · event {events:,} signed by key "), status
        assert shown(browser)["figures"]["for"] == "7"
    finally:
        feed.stop()
        journal.close()


@pytest.mark.long  # a Pyodide start per load; test_live_entry.py holds the words fast
def test_the_live_page_lists_disputes_and_corrections_as_the_dashboard_does(
    browser: Any, counting: tuple[Journal, list[Feed]]
) -> None:
    """Last calls on the live page: each dispute in the dashboard's words, a challenge's
    party completing its call's line, and every correction marked CORRECTION."""
    journal, feeds = counting
    browser.get(feeds[0].server.url)
    journal.append(Action.CALL, Call.FOR)
    void = journal.append(Action.CALL, Call.VOID)
    journal.append(Action.DISPUTE, Call.VOID, void.seq, {"party": "employer"})
    journal.append(Action.CALL, Call.FOR)
    against = journal.append(Action.CALL, Call.AGAINST)
    journal.append(
        Action.DISPUTE, Call.AGAINST, against.seq, {"left_as_called": True, "party": "petitioner"}
    )
    journal.append(Action.UNDO, Call.AGAINST, against.seq)
    journal.append(Action.REDO, Call.AGAINST, against.seq)
    challenge = journal.append(Action.CALL, Call.CHALLENGE)
    journal.append(Action.AMEND, target=challenge.seq, detail={"party": "employer"})
    wait_for(
        browser,
        "return document.getElementById('status').textContent.startsWith("
        f"'LIVE · event {journal.head_seq:,} signed by key ')",
    )
    lines = browser.execute_script(
        "return [...document.querySelectorAll('#calls li')]"
        ".map((li) => [li.firstChild.textContent, li.className])"
    )
    assert lines == [
        ["Ballot 5 CHALLENGED by the Employer: reason not given", ""],
        ["\u21b7 Ballot 4 AGAINST \u2014 redone", "correction"],
        ["\u21b6 Ballot 4 AGAINST \u2014 undone", "correction"],
        [
            "Ballot 4 AGAINST disputed by the Union: left as called, noted for objections",
            "correction",
        ],
        ["Ballot 4 AGAINST", ""],
        ["Ballot 3 FOR", ""],
        ["Ballot 2 VOID disputed by the Employer: now CHALLENGED", "correction"],
        ["Ballot 2 VOID", ""],
        ["Ballot 1 FOR", ""],
    ]
    assert browser.execute_script(
        "return [...document.querySelectorAll('#calls li.correction small')]"
        ".every((tag) => tag.textContent === 'CORRECTION')"
    )
    page = shown(browser)
    expected = tally(journal.path)
    assert page["figures"] == {name: f"{expected[name]:,}" for name in FIGURES}, page
    assert (expected["void"], expected["challenged"]) == (0, 2)


@pytest.mark.long  # a Pyodide start in Chromium: seconds
def test_the_live_page_says_each_pile_check_in_the_stations_words(
    browser: Any, tmp_path: Path, setup: ElectionSetup
) -> None:
    path = tmp_path / "piles.station"
    Journal.create(path, dataclasses.replace(setup, ballots=50, pile=2))
    journal = Journal.open(path)
    journal.start_session()
    for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.AGAINST):
        journal.append(Action.CALL, call)
    journal.append(Action.PILE, Call.FOR, target=1, detail={"found": 2})
    journal.append(Action.PILE, Call.AGAINST, target=1, detail={"found": 3})
    journal.close()
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["log", str(path)]) == 0
    logged = [line.split(maxsplit=4)[4] for line in out.getvalue().splitlines()]
    feed = Feed(path, key_for_signing())
    try:
        browser.get(feed.server.url)
        wait_for(browser, "return document.getElementById('status').className === 'ok'")
        wait_for(browser, "return document.querySelectorAll('#calls li').length === 8")
        lines = browser.execute_script(
            "return [...document.querySelectorAll('#calls li')].map((li) => li.textContent)"
        )
    finally:
        feed.stop()
    assert lines[1:3] == [
        "AGAINST pile 1 recounted: 3 found, 2 recorded \u2014 MISMATCH",
        "FOR pile 1 recounted: 2 of 2, confirmed",
    ]
    assert lines[::-1] == logged  # the station's own words for each event, as `station log`
