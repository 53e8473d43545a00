"""The live page's envelope figures say one of a thing in the singular, as Station does."""

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from station.domain.election import MAIL_RULES
from station.domain.envelopes import Ruling
from station.sheet.keys import key_for_signing
from tests.mail.helpers import BESSEMER, VOTERS
from tests.verifier.chromium import browser, wait_for
from tests.witness.helpers import live_feed

__all__ = ["browser"]  # fixtures

MIXED = dataclasses.replace(BESSEMER, mail_rules=MAIL_RULES, polls=True)


@pytest.mark.long  # Pyodide starts in each page load: seconds
def test_one_replacement_and_one_voter_at_the_polls_are_said_singular(
    browser: Any, tmp_path: Path
) -> None:
    from station.journal import Journal
    from station.journal.session import CountSession

    path = tmp_path / "mixed.station"
    Journal.create(path, MIXED, VOTERS)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        session.rule_envelope(Ruling.VOID, "100")
        session.rule_envelope(Ruling.ACCEPTED, "100")  # the replacement kit came back
        session.rule_envelope(Ruling.AT_POLLS, "101")
        session.end_envelopes()
    with Journal.open(path, read_only=True) as journal:
        events = journal.head_seq  # the station's closing too
    with live_feed(path, key_for_signing()) as server:
        browser.get(server.url)
        wait_for(
            browser,
            "return document.getElementById('status').textContent.startsWith("
            f"'LIVE · event {events:,} signed by key ')",
        )
        figures = browser.execute_script(
            "return document.getElementById('envelope-figures').innerText"
        )
        stage = browser.execute_script("return document.getElementById('envelope-stage').innerText")
    assert "1 replacement" in figures and "1 replacements" not in figures
    assert stage.endswith(", with 1 voter at the polls")
