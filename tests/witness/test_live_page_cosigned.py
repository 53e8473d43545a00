"""The live page, in a real headless Chromium, follows a feed whose every head carries
twenty cosignatures of a post-quantum size (c2sp.org/signed-note: a verifier accepts at
least 16 signatures, of any size): the station's own signature among them is checked
by the page's Python, the others ignored."""

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call, ElectionSetup
from station.journal import Journal
from station.sheet.keys import key_for_signing
from station.verification.checkpoints import Head
from station.witness.heads import sign_head
from tests.verifier.chromium import browser, wait_for
from tests.witness.helpers import Feed, cosigned

__all__ = ["browser"]  # fixtures


@pytest.mark.long  # a Pyodide start; tests/verifier/test_live_entry.py holds it fast
def test_the_live_page_follows_heads_carrying_twenty_big_cosignatures(
    browser: Any, tmp_path: Path, setup: ElectionSetup, monkeypatch: pytest.MonkeyPatch
) -> None:
    def with_cosignatures(*args: Any) -> Head:
        head = sign_head(*args)
        return dataclasses.replace(head, note=cosigned(head.note))

    monkeypatch.setattr("station.witness.serve.sign_head", with_cosignatures)
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(setup, ballots=50))
    with Journal.open(path) as journal:
        journal.start_session()
        for call in [Call.FOR] * 3 + [Call.AGAINST] * 2:
            journal.append(Action.CALL, call)
        feed = Feed(path, key_for_signing())
        try:
            assert len(feed.source.heads[-1].note) > 20 * 3200
            browser.get(feed.server.url)
            journal.append(Action.CALL, Call.FOR)
            events = journal.head_seq
            wait_for(
                browser,
                "return document.getElementById('status').textContent.startsWith("
                f"'LIVE · event {events:,} signed by key ')",
            )
            figure = browser.execute_script(
                "return document.querySelector('[data-figure=for]').textContent"
            )
            assert figure == "4"
        finally:
            feed.stop()
