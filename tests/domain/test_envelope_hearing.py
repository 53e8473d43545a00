"""A mail ballot's envelope challenges after the count: the register, settling, the decision.

The Bessemer story (docs/rules.md, "Mail ballots" and "Resolving challenges"): most challenges
were made at the envelope stage, sealed with the voter's name for the hearing; a decision
ordered some opened, and their ballots were mixed with the other opened challenges and
counted into the Revised Tally. Without Qt.
"""

import random

import pytest

from station.domain import Action, Call, Count, Event, ReplayError, SheetKind
from station.domain.election import ElectionSetup
from station.domain.envelopes import EnvelopeFigures, Ruling, box_setup
from station.domain.resolution import ENVELOPE_MIXED, ENVELOPE_WITHDRAWN_LATE
from station.domain.tally_sheet import computed_facts
from tests.domain.helpers import Stage

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
SETUP = ElectionSetup("10-RC-269250", "Amazon.com Services LLC", "RWDSU", 20, mail=True)


def ruled(stage: Stage, accepted: int, challenged: int) -> list[int]:
    """Rule `accepted` envelopes accepted, then `challenged` challenged; their events."""
    for voter in range(accepted):
        stage.rule(f"a{voter}", Ruling.ACCEPTED)
    return [stage.rule(f"c{voter}", Ruling.CHALLENGED).event.seq for voter in range(challenged)]


def call(stage: Stage, *calls: Call) -> list[int]:
    return [stage.apply(Action.CALL, c).event.seq for c in calls]


def sign(stage: Stage) -> None:
    stage.apply(Action.SIGN, target=stage.count.last_seq, detail={"kind": "final"})


def decide(stage: Stage, opened: list[int], sustained: list[int]) -> None:
    stage.apply(Action.DECIDE, detail={"open": opened, "sustain": sustained, "by": "RD"})


def box(count: Count) -> int | None:
    return box_setup(SETUP, count.envelopes).ballots


def test_the_register_lists_envelope_challenges_with_their_stage_and_voter() -> None:
    stage = Stage()
    ruled(stage, 2, 1)
    stage.apply(Action.ENVELOPE, detail={"write_in": "Not Listed", "ruling": "challenged"})
    stage.end()
    call(stage, F, C)
    listed = stage.count.resolutions.numbered(stage.count)
    assert [(e.number, e.stage, e.voter, e.write_in) for e in listed] == [
        (1, "envelope", "c0", None),
        (2, "envelope", None, "Not Listed"),
        (3, "ballot", None, None),
    ]


def test_a_challenge_withdrawn_during_the_stage_makes_the_envelope_accepted() -> None:
    stage = Stage()
    (challenge,) = ruled(stage, 2, 1)
    stage.apply(Action.RESOLVE, target=challenge, detail={"as": "withdrawn"})
    assert stage.count.envelopes.figures == EnvelopeFigures(3, 3, 0, 0, 0)
    assert stage.count.tally.challenged == 0
    with pytest.raises(ReplayError, match="settled; reopen it first"):
        stage.undo()  # the ruling under a settled challenge stays
    with pytest.raises(ReplayError, match="3 envelopes accepted, not 2"):
        stage.apply(Action.END_ENVELOPES, detail={"accepted": 2})
    stage.end()
    assert box(stage.count) == 3
    call(stage, F, A, F)
    assert stage.count.tally.remaining(box(stage.count)) == 0
    # Its ballot was mixed with the others: it cannot be taken back out now.
    with pytest.raises(ReplayError, match=ENVELOPE_MIXED[:40]):
        stage.apply(Action.RESOLVE, target=challenge, detail={"as": "open"})


def test_after_the_stage_an_envelope_challenge_is_sustained_but_never_withdrawn() -> None:
    stage = Stage()
    first, second = ruled(stage, 3, 2)
    stage.end()
    call(stage, F, A, A)
    with pytest.raises(ReplayError, match=ENVELOPE_WITHDRAWN_LATE[:40]):
        stage.apply(Action.RESOLVE, target=first, detail={"as": "withdrawn"})
    stage.apply(Action.RESOLVE, target=second, detail={"as": "sustained"})
    tally = stage.count.tally
    # Off line 6 and off the sealed envelopes; never in the box, so not a ballot handled.
    assert (tally.challenged, tally.sealed_envelopes, tally.set_aside) == (1, 1, 0)
    assert (tally.counted, stage.count.counted, box(stage.count)) == (3, 3, 3)
    stage.apply(Action.RESOLVE, target=second, detail={"as": "open"})  # undone, visibly
    assert stage.count.tally.challenged == 2


def test_a_decision_opens_envelope_and_ballot_challenges_into_one_revised_count() -> None:
    stage = Stage()
    ruled(stage, 6, 5)  # challenges 1-5: envelopes
    stage.end()
    call(stage, F, A, F, A, A, C)  # challenge 6: a ballot
    sign(stage)
    original = stage.count.tally
    assert (original.challenged, original.sealed_envelopes, original.counted) == (6, 5, 6)
    decide(stage, [1, 2, 6], [3])
    count = stage.count
    # Two envelopes join the box; the ballot's challenge waits to be called again.
    assert (box(count), count.counted, count.tally.remaining(box(count))) == (8, 5, 3)
    # The three opened stay on line 6, beside the two undecided, until each is called.
    tally = count.tally
    assert (tally.challenged, tally.sealed_envelopes, tally.opened_uncounted) == (5, 2, 3)
    with pytest.raises(ReplayError, match="3 of the 3 ballots the decision ordered opened"):
        sign(stage)
    call(stage, F, F, A)
    assert (count.tally.challenged, count.tally.opened_uncounted) == (2, 0)
    with pytest.raises(ReplayError, match="only 3 challenged ballots ordered opened"):
        call(stage, F)
    with pytest.raises(ReplayError, match="FOR, AGAINST or VOID"):
        stage.apply(Action.CALL, C)
    sign(stage)
    sheet = count.sheets[-1]
    assert sheet.revised and sheet.decided is not None
    assert sheet.decided.opened_envelopes == 2 and sheet.decided.unresolved == (4, 5)
    facts = computed_facts(SETUP, sheet, "0" * 64, "1" * 64)
    assert (facts["ballots"], facts["counted"]) == (8, 8)
    columns = facts["columns"]
    assert isinstance(columns, dict)
    assert columns["original"]["6"] == 6 and columns["final"]["6"] == 2
    assert columns["challenged_counted"] == {"2": 0, "3": 2, "4": 1, "5": 3, "6": -3, "7": 0}
    assert columns["set_aside"] == {"2": 0, "3": 0, "4": 0, "5": 0, "6": -1, "7": -1}
    assert [e.status.value for e in count.resolutions.numbered(count)] == [
        "counted", "counted", "sustained", "open", "open", "counted"
    ]  # fmt: skip


def test_the_revised_count_of_envelopes_survives_a_snapshot() -> None:
    stage = Stage()
    ruled(stage, 3, 3)
    stage.end()
    call(stage, F, A, C)
    sign(stage)
    decide(stage, [1, 2, 4], [3])
    call(stage, A)
    frozen = stage.count.freeze()
    thawed = Count.thawed(frozen, 0, mail=True)
    assert thawed.tally == stage.count.tally and thawed.counted == stage.count.counted
    assert box(thawed) == box(stage.count) == 5
    for count in (stage.count, thawed):
        count.apply(Event(count.last_seq + 1, Action.CALL, F))
        count.apply(Event(count.last_seq + 1, Action.CALL, V))
        count.apply(
            Event(count.last_seq + 1, Action.SIGN, target=count.last_seq, detail={"kind": "final"})
        )
    assert thawed.sheets[-1] == stage.count.sheets[-1]
    assert thawed.freeze() == stage.count.freeze()


@pytest.mark.parametrize("seed", range(30))
def test_the_figures_agree_with_a_plain_model(seed: int) -> None:
    """Random Bessemer-shaped counts: every figure against a model counted by hand."""
    rng = random.Random(seed)
    stage = Stage()
    accepted, sealed = rng.randint(2, 8), rng.randint(1, 6)
    ruled(stage, accepted, sealed)
    stage.end()
    calls = [rng.choice((F, A, V, C)) for _ in range(accepted)]
    call(stage, *calls)
    sign(stage)
    numbers = list(range(1, sealed + calls.count(C) + 1))  # envelopes first, then ballots
    rng.shuffle(numbers)
    cut = rng.randint(0, len(numbers) - 1)
    opened = sorted(numbers[: cut + 1])
    sustained = sorted(numbers[cut + 1 :][: rng.randint(0, len(numbers) - cut - 1)])
    decide(stage, opened, sustained)
    revised = [rng.choice((F, A, V)) for _ in opened]
    call(stage, *revised)
    sign(stage)
    tally, count = stage.count.tally, stage.count
    opened_envelopes = sum(1 for n in opened if n <= sealed)
    left = sealed + calls.count(C) - len(opened) - len(sustained)
    sustained_ballots = sum(1 for n in sustained if n > sealed)
    assert tally.for_union == calls.count(F) + revised.count(F)
    assert tally.against == calls.count(A) + revised.count(A)
    assert tally.void == calls.count(V) + revised.count(V)
    assert tally.challenged == left
    assert tally.sealed_envelopes == sealed - sum(1 for n in opened + sustained if n <= sealed)
    assert box(count) == accepted + opened_envelopes
    # Every ballot in the box is handled: called, or sustained unopened, or still sealed.
    assert tally.counted == count.counted == accepted + opened_envelopes
    assert tally.counted == (
        tally.valid + tally.void + (left - tally.sealed_envelopes) + sustained_ballots
    )
    facts = computed_facts(SETUP, count.sheets[-1], "0" * 64, "1" * 64)
    assert facts["ballots"] == facts["counted"] == box(count)
    assert count.sheets[-1].kind is SheetKind.FINAL and count.sheets[-1].revised


def test_a_revised_sheet_of_several_unions_has_each_unions_line_in_every_column() -> None:
    """Three choices; two challenges ordered opened; lines 3a, 3b in the three columns, and
    lines 8-9 and the runoff (29 CFR 102.70) stated on the final column."""
    from station.domain.choices import Ballot, CaseKind

    ballot = Ballot(CaseKind.RC, "Acme", ("Machinists", "Teamsters"))
    setup = ElectionSetup("29-RC-288020", "Acme", "Machinists", 20, 12, choices=ballot)
    count = Count.for_setup(setup)

    def apply(action: Action, call: Call | None = None, **detail: object) -> None:
        target = count.last_seq if action is Action.SIGN else None
        count.apply(Event(count.last_seq + 1, action, call, target, detail or None))

    for choice in (1, 1, 2, 2, 2):
        apply(Action.CALL, F, choice=choice)
    for made in (A, A, A, C, C, C, V):
        apply(Action.CALL, made)
    apply(Action.SIGN, kind="final")
    apply(Action.DECIDE, open=[1, 2], sustain=[], by="RD")
    apply(Action.CALL, F, choice=1)
    apply(Action.CALL, A)
    apply(Action.SIGN, kind="final")
    facts = computed_facts(setup, count.sheets[-1], "0" * 64, "1" * 64)
    columns = facts["columns"]
    assert isinstance(columns, dict)
    assert {c: (columns[c]["3a"], columns[c]["3b"]) for c in columns} == {
        "original": (2, 3), "challenged_counted": (1, 0), "set_aside": (0, 0), "final": (3, 3)
    }  # fmt: skip
    # Lines 8-9 follow 102.70 on each full column: 3 / 3 / 4 with one challenge left.
    assert columns["final"]["9"] is False and columns["final"]["8"] is True
    statements = facts["statements"]
    assert isinstance(statements, dict) and "rerun" in statements["runoff"]
    assert facts["lines"] == columns["final"]


def test_a_mail_snapshot_from_before_settled_envelopes_is_replayed_not_trusted() -> None:
    """A previous version's snapshot did not keep what became of challenged envelopes:
    thawing it is refused (the journal is replayed instead), never silently wrong."""
    import json

    from station.domain.changes import FrozenCount

    stage = Stage()
    ruled(stage, 2, 2)
    stage.end()
    frozen = stage.count.freeze()
    summary = json.loads(frozen.summary)
    del summary["envelopes"]["settled"]
    old = FrozenCount(json.dumps(summary), frozen.done, frozen.undone)
    with pytest.raises(ValueError, match="settled envelope challenges"):
        Count.thawed(old, 0, mail=True)
    assert Count.thawed(frozen, 0, mail=True).tally == stage.count.tally
