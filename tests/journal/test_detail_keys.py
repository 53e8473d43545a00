"""A detail its action does not have is refused by every reader of an election file."""

from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import CorruptJournal, Journal
from station.journal.stream_check import verify_records
from tests.helpers import JFK8, verify_file


def test_a_name_beside_an_undo_is_refused_by_verify_and_on_opening(tmp_path: Path) -> None:
    path = tmp_path / "count.station"
    Journal.create(path, JFK8)
    with Journal.open(path) as journal:
        journal.start_session()  # 1
        journal.append(Action.CALL, Call.FOR)  # 2
        journal.append(Action.UNDO, Call.FOR, 2, {"voter_name": "Hans Strauß"})  # 3
    words = "event 3 breaks the rules of the count: undo events have no detail 'voter_name'"
    verdict = verify_file(path)
    assert (verdict.ok, verdict.problem, verdict.seq) == (False, words, 3)
    with Journal.open(path, read_only=True) as journal:
        assert verify_records(journal.election, journal.records()).problem == words
        with pytest.raises(CorruptJournal, match="undo events have no detail 'voter_name'"):
            journal.restore()
