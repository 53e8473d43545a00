"""The sealing secret is handed down by whoever opens the file: the journal reads none itself."""

from pathlib import Path

import pytest

from station.domain import Action, Call
from station.journal import Journal, snapshots
from station.journal.seal import station_secret
from tests.domain.random_operator import state
from tests.journal.helpers import random_journal


@pytest.fixture
def long_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)  # start from it on a short file
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 20)
    path = tmp_path / "long.station"
    random_journal(path, 300, seed=5)  # closed by a station given its secret: one snapshot
    return path


def test_without_a_secret_no_snapshot_is_trusted_or_made(long_count: Path) -> None:
    secret = station_secret()
    assert secret is not None
    with Journal.open(long_count) as journal:  # given no secret
        assert snapshots.start_from(journal, journal.head_seq, None) is None
        started = snapshots.start_from(journal, journal.head_seq, secret)
        assert started is not None and started.seq == 302 - 20
        assert state(journal.restore()) == state(journal.restore(secret=secret))
        before = journal.snapshot_seqs()
        journal.start_session()
        for _ in range(60):
            journal.append(Action.CALL, Call.FOR)
    with Journal.open(long_count, read_only=True) as reader:
        assert reader.snapshot_seqs() == before  # closed without a secret: none sealed
