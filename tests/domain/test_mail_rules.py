"""A mail ballot under the Board's rules: late envelopes counted, replacement kits, voters
at the polls, envelopes received after the tally, no challenge once a ballot is out."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from station.domain import Action, Call, Count, ReplayError
from station.domain.changes import FrozenCount
from station.domain.election import MAIL_RULES, ElectionSetup
from station.domain.envelopes import (
    Ruling,
    anonymous_envelope_words,
    box_setup,
    end_stage_statement,
    envelope_words,
    figures_statement,
    modes_statement,
)
from tests.domain.helpers import Stage

SETUP = ElectionSetup("29-RC-288020", "E", "U", 10, mail=True, mail_rules=MAIL_RULES)


def test_a_late_envelope_is_opened_and_counted_with_the_accepted_ones() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("1", Ruling.ACCEPTED)
    stage.rule("2", Ruling.LATE)
    stage.rule("3", Ruling.CHALLENGED)
    figures = stage.count.envelopes.figures
    assert (figures.accepted, figures.late, figures.opened, figures.box) == (1, 1, 2, 2)
    assert figures.as_dict()["late"] == 1 and figures.as_dict()["accepted"] == 1
    assert "1 received after the due date (counted)" in figures_statement(figures, {})
    ended = stage.end()
    assert envelope_words(ended) == (
        "Envelope stage ended: 2 envelopes to open (1 accepted, 1 received after the due"
        " date), their ballots to be counted"
    )
    assert anonymous_envelope_words(ended) == envelope_words(ended)  # the dashboard's ticker
    assert box_setup(SETUP, stage.count.envelopes).ballots == 2
    stage.apply(Action.CALL, Call.FOR)
    stage.apply(Action.CALL, Call.AGAINST)
    stage.sign()
    assert stage.count.sheets[0].envelopes == figures


def test_a_file_set_up_before_the_rules_keeps_its_late_envelopes_unopened() -> None:
    stage = Stage()
    stage.rule("1", Ruling.ACCEPTED)
    stage.rule("2", Ruling.LATE)
    ended = stage.end()
    assert envelope_words(ended) == (
        "Envelope stage ended: 1 envelope accepted, ballots to be opened"
    )  # the late one stays sealed, as the rules were then
    old = ElectionSetup("29-RC-288020", "E", "U", 10, mail=True)
    assert box_setup(old, stage.count.envelopes).ballots == 1
    assert set(stage.count.envelopes.figures.as_dict()) == {
        "returned", "accepted", "challenged", "void", "late"
    }  # fmt: skip
    stage.apply(Action.CALL, Call.CHALLENGE)  # as it was then: a challenge at the count


def test_a_replacement_after_a_void_envelope_is_ruled_and_linked_to_it() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("1", Ruling.VOID)
    change = stage.rule("1", Ruling.ACCEPTED)
    assert change.envelope is not None and change.envelope.replaces == 1
    assert not change.envelope.second
    assert envelope_words(change) == (
        "Envelope 1 (replacement for the envelope voided at event 1) ACCEPTED"
    )
    assert anonymous_envelope_words(change) == "Envelope (replacement for a void envelope) ACCEPTED"
    figures = stage.count.envelopes.figures
    assert (figures.returned, figures.accepted, figures.void, figures.replacements) == (2, 1, 1, 1)
    # After the replacement was accepted, a further envelope is a second one.
    with pytest.raises(ReplayError, match="cannot be accepted"):
        stage.rule("1", Ruling.ACCEPTED)
    assert stage.rule("1", Ruling.CHALLENGED).envelope.second


@pytest.mark.parametrize("first", [Ruling.ACCEPTED, Ruling.LATE, Ruling.CHALLENGED])
@pytest.mark.parametrize("then", [Ruling.ACCEPTED, Ruling.LATE])
def test_a_second_envelope_after_a_counted_or_challenged_one_is_never_counted(
    first: Ruling, then: Ruling
) -> None:
    stage = Stage(mail_rules=True)
    stage.rule("1", first)
    with pytest.raises(ReplayError, match=r"a second envelope of 1 .* cannot be"):
        stage.rule("1", then)
    assert stage.rule("1", Ruling.VOID).envelope.second


def test_before_the_rules_no_replacement_is_accepted() -> None:
    stage = Stage()
    stage.rule("1", Ruling.VOID)
    with pytest.raises(ReplayError, match="cannot be accepted"):
        stage.rule("1", Ruling.ACCEPTED)


def test_voters_at_the_polls_join_the_box_and_cannot_vote_by_mail_too() -> None:
    stage = Stage(mail_rules=True, polls=True)
    stage.rule("1", Ruling.ACCEPTED)
    change = stage.rule("2", Ruling.AT_POLLS)
    assert anonymous_envelope_words(change) == "Voter VOTED AT THE POLLS"
    stage.rule("3", Ruling.CHALLENGED)  # challenged at the polls: a sealed envelope
    with pytest.raises(ReplayError, match="cannot be accepted"):
        stage.rule("2", Ruling.ACCEPTED)
    with pytest.raises(ReplayError, match="cannot be checked off at the polls"):
        stage.rule("1", Ruling.AT_POLLS)
    with pytest.raises(ReplayError, match="not on the list is challenged at the polls"):
        stage.apply(Action.ENVELOPE, detail={"write_in": "Ann Other", "ruling": "polls"})
    figures = stage.count.envelopes.figures
    assert (figures.returned, figures.at_polls, figures.box) == (2, 1, 2)
    assert modes_statement(figures) == "Ballots to count: 1 by mail, 1 at the polls"
    assert stage.count.tally.challenged == 1
    stage.end()
    assert box_setup(SETUP, stage.count.envelopes).ballots == 2


def test_at_the_polls_is_refused_in_an_election_by_mail_alone() -> None:
    stage = Stage(mail_rules=True)
    with pytest.raises(ReplayError, match="set up without --polls"):
        stage.rule("1", Ruling.AT_POLLS)


def test_a_ballot_out_of_its_envelope_cannot_be_challenged_but_its_marking_disputed() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("1", Ruling.ACCEPTED)
    stage.rule("2", Ruling.ACCEPTED)
    stage.end()
    with pytest.raises(ReplayError, match="cannot be challenged: its voter is unknown"):
        stage.apply(Action.CALL, Call.CHALLENGE)
    with pytest.raises(ReplayError, match="cannot be challenged"):
        stage.count.extend_calls(stage.count.last_seq + 1, bytes([0, 3]))
    assert stage.count.counted == 0
    stage.apply(Action.CALL, Call.VOID)
    stage.apply(
        Action.DISPUTE, Call.VOID, target=stage.count.last_seq, detail={"party": "employer"}
    )
    assert stage.count.tally.challenged == 1


def test_an_envelope_after_the_tally_is_recorded_unopened_and_on_later_sheets() -> None:
    stage = Stage(mail_rules=True)
    stage.rule("1", Ruling.ACCEPTED)
    stage.end()
    with pytest.raises(ReplayError, match="ruled"):  # before any tally: ended, not ruled
        stage.rule("2", Ruling.ACCEPTED)
    with pytest.raises(ReplayError, match="once a final tally sheet is prepared"):
        stage.after_tally("2")
    stage.apply(Action.CALL, Call.FOR)
    stage.sign("interim")
    with pytest.raises(ReplayError, match="once a final tally sheet is prepared"):
        stage.after_tally("2")
    stage.sign("final")
    tally = stage.count.tally
    change = stage.after_tally("2")  # the count is locked: recorded all the same
    assert envelope_words(change) == "Envelope 2 RECEIVED AFTER THE TALLY (not opened)"
    assert stage.after_tally("1").envelope.second
    assert stage.count.tally == tally and stage.count.counted == 1
    assert stage.count.envelopes.figures.after_tally == 2
    assert stage.count.sheets[-1].envelopes.after_tally == 0
    stage.apply(Action.REOPEN, detail={"reason": "a call was mistyped"})
    stage.sign("final")
    assert stage.count.sheets[-1].envelopes.after_tally == 2
    frozen = stage.count.freeze()
    thawed = Count.thawed(frozen, 0, None, True, mail_rules=True)
    assert [s.envelopes for s in thawed.sheets] == [s.envelopes for s in stage.count.sheets]
    assert thawed.freeze() == frozen


def test_a_file_set_up_before_the_rules_records_nothing_after_the_tally() -> None:
    stage = Stage()
    stage.rule("1", Ruling.ACCEPTED)
    stage.end()
    stage.apply(Action.CALL, Call.FOR)
    stage.sign()
    with pytest.raises(ReplayError, match="set up before"):
        stage.after_tally("2")


RULINGS = [Ruling.ACCEPTED, Ruling.CHALLENGED, Ruling.VOID, Ruling.LATE, Ruling.AT_POLLS]
operations = st.lists(
    st.one_of(
        st.tuples(st.just("rule"), st.sampled_from("123"), st.sampled_from(RULINGS)),
        st.tuples(st.just("undo"), st.none(), st.none()),
        st.tuples(st.just("redo"), st.none(), st.none()),
    ),
    max_size=40,
)


@given(operations)
def test_the_rules_equal_a_naive_model_and_survive_a_snapshot(ops: list) -> None:
    stage = Stage(mail_rules=True, polls=True)
    done: list[tuple[str, Ruling, bool]] = []  # voter, ruling, a replacement
    undone: list[tuple[str, Ruling, bool]] = []
    counted = (Ruling.ACCEPTED, Ruling.LATE, Ruling.AT_POLLS)
    for op, voter, ruling in ops:
        if op == "rule":
            earlier = [r for v, r, _ in done if v == voter]
            replacement = bool(earlier) and all(r is Ruling.VOID for r in earlier)
            if earlier and not replacement and ruling in counted:
                with pytest.raises(ReplayError):
                    stage.rule(voter, ruling)
                continue
            stage.rule(voter, ruling)
            done.append((voter, ruling, replacement))
            undone.clear()
        elif op == "undo" and done:
            stage.undo()
            undone.append(done.pop())
        elif op == "redo" and undone:
            stage.redo()
            done.append(undone.pop())
    figures = stage.count.envelopes.figures
    polls = sum(r is Ruling.AT_POLLS for _, r, _ in done)
    assert figures.returned == len(done) - polls and figures.at_polls == polls
    assert figures.replacements == sum(replacement for _, _, replacement in done)
    assert figures.box == sum(r in counted for _, r, _ in done)
    for voter in "123":  # one ballot per voter reaches the pile
        assert sum(v == voter and r in counted for v, r, _ in done) <= 1
    frozen = stage.count.freeze()
    thawed = Count.thawed(
        FrozenCount(frozen.summary, frozen.done, frozen.undone),
        0,
        None,
        True,
        mail_rules=True,
        polls=True,
    )
    assert thawed.envelopes.figures == figures
    assert thawed.freeze() == frozen


def test_a_voter_at_the_polls_is_a_voter_not_an_envelope_ruled() -> None:
    stage = Stage(mail_rules=True, polls=True)
    stage.rule("1", Ruling.ACCEPTED)
    stage.rule("3", Ruling.VOID)
    assert envelope_words(stage.rule("2", Ruling.AT_POLLS)) == "Voter 2 VOTED AT THE POLLS"
    said = end_stage_statement(stage.count.envelopes.figures)
    assert said.startswith(
        "End the envelope stage? 2 envelopes ruled: 1 accepted, 0 received after the due"
        " date, 0 challenged, 1 void; and 1 voter checked off at the polls. The 1 envelope"
        " accepted or received after the due date is opened and its ballot mixed"
    )
