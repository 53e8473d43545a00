"""Makes the pictures of the live page in Spanish in `docs/` as an observer sees them.

Run from the repository's root (headless Chromium, no screen needed):

    .venv/bin/python -m tests.verifier.docs_live_page_es

A count of 80 ballots, 31 of them called (one disagreement planted), is served by
`station serve`'s feed in this process; the page is opened in a browser whose language
is Spanish, tallying along, at a phone's 390 px (docs/live-page-es.png) and at 1366 px
(docs/live-page-es-wide.png). Look at both before committing them.
"""

import base64
import dataclasses
import sys
import tempfile
from pathlib import Path

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.keys import key_for_signing
from tests.helpers import JFK8
from tests.verifier import chromium
from tests.witness.helpers import live_feed

DOCS = Path(__file__).resolve().parents[2] / "docs"
CALLS = [Call.FOR, Call.AGAINST, Call.FOR, Call.FOR, Call.VOID, Call.AGAINST] * 5 + [Call.CHALLENGE]
SPANISH = ("--lang=es", "--accept-lang=es-MX,es")


def picture(url: str, width: int, height: int, out: Path) -> None:
    browser = chromium.start(width, height, flags=SPANISH)
    try:
        browser.get(url)
        chromium.wait_for(browser, "return document.getElementById('status').className === 'ok'")
        chromium.wait_for(browser, "return globalThis.station?.along?.ready === true")
        browser.find_element("id", "along-open").click()
        taps = [call.value for call in CALLS[:-1]] + [Call.FOR.value]  # the last one differs
        browser.execute_script(
            "for (const call of arguments[0])"
            " document.querySelector(`#along-buttons [data-call='${call}']`).click();",
            taps,
        )
        chromium.wait_for(browser, "return !document.getElementById('along-flag').hidden")
        full = browser.execute_cdp_cmd(
            "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False}
        )
        out.write_bytes(base64.b64decode(full["data"]))
    finally:
        chromium.stop(browser)


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "count.station"
        Journal.create(path, dataclasses.replace(JFK8, ballots=80))
        with Journal.open(path) as journal, live_feed(path, key_for_signing()) as server:
            journal.start_session()
            for call in CALLS:
                journal.append(Action.CALL, call)
            picture(server.url, 390, 844, DOCS / "live-page-es.png")
            picture(server.url, 1366, 768, DOCS / "live-page-es-wide.png")
    print("written: docs/live-page-es.png, docs/live-page-es-wide.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
