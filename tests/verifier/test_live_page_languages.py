"""The live page in Spanish, in Chromium: chosen by the browser's language first, then by
the page's chooser, kept for the next visit; every word of the page and of the
tally-along panel in the language chosen but the parties' and choices' names.

One page load serves the module (the page starts CPython in WebAssembly: seconds).
"""

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from station.domain import Action, Call
from station.domain.words import in_language, sheet_translation
from station.journal import Journal
from station.sheet.keys import key_for_signing
from station.witness.serve import FeedServer
from tests.helpers import JFK8
from tests.verifier import chromium
from tests.verifier.languages import choose, english_left, first_tab_stop, visible_text
from tests.witness.helpers import live_feed

# A browser starting CPython in WebAssembly: seconds; run by .ci/run's long run.
pytestmark = pytest.mark.long

NAMES = (JFK8.employer, JFK8.union)
COUNTED = "return document.querySelector('[data-figure=counted]').textContent === '26'"
ALONG = "return globalThis.station?.along?.ready === true"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FeedServer]:
    """4 FOR and 22 AGAINST of 80 ballots, served with the live page."""
    path = tmp_path_factory.mktemp("live-es") / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal:
        journal.start_session()
        for call in [Call.FOR] * 4 + [Call.AGAINST] * 22:
            journal.append(Action.CALL, call)
    with live_feed(path, key_for_signing()) as server:
        yield server


@pytest.fixture(scope="module")
def opened(served: FeedServer) -> Iterator[Any]:
    """Chromium whose reader's first language is Mexican Spanish, the page opened once
    and the count followed."""
    if (reason := chromium.missing()) is not None:
        pytest.skip(reason)
    driver = chromium.start(390, 844, flags=("--lang=es-MX", "--accept-lang=es-MX,es,en"))
    try:
        driver.get(served.url)
        chromium.wait_for(driver, COUNTED, timeout=120)
        chromium.wait_for(driver, ALONG)
        yield driver
    finally:
        chromium.stop(driver)


def text_of(driver: Any, element: str) -> str:
    return str(driver.execute_script(f"return document.getElementById('{element}').textContent"))


def test_the_page_opens_in_the_browser_s_language_with_its_chooser_first(opened: Any) -> None:
    assert opened.execute_script("return navigator.languages[0]").startswith("es")
    assert opened.execute_script("return document.documentElement.lang") == "es"
    assert opened.execute_script("return document.getElementById('language').value") == "es"
    assert first_tab_stop(opened) == "language"


def test_in_spanish_nothing_but_the_names_is_left_in_english(opened: Any) -> None:
    opened.find_element("id", "along-open").click()
    opened.execute_script("document.querySelector(\"#along-buttons [data-call='for']\").click()")
    chromium.wait_for(opened, "return document.getElementById('along-taps').textContent === '1'")
    text = visible_text(opened)
    assert "Últimas lecturas" in text and "Contar a la par" in text
    assert "Usted y la estación coinciden en 1 de 1" in text
    assert english_left(text, NAMES) == []
    # Lines 8-9 are the signed English sheet's: shown in Spanish, said to be a translation.
    with in_language("es"):
        assert text_of(opened, "translation") == sheet_translation()
    # The observer's record is a file in English, as the sheet is: said so where printed.
    assert opened.execute_script("return document.getElementById('along-printable').lang") == "en"


def test_english_chosen_says_the_whole_page_again_and_is_kept(opened: Any) -> None:
    choose(opened, "en")
    assert opened.execute_script("return document.documentElement.lang") == "en"
    chromium.wait_for(
        opened,
        "return document.getElementById('along-line').textContent.startsWith('You and')",
        timeout=10,
    )
    text = visible_text(opened)
    assert "Last calls" in text and "ballots counted" in text and "Tally along" in text
    assert "Live count, case 29-RC-288020" in text
    # Drawn again at once, all of it: the figures' words, the piles, what was said.
    assert opened.execute_script(
        "return [...document.querySelectorAll('#choices span')].map((s) => s.textContent)"
    ) == ["FOR", "AGAINST"]
    assert "FOR pile 1" in text_of(opened, "along-pile-rows")
    assert text_of(opened, "translation") == ""
    chromium.wait_for(
        opened, "return document.getElementById('live-said').textContent.startsWith('LIVE')"
    )
    choose(opened, "es")
    chromium.wait_for(
        opened, "return document.getElementById('along-line').textContent.startsWith('Usted')"
    )
    assert english_left(visible_text(opened), NAMES) == []
    assert opened.execute_script(
        "return [...document.querySelectorAll('#choices span')].map((s) => s.textContent)"
    ) == ["A FAVOR", "EN CONTRA"]
    choose(opened, "en")
    opened.refresh()  # the choice is this browser's: kept over its language
    chromium.wait_for(opened, "return document.documentElement.lang === 'en'", timeout=60)
    assert "Last calls" in visible_text(opened)
