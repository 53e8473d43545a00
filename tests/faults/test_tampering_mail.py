"""Tampering with a mail ballot's file: its rulings, the order of the stages, its voter list.

As in test_tampering.py, a careful forger recomputes the hash chain and puts the guards
back; what the file alone still shows is caught by `station verify FILE`, and a
sheet prepared after the stage certifies the head, so a rewritten history shows there.
"""

import json
import sqlite3
from pathlib import Path

import pytest

from station.cli import main
from station.domain import Call
from station.journal.schema import VOTER_GUARD_STATEMENTS
from tests.faults.tampering import assert_caught, rewrite, rows
from tests.mail.helpers import SIX_RULINGS, counting


@pytest.fixture
def mail_election(tmp_path: Path) -> Path:
    """A mail count (events 1-10: open, 6 rulings, the end, 2 calls), then signed."""
    path = tmp_path / "mail.station"
    with counting(path, new=True) as session:
        for voter, ruling in SIX_RULINGS:
            session.rule_envelope(ruling, voter)
        session.end_envelopes()
        session.record(Call.FOR)
        session.record(Call.AGAINST)
    assert main(["sign", str(path), "--agent", "R. Agent"]) == 0
    return path


def test_a_ruling_changed_and_rehashed_is_caught(mail_election: Path) -> None:
    path = mail_election
    events = rows(path)
    detail = json.loads(events[1][7])
    assert detail == {"ruling": "accepted", "voter": "100"}  # event 2
    events[1][7] = '{"ruling":"challenged","voter":"100"}'
    rewrite(path, events, rehash_from=2)
    assert_caught([path], "event 8 breaks the rules of the count")  # the end names 3 accepted


def test_a_call_moved_before_the_end_of_the_stage_is_caught(
    mail_election: Path,
) -> None:
    path = mail_election
    events = rows(path)
    call = events.pop(8)
    end = events.pop(7)
    end_seq, call_seq = end[0], call[0]
    swapped_call = [end_seq, *events[6][1:4], "call", "for", None, None, "", ""]
    swapped_end = [call_seq, *end[1:]]
    rewrite(path, [*events[:7], swapped_call, swapped_end, *events[7:]], rehash_from=end_seq)
    assert_caught([path], "no ballot is called before the envelope stage has ended")


def test_a_voter_swapped_in_a_ruling_is_caught(
    mail_election: Path,
) -> None:
    path = mail_election
    events = rows(path)
    events[1][7] = '{"ruling":"accepted","voter":"999"}'  # a voter not on the list
    rewrite(path, events, rehash_from=2)
    assert_caught([path], "'999', who is not on the list")
    events[1][7] = '{"ruling":"accepted","voter":"105"}'  # another listed voter's
    events[6][7] = '{"ruling":"accepted","voter":"100"}'
    rewrite(path, events, rehash_from=2)
    # The rules hold, but the sheet certifies another head: caught by the file alone.
    assert_caught([path], "(the final tally sheet) its head says")


def test_a_voter_added_to_the_list_is_caught(mail_election: Path) -> None:
    path = mail_election
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER voters_before_setup")
    conn.execute("INSERT INTO voters (position, voter_id, name) VALUES (7, '106', 'Ghost Voter')")
    conn.execute(VOTER_GUARD_STATEMENTS[2])  # the guard put back word for word
    conn.commit()
    conn.close()
    assert_caught([path], "the voter list was altered")
