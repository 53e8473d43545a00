"""Journals built and tampered with for the journal's tests: a random count, an edited event."""

import dataclasses
import sqlite3
from collections.abc import Mapping
from pathlib import Path

from station.domain import Action, Event
from station.domain.tally_sheet import computed_facts
from station.journal import Journal, store
from station.journal.schema import EVENT_GUARDS
from station.journal.seal import station_secret
from tests.domain.random_operator import random_events, sign_dates
from tests.helpers import JFK8, built_in_ram

# What a station records on every sheet beside the facts the journal gives.
RECORDED = {
    "agent": "R. Agent",
    "observers": [],
    "place": None,
    "count_date": "2026-12-01",
    "prepared": "2026-12-01T18:00:00+00:00",
    "key": "0000-1111-2222-3333-4444-5555-6666-7777",
}


def random_journal(path: Path, events: int, seed: int) -> None:
    """An election file of `events` random events after its first OPEN, with piles of 5.

    Its interim sheets state the facts the journal gives, as a station's would.
    """
    setup = dataclasses.replace(JFK8, ballots=None, pile=5)
    with built_in_ram(path) as scratch:
        Journal.create(scratch, setup)
        with Journal.open(scratch, seal_secret=station_secret()) as journal:  # a station's
            journal.start_session()
            count = journal.fold()
            for event in random_events(count, events, seed):
                detail = event.detail
                stamp = None
                if event.action is Action.SIGN:  # dated by its own reading of the clock
                    stamp = store.utc_now()
                    first_call = journal.first_record(Action.CALL)
                    detail = {
                        **computed_facts(setup, count.sheets[-1], journal.head_hash, None),
                        **RECORDED,
                        **sign_dates(None if first_call is None else first_call.utc, stamp),
                    }
                append_as_a_station(journal, event, detail, utc=stamp)


def append_as_a_station(
    journal: Journal,
    event: Event,
    detail: Mapping[str, object] | None,
    utc: str | None = None,
) -> None:
    """Write `event` as a station writes it: an OPEN begins a session of its own."""
    if event.action is Action.OPEN:
        journal.start_session()
    else:
        journal.append(event.action, event.call, event.target, detail, utc=utc)


def tamper(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path)
    conn.executescript(
        "DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete;"
        " DROP TRIGGER events_append_only;"
    )
    for sql in statements:
        conn.execute(sql)
    conn.commit()
    conn.close()


def restore_guards(path: Path) -> None:
    """Put back the dropped triggers word for word, as a careful forger would."""
    conn = sqlite3.connect(path)
    for guard in EVENT_GUARDS:
        conn.execute(guard)
    conn.commit()
    conn.close()


LAG = 20
