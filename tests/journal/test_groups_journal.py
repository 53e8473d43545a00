"""An election of voting groups in the journal: stored setup, calls, fold and snapshot."""

import random
from pathlib import Path

import pytest

from station.domain import Call, Count, ElectionSetup, ReplayError
from station.domain.description import Vote
from station.domain.election import SetupError, voting_groups
from station.domain.groups import Rule, units
from station.journal import Journal, snapshots
from station.journal.chain import setup_hash
from station.journal.seal import station_secret
from station.journal.session import CountSession
from tests.helpers import verify_file

SONOTONE = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
    eligible=1, groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"],
        ["A=30", "B=80"], ["A=25", "B=70"], sonotone=["A"],
    ),
)  # fmt: skip


def test_the_groups_are_stored_with_the_ballot_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    with Journal.open(path, read_only=True) as journal:
        setup = journal.election.setup
        assert setup == SONOTONE
        assert [(g.key, g.eligible, g.ballots, g.rule) for g in setup.ballot.groups] == [
            ("A", 30, 25, Rule.SONOTONE),
            ("B", 80, 70, Rule.OWN),
        ]
        assert '"groups":[' in str(journal.election.row["ballot"])
        assert setup_hash(journal.election.row) == journal.election.setup_hash


def test_bad_groups_are_one_line_each() -> None:
    for args, words in [
        ((["A=Professional"], ["A=3"]), "at least two groups"),
        ((["A=Professional"], ["A=3"], (), ["A"]), "at least two groups"),  # Sonotone alone
        ((["A=P", "B=N"], ["A=3"], (), (), ["A"]), "--eligible B=N"),
        ((["A=P", "B=N"], ["A=3"]), "--eligible B=N"),
        ((["A=P", "B=N"], ["A=3", "B=4"], (), ["C"]), "no group 'C'"),
        ((["A=P", "AB"], ["A=3"]), "KEY=NAME"),
    ]:
        with pytest.raises(SetupError, match=words):
            voting_groups(*args)  # type: ignore[arg-type]


def _figures(session: CountSession) -> list[tuple[object, ...]]:
    return [
        (t.votes, t.void, t.challenged, t.yes, t.no, t.remaining)
        for t in session.count.group_tallies()
    ]


def test_a_sonotone_ballot_is_one_call_and_undone_whole(tmp_path: Path) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        session.record(Vote(Call.FOR, group="A", inclusion="yes"))
        session.record(Vote(Call.AGAINST, group="A", inclusion="yes"))
        session.record(Vote(Call.FOR, group="A"))  # question 1 unmarked: counts on question 2
        session.record(Vote(Call.CHALLENGE, group="A"))
        session.record(Vote(Call.FOR, group="B"))
        session.record(Vote(Call.VOID, group="B"))
        session.record(Vote(Call.AGAINST, group="A", inclusion="no"))
        session.undo()  # the whole last ballot: both answers
        assert _figures(session) == [((2, 1), 0, 1, 2, 0, 21), ((1, 0), 1, 0, 0, 0, 68)]
        with pytest.raises(ReplayError):
            session.record(Call.FOR)  # no group named
        with pytest.raises(ReplayError):
            session.record(Vote(Call.CHALLENGE, group="A", inclusion="yes"))  # sealed whole
        with pytest.raises(ReplayError):
            session.record(Vote(Call.FOR, group="A", inclusion="maybe"))
        with pytest.raises(ReplayError):
            session.record(Vote(Call.FOR, group="B", inclusion="yes"))  # B has no question 1
        (pooled,) = units(SONOTONE.ballot.groups, session.count.group_tallies(), 1)
        assert pooled.groups == ("A", "B") and pooled.votes == (3, 1)
        # 2 yes, 0 no: one challenged professional cannot turn question 1, nor 3 to 1.
        assert not pooled.determinative and not pooled.decided  # 91 ballots remain


def test_question_1_is_tallied_apart_from_question_2(tmp_path: Path) -> None:
    # Providence Health, 369 NLRB No. 78: marks in both boxes void that question only.
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        session.record(Vote(Call.VOID, group="A", inclusion="yes"))  # question 2 void
        session.record(Vote(Call.VOID, group="A", inclusion="blank"))  # question 2 void too
        session.record(Vote(Call.FOR, group="A", inclusion="void"))  # question 1 void
        session.record(Vote(Call.AGAINST, group="A"))  # question 1 unmarked
        session.record(Vote(Call.VOID, group="A"))  # void whole, as journals always had it
        session.record(Vote(Call.CHALLENGE, group="A"))

        def question_1() -> list[tuple[int, ...]]:
            return [
                (t.yes, t.no, t.inclusion_void, t.inclusion_blank, t.challenged, t.void)
                for t in session.count.group_tallies()
            ]

        assert question_1() == [(1, 0, 2, 2, 1, 3), (0, 0, 0, 0, 0, 0)]
        assert session.count.group_tallies()[0].votes == (1, 1)
        seen = question_1()
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        assert question_1() == seen  # the journal read again says the same


def test_a_snapshot_keeps_each_groups_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 50)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 20)
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    rng = random.Random(26)
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        for _ in range(200):
            roll = rng.random()
            if roll < 0.08:
                session.undo()
            elif roll < 0.12:
                session.redo()
            else:
                group = rng.choice("AB")
                call = rng.choice(list(Call))
                answer = rng.choice(("yes", "no", "void", "blank", None)) if group == "A" else None
                answered = call is not Call.CHALLENGE
                vote = Vote(call, group=group, inclusion=answer if answered else None)
                session.record(vote, over_count=True)
        expected = _figures(session)
        question_1 = [(t.inclusion_void, t.inclusion_blank) for t in session.count.group_tallies()]
        assert question_1[0] != (0, 0)
    with Journal.open(path, read_only=True) as journal:
        assert journal.snapshot_seqs()
        restored = journal.restore(secret=station_secret())
        assert restored.freeze() == journal.fold().freeze()
        plain = Count.for_setup(SONOTONE)
        for _ in journal.fold_one_by_one(plain):
            pass
        for count in (restored, journal.fold(), plain):
            tallies = count.group_tallies()
            assert [
                (t.votes, t.void, t.challenged, t.yes, t.no, t.remaining) for t in tallies
            ] == expected
            assert [(t.inclusion_void, t.inclusion_blank) for t in tallies] == question_1
    assert verify_file(path).ok


def test_a_plain_call_is_refused_in_an_election_of_groups() -> None:
    count = Count.for_setup(SONOTONE)
    with pytest.raises(ReplayError, match="names its group"):
        count.extend_calls(1, bytes([0]))


def test_a_revised_count_of_groups_is_kept_whole_by_a_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from station.domain import Action

    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 3)
    monkeypatch.setattr(snapshots, "TRUSTED_FROM", 0)
    monkeypatch.setattr(snapshots, "SNAPSHOT_LAG", 1)
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    with Journal.open(path, seal_secret=station_secret()) as journal:
        session = CountSession.resume(journal, keep=5)
        for _ in range(6):
            session.record(Vote(Call.FOR, group="A", inclusion="yes"))
            session.record(Vote(Call.AGAINST, group="B"))
        challenged = [session.record(Vote(Call.CHALLENGE, group=g)).event.seq for g in "ABB"]
        session.settle(challenged[2], "sustained")
        for _ in range(5):
            session.record(Vote(Call.AGAINST, group="A", inclusion="yes"))
        session.commit(Action.SIGN, None, session.count.last_seq, {"kind": "final"})
        session.decide([1, 2], [], "R. Director")
        session.record(Vote(Call.FOR, group="A", inclusion="no"))
        session.record(Vote(Call.VOID, group="B"))
        session.commit(Action.SIGN, None, session.count.last_seq, {"kind": "final"})
        expected = _figures(session)
        revised = session.count.sheets[-1]
        assert revised.revised and revised.decided is not None
        assert [t.challenged for t in revised.decided.original_groups] == [1, 1]
        assert [(t.challenged, t.set_aside) for t in revised.groups] == [(0, 0), (0, 1)]
    with Journal.open(path, read_only=True) as journal:
        assert max(journal.snapshot_seqs()) > revised.seq - 4  # taken after the decision
        restored = journal.restore(secret=station_secret())
        assert restored.freeze() == journal.fold().freeze()
        assert _figures_of(restored) == expected
        assert restored.sheets[-1] == revised  # its original figures too


def _figures_of(count: Count) -> list[tuple[object, ...]]:
    return [
        (t.votes, t.void, t.challenged, t.yes, t.no, t.remaining) for t in count.group_tallies()
    ]


def test_a_vote_is_stored_as_files_always_stored_its_answers(tmp_path: Path) -> None:
    """One value of the description per ballot: its call, group and question 1 answer
    make one CALL event whose detail keeps the keys every file has held."""
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    with Journal.open(path) as journal:
        session = CountSession.resume(journal, keep=0)
        yes = session.record(Vote(Call.FOR, group="A", inclusion="yes")).event
        unmarked = session.record(Vote(Call.AGAINST, group="A")).event
        void = session.record(Vote(Call.VOID, group="B")).event
    assert yes.detail == {"group": "A", "inclusion": "yes"}
    assert unmarked.detail == {"group": "A"}
    assert void.detail == {"group": "B"}
    assert Vote(Call.FOR, choice=2).detail() == {"choice": 2}
    assert Vote(Call.VOID).detail() == {}
