"""A mail ballot's export gets `station verify`'s verdict in the page, word for word.

The envelope stage (rulings, their undo, challenged envelopes settled, the stage's
end) replayed in Chromium as in Python: the true export passes, and one whose stage
a forger holding the key changed is named as `verify` names it.
"""

import json
from pathlib import Path
from typing import Any

from station.cli import main
from station.sheet.keys import load_key
from tests.mail.helpers import counted
from tests.sheet.helpers import edit_json, rechain_from, resign, sheet_event, station
from tests.verifier.chromium import assert_page_says_what_verify_says, browser

__all__ = ["browser"]  # fixtures


def test_a_mail_ballot_export_is_checked_as_verify_checks_it(
    browser: Any, page: Path, mail_file: Path, tmp_path: Path
) -> None:
    counted(mail_file)
    assert main(["sign", str(mail_file), "--agent", "R. Agent"]) == 0
    folder = tmp_path / "sheet"
    assert main(["export", str(mail_file), "--out", str(folder)]) == 0
    shown = assert_page_says_what_verify_says(
        browser, page, folder, None, station("verify", folder)
    )
    assert shown["kind"] == "ok"
    # The stage's end names one accepted envelope more than were ruled so.
    key = load_key()
    events = [json.loads(line) for line in (folder / "journal.jsonl").read_text().splitlines()[1:]]
    end = next(e["seq"] for e in events if e["action"] == "end_envelopes")
    rechain_from(folder, end, lambda e: e.update(detail='{"accepted":4}'))
    edit_json(folder / "tally.json", lambda d: d.update(sheet_event=sheet_event(folder)))
    edit_json(folder / "manifest.json", lambda m: m.update(sheet_event=sheet_event(folder)))
    resign(folder, key)
    said = station("verify", folder)
    assert said[0] == 1 and f"event {end} breaks the rules of the count" in said[2], said
    assert_page_says_what_verify_says(browser, page, folder, None, said)
