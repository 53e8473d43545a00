"""The canonical bytes of an export's `tally.json` and `journal.jsonl` lines.

Pure: written by `station sign`/export (`station.sheet.document`, which describes the
format) and recomputed by the verification core, from the same functions.
"""

import json
from typing import Any

from station.journal.checks import well_typed
from station.journal.records import EVENT_FIELDS, Election, Record
from station.verification.formats import CURRENT as TALLY_FORMAT


def canonical_json(value: object) -> bytes:
    """The canonical bytes of a JSON value (see the module docstring)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return (text + "\n").encode("utf-8")


def tally_document(election: Election, sign: Record) -> dict[str, Any]:
    """The content of `tally.json` for the sheet prepared by the SIGN event `sign`: what
    export writes, and what verify recomputes from the journal and compares whole."""
    return {
        "format": TALLY_FORMAT,
        "election": election_section(election),
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
