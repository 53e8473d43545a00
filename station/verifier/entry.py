"""What the Python verifier page asks of Station's own Python: the verdict on a folder.

The page (built by `station.verifier.python_page`) runs this module in CPython compiled
to WebAssembly, with the files the observer picked, as bytes, and the fingerprint they
typed. It imports only what runs there: no Qt, no SQLite, no `cryptography`, no key
store. Signatures are checked by whatever the caller hands in (`in_browser` has the
browser's WebCrypto; the command line has `cryptography`).

For now it checks the hash chain of `journal.jsonl` with the journal's own checks
(`checks.event_problem`, the ones `station verify` makes): the verification core
takes its place here once it is a package of its own.
"""

from collections.abc import Mapping
from typing import Any

from station.journal import bounded_json
from station.journal.chain import setup_hash
from station.journal.checks import event_problem
from station.journal.errors import CorruptJournal
from station.journal.records import EVENT_FIELDS, Record, election_from_row

JOURNAL = "journal.jsonl"
MAX_LINE = bounded_json.MAX_DETAIL_CHARS + 4096  # as `station verify` reads an export's lines
NOT_YET = "Not checked by this page yet: the signature, the sheet and its PDF (station verify checks them)."


def check(files: Mapping[str, bytes], fingerprint: str) -> dict[str, Any]:
    """The verdict on an export folder's files (name to bytes), as the page shows it.

    Returns `ok`, the `lines` to show (the first says INTACT or NOT INTACT), and, when
    the chain holds, the number of `events` and the `head` hash. `fingerprint`, the
    key written down by the observer, is for the signature check the core brings.
    """
    del fingerprint  # the chain alone does not involve the key
    journal = files.get(JOURNAL)
    if journal is None:
        return _bad(f"{JOURNAL}: is not in the folder")
    problem, events, head = chain_problem(journal)
    if problem is not None:
        return _bad(f"{JOURNAL}: {problem}")
    return {
        "ok": True,
        "lines": [f"{JOURNAL}: the chain of its {events} events holds; head {head}", NOT_YET],
        "events": events,
        "head": head,
    }


def chain_problem(journal: bytes) -> tuple[str | None, int, str]:
    """The first break in `journal.jsonl`'s chain, or None; the events checked; the head.

    Line 1 is the election setup (its hash is the first event's link), then one event a
    line, each checked in turn as `station verify` checks it.
    """
    lines = journal.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    if not lines:
        return "is empty", 0, ""
    try:
        first = bounded_json.loads(lines[0], max_chars=MAX_LINE)
    except ValueError:
        first = None
    row = first.get("election") if isinstance(first, dict) else None
    if not isinstance(row, dict):
        return "line 1 is not the election setup", 0, ""
    try:
        election = election_from_row(row, JOURNAL)
    except CorruptJournal:
        return "the election setup was altered", 0, ""
    head = election.setup_hash
    if setup_hash(election.row) != head:
        return "the election setup was altered (its hash does not match)", 0, head
    checked = 0
    for number, line in enumerate(lines[1:], start=2):
        try:
            event = bounded_json.loads(line, max_chars=MAX_LINE)
            if not isinstance(event, dict) or len(event) != len(EVENT_FIELDS):
                raise TypeError
            record = Record(*(event[field] for field in EVENT_FIELDS))
        except (ValueError, TypeError, KeyError):
            return f"line {number} is not a journal event", checked, head
        problem = event_problem(record, checked + 1, head)
        if problem is not None:
            return problem, checked, head
        checked += 1
        head = record.hash
    return None, checked, head


def _bad(problem: str) -> dict[str, Any]:
    return {"ok": False, "lines": [f"NOT INTACT: {problem}"]}
