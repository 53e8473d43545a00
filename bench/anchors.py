"""The anchors of the journal's figures: the same work done bare, on the same file.

Qt-free, so that tests/bench holds them to the bytes they stand for on a tiny file.

- `scan`: a plain Python loop reading every event row with `sqlite3`, and no more: what
  `verify` cannot go below in Python (in seconds, and in CPU seconds). Then the same loop hashing each row's canonical
  form with `hashlib.sha256` and comparing it with the row's hash: a plain Python check
  of the chain, on one core. Then, untimed, the canonical form of each event
  (the bytes `station.journal.chain.event_hash` hashes) joined into one string, and,
  timed, `hashlib.sha256` over it at once: the C-speed floor of hashing those bytes,
  how far a compiled walk of the chain could go.
- `jsonl_with_json`: the export's `journal.jsonl` written with the standard library's
  `json` (a `json.dumps` per line), from the same rows, flushed to the disk as the
  export flushes it.
"""

import hashlib
import json
import os
import sqlite3
import time
from pathlib import Path

from station.journal.chain import EVENT_PREFIX, OPTIONAL_SETUP_FIELDS, SEPARATOR
from station.journal.records import ELECTION_COLUMNS

FIELDS = ("seq", "utc", "mono_ns", "session", "action", "call", "target", "detail", "prev_hash")
_SELECT = f"SELECT {', '.join(FIELDS)}, hash FROM events ORDER BY seq"


def canonical(row: tuple[object, ...]) -> str:
    """The canonical form of an event row (its fields before `hash`), as chain.py hashes it."""
    return SEPARATOR.join(
        (EVENT_PREFIX, *("" if value is None else str(value) for value in row[: len(FIELDS)]))
    )


def scan(path: Path) -> dict[str, float]:
    """The bare read of every event of `path`, and the hash floor of the same events."""
    conn = sqlite3.connect(path)
    try:
        started = time.perf_counter()
        cpu = time.process_time()
        rows = 0
        for _row in conn.execute(_SELECT):
            rows += 1
        scan_s = time.perf_counter() - started
        scan_cpu_s = time.process_time() - cpu
        started = time.perf_counter()
        sha256 = hashlib.sha256
        for row in conn.execute(_SELECT):
            if sha256(canonical(row).encode()).hexdigest() != row[-1]:
                raise ValueError(f"event {row[0]}: its hash is not its own")
        scan_hash_s = time.perf_counter() - started
        blob = "".join(canonical(row) for row in conn.execute(_SELECT)).encode()
    finally:
        conn.close()
    started = time.perf_counter()
    hashlib.sha256(blob).hexdigest()
    hash_s = time.perf_counter() - started
    return {
        "scan_s": round(scan_s, 3),
        "scan_rows_per_s": round(rows / scan_s),
        "scan_cpu_s": round(scan_cpu_s, 3),
        "scan_hash_rows_per_s": round(rows / scan_hash_s),
        "hash_floor_s": round(hash_s, 4),
        "hash_floor_events_per_s": round(rows / hash_s),
        "hash_floor_mb": round(len(blob) / 1e6, 1),
    }


def jsonl_with_json(path: Path, last_seq: int, out: Path) -> float:
    """Write `journal.jsonl` of events 1 to `last_seq` with `json.dumps`; the seconds it took."""
    started = time.perf_counter()
    conn = sqlite3.connect(path)
    try:
        names = (*ELECTION_COLUMNS, *OPTIONAL_SETUP_FIELDS)
        values = conn.execute(f"SELECT {', '.join(names)} FROM election").fetchone()
        setup = {
            name: value
            for name, value in zip(names, values, strict=True)
            if value is not None or name in ELECTION_COLUMNS  # a null optional one is left out
        }
        with out.open("xb") as file:
            file.write(_line({"election": setup}))
            for event in conn.execute(
                f"SELECT {', '.join(FIELDS)}, hash FROM events WHERE seq <= ? ORDER BY seq",
                (last_seq,),
            ):
                file.write(_line(dict(zip((*FIELDS, "hash"), event, strict=True))))
            file.flush()
            os.fsync(file.fileno())
    finally:
        conn.close()
    return time.perf_counter() - started


def _line(value: object) -> bytes:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return (text + "\n").encode("utf-8")
