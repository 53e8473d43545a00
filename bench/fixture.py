"""Building large election files for the benchmarks, fast but honestly.

A fixture is a real Station file: `Journal.create` makes it (schema, triggers, setup
hash), and the events are real events with real hashes, each chained to the one before,
inserted through the append-only trigger like any other. Only two things differ from a
station counting: every event goes in within ONE transaction (a million durable commits
would take hours), and the events are invented by a seeded random operator. Every event
is folded into a `Count` as it is made, so the rules of the count hold for all of them;
`station verify` on a fixture says it is intact. The file ends as a station leaves a
file it closes: with a snapshot of the count (`Journal.checkpoint`).

The operator calls (mostly FOR and AGAINST, some VOID and CHALLENGE), undoes and redoes,
gives challenges a party and reason, has VOIDs disputed, recounts every full pile, stops
the session now and then, and pauses the count with an interim sheet (signed with the
bench's own key) that it then resumes.

    .venv/bin/python bench/fixture.py EVENTS PATH
"""

import json
import random
import sqlite3
import sys
import time
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

from common import JFK8  # bench/ is the script's folder, so on sys.path

from station import __version__
from station.domain import Action, Call, Count, Event, SheetKind
from station.domain.sheet_dates import count_dates
from station.domain.tally_sheet import computed_facts
from station.journal import Journal
from station.journal.chain import event_hash
from station.journal.records import INSERT
from station.journal.schema import SNAPSHOT_GUARD_STATEMENTS
from station.journal.seal import station_secret

SETUP = replace(JFK8, agent="R. Agent")  # a million events: no box that big
SESSION_EVERY = 50_000  # events between a CLOSE and the next OPEN
SHEET_EVERY = 200_000  # events between interim sheets (each followed by a REOPEN)
_REASONS = ("supervisor", "not on the eligibility list", "no longer employed")


def build(path: Path, events: int, *, key: str = "bench-key", seed: int = 7) -> Count:
    """Create `path` holding exactly `events` events; return their fold."""
    Journal.create(path, SETUP)
    journal = Journal.open(path, read_only=True)
    setup_hash = journal.election.setup_hash
    journal.close()
    rng = random.Random(seed)
    count = Count(pile_size=SETUP.pile)
    rows: list[tuple[object, ...]] = []
    start = datetime(2021, 4, 8, 13, 0, tzinfo=UTC)
    head = setup_hash
    session = 0
    first_call_utc: str | None = None
    pending_piles: list[tuple[Call, int]] = []

    def add(
        action: Action,
        call: Call | None = None,
        target: int | None = None,
        detail: dict[str, object] | None = None,
    ) -> None:
        nonlocal head, session, first_call_utc
        seq = len(rows) + 1
        if action is Action.OPEN:
            session = seq
        text = None if detail is None else json.dumps(detail, sort_keys=True, separators=(",", ":"))
        count.apply(Event(seq, action, call, target, detail))  # raises if the rules refuse
        utc = (start + timedelta(milliseconds=700 * seq)).isoformat(timespec="microseconds")
        fields = (
            seq,
            utc,
            seq * 700_000_000,
            session,
            action.value,
            None if call is None else call.value,
            target,
            text,
            head,
        )
        head = event_hash(*fields)
        rows.append((*fields, head))
        if action is Action.CALL and first_call_utc is None:
            first_call_utc = utc
        if action in (Action.CALL, Action.REDO) and call is not None and SETUP.pile:
            total = count.total(call)
            if total % SETUP.pile == 0:
                pending_piles.append((call, total // SETUP.pile))

    add(Action.OPEN, detail={"previous_session": "none", "station": __version__})
    while len(rows) < events - 3:
        seq = len(rows) + 1
        if seq % SESSION_EVERY == 0:
            add(Action.CLOSE)
            add(Action.OPEN, detail={"previous_session": "closed", "station": __version__})
            continue
        if seq % SHEET_EVERY == 0:
            sheet = count.next_sheet(SheetKind.INTERIM)
            detail = {
                **computed_facts(SETUP, sheet, head, None),
                "agent": "R. Agent",
                "observers": [],
                "place": None,
                **_dates(first_call_utc, start + timedelta(milliseconds=700 * (len(rows) + 1))),
                "key": key,
            }
            add(Action.SIGN, target=seq - 1, detail=detail)
            add(Action.REOPEN, detail={"reason": "count resumed after the pause"})
            continue
        if pending_piles:
            call, pile = pending_piles.pop()
            if count.total(call) // SETUP.pile >= pile:
                add(Action.PILE, call, pile, {"found": SETUP.pile})
            continue
        roll = rng.random()
        last = count.next_undo()
        if roll < 0.02 and last:
            add(Action.UNDO, last[1], last[0])
        elif roll < 0.025 and count.next_redo():
            redo_seq, redo_call = count.next_redo() or (0, Call.FOR)
            add(Action.REDO, redo_call, redo_seq)
        elif roll < 0.027 and last and last[1] is Call.VOID:
            add(
                Action.DISPUTE,
                Call.VOID,
                last[0],
                {"party": rng.choice(("employer", "petitioner"))},
            )
        elif roll < 0.03 and last and last[1] is Call.CHALLENGE:
            challenge = count.challenges.get(last[0])
            if challenge is None or challenge.disputed_void:
                continue
            add(Action.AMEND, None, last[0], {"party": "employer", "reason": rng.choice(_REASONS)})
        else:
            pick = rng.random()
            call = (
                Call.FOR
                if pick < 0.46
                else Call.AGAINST
                if pick < 0.92
                else Call.VOID
                if pick < 0.97
                else Call.CHALLENGE
            )
            add(Action.CALL, call)
    while len(rows) < events - 1:
        add(Action.CALL, Call.FOR)
    add(Action.CLOSE)
    conn = sqlite3.connect(path)
    try:
        with conn:  # one transaction, through the append-only trigger
            conn.executemany(INSERT, rows)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    # What a station does as it closes the file: store a snapshot of the count.
    secret = station_secret()
    assert secret is not None
    journal = Journal.open(path)
    try:
        journal.checkpoint(secret)
    finally:
        journal.close()
    # The whole file in one: the benchmarks copy the file alone, which without this
    # would leave a small fixture's snapshot behind in its -wal.
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()
    return count


def _dates(first_call_utc: str | None, utc: datetime) -> dict[str, str]:
    """A sheet's dates as a station records them for a SIGN event stamped `utc`."""
    return {
        "prepared": utc.isoformat(timespec="seconds"),
        "count_date": count_dates(first_call_utc, utc),
    }


def drop_snapshots(path: Path) -> None:
    """Take the snapshots out of a copy of a fixture: the file a crashed station left.

    The guard that forbids it is put back exactly as it was: a file whose definitions
    differ from Station's is never folded the fast way.
    """
    guard = next(sql for sql in SNAPSHOT_GUARD_STATEMENTS if "snapshots_no_delete" in sql)
    conn = sqlite3.connect(path)
    try:
        conn.executescript("DROP TRIGGER snapshots_no_delete; DELETE FROM snapshots;")
        conn.execute(guard)
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def cached(folder: Path, events: int, *, key: str = "bench-key") -> tuple[Path, dict[str, int]]:
    """A fixture of `events` events in `folder` (built once per folder) and its tally."""
    path = folder / f"fixture-{events}.station"
    expected = folder / f"fixture-{events}.json"
    if not expected.exists():
        path.unlink(missing_ok=True)
        started = time.perf_counter()
        count = build(path, events, key=key)
        tally = count.tally
        figures = {
            "for": tally.for_union,
            "against": tally.against,
            "void": tally.void,
            "challenged": tally.challenged,
            "events": count.last_seq,
        }
        expected.write_text(json.dumps(figures))
        print(f"  (built a {events:,}-event journal in {time.perf_counter() - started:.1f} s)")
    return path, json.loads(expected.read_text())


if __name__ == "__main__":
    started = time.perf_counter()
    built = build(Path(sys.argv[2]), int(sys.argv[1]))
    print(f"{built.last_seq:,} events, {built.tally}, in {time.perf_counter() - started:.1f} s")
