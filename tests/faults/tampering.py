"""A signed election to tamper with, and the edits and checks the tampering tests share."""

import io
import json
import sqlite3
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from station.cli import main
from station.domain import ElectionSetup
from station.journal.chain import event_hash
from station.journal.records import EVENT_FIELDS
from station.sheet.keys import create_key
from station.verification.document import canonical_json
from tests.journal.helpers import restore_guards, tamper
from tests.sheet.helpers import edit_events, edit_json, resign, resign_with_other_key

Row = list[Any]  # an event as stored: the columns of EVENT_FIELDS, in order


@dataclass(frozen=True)
class Pristine:
    """The untouched election: the file, its export, the key, and a head written down."""

    file: Path
    sheet: Path
    key: str
    head: str  # EVENTS:HASH as an observer writes it down from the screen
    sign_seq: int
    events: int


def setup(case: str = "29-RC-288020") -> ElectionSetup:
    return ElectionSetup(
        case_number=case,
        employer="Amazon.com Services LLC",
        union="Amazon Labor Union",
        eligible=8325,
        ballots=None,
        agent="R. Agent",
    )


def verify(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["verify", *map(str, argv)])
    return code, out.getvalue(), err.getvalue()


def assert_caught(argv: list[str | Path], named: str) -> None:
    code, out, err = verify(*argv)
    assert code == 1, (code, out, err)
    assert err.startswith("NOT INTACT: ") and err.count("\n") == 1, err
    assert named in err, err


def rows(path: Path) -> list[Row]:
    conn = sqlite3.connect(path)
    found = [
        list(row)
        for row in conn.execute(f"SELECT {', '.join(EVENT_FIELDS)} FROM events ORDER BY seq")
    ]
    conn.close()
    return found


def rewrite(path: Path, events: list[Row], *, rehash_from: int | None = None) -> None:
    """Replace every event; with `rehash_from`, recompute the chain from that seq on."""
    if rehash_from is not None:
        for index, event in enumerate(events):
            if event[0] >= rehash_from:
                event[8] = events[index - 1][9] if index else event[8]
                event[9] = event_hash(*event[:9])
    tamper(path, "DELETE FROM events")
    conn = sqlite3.connect(path)
    conn.executemany(f"INSERT INTO events VALUES ({', '.join('?' * 10)})", events)
    conn.commit()
    conn.close()
    restore_guards(path)


def bump_line_3(folder: Path) -> None:
    edit_json(
        folder / "tally.json",
        lambda d: d["sheet"]["lines"].update({"3": d["sheet"]["lines"]["3"] + 1}),
    )


def switch_a_call_in_the_journal(folder: Path) -> None:
    def switch(events: list[str]) -> list[str]:
        event = json.loads(events[2])  # event 3, AGAINST
        event["call"] = "for"
        return [*events[:2], canonical_json(event).decode().rstrip(), *events[3:]]

    edit_events(folder, switch)


def and_resign(change: Callable[[Path], None]) -> Callable[[Path], None]:
    """The same change by a forger holding the station's key: the content still tells."""

    def changed(folder: Path) -> None:
        from station.sheet.keys import load_key

        change(folder)
        resign(folder, load_key())

    return changed


def pdf_edit(folder: Path) -> None:
    pdf = folder / "tally.pdf"
    pdf.write_bytes(pdf.read_bytes().replace(b"Tally", b"Tallx", 1))


def signed_by_another_key(folder: Path) -> None:
    resign_with_other_key(folder, create_key(folder.parent / "forger.pem"))


def a_call_given_twice_in_the_journal(folder: Path) -> None:
    def twice(events: list[str]) -> list[str]:
        line = events[2]  # event 3, AGAINST: a first "call" FOR, which Python reads past
        return [*events[:2], '{"call":"for",' + line[1:], *events[3:]]

    edit_events(folder, twice)


EXPORT_CASES: list[tuple[str, Callable[[Path], None], str]] = [
    (
        "journal-jsonl-key-twice-resigned",
        and_resign(a_call_given_twice_in_the_journal),
        "journal.jsonl: line 4 is not in its canonical form",
    ),
    ("tally-json", bump_line_3, "tally.json was changed after it was signed"),
    ("tally-json-resigned", and_resign(bump_line_3), "tally.json: line 3"),
    (
        "journal-jsonl",
        switch_a_call_in_the_journal,
        "journal.jsonl was changed after it was signed",
    ),
    (
        "journal-jsonl-resigned",
        and_resign(switch_a_call_in_the_journal),
        "journal.jsonl: event 3 was altered",
    ),
    ("pdf", pdf_edit, "tally.pdf was changed after it was signed"),
    ("signature", lambda f: (f / "manifest.sig").write_text("AAAA\n"), "manifest.sig"),
    ("another-key", signed_by_another_key, "not by the expected key"),
    (
        "an-extra-file",
        lambda f: (f / "tally (corrected).pdf").write_bytes((f / "tally.pdf").read_bytes()),
        "'tally (corrected).pdf' is not part of the signed export",
    ),
]
