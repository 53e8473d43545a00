"""Each voting group's figures follow the challenges as the whole tally does: settled at
the table, disputed, decided after the count and the opened ballots counted again. A
seeded random operator tries every kind of event; after each one the rules accept, the
groups' figures add up to the whole tally's, line by line, and a frozen count thaws to
the same figures."""

import dataclasses
import random

from station.domain import Action, Call, Count, ElectionSetup, Event, ReplayError, SheetKind
from station.domain.election import MAIL_RULES, voting_groups
from station.domain.groups import GroupTally

SETUP = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
    eligible=110, groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees", "C=Drivers"],
        ["A=30", "B=80", "C=12"], sonotone=["A"], self_determination=["C"],
    ),
)  # fmt: skip
PARTIES = ("employer", "petitioner")


MAIL = dataclasses.replace(SETUP, mail=True, polls=True, mail_rules=MAIL_RULES)


def _envelope(rng: random.Random, count: Count, seq: int) -> Event:
    """Some event of the envelope stage: each voter "N" of group "ABC"[N % 3]."""
    roll = rng.random()
    last = count.envelopes.next_undo()
    if roll < 0.04:
        accepted = count.envelopes.figures.accepted
        return Event(seq, Action.END_ENVELOPES, detail={"accepted": accepted})
    if roll < 0.10 and last is not None:
        return Event(seq, Action.ENVELOPE_UNDO, target=last.seq)
    if roll < 0.16 and count.challenges.counting_seqs():
        target = rng.choice(sorted(count.challenges.counting_seqs()))
        return Event(seq, Action.RESOLVE, None, target, {"as": "withdrawn"})
    voter = rng.randrange(40)
    ruling = rng.choice(["accepted", "challenged", "void", "late", "polls"])
    detail = {"voter": str(voter), "ruling": ruling, "group": "ABC"[voter % 3]}
    return Event(seq, Action.ENVELOPE, detail=detail)


def _candidate(rng: random.Random, count: Count, seq: int) -> Event:
    """Some event; the rules may refuse it (then another is tried)."""
    if count.envelopes.open:
        return _envelope(rng, count, seq)
    roll = rng.random()
    last, redo = count.next_undo(), count.next_redo()
    challenges = [entry.challenge.seq for entry in count.resolutions.numbered(count)]
    final = count.locked_by is not None and count.locked_by.kind is SheetKind.FINAL
    if final and not count.resolutions.revising and roll < 0.5:
        numbers = [e.number for e in count.resolutions.numbered(count) if e.status.value == "open"]
        rng.shuffle(numbers)
        cut = rng.randint(0, len(numbers))
        detail = {"open": numbers[:cut], "sustain": numbers[cut:], "by": "R. Director"}
        return Event(seq, Action.DECIDE, detail=detail)
    if count.locked_by is not None:
        return Event(seq, Action.REOPEN, detail={"reason": "resumed"})
    if roll < 0.08 and last:
        return Event(seq, Action.UNDO, last[1], last[0])
    if roll < 0.11 and redo:
        return Event(seq, Action.REDO, redo[1], redo[0])
    if roll < 0.16 and last and last[1] is not Call.CHALLENGE:
        return Event(seq, Action.DISPUTE, last[1], last[0], {"party": rng.choice(PARTIES)})
    if roll < 0.26 and challenges:
        target = rng.choice(challenges)
        detail: dict[str, object] = {"as": rng.choice(("withdrawn", "sustained", "open"))}
        dispute = count.resolutions.disputes.get(target)
        if dispute is not None:
            detail["party"] = dispute.party
        return Event(seq, Action.RESOLVE, None, target, detail)
    if roll < 0.28:
        return Event(seq, Action.SIGN, target=seq - 1, detail={"kind": "final"})
    group = rng.choice("ABC")
    call = rng.choice(list(Call))
    detail = {"group": group}
    if group == "A" and call in (Call.FOR, Call.AGAINST) and rng.random() < 0.9:
        detail["inclusion"] = rng.choice(("yes", "no"))
    return Event(seq, Action.CALL, call, detail=detail)


def _figures(tallies: tuple[GroupTally, ...]) -> tuple[int, ...]:
    """The groups' figures added up: FOR, AGAINST, void, challenged, set aside."""
    return (
        sum(t.votes[0] for t in tallies),
        sum(t.votes[1] for t in tallies),
        sum(t.void for t in tallies),
        sum(t.challenged for t in tallies),
        sum(t.set_aside for t in tallies),
    )


def test_the_groups_figures_add_up_to_the_tally_through_every_resolution() -> None:
    seen: set[Action] = set()
    for seed in range(12):
        seen |= _operate(seed, SETUP)
    # Every way a challenge is resolved was taken, by some seed.
    assert {Action.DECIDE, Action.RESOLVE, Action.DISPUTE, Action.REOPEN} <= seen


def test_by_mail_the_groups_piles_are_their_envelopes_through_every_resolution() -> None:
    seen: set[Action] = set()
    for seed in range(12):
        seen |= _operate(seed, MAIL)
    assert {Action.END_ENVELOPES, Action.DECIDE, Action.RESOLVE, Action.ENVELOPE_UNDO} <= seen


def _operate(seed: int, setup: ElectionSetup) -> set[Action]:
    """Run the random operator with `seed`, checking the sums after every event."""
    rng = random.Random(seed)
    count = Count.for_setup(setup)
    applied: list[Action] = []
    while len(applied) < 400:
        event = _candidate(rng, count, count.last_seq + 1)
        try:
            count.apply(event)
        except ReplayError:
            continue
        applied.append(event.action)
        tally = count.tally
        whole = (tally.for_union, tally.against, tally.void, tally.challenged, tally.set_aside)
        tallies = count.group_tallies()
        assert _figures(tallies) == whole, (seed, event)
        if setup.mail and not count.envelopes.open:  # the groups' piles are the box
            box = count.envelopes.figures.box + count.envelopes.opened_challenges
            assert sum((count.group_boxes() or {}).values()) == box, (seed, event)
    frozen = count.freeze()
    mail = (setup.mail, None, setup.current_mail_rules, setup.polls)
    thawed = Count.thawed(frozen, setup.pile, setup.choices, *mail)
    assert thawed.group_tallies() == count.group_tallies()
    assert thawed.freeze() == frozen
    return set(applied)
