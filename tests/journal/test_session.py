"""The count session, without Qt: check, append, fold, and report what changed."""

import dataclasses
from pathlib import Path

import pytest

from station.domain import Action, Call, ElectionSetup, ReplayError, SheetKind
from station.journal import Journal, WriteFailed
from station.journal import session as session_module
from station.journal.session import CountSession, OverCount, Refused
from station.sheet.prepare import SheetRequest, prepare_sheet, reopen_count
from tests.domain.random_operator import state
from tests.helpers import JFK8


def opened(path: Path, keep: int = 10) -> tuple[Journal, CountSession]:
    journal = Journal.open(path)
    return journal, CountSession.resume(journal, keep=keep)


def test_a_commit_returns_the_change_of_the_record_it_appended(election_file: Path) -> None:
    journal, session = opened(election_file)
    try:
        change = session.record(Call.AGAINST)
        assert (change.event.seq, change.event.call, change.ballot) == (2, Call.AGAINST, 1)
        assert journal.last_records(1)[0].event() == change.event  # the very record
        assert session.recent[-1] is change and session.count.tally.against == 1
    finally:
        journal.close()
    with Journal.open(election_file, read_only=True) as reader:
        assert state(reader.fold(session.count.last_seq)) == state(session.count)  # the file


def test_the_rules_refuse_before_the_journal_is_written(election_file: Path) -> None:
    journal, session = opened(election_file)
    try:
        head = journal.head_seq
        with pytest.raises(ReplayError):
            session.commit(Action.UNDO, Call.FOR, 99)  # no such call to take back
        assert journal.head_seq == head and session.count.last_seq == head
        assert session.undo() is None and session.redo() is None  # nothing to do: nothing written
        assert journal.head_seq == head
    finally:
        journal.close()


def test_a_failed_write_changes_nothing(
    election_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal, session = opened(election_file)
    try:
        session.record(Call.FOR)
        before = state(session.count)

        def fail(*_args: object, **_kwargs: object) -> None:
            raise WriteFailed("not recorded: the disk is full", "the disk is full")

        monkeypatch.setattr(journal, "append", fail)
        with pytest.raises(WriteFailed) as failed:
            session.record(Call.FOR)
        assert failed.value.reason == "the disk is full"
        assert state(session.count) == before
    finally:
        monkeypatch.undo()
        journal.close()


def test_undo_and_redo_follow_the_counts_own_stacks(election_file: Path) -> None:
    journal, session = opened(election_file)
    try:
        first = session.record(Call.FOR)
        second = session.record(Call.AGAINST)
        assert session.undo_target() == (second.event.seq, Call.AGAINST, 2)
        undone = session.undo()
        assert undone is not None and undone.event.action is Action.UNDO
        assert session.undo_target() == (first.event.seq, Call.FOR, 1)
        assert session.redo_target() == (second.event.seq, Call.AGAINST, 2)
        redone = session.redo()
        assert redone is not None and redone.event.target == second.event.seq
        assert session.redo_target() is None
    finally:
        journal.close()
    journal, session = opened(election_file)  # the same history after a restart
    try:
        assert session.undo_target() == (second.event.seq, Call.AGAINST, 2)
    finally:
        journal.close()


def test_ctrl_z_reaches_back_at_most_the_undo_limit(
    election_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session_module, "UNDO_LIMIT", 3)
    journal, session = opened(election_file)
    try:
        for _ in range(5):
            session.record(Call.FOR)
        assert [session.undo() is not None for _ in range(4)] == [True, True, True, False]
        assert session.count.tally.for_union == 2  # older calls stay counted
    finally:
        journal.close()


def test_a_locked_count_refuses_in_one_sentence_and_writes_nothing(
    election_file: Path,
    qapp: object,  # the sheet's font checks the names: Qt
) -> None:
    journal, session = opened(election_file)
    try:
        session.record(Call.FOR)
        request = SheetRequest(SheetKind.INTERIM, "R. Agent", [], None)
        sheet = prepare_sheet(session, request, key_fingerprint="test").sheet
        assert sheet is not None and session.locked_by == sheet
        head = journal.head_seq
        for act in (
            lambda: session.record(Call.FOR),
            session.undo,
            lambda: session.check_pile(Call.FOR, 1, 1),
        ):
            with pytest.raises(Refused, match="locked by the interim tally sheet"):
                act()
        assert journal.head_seq == head
        reopened = reopen_count(session, "count resumed after the pause")
        assert reopened.sheet == sheet and session.locked_by is None
    finally:
        journal.close()


def test_a_call_beyond_the_box_needs_its_confirmation(tmp_path: Path) -> None:
    path = tmp_path / "small.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=1))
    journal, session = opened(path)
    try:
        session.record(Call.FOR)
        with pytest.raises(OverCount) as refused:
            session.record(Call.VOID)
        assert refused.value.call is Call.VOID and session.count.counted == 1
        confirmed = session.record(Call.VOID, over_count=True)
        assert confirmed.event.detail == {"over_count": True}
    finally:
        journal.close()


def test_resuming_keeps_the_last_changes_for_the_list(election_file: Path) -> None:
    journal, session = opened(election_file, keep=3)
    try:
        for call in (Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE):
            session.record(call)
    finally:
        journal.close()
    journal, session = opened(election_file, keep=3)
    try:
        actions = [(c.event.action, c.event.call) for c in session.recent]
        assert actions == [(Action.CALL, Call.CHALLENGE), (Action.CLOSE, None), (Action.OPEN, None)]
    finally:
        journal.close()


def test_the_session_needs_no_election_of_its_own(tmp_path: Path) -> None:
    """A session is built on any journal and count: the CLI replays first, then starts."""
    path = tmp_path / "plain.station"
    Journal.create(path, ElectionSetup("01-RC-000001", "Acme", "Union", eligible=10))
    journal = Journal.open(path)
    try:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        assert session.start().event.action is Action.OPEN
        assert session.record(Call.FOR).ballot == 1
    finally:
        journal.close()
