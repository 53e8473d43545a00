"""Each voting group's figures follow the challenges as the whole tally does: settled at
the table, disputed, decided after the count and the opened ballots counted again. A
seeded random operator tries every kind of event; after each one the rules accept, the
groups' figures add up to the whole tally's, line by line, and a frozen count thaws to
the same figures."""

import random

from station.domain import Action, Call, Count, ElectionSetup, Event, ReplayError, SheetKind
from station.domain.election import voting_groups
from station.domain.groups import GroupTally

SETUP = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
    eligible=110, groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees", "C=Drivers"],
        ["A=30", "B=80", "C=12"], sonotone=["A"], self_determination=["C"],
    ),
)  # fmt: skip
PARTIES = ("employer", "petitioner")


def _candidate(rng: random.Random, count: Count, seq: int) -> Event:
    """Some event; the rules may refuse it (then another is tried)."""
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
        seen |= _operate(seed)
    # Every way a challenge is resolved was taken, by some seed.
    assert {Action.DECIDE, Action.RESOLVE, Action.DISPUTE, Action.REOPEN} <= seen


def _operate(seed: int) -> set[Action]:
    """Run the random operator with `seed`, checking the sums after every event."""
    rng = random.Random(seed)
    count = Count.for_setup(SETUP)
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
        assert _figures(count.group_tallies()) == whole, (seed, event)
    frozen = count.freeze()
    thawed = Count.thawed(frozen, SETUP.pile, SETUP.choices, challengers=None)
    assert thawed.group_tallies() == count.group_tallies()
    assert thawed.freeze() == frozen
    return set(applied)
