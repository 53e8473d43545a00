"""Each voting group's box is counted as a box of its own, so its piles are its own.

With piles of 3, three FOR ballots of group A fill group A's FOR pile 1 and ask for its
recount; two of A's and one of B's fill nothing, however many FOR the count holds in all.
A recount names the group's pile; an undo, a dispute or a refill act on that pile only.
"""

import pytest

from station.domain import Action, Call, Count, ElectionSetup, Event, ReplayError
from station.domain.description import describe
from station.domain.election import voting_groups
from station.domain.piles import PileRef
from station.domain.statements import pile_notes

F, A = Call.FOR, Call.AGAINST

SETUP = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United", eligible=1,
    pile=3,
    groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"], ["A=30", "B=80"], [],
        sonotone=["A"],
    ),
)  # fmt: skip


class Counting:
    """A count of SETUP, one event at a time, as the journal would give them."""

    def __init__(self) -> None:
        self.count = Count(SETUP.pile, SETUP.choices, challengers=describe(SETUP))
        self.seq = 0

    def apply(self, action: Action, call: Call | None = None, target: int | None = None,
              detail: dict[str, object] | None = None) -> int:  # fmt: skip
        self.count.apply(Event(self.seq + 1, action, call, target, detail))
        self.seq += 1  # a refused event takes no number
        return self.seq

    def call(self, group: str, *calls: Call) -> list[int]:
        return [self.apply(Action.CALL, call, detail={"group": group}) for call in calls]

    def recount(self, call: Call, pile: int, found: int, group: str | None) -> int:
        detail: dict[str, object] = {"found": found}
        if group is not None:
            detail["group"] = group
        return self.apply(Action.PILE, call, pile, detail)


def test_the_setup_keeps_its_pile_size_with_groups() -> None:
    assert SETUP.pile == 3


def test_a_groups_pile_fills_with_its_own_ballots_only() -> None:
    counting = Counting()
    counting.call("A", F, F)
    counting.call("B", F, F)
    assert counting.count.total(F) == 4  # the count's FOR together: no pile of the box
    assert counting.count.piles_to_check() == []
    assert counting.count.describe_pile(F, "A") == "pile 1: 2 of 3"
    assert counting.count.describe_pile(F, "B") == "pile 1: 2 of 3"
    counting.call("A", F)
    assert counting.count.piles_to_check() == [PileRef(F, 1, "A")]
    assert counting.count.describe_pile(F, "A") == "pile 1: 3 of 3 \u2014 recount"
    assert pile_notes([], counting.count.piles_to_check()) == [
        "1 pile to recount: group A FOR pile 1"
    ]
    counting.call("B", F)
    assert counting.count.piles_to_check() == [PileRef(F, 1, "A"), PileRef(F, 1, "B")]
    counting.recount(F, 1, 3, "B")
    assert counting.count.piles_to_check() == [PileRef(F, 1, "A")]
    assert counting.count.describe_pile(F, "B") == "pile 1: 3 of 3"


@pytest.mark.parametrize(
    ("group", "pile", "refusal"),
    [
        (None, 1, r"names its group \(A, B\)"),
        ("C", 1, r"names its group \(A, B\)"),
        ("B", 1, "group B FOR pile 1 is not full"),
        ("A", 2, "group A FOR pile 2 is not full"),
    ],
)
def test_a_recount_names_a_full_pile_of_a_group(group: str | None, pile: int, refusal: str) -> None:
    counting = Counting()
    counting.call("A", F, F, F)
    counting.call("B", F, F)
    with pytest.raises(ReplayError, match=refusal):
        counting.recount(F, pile, 3, group)


def test_a_mismatch_stays_on_its_groups_pile_until_it_is_refilled() -> None:
    counting = Counting()
    counting.call("A", F, A, F, F)
    counting.recount(F, 1, 2, "A")  # one of A's FOR ballots is an AGAINST
    [mismatch] = counting.count.piles.mismatches()
    assert (mismatch.name, mismatch.found) == ("group A FOR pile 1", 2)
    assert pile_notes(counting.count.piles.mismatches(), []) == [
        "Group A FOR pile 1 recounted: 2 found, 3 recorded: not yet set right"
    ]
    with pytest.raises(ReplayError, match="group A FOR pile 1 was found wrong"):
        counting.recount(F, 1, 3, "A")
    # A B ballot changes nothing of A's pile.
    counting.call("B", F)
    with pytest.raises(ReplayError, match="group A FOR pile 1 was found wrong"):
        counting.recount(F, 1, 3, "A")
    last = counting.count.next_undo()
    assert last is not None
    counting.apply(Action.UNDO, last[1], last[0])  # B's FOR: still nothing of A's
    last = counting.count.next_undo()
    assert last is not None
    counting.apply(Action.UNDO, last[1], last[0])  # A's last FOR: the pile is open again
    assert counting.count.describe_pile(F, "A") == "pile 1: 2 of 3"
    counting.call("A", F)
    assert counting.count.piles_to_check() == [PileRef(F, 1, "A")]
    counting.recount(F, 1, 3, "A")
    assert counting.count.piles.mismatches() == [] and counting.count.piles_to_check() == []


def test_a_disputed_ballot_leaves_its_groups_pile() -> None:
    counting = Counting()
    *_, last = counting.call("A", F, F, F)
    counting.recount(F, 1, 3, "A")
    counting.apply(Action.DISPUTE, F, last, {"party": "employer"})  # carried as challenged
    assert counting.count.describe_pile(F, "A") == "pile 1: 2 of 3"
    assert counting.count.describe_pile(Call.CHALLENGE, "A") == "pile 1: 1 of 3"
    counting.call("A", F)
    assert counting.count.piles_to_check() == [PileRef(F, 1, "A")]  # to recount again


def test_a_snapshot_keeps_each_groups_piles() -> None:
    counting = Counting()
    counting.call("A", F, F, F, A, A, A)
    counting.call("B", F, F, F)
    counting.recount(F, 1, 3, "A")
    counting.recount(A, 1, 2, "A")
    count = counting.count
    thawed = Count.thawed(count.freeze(), SETUP.pile, SETUP.choices, challengers=describe(SETUP))
    assert thawed.piles_to_check() == count.piles_to_check() == [PileRef(F, 1, "B")]
    assert thawed.piles.mismatches() == count.piles.mismatches()
    for group in ("A", "B"):
        for call in Call:
            assert thawed.describe_pile(call, group) == count.describe_pile(call, group)


def test_a_count_of_one_box_refuses_a_recount_naming_a_group() -> None:
    count = Count(3)
    for seq in range(1, 4):
        count.apply(Event(seq, Action.CALL, F))
    with pytest.raises(ReplayError, match="names no group"):
        count.apply(Event(4, Action.PILE, F, 1, {"found": 3, "group": "A"}))
    count.apply(Event(4, Action.PILE, F, 1, {"found": 3}))
    assert count.piles_to_check() == []
