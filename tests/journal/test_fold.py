"""Journal.fold: a long journal folds fast, and ends exactly where replaying it does."""

from pathlib import Path

import pytest

from station.domain import Action, Call, Count
from station.journal import CorruptJournal, Journal
from tests.domain.random_operator import state
from tests.journal.helpers import random_journal, tamper


def one_by_one(journal: Journal, until: int | None = None) -> Count:
    count = journal.new_count()
    for _ in journal.fold_one_by_one(count, until):
        pass
    return count


def one_by_one_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make sure a fold is the fast one: folding one event at a time is an error."""

    def refuse(*args: object) -> None:
        raise AssertionError("the fold fell back to one event at a time")

    monkeypatch.setattr(Journal, "fold_one_by_one", refuse)


@pytest.mark.parametrize("seed", range(3))
def test_the_fast_fold_ends_where_the_replay_does(
    tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "random.station"
    random_journal(path, 300, seed)
    journal = Journal.open(path, read_only=True)
    try:
        assert journal.canonical
        with monkeypatch.context() as fast_only:
            one_by_one_refused(fast_only)
            fast = [journal.fold(until=until) for until in (None, 0, 1, 57, 150, 301)]
            continued = journal.fold(until=302, count=journal.fold(until=200))
        assert journal.head_seq == 302
        for until, folded in zip((None, 0, 1, 57, 150, 301), fast, strict=True):
            assert state(folded) == state(one_by_one(journal, until))
        assert state(continued) == state(one_by_one(journal))
        # Folding part of the way and replaying the rest gives the same count too.
        count = journal.fold(until=200)
        changes = [change for _record, change in journal.fold_one_by_one(count)]
        assert len(changes) == 102
        assert state(count) == state(one_by_one(journal))
    finally:
        journal.close()


def test_a_refused_event_is_named_as_a_replay_names_it(journal: Journal) -> None:
    journal.append(Action.CALL, Call.FOR)
    journal.append(Action.CALL, Call.AGAINST)
    journal.append(Action.UNDO, Call.FOR, 2)  # the last call was event 3, an AGAINST
    journal.append(Action.CALL, Call.VOID)
    with pytest.raises(CorruptJournal) as replayed:
        one_by_one(journal)
    with pytest.raises(CorruptJournal) as folded:
        journal.fold()
    assert str(folded.value) == str(replayed.value)
    assert "event 4: undo must name event 3" in str(folded.value)


def test_plain_calls_of_a_locked_count_are_refused(journal: Journal) -> None:
    journal.append(Action.CALL, Call.FOR)
    journal.append(Action.SIGN, target=2, detail={"kind": "interim"})
    journal.append(Action.CALL, Call.FOR)
    with pytest.raises(CorruptJournal, match="event 4: the count is locked"):
        journal.fold()


@pytest.mark.parametrize(
    ("statement", "why"),
    [
        # In `verify`'s words, as every way of opening says them.
        ("DELETE FROM events WHERE seq = 3", "event 3 is missing (the next one found is 4)"),
        (
            "UPDATE events SET seq = 40 WHERE seq = 4",
            "event 4 is missing (the next one found is 5)",
        ),
        # An unknown action was written outside Station: named as the break it is.
        ("UPDATE events SET action = 'cal' WHERE seq = 3", "event 3 was altered (its hash does"),
    ],
)
def test_a_missing_moved_or_unknown_call_is_named(
    election_file: Path, statement: str, why: str
) -> None:
    journal = Journal.open(election_file)
    journal.start_session()
    for call in (Call.FOR, Call.AGAINST, Call.VOID, Call.FOR):
        journal.append(Action.CALL, call)
    journal.close()
    tamper(election_file, statement)
    damaged = Journal.open(election_file, read_only=True)
    try:
        with pytest.raises(CorruptJournal) as replayed:
            one_by_one(damaged)
        with pytest.raises(CorruptJournal) as folded:
            damaged.fold()
    finally:
        damaged.close()
    assert str(folded.value) == str(replayed.value)
    assert why in str(folded.value)
