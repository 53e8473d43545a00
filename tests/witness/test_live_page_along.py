"""Tallying along on the live page, in a real headless Chromium 390 px wide.

An observer taps their own call for each of 200 ballots while `station serve` serves the
count; at ballot 117 they call it otherwise than the station. The page keeps every tap
in the browser (a reload loses none), follows an undo on either side, flags ballot 117
within a second of the station's call reaching it, and the record downloaded holds the
station's figures except ballot 117, which it names. Nothing the observer keys is sent.
"""

import contextlib
import dataclasses
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from station.domain import Action, Call, ElectionSetup
from station.domain.tally_along import record_hash
from station.journal import Journal
from station.sheet.keys import key_for_signing
from tests.verifier.chromium import missing, requests_made, start, stop, wait_for
from tests.witness.helpers import Feed, tally

BACKSPACE = "\ue003"  # WebDriver's Backspace key (selenium's Keys.BACKSPACE)
KEYS = {Call.FOR: "f", Call.AGAINST: "a", Call.VOID: "v", Call.CHALLENGE: "c"}
CALLS = [Call.FOR] * 5 + [Call.AGAINST] * 4 + [Call.VOID, Call.CHALLENGE]
LIVE = "return /^LIVE/.test(document.getElementById('status').textContent)"
READY = "return globalThis.station?.along?.ready === true"
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[Any]:
    if (reason := missing()) is not None:
        pytest.skip(reason)
    driver = start(390, 844, log_requests=True)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior",
        {"behavior": "allow", "downloadPath": str(tmp_path / "downloads")},
    )
    try:
        yield driver
    finally:
        stop(driver)


def tap(driver: Any, *calls: Call) -> None:
    """The observer taps each of `calls`, in turn."""
    driver.execute_script(
        "for (const call of arguments)"
        " document.querySelector(`#along-buttons [data-call='${call}']`).click();",
        *(call.value for call in calls),
    )


def key(driver: Any, keys: str) -> None:
    driver.find_element("tag name", "body").send_keys(keys)


def taps_shown(driver: Any, n: int) -> None:
    wait_for(driver, f"return document.getElementById('along-taps').textContent === '{n}'", 10)


def flagged(driver: Any, ballot: int | None) -> None:
    """Wait until the page flags `ballot` (None: no ballot)."""
    wanted = "f.hidden" if ballot is None else f"!f.hidden && f.dataset.ballot === '{ballot}'"
    wait_for(driver, f"const f = document.getElementById('along-flag'); return {wanted};", 10)


@pytest.mark.long  # Chromium and Station's Python over 200 ballots; test_live_along.py holds the rules fast
def test_an_observer_tallies_along_and_catches_ballot_117(
    tmp_path: Path, setup: ElectionSetup, phone: Any
) -> None:
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(setup, ballots=250))
    journal = Journal.open(path)
    journal.start_session()
    feed = Feed(path, key_for_signing())
    try:
        phone.get(feed.server.url)
        wait_for(phone, LIVE)
        wait_for(phone, READY)
        phone.find_element("id", "along-open").click()
        size = phone.execute_script(
            "const b = document.querySelector('#along-buttons button').getBoundingClientRect();"
            " return [b.width, b.height, document.documentElement.scrollWidth, innerWidth];"
        )
        assert size[0] >= 44 and size[1] >= 44 and size[2] == size[3] == 390, size

        rng = random.Random(44)
        plain: list[Call] = []  # ballots with nothing to watch, tapped a score at a time
        for n in range(1, 201):
            call = rng.choice(CALLS)
            if n > 10 and n not in (50, 80, 100, 117):
                plain.append(call)
                journal.append(Action.CALL, call)
                if len(plain) == 20 or n == 200:
                    tap(phone, *plain)
                    plain.clear()
                continue
            tap(phone, *plain)
            plain.clear()
            if n == 117:  # the operator keys AGAINST where the agent said FOR
                tap(phone, Call.FOR)
                taps_shown(phone, 117)
                journal.append(Action.CALL, Call.AGAINST)
                continue
            slip = Call.VOID if call is not Call.VOID else Call.FOR
            if n == 50:  # the observer's own slip, flagged, then taken back
                journal.append(Action.CALL, call)
                tap(phone, slip)
                flagged(phone, 50)
                key(phone, BACKSPACE)  # the observer's undo, by its key
                tap(phone, call)
                flagged(phone, None)
                continue
            if n <= 10:  # by the operator's keys, as on a laptop
                key(phone, KEYS[call])
            else:
                tap(phone, call)
            if n == 80:  # the station's slip, flagged, then undone and called again
                record = journal.append(Action.CALL, slip)
                flagged(phone, 80)
                journal.append(Action.UNDO, Call(str(record.call)), target=record.seq)
            journal.append(Action.CALL, call)
            if n == 80:
                flagged(phone, None)
            if n == 100:  # the observer's phone reloads the page mid-count
                taps_shown(phone, 100)
                phone.refresh()
                wait_for(phone, READY)
                taps_shown(phone, 100)

        expected = tally(path)
        line = wait_for(
            phone,
            "const t = document.getElementById('along-line').textContent;"
            " return t.startsWith('You and the station agree on 199 of 200') && t;",
            20,
        )
        assert line == "You and the station agree on 199 of 200", line
        flag = phone.execute_script(
            "const f = document.getElementById('along-flag');"
            " return {hidden: f.hidden, text: f.textContent, times: station.along};"
        )
        assert not flag["hidden"]
        assert "Ballot 117: you called FOR, the station AGAINST" in flag["text"], flag["text"]
        shown = flag["times"]["flagged"]["117"]
        arrived = next(at for at, seq in flag["times"]["answers"] if seq >= shown["seq"])
        assert 0 <= shown["shown"] - arrived < 1000, (shown, arrived)

        phone.find_element("css selector", "#along-flag [data-how='stands']").click()
        wait_for(phone, "return document.getElementById('along-flag').hidden")
        phone.find_element("id", "along-download").click()
        record_hash_shown = wait_for(
            phone, "const h = document.getElementById('along-hash').textContent;"
            " return /^[0-9a-f]{64}$/.test(h) && h;"
        )  # fmt: skip
        downloaded = tmp_path / "downloads" / f"tally-along-{setup.case_number}.json"
        deadline = time.monotonic() + 10
        while not downloaded.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        doc = json.loads(downloaded.read_text(encoding="utf-8"))
    finally:
        feed.stop()
        journal.close()

    assert record_hash(doc) == record_hash_shown
    summary = {row["lane"]: (row["observer"], row["station"]) for row in doc["summary"]}
    station = {lane: theirs for lane, (_, theirs) in summary.items()}
    assert station == {
        "for": expected["for"],
        "against": expected["against"],
        "void": expected["void"],
        "challenge": expected["challenged"],
    }
    assert summary["for"][0] == station["for"] + 1
    assert summary["against"][0] == station["against"] - 1
    assert summary["void"][0] == station["void"]
    assert summary["challenge"][0] == station["challenge"]
    assert [(d["ballot"], d["resolved"]) for d in doc["disagreements"]] == [
        (80, "station"),  # the station's own slip, corrected: kept as such
        (117, "stands"),
    ]
    assert len(doc["calls"]) == 200
    asked = {urlsplit(url).path for url in requests_made(phone) if url.startswith("http")}
    assert asked <= {"/", "/setup", "/events"}, asked


@pytest.mark.long  # two browsers, each starting Station's Python: seconds
def test_a_crashed_browser_loses_no_tap(tmp_path: Path, setup: ElectionSetup) -> None:
    """Every tap shown as recorded is on the device's disk: the browser crashing (all
    of it, not a tab) and started again on the same profile shows each of them."""
    if (reason := missing()) is not None:
        pytest.skip(reason)
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(setup, ballots=250))
    journal = Journal.open(path)
    journal.start_session()
    feed = Feed(path, key_for_signing())
    driver = start(390, 844)
    profile = driver.station_profile
    try:
        driver.get(feed.server.url)
        wait_for(driver, READY)
        driver.find_element("id", "along-open").click()
        for n in range(30):
            tap(driver, (Call.FOR, Call.AGAINST)[n % 2])
        taps_shown(driver, 30)
        from selenium.common.exceptions import WebDriverException

        with contextlib.suppress(WebDriverException):
            driver.execute_cdp_cmd("Browser.crash", {})
        with pytest.raises(WebDriverException):  # the browser is gone, not shut down
            driver.execute_script("return 1")
        with contextlib.suppress(WebDriverException):
            driver.quit()
        driver = start(390, 844, profile=profile)
        driver.get(feed.server.url)
        wait_for(driver, READY)
        taps_shown(driver, 30)
    finally:
        stop(driver)
        feed.stop()
        journal.close()


def clicked(driver: Any, selector: str) -> None:
    """A mouse's click on a button: it takes the focus, then is clicked, a click of
    detail 1 as a pointer's is (Enter's and Space's are of detail 0; the page's figures
    may move the button while WebDriver aims at it)."""
    driver.execute_script(
        "const b = document.querySelector(arguments[0]); b.focus();"
        " b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, detail: 1}));",
        selector,
    )


@pytest.mark.long  # a Pyodide start in Chromium: seconds
def test_space_or_enter_after_a_click_records_no_second_call(
    tmp_path: Path, setup: ElectionSetup, phone: Any
) -> None:
    """On a laptop, a call button clicked keeps no focus: Space or Enter afterwards
    (the browser's way to press the focused button) records nothing, nor does a call's
    key held down (its repeats)."""
    from selenium.webdriver.common.action_chains import ActionChains

    path = tmp_path / "jfk8.station"
    Journal.create(path, setup)
    feed = Feed(path, key_for_signing())
    try:
        phone.get(feed.server.url)
        wait_for(phone, LIVE)  # the count drawn: nothing moves under the clicks
        wait_for(phone, READY)
        phone.find_element("id", "along-open").click()
        clicked(phone, "#along-buttons [data-call='for']")
        taps_shown(phone, 1)
        ActionChains(phone).send_keys(" ").send_keys("\ue007").perform()  # Space, Enter
        clicked(phone, "#along-undo")
        taps_shown(phone, 0)
        ActionChains(phone).send_keys(" ").send_keys("\ue007").perform()
        phone.execute_script(
            "for (const repeat of [false, true, true]) document.dispatchEvent("
            "new KeyboardEvent('keydown', {key: 'a', repeat, cancelable: true}));"
        )
        taps_shown(phone, 1)
        queued = phone.execute_script(
            "return stationAlong.idle().then(() =>"
            " [document.getElementById('along-taps').textContent,"
            " document.activeElement === document.body])"
        )
    finally:
        feed.stop()
    assert queued == ["1", True], queued


@pytest.mark.long  # a Pyodide start in Chromium: seconds
def test_the_heads_signatures_are_checked_off_the_thread_taps_run_on(
    tmp_path: Path, setup: ElectionSetup, phone: Any
) -> None:
    """Station's Python runs on the page's only thread, where a tap is handled: the
    heads' Ed25519 checks, the feed's longest work, run in a worker, and the page
    still shows only what a signed head covers."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, setup)
    journal = Journal.open(path)
    journal.start_session()
    feed = Feed(path, key_for_signing())
    try:
        phone.get(feed.server.url)
        wait_for(phone, READY)
        phone.execute_script(  # each check made on the page's thread from now on, counted
            "const verify = nacl.sign.detached.verify; globalThis.onThread = 0;"
            " nacl.sign.detached.verify = (...given) => (onThread++, verify(...given));"
        )
        phone.find_element("id", "along-open").click()
        for n in range(20):
            journal.append(Action.CALL, CALLS[n % len(CALLS)])
            tap(phone, CALLS[n % len(CALLS)])
        events = journal.head_seq
        wait_for(
            phone,
            "return document.getElementById('status').textContent.startsWith("
            f"'LIVE · event {events:,} signed by key ')",
        )
        taps_shown(phone, 20)
        line = phone.execute_script("return document.getElementById('along-line').textContent")
        on_thread = phone.execute_script("return globalThis.onThread")
    finally:
        feed.stop()
        journal.close()
    assert line == "You and the station agree on 20 of 20"
    assert on_thread == 0


@pytest.mark.long  # a Pyodide start in Chromium: seconds
def test_the_feed_is_checked_only_when_nothing_else_waits(
    tmp_path: Path, setup: ElectionSetup, phone: Any
) -> None:
    """The feed's checking runs in the page's tasks of the lowest priority: while other
    work waits on the page's thread (here a stream of tasks; an observer's taps and
    their drawing), the calls the station makes meanwhile are not checked, and they
    are once the thread is free."""
    import threading

    path = tmp_path / "jfk8.station"
    Journal.create(path, setup)
    journal = Journal.open(path)
    journal.start_session()
    feed = Feed(path, key_for_signing())
    try:
        phone.get(feed.server.url)
        wait_for(phone, READY)
        wait_for(phone, LIVE)
        seq = journal.head_seq
        calls = threading.Timer(0.3, lambda: [journal.append(Action.CALL, c) for c in CALLS[:3]])
        calls.start()
        received = phone.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            " const before = station.follow.received(), end = performance.now() + 1500;"
            " const next = new MessageChannel();"  # a task at once, never a timer's delay
            " next.port1.onmessage = () => {"
            "   const began = performance.now(); while (performance.now() - began < 3);"
            "   if (performance.now() < end) next.port2.postMessage(0);"
            "   else done([before, station.follow.received()]);"
            " };"
            " next.port2.postMessage(0);"
        )
        calls.join()
        wait_for(phone, f"return station.follow.received() === {seq + 3}")
    finally:
        feed.stop()
        journal.close()
    assert received == [seq, seq]
