"""A write-in is the envelope of the voter it names: one voter, one envelope accepted.

The steps held here: with a listed voter's envelope ACCEPTED, Ctrl+N and the same
voter's name as "Last, First", then the voter's id, each ruled A; a write-in accepted
and the same name typed again in another case with a trailing space, A. Accepting them
all would let one voter's ballot reach the pile up to three times.
"""

from pathlib import Path

import pytest

from station.domain import ReplayError
from station.domain.envelopes import EnvelopeFigures, Ruling
from station.domain.voters import Voter, VoterList
from station.domain.write_ins import identify, name_key
from station.journal import Journal
from station.journal.session import CountSession, Refused


def opened(path: Path) -> tuple[Journal, CountSession]:
    journal = Journal.open(path, seal_secret=b"s" * 32)
    return journal, CountSession.resume(journal, keep=10)


def test_names_are_read_as_an_agent_reads_them() -> None:
    assert name_key("Smith, John") == name_key("john  SMITH") == name_key("John Smith.")
    assert name_key("jane doe ") == name_key("Jane Doe")
    assert name_key("John Smithson") != name_key("John Smith")


def test_a_write_in_naming_a_listed_voter_is_their_second_envelope(mail_file: Path) -> None:
    journal, session = opened(mail_file)
    try:
        session.rule_envelope(Ruling.ACCEPTED, "101")  # Charles Babbage
        for typed in ("Babbage, Charles", "101", " charles  BABBAGE "):
            with pytest.raises(ReplayError, match="second envelope of 101"):
                session.rule_envelope(Ruling.ACCEPTED, write_in=typed)
        change = session.rule_envelope(Ruling.CHALLENGED, write_in="Babbage, Charles")
        assert change.envelope is not None and change.envelope.voter == "101"
        assert change.envelope.second
        session.rule_envelope(Ruling.ACCEPTED, write_in="Jane Doe")
        with pytest.raises(ReplayError, match="second envelope of write-in:Jane Doe"):
            session.rule_envelope(Ruling.ACCEPTED, write_in="jane doe ")
        change = session.rule_envelope(Ruling.VOID, write_in="DOE, jane")
        assert change.envelope is not None and change.envelope.write_in == "Jane Doe"
        assert change.envelope.second
        assert session.count.envelopes.figures == EnvelopeFigures(4, 2, 1, 1, 0)
    finally:
        journal.close()


def test_a_name_several_voters_share_cannot_be_accepted_as_written(tmp_path: Path) -> None:
    from tests.mail.helpers import BESSEMER

    voters = VoterList.of((Voter("1", "Lee Kim"), Voter("2", "Lee Kim"), Voter("3", "Ada")))
    path = tmp_path / "namesakes.station"
    Journal.create(path, BESSEMER, voters)
    journal, session = opened(path)
    try:
        before = journal.head_seq
        with pytest.raises(Refused, match=r"several voters on the list \(ids 1, 2\)"):
            session.rule_envelope(Ruling.ACCEPTED, write_in="Kim, Lee")
        assert journal.head_seq == before  # nothing written
        change = session.rule_envelope(Ruling.CHALLENGED, write_in="Kim, Lee")
        assert change.envelope is not None and change.envelope.write_in == "Kim, Lee"
    finally:
        journal.close()


def test_identify_prefers_the_list_then_the_first_write_in() -> None:
    voters = VoterList.of((Voter("7", "John Smith"),))
    assert identify("smith, john", voters, []).voter == "7"
    assert identify("7", voters, []).voter == "7"
    assert identify("jane doe", voters, ["Jane  Doe"]).write_in == "Jane  Doe"
    assert identify("Jane Doe", voters, []).write_in == "Jane Doe"
