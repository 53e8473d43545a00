"""The envelope stage of a mail ballot: rulings, corrections, second envelopes, the end."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from station.domain import Action, Call, Count, Event, ReplayError
from station.domain.challenges import Reason
from station.domain.changes import FrozenCount
from station.domain.election import ElectionSetup
from station.domain.envelopes import EnvelopeFigures, Ruling, box_setup, voter_key
from station.domain.parties import Party
from tests.domain.helpers import Stage


def test_each_ruling_counts_in_its_figure_and_challenges_join_line_6() -> None:
    stage = Stage()
    for voter, ruling in [
        ("1", Ruling.ACCEPTED),
        ("2", Ruling.ACCEPTED),
        ("3", Ruling.CHALLENGED),
        ("4", Ruling.VOID),
        ("5", Ruling.LATE),
    ]:
        stage.rule(voter, ruling)
    assert stage.count.envelopes.figures == EnvelopeFigures(5, 2, 1, 1, 1)
    assert stage.count.tally.challenged == 1  # line 6, before any ballot is opened
    assert stage.count.challenges.by_party()["board agent"] == 1


def test_no_ballot_is_called_before_the_stage_ends_and_no_envelope_after() -> None:
    stage = Stage()
    stage.rule("1", Ruling.ACCEPTED)
    with pytest.raises(ReplayError, match="before the envelope stage has ended"):
        stage.apply(Action.CALL, Call.FOR)
    with pytest.raises(ReplayError, match="before the envelope stage has ended"):
        stage.count.extend_calls(stage.count.last_seq + 1, b"\x00")
    stage.end()
    stage.apply(Action.CALL, Call.FOR)
    with pytest.raises(ReplayError, match="no envelope is ruled after"):
        stage.rule("2", Ruling.ACCEPTED)
    with pytest.raises(ReplayError, match="no envelope is ruled after"):
        stage.apply(Action.ENVELOPE_UNDO, target=2)


def test_an_ordinary_election_refuses_envelope_events() -> None:
    count = Count()
    with pytest.raises(ReplayError, match="only a mail-ballot election"):
        count.apply(Event(1, Action.ENVELOPE, detail={"voter": "1", "ruling": "accepted"}))


def test_a_second_envelope_is_never_accepted_but_may_be_challenged_or_voided() -> None:
    stage = Stage()
    stage.rule("7", Ruling.ACCEPTED)
    with pytest.raises(ReplayError, match=r"second envelope of 7.*cannot be accepted"):
        stage.rule("7", Ruling.ACCEPTED)
    change = stage.rule("7", Ruling.CHALLENGED)
    assert change.envelope is not None and change.envelope.second
    stage.rule("7", Ruling.VOID)
    assert stage.count.envelopes.figures == EnvelopeFigures(3, 1, 1, 1, 0)
    assert [e.ruling for e in stage.count.envelopes.ruled("7")] == [
        Ruling.ACCEPTED,
        Ruling.CHALLENGED,
        Ruling.VOID,
    ]


def test_an_undone_ruling_frees_the_voter() -> None:
    stage = Stage()
    stage.rule("7", Ruling.VOID)
    stage.undo()
    change = stage.rule("7", Ruling.ACCEPTED)  # the agent meant A: not a second envelope
    assert change.envelope is not None and not change.envelope.second


def test_undo_and_redo_are_linear_and_move_the_challenge() -> None:
    stage = Stage()
    stage.rule("1", Ruling.ACCEPTED)
    stage.rule("2", Ruling.CHALLENGED)
    stage.undo()
    assert stage.count.tally.challenged == 0
    assert stage.count.challenges.by_party()["board agent"] == 0
    with pytest.raises(ReplayError, match="must name event 1"):
        stage.apply(Action.ENVELOPE_UNDO, target=2)
    stage.redo()
    assert stage.count.tally.challenged == 1
    stage.undo()
    stage.rule("3", Ruling.LATE)  # a new ruling forgets what could be redone
    with pytest.raises(ReplayError, match="no envelope ruling to redo"):
        stage.apply(Action.ENVELOPE_REDO, target=2)


def test_a_challenge_takes_its_party_and_an_envelope_reason_by_amend() -> None:
    stage = Stage()
    seq = stage.rule("2", Ruling.CHALLENGED).event.seq
    stage.apply(Action.AMEND, target=seq, detail={"party": "employer"})
    stage.apply(Action.AMEND, target=seq, detail={"reason": Reason.SIGNATURE.value})
    challenge = stage.count.challenges.get(seq)
    assert challenge is not None
    assert (challenge.party, challenge.reason) == (Party.EMPLOYER, Reason.SIGNATURE)
    assert stage.count.challenges.by_party()["employer"] == 1


def test_a_write_in_is_challenged_as_not_on_the_list() -> None:
    stage = Stage()
    change = stage.apply(Action.ENVELOPE, detail={"write_in": "Ada Byron", "ruling": "challenged"})
    assert change.challenge is not None and change.challenge.reason is Reason.NOT_ON_LIST
    with pytest.raises(ReplayError, match="second envelope"):
        stage.apply(Action.ENVELOPE, detail={"write_in": "Ada Byron", "ruling": "accepted"})


def test_one_written_in_voter_is_one_whatever_the_case_of_the_name() -> None:
    """At one table as across tables (a consolidation): "Hans Strauß" is "HANS STRAUSS"."""
    stage = Stage()
    stage.apply(Action.ENVELOPE, detail={"write_in": "Hans Strauß", "ruling": "accepted"})
    with pytest.raises(
        ReplayError, match=r"second envelope of write-in:HANS STRAUSS .*cannot be accepted"
    ):
        stage.apply(Action.ENVELOPE, detail={"write_in": "HANS STRAUSS", "ruling": "accepted"})
    change = stage.apply(Action.ENVELOPE, detail={"write_in": "hans strauss", "ruling": "void"})
    assert change.envelope is not None and change.envelope.second
    assert len(stage.count.envelopes.ruled(voter_key(None, "HANS STRAUß"))) == 2


@pytest.mark.parametrize(
    "detail",
    [
        {"voter": "1"},
        {"voter": "1", "ruling": "opened"},
        {"ruling": "accepted"},
        {"voter": "1", "write_in": "X", "ruling": "accepted"},
        {"voter": "1", "ruling": "accepted", "call": "for"},
        {"voter": 1, "ruling": "accepted"},
        {"write_in": "  padded ", "ruling": "late"},
    ],
)
def test_malformed_rulings_are_refused(detail: dict[str, object]) -> None:
    with pytest.raises(ReplayError):
        Stage().apply(Action.ENVELOPE, detail=detail)


def test_a_ruling_carries_no_ballot_call() -> None:
    with pytest.raises(ReplayError, match="no ballot call"):
        Stage().apply(Action.ENVELOPE, Call.FOR, detail={"voter": "1", "ruling": "accepted"})


def test_the_stage_ends_naming_the_envelopes_accepted_and_sets_the_box() -> None:
    stage = Stage()
    stage.rule("1", Ruling.ACCEPTED)
    stage.rule("2", Ruling.ACCEPTED)
    with pytest.raises(ReplayError, match="2 envelopes accepted, not 3"):
        stage.apply(Action.END_ENVELOPES, detail={"accepted": 3})
    for other in (2.0, True, "2", None):  # equal to 2 in Python, not as JSON writes 2
        with pytest.raises(ReplayError, match=f"2 envelopes accepted, not {other!r}"):
            stage.apply(Action.END_ENVELOPES, detail={"accepted": other})
    setup = ElectionSetup("29-RC-288020", "E", "U", 10, mail=True)
    assert box_setup(setup, stage.count.envelopes).ballots is None
    stage.end()
    assert box_setup(setup, stage.count.envelopes).ballots == 2
    with pytest.raises(ReplayError):
        stage.end()


def test_no_sheet_is_prepared_before_the_stage_ends_and_it_carries_the_figures() -> None:
    stage = Stage()
    stage.rule("1", Ruling.ACCEPTED)
    with pytest.raises(ReplayError, match="before the envelope stage ends"):
        stage.apply(Action.SIGN, target=stage.count.last_seq, detail={"kind": "interim"})
    stage.end()
    stage.apply(Action.SIGN, target=stage.count.last_seq, detail={"kind": "interim"})
    assert stage.count.sheets[0].envelopes == EnvelopeFigures(1, 1, 0, 0, 0)


# The rulings of a mail election set up before MAIL_RULES (tests/domain/test_mail_rules.py
# holds the others).
OLD_RULINGS = [Ruling.ACCEPTED, Ruling.CHALLENGED, Ruling.VOID, Ruling.LATE]
rulings = st.lists(
    st.one_of(
        st.tuples(st.just("rule"), st.sampled_from("12345"), st.sampled_from(OLD_RULINGS)),
        st.tuples(st.just("undo"), st.none(), st.none()),
        st.tuples(st.just("redo"), st.none(), st.none()),
    ),
    max_size=60,
)


@given(rulings)
def test_the_figures_equal_a_naive_model_and_survive_a_snapshot(ops: list) -> None:
    stage = Stage()
    done: list[tuple[str, Ruling]] = []
    undone: list[tuple[str, Ruling]] = []
    for op, voter, ruling in ops:
        if op == "rule":
            if ruling is Ruling.ACCEPTED and any(v == voter for v, _ in done):
                with pytest.raises(ReplayError):
                    stage.rule(voter, ruling)
                continue
            stage.rule(voter, ruling)
            done.append((voter, ruling))
            undone.clear()
        elif op == "undo" and done:
            stage.undo()
            undone.append(done.pop())
        elif op == "redo" and undone:
            stage.redo()
            done.append(undone.pop())
    figures = stage.count.envelopes.figures
    assert figures.returned == len(done)
    for ruling in OLD_RULINGS:
        assert getattr(figures, ruling.value) == sum(r is ruling for _, r in done)
    assert all(sum(v == voter and r is Ruling.ACCEPTED for v, r in done) <= 1 for voter in "12345")
    frozen = stage.count.freeze()
    thawed = Count.thawed(FrozenCount(frozen.summary, frozen.done, frozen.undone), 0, mail=True)
    assert thawed.envelopes.figures == figures
    assert thawed.freeze() == frozen
    assert thawed.tally == stage.count.tally


def test_the_words_of_a_ruling_its_undo_and_its_redo_named_and_anonymous() -> None:
    from station.domain.envelopes import anonymous_envelope_words, envelope_words

    stage = Stage()
    changes = [stage.rule("7", Ruling.LATE), stage.undo(), stage.redo()]
    assert [envelope_words(change) for change in changes] == [
        "Envelope 7 LATE",
        "Envelope 7 LATE \u2014 undone",
        "Envelope 7 LATE \u2014 redone",
    ]
    assert [anonymous_envelope_words(change) for change in changes] == [
        "Envelope LATE",
        "Envelope LATE \u2014 undone",
        "Envelope LATE \u2014 redone",
    ]


def test_one_replacement_is_said_in_the_singular() -> None:
    from station.domain.envelopes import EnvelopeFigures, figures_statement

    one = EnvelopeFigures(returned=3, accepted=2, void=1, replacements=1, current=True)
    said = figures_statement(one, {})
    assert "1 replacement" in said and "1 replacements" not in said
    two = EnvelopeFigures(returned=4, accepted=2, void=2, replacements=2, current=True)
    assert "2 replacements" in figures_statement(two, {})
