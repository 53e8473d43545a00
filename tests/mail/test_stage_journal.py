"""The envelope stage in the journal: durable rulings, reopening, verify, the voter list."""

import json
import sqlite3
from pathlib import Path

import pytest

from station.domain import Call, ReplayError
from station.domain.envelopes import EnvelopeFigures, Ruling
from station.journal import Journal
from station.journal.session import CountSession
from tests.helpers import verify_file
from tests.mail.helpers import VOTERS


def opened(path: Path) -> tuple[Journal, CountSession]:
    journal = Journal.open(path, seal_secret=b"s" * 32)
    return journal, CountSession.resume(journal, keep=10)


def test_rulings_survive_closing_and_the_ballots_follow_the_stage(mail_file: Path) -> None:
    journal, session = opened(mail_file)
    try:
        session.rule_envelope(Ruling.ACCEPTED, "100")
        session.rule_envelope(Ruling.ACCEPTED, "101")
        session.rule_envelope(Ruling.CHALLENGED, "102")
        session.rule_envelope(Ruling.VOID, "103")
        session.rule_envelope(Ruling.LATE, "104")
        session.rule_envelope(Ruling.CHALLENGED, write_in="Unlisted Person")
        session.undo_envelope()
        session.redo_envelope()
        with pytest.raises(ReplayError, match="before the envelope stage"):
            session.record(Call.FOR)
        assert session.setup.ballots is None
    finally:
        journal.close()  # seals a snapshot: the next opening starts from it
    journal, session = opened(mail_file)
    try:
        assert session.count.envelopes.figures == EnvelopeFigures(6, 2, 2, 1, 1)
        assert session.count.tally.challenged == 2
        session.end_envelopes()
        assert session.setup.ballots == 2  # the box holds the envelopes accepted
        session.record(Call.FOR)
        session.record(Call.AGAINST)
        with pytest.raises(ReplayError, match="no envelope is ruled after"):
            session.rule_envelope(Ruling.ACCEPTED, "105")
    finally:
        journal.close()
    verdict = verify_file(mail_file)
    assert verdict.ok, verdict.problem
    assert verdict.tally.counted == 2 and verdict.tally.challenged == 2


def test_the_voter_list_is_in_the_file_and_its_hash_in_the_setup(mail_file: Path) -> None:
    from station.journal.voters import load_voters

    with Journal.open(mail_file, read_only=True) as journal:
        voters = load_voters(journal.connection, journal.election.row["voters_hash"], mail_file)  # type: ignore[arg-type]
        assert voters == VOTERS
        assert journal.election.setup.mail


def test_an_altered_voter_list_is_caught_by_verify(mail_file: Path) -> None:
    conn = sqlite3.connect(mail_file)
    conn.execute("DROP TRIGGER voters_no_update")
    conn.execute("UPDATE voters SET name = 'Someone Else' WHERE voter_id = '101'")
    conn.commit()
    conn.close()
    verdict = verify_file(mail_file)
    assert not verdict.ok
    assert "voter list was altered" in (verdict.problem or "") or "guards" in (
        verdict.problem or ""
    )


def test_the_list_cannot_change_once_counting_began(mail_file: Path) -> None:
    journal, _session = opened(mail_file)
    journal.close()
    conn = sqlite3.connect(mail_file)
    with pytest.raises(sqlite3.IntegrityError, match="part of the setup"):
        conn.execute("INSERT INTO voters (position, voter_id, name) VALUES (99, 'x', 'Intruder')")
    with pytest.raises(sqlite3.IntegrityError, match="part of the setup"):
        conn.execute("DELETE FROM voters")
    conn.close()


def test_a_ruling_of_a_voter_not_on_the_list_fails_verify(mail_file: Path) -> None:
    journal, session = opened(mail_file)
    try:
        session.rule_envelope(Ruling.ACCEPTED, "999")  # the window never offers it
    finally:
        journal.close()
    verdict = verify_file(mail_file)
    assert not verdict.ok and "'999', who is not on the list" in (verdict.problem or "")


def test_an_ordinary_file_has_no_voters_and_the_same_setup_hash(election_file: Path) -> None:
    with Journal.open(election_file, read_only=True) as journal:
        assert not journal.election.setup.mail
        assert "voters_hash" not in journal.election.row and "mail" not in journal.election.row
        assert json.dumps(journal.election.setup.mail) == "false"
