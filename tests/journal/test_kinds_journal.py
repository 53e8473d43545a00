"""A ballot of several unions in the journal: stored setup, fold, snapshot and verify."""

import random
from pathlib import Path

import pytest

from station.domain import Call, ElectionSetup
from station.domain.description import Vote
from station.journal import Journal, snapshots
from station.journal.chain import setup_hash
from station.journal.seal import station_secret
from station.journal.session import CountSession
from tests.helpers import JFK8, verify_file

THREE = ElectionSetup.validated(
    case_number="10-RC-000017", employer="Acme", union="Machinists",
    intervenors=["Carpenters"], neither="No union", eligible=900, pile=0,
)  # fmt: skip


def test_the_ballot_is_stored_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "three.station"
    Journal.create(path, THREE)
    with Journal.open(path, read_only=True) as journal:
        assert journal.election.setup == THREE
        assert journal.election.setup.ballot.choices == ("Machinists", "Carpenters", "No union")


def test_a_plain_election_stores_and_hashes_nothing_new(tmp_path: Path) -> None:
    path = tmp_path / "plain.station"
    Journal.create(path, JFK8)
    with Journal.open(path, read_only=True) as journal:
        row = journal.election.row
        assert "ballot" not in row
        assert setup_hash(row) == journal.election.setup_hash


def test_a_snapshot_keeps_each_choice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 20)
    path = tmp_path / "three.station"
    Journal.create(path, THREE)
    rng = random.Random(17)
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        for _ in range(200):
            roll = rng.random()
            if roll < 0.08:
                session.undo()
            elif roll < 0.10:
                session.redo()
            elif roll < 0.80:
                session.record(Vote(Call.FOR, choice=rng.choice((1, 2))))
            else:
                session.record(rng.choice((Call.AGAINST, Call.VOID, Call.CHALLENGE)))
        expected = session.count.choice_votes()
    # leaving the block closes it: a CLOSE event, then the snapshot
    with Journal.open(path, read_only=True) as journal:
        assert journal.snapshot_seqs()  # closing stored one
        restored = journal.restore(secret=station_secret())
        assert restored.choice_votes() == expected == journal.fold().choice_votes()
        assert restored.freeze() == journal.fold().freeze()
    assert verify_file(path).ok
