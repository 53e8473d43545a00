"""A journal of any kind of election that a station's rules accepted, key after key,
reads back whole: verified, folded fast to every one of its events, and restored, each
time to the very count the station showed."""

import random
from pathlib import Path

import pytest

from station.domain import Action, ElectionSetup
from station.domain.tally_sheet import computed_facts
from station.domain.voters import Voter, VoterList
from station.journal import Journal
from station.journal.creating import utc_now
from station.journal.verify import verify_journal
from station.sheet.prepare import sheet_context
from tests.domain.random_operator import KINDS, figures, operator_events, sign_dates, signed
from tests.journal.helpers import append_as_a_station


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_event_of_an_accepted_journal_folds_to_what_was_shown(
    kind: str, tmp_path: Path
) -> None:
    setup = KINDS[kind]
    path = tmp_path / "count.station"
    Journal.create(path, setup, _voters(setup) if setup.mail else None)
    rng = random.Random(49)  # its keys undo and redo a disputed vote, among much else
    shown = {}
    with Journal.open(path) as journal:
        journal.start_session()
        count = journal.fold()
        for event, live in operator_events(setup, [rng.getrandbits(32) for _ in range(150)], count):
            detail, stamp = event.detail, utc_now()
            if event.action is Action.SIGN:  # the sheet's facts and names, as a station's
                sheet = live.sheets[-1]
                superseded = None if sheet.supersedes is None else journal.record(sheet.supersedes)
                before = None if superseded is None else superseded.hash
                first_call = journal.first_record(Action.CALL)
                dates = sign_dates(None if first_call is None else first_call.utc, stamp)
                context = sheet_context(journal, live, sheet, dates["prepared"])
                detail = {**computed_facts(setup, sheet, journal.head_hash, before, context)}
                detail |= signed(setup, random.Random(event.seq)) | dates
            append_as_a_station(journal, event, detail, utc=stamp)
            shown[event.seq] = figures(live)
        assert len(shown) > 60, kind  # the keys made a count, not a string of refusals
        assert verify_journal(journal).ok
        for seq, expected in shown.items():
            assert figures(journal.fold(until=seq)) == expected, (kind, seq)
        assert figures(journal.restore()) == shown[journal.head_seq]


def _voters(setup: ElectionSetup) -> VoterList:
    """The listed voters the operator's envelopes name, "0" to "29", each in the group
    the operator gives them."""
    keys = [spec.key for spec in (setup.choices.groups if setup.choices else ())]
    return VoterList.of(
        tuple(
            Voter(str(n), f"Voter {n}", (("group", keys[n % len(keys)]),) if keys else ())
            for n in range(30)
        )
    )
