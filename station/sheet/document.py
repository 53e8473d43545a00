"""The exported sheet's facts (`tally.json`) and the journal beside it (`journal.jsonl`).

Canonical form of `tally.json` (format "station-tally-v1"): one UTF-8 JSON object with
sorted keys, no insignificant white space, non-ASCII characters kept as they are, and
one final newline. Its keys:

* `format`: "station-tally-v1";
* `election`: `election_id`, `setup_hash`, `case`, `employer`, `union`, `eligible`,
  `ballots`, `agent` (as set up before the count), and `table` (the table's label) for
  one table of a count run at several tables;
* `sheet_event`: `seq` and `hash` of the journal's SIGN event that prepared the sheet;
* `sheet`: that event's detail, exactly: `kind`, `title`, `revision`, `supersedes`,
  `head` (`seq`, `hash`: the last event certified), `counted`, `ballots`, `lines`
  ("1".."9": numbers for lines 1-7, true/false for lines 8 and 9), `statements`
  ("8", "9": the sentences printed), `case`, `employer`, `union`, `agent`,
  `observers` (`party`, `name`), `place`, `count_date`, `prepared`, `key` (the
  signing key's fingerprint).

`journal.jsonl` has one JSON object per line: first `{"election": {...}}` with the
stored setup row (hashed as `station.journal.chain` says), then every event up to and
including the sheet's SIGN event, with the fields `seq, utc, mono_ns, session, action,
call, target, detail, prev_hash, hash` exactly as stored (`detail` as its JSON text).
"""

import json
from collections.abc import Iterator
from typing import Any

from station.journal import Journal
from station.journal.checks import well_typed
from station.journal.records import EVENT_FIELDS, Election, Record

TALLY_FORMAT = "station-tally-v1"


def canonical_json(value: object) -> bytes:
    """The canonical bytes of a JSON value (see the module docstring)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return (text + "\n").encode("utf-8")


def tally_document(journal: Journal, sign: Record) -> dict[str, Any]:
    """The content of `tally.json` for the sheet prepared by the SIGN event `sign`."""
    return {
        "format": TALLY_FORMAT,
        "election": election_section(journal.election),
        "sheet_event": {"seq": sign.seq, "hash": sign.hash},
        "sheet": sign.details(),
    }


def election_section(election: Election) -> dict[str, object]:
    """The `election` part of `tally.json`."""
    setup = election.setup
    # Only a table's sheet has the key, so every other sheet keeps its bytes.
    table = {} if setup.table is None else {"table": setup.table}
    return {
        **table,
        "election_id": election.election_id,
        "setup_hash": election.setup_hash,
        "case": setup.case_number,
        "employer": setup.employer,
        "union": setup.union,
        "eligible": setup.eligible,
        "ballots": setup.ballots,
        "agent": setup.agent,
    }


def journal_lines(journal: Journal, last_seq: int) -> Iterator[bytes]:
    """The lines of `journal.jsonl`: the setup row, then events 1 to `last_seq`."""
    yield canonical_json({"election": journal.election.row})
    for row in journal.rows(1, last_seq):
        yield event_line(row)


def event_line(row: tuple[Any, ...]) -> bytes:
    """The line of `journal.jsonl` of one event, from its stored row (EVENT_FIELDS).

    The same bytes as `canonical_json` of the row's fields, written out because a
    long journal has many lines (the tests hold the two equal).
    """
    seq, utc, mono_ns, session, action, call, target, detail, prev_hash, hash_ = row
    if not well_typed(row):  # not as Station writes it: let json say it
        return canonical_json(dict(zip(EVENT_FIELDS, row, strict=True)))
    quote = _json_string
    line = (
        f'{{"action":{quote(action)},"call":{"null" if call is None else quote(call)},'
        f'"detail":{"null" if detail is None else quote(detail)},"hash":{quote(hash_)},'
        f'"mono_ns":{mono_ns},"prev_hash":{quote(prev_hash)},"seq":{seq},'
        f'"session":{session},"target":{"null" if target is None else target},'
        f'"utc":{quote(utc)}}}\n'
    )
    return line.encode("utf-8")


# json's own string quoting (in C), which keeps non-ASCII as ensure_ascii=False does.
_json_string = json.encoder.encode_basestring
