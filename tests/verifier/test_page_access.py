"""The verifier page (`station verifier --out`) for every observer, in Chromium: WCAG 2.2
AA in each state it can be in — before a folder is picked, OK, NOT INTACT, following a
count, a problem on the feed — at 1280 and 320 px (tests/verifier/access.py), and what
a screen reader says of each verdict.

The page is loaded once (it starts CPython in WebAssembly) and walked through every
state in one test.
"""

import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.export import export_sheet
from station.sheet.keys import create_key, key_for_signing
from tests.helpers import JFK8
from tests.sheet.helpers import count_calls, sign
from tests.verifier import access, chromium
from tests.verifier.page_hands import pick, shown, type_key
from tests.witness.helpers import live_feed, python_verifier_page

LIVE = "return /^LIVE/.test(document.getElementById('status').textContent)"
SAID = "return [document.getElementById('said').textContent, document.getElementById('alarm').textContent]"


@pytest.fixture(scope="module")
def opened(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    page = python_verifier_page(tmp_path_factory.mktemp("page") / "verifier.html")
    access.axe_source()  # skipped before Chromium starts where axe-core cannot be had
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


def test_every_state_of_the_verifier_page_meets_wcag_2_2_aa(
    opened: Any, journal: Journal, tmp_path: Path, qapp: object
) -> None:
    found = []
    assert opened.execute_script("return document.documentElement.lang") == "en"
    found += access.problems(opened, "before a folder is picked")
    assert access.focus_rings(opened, 5) == []

    key = key_for_signing()
    count_calls(journal, 30)
    sign(journal, key)
    export_sheet(journal, journal.restore(trust_snapshots=False), tmp_path / "export", key)
    type_key(opened, key.fingerprint)
    pick(opened, "folder", [tmp_path / "export"])
    verdict = shown(opened, "ok")
    said, alarm = chromium.wait_for(
        opened, f"const [s, a] = (() => {{ {SAID} }})(); return s.startsWith('OK') && [s, a];"
    )
    assert said == verdict.splitlines()[0] and alarm == ""
    found += access.problems(opened, "OK")

    other = create_key(tmp_path / "other.pem").fingerprint
    type_key(opened, other)
    verdict = shown(opened, "bad")
    alarm = chromium.wait_for(
        opened,
        "const a = document.getElementById('alarm').textContent; return a.startsWith('NOT INTACT') && a;",
    )
    assert alarm == verdict.splitlines()[0]
    found += access.problems(opened, "NOT INTACT")

    # Retyped key by key, each key after the last refusal is drawn: the fingerprint half
    # typed is refused on screen each time, and said once.
    opened.execute_script(
        "const a = document.getElementById('alarm'); globalThis.refusalsSaid = 0;"
        " new MutationObserver(() => { if (a.textContent.startsWith('NOT CHECKED'))"
        " globalThis.refusalsSaid++; })"
        ".observe(a, {childList: true, subtree: true, characterData: true});"
    )
    type_key(opened, "")
    field = opened.find_element("id", "key")
    for n in range(1, 5):
        field.send_keys(other[n - 1])
        shown(opened, "cannot", f"'{other[:n]}' is not a key fingerprint")
    assert opened.execute_script("return globalThis.refusalsSaid") == 1
    type_key(opened, key.fingerprint)

    counting = tmp_path / "counting.station"
    Journal.create(counting, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(counting) as live, live_feed(counting, key, page=False) as server:
        live.start_session()
        for call in [Call.FOR] * 4 + [Call.AGAINST] * 3:
            live.append(Action.CALL, call)
        relay = access.Relay(server.url)
        try:
            opened.find_element("id", "url").send_keys(relay.url)
            opened.find_element("css selector", "#follow button").click()
            chromium.wait_for(opened, LIVE)
            found += access.problems(opened, "following a count")

            type_key(opened, other)  # the heads are not signed by the key written down
            refused = chromium.wait_for(
                opened,
                "const a = document.getElementById('live-alarm').textContent;"
                " return a.startsWith('REFUSED') && a;",
            )
            assert refused == opened.find_element("id", "status").text
            found += access.problems(opened, "following, under another key")
            type_key(opened, key.fingerprint)
            chromium.wait_for(opened, LIVE)

            relay.garble()
            live.append(Action.CALL, Call.FOR)  # the answer waited for comes; the next is garbage
            chromium.wait_for(
                opened, "return document.getElementById('status').className === 'lost'"
            )
            found += access.problems(opened, "a problem on the feed")
        finally:
            relay.stop()

    assert found == [], access.report(found)
