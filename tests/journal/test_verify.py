"""`verify` finds every change made to the record behind Station's back."""

import sqlite3
from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal
from tests.helpers import verify_file
from tests.journal.helpers import restore_guards, tamper


def counted(election_file: Path) -> None:
    journal = Journal.open(election_file)
    journal.start_session()
    for call in (Call.FOR, Call.AGAINST, Call.FOR, Call.CHALLENGE, Call.VOID):
        journal.append(Action.CALL, call)
    journal.append(Action.UNDO, Call.VOID, target=6)
    journal.close()  # events 1..8


def test_an_intact_journal_verifies(election_file: Path) -> None:
    counted(election_file)
    verdict = verify_file(election_file)
    assert verdict.ok, verdict.problem
    assert verdict.events == 8
    assert (verdict.tally.for_union, verdict.tally.against, verdict.tally.challenged) == (2, 1, 1)


@pytest.mark.parametrize(
    ("statements", "seq", "message"),
    [
        (["UPDATE events SET call = 'for' WHERE seq = 3"], 3, "altered"),
        (["UPDATE events SET utc = '2020-01-01T00:00:00+00:00' WHERE seq = 5"], 5, "altered"),
        (["UPDATE events SET session = 7 WHERE seq = 4"], 4, "altered"),
        (["DELETE FROM events WHERE seq = 4"], 4, "missing"),
        (
            # Swap the contents of two events, keeping their numbers in order.
            [
                "UPDATE events SET seq = 100 WHERE seq = 3",
                "UPDATE events SET seq = 3 WHERE seq = 4",
                "UPDATE events SET seq = 4 WHERE seq = 100",
            ],
            3,
            "does not chain",
        ),
    ],
)
def test_tampering_is_named(
    election_file: Path, statements: list[str], seq: int, message: str
) -> None:
    counted(election_file)
    tamper(election_file, *statements)
    restore_guards(election_file)  # only the chain can tell now
    verdict = verify_file(election_file)
    assert not verdict.ok
    assert verdict.seq == seq
    assert message in (verdict.problem or "")


def test_removing_the_guards_is_noticed(election_file: Path) -> None:
    counted(election_file)
    tamper(election_file)
    verdict = verify_file(election_file)
    assert not verdict.ok
    assert "guards were removed" in (verdict.problem or "")


def test_a_guard_put_back_weaker_is_noticed(election_file: Path) -> None:
    counted(election_file)
    tamper(election_file)
    restore_guards(election_file)
    conn = sqlite3.connect(election_file)
    conn.executescript(
        "DROP TRIGGER events_no_delete; CREATE TRIGGER events_no_delete BEFORE DELETE ON events"
        " WHEN OLD.call IS NOT 'for' BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;"
    )
    conn.close()
    verdict = verify_file(election_file)
    assert not verdict.ok
    assert verdict.problem == "the append-only guards were altered (events_no_delete)"


def test_an_altered_setup_is_noticed(election_file: Path) -> None:
    counted(election_file)
    conn = sqlite3.connect(election_file)
    conn.executescript("DROP TRIGGER election_no_update; UPDATE election SET eligible = 9000;")
    conn.executescript(
        "CREATE TRIGGER election_no_update BEFORE UPDATE ON election BEGIN SELECT RAISE(ABORT, 'x'); END;"
    )
    conn.close()
    verdict = verify_file(election_file)
    assert not verdict.ok and "setup was altered" in (verdict.problem or "")


def test_a_rehashed_but_illegal_undo_is_caught_by_the_replay(election_file: Path) -> None:
    """Even a forger who recomputes the chain cannot slip in an undo of an older call."""
    journal = Journal.open(election_file)
    journal.start_session()
    journal.append(Action.CALL, Call.FOR)  # 2
    journal.append(Action.CALL, Call.AGAINST)  # 3
    journal.close()
    # Append a forged, correctly chained event that undoes the FOR (not the last call).
    journal = Journal.open(election_file)
    journal.session = 1
    journal.append(Action.UNDO, Call.FOR, target=2)
    journal.session = None
    journal.close()
    verdict = verify_file(election_file)
    assert not verdict.ok
    assert "breaks the rules of the count" in (verdict.problem or "")
    assert verdict.seq == 5


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE events SET detail = X'7b7d' WHERE seq = 1",
        "UPDATE events SET utc = X'41' WHERE seq = 2",
        "UPDATE events SET detail = '' WHERE seq = 8",
    ],
)
def test_wrongly_typed_fields_are_named_not_crashed_on(election_file: Path, statement: str) -> None:
    counted(election_file)
    tamper(election_file, statement)
    restore_guards(election_file)
    verdict = verify_file(election_file)
    assert not verdict.ok
    assert "altered" in (verdict.problem or "")
