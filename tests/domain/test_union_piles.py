"""On a ballot of several unions each choice's ballots are a pile of their own.

The agent sorts the ballots as they are called: the Machinists', the Carpenters', the
Teamsters', Neither's, VOID and CHALLENGED. With piles of 3, three Machinists votes fill
"Machinists pile 1" and ask for its recount, whatever the other unions hold; a FOR pile
mixing the unions' votes is no pile anyone counts. A recount names its union; an undo or
a dispute acts on that union's pile only. A locked count asks for no recount, and its
full piles read "not recounted".
"""

import pytest

from station.domain import Action, Call, Count, ElectionSetup, Event, ReplayError
from station.domain.description import describe
from station.domain.election import voting_groups
from station.domain.piles import PileRef
from station.domain.statements import pile_notes

F, A, V, C = Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE
MACHINISTS, CARPENTERS, TEAMSTERS = 1, 2, 3

SETUP = ElectionSetup.validated(
    case_number="10-RC-000017", employer="Acme", union="Machinists",
    unions=["Carpenters", "Teamsters"], eligible=40, pile=3,
)  # fmt: skip


class Counting:
    """A count of `setup`, one event at a time, as the journal would give them."""

    def __init__(self, setup: ElectionSetup = SETUP) -> None:
        self.setup = setup
        self.count = Count.for_setup(setup)
        self.seq = 0

    def apply(self, action: Action, call: Call | None = None, target: int | None = None,
              detail: dict[str, object] | None = None) -> int:  # fmt: skip
        self.count.apply(Event(self.seq + 1, action, call, target, detail))
        self.seq += 1  # a refused event takes no number
        return self.seq

    def vote(self, *choices: int, group: str | None = None) -> list[int]:
        """Votes for these unions (1: the Machinists), or Neither (0)."""
        where: dict[str, object] = {} if group is None else {"group": group}
        return [
            self.apply(Action.CALL, A, detail=where or None)
            if choice == 0
            else self.apply(Action.CALL, F, detail={"choice": choice, **where})
            for choice in choices
        ]

    def recount(self, call: Call, pile: int, found: int, **place: object) -> int:
        return self.apply(Action.PILE, call, pile, {"found": found, **place})

    def undo(self) -> None:
        last = self.count.next_undo()
        assert last is not None
        self.apply(Action.UNDO, last[1], last[0])


def test_a_ballot_of_several_unions_keeps_its_pile_size() -> None:
    assert SETUP.pile == 3


def test_a_unions_pile_fills_with_its_own_votes_only() -> None:
    counting = Counting()
    counting.vote(MACHINISTS, MACHINISTS, CARPENTERS, TEAMSTERS, 0, 0)
    count = counting.count
    assert count.total(F) == 4  # the unions' votes together fill no pile
    assert count.piles_to_check() == []
    assert count.describe_pile(F, choice=MACHINISTS) == "pile 1: 2 of 3"
    assert count.describe_pile(F, choice=CARPENTERS) == "pile 1: 1 of 3"
    assert count.describe_pile(A) == "pile 1: 2 of 3"
    counting.vote(MACHINISTS, 0)
    assert count.piles_to_check() == [PileRef(F, 1, choice=MACHINISTS), PileRef(A, 1)]
    assert [ref.name for ref in count.piles_to_check()] == ["Machinists pile 1", "Neither pile 1"]
    assert count.describe_pile(F, choice=MACHINISTS) == "pile 1: 3 of 3 \u2014 recount"
    assert pile_notes([], count.piles_to_check()) == [
        "2 piles to recount: Machinists pile 1; Neither pile 1"
    ]
    counting.recount(F, 1, 3, choice=MACHINISTS)
    counting.recount(A, 1, 3)
    assert count.piles_to_check() == []
    assert count.describe_pile(F, choice=MACHINISTS) == "pile 1: 3 of 3"


@pytest.mark.parametrize(
    ("call", "place", "refusal"),
    [
        (F, {}, r"names the union \(1 to 9, ballot order\)"),
        (F, {"choice": 4}, "the ballot has no union 4"),
        (F, {"choice": True}, "names the union"),
        (F, {"choice": CARPENTERS}, "Carpenters pile 1 is not full"),
        (F, {"choice": MACHINISTS, "group": "A"}, "names no group"),
        (A, {"choice": MACHINISTS}, "only a pile check of a union's votes"),
        (V, {}, "VOID pile 1 is not full"),
    ],
)
def test_a_recount_names_a_full_pile_of_a_union(
    call: Call, place: dict[str, object], refusal: str
) -> None:
    counting = Counting()
    counting.vote(MACHINISTS, MACHINISTS, MACHINISTS, CARPENTERS, 0, 0, 0)
    with pytest.raises(ReplayError, match=refusal):
        counting.recount(call, 1, 3, **place)


def test_a_mismatch_stays_on_its_unions_pile_until_it_is_refilled() -> None:
    counting = Counting()
    counting.vote(MACHINISTS, MACHINISTS, MACHINISTS)
    counting.recount(F, 1, 2, choice=MACHINISTS)  # one was the Carpenters'
    count = counting.count
    [mismatch] = count.piles.mismatches()
    assert (mismatch.name, mismatch.found) == ("Machinists pile 1", 2)
    assert pile_notes(count.piles.mismatches(), []) == [
        "Machinists pile 1 recounted: 2 found, 3 recorded: not yet set right"
    ]
    counting.vote(CARPENTERS)  # another union's vote changes nothing of this pile
    with pytest.raises(ReplayError, match="Machinists pile 1 was found wrong"):
        counting.recount(F, 1, 3, choice=MACHINISTS)
    counting.undo()  # the Carpenters vote
    counting.undo()  # the third Machinists vote: the pile is open again
    assert count.describe_pile(F, choice=MACHINISTS) == "pile 1: 2 of 3"
    counting.vote(CARPENTERS, MACHINISTS)
    assert count.piles_to_check() == [PileRef(F, 1, choice=MACHINISTS)]
    counting.recount(F, 1, 3, choice=MACHINISTS)
    assert count.piles.mismatches() == [] and count.piles_to_check() == []


def test_a_redo_puts_the_vote_back_in_its_unions_pile() -> None:
    counting = Counting()
    counting.vote(TEAMSTERS, TEAMSTERS, TEAMSTERS)
    counting.recount(F, 1, 3, choice=TEAMSTERS)
    counting.undo()
    assert counting.count.describe_pile(F, choice=TEAMSTERS) == "pile 1: 2 of 3"
    seq, call = counting.count.next_redo() or (0, F)
    counting.apply(Action.REDO, call, seq)
    # Its ballots changed in between: the pile is recounted again.
    assert counting.count.piles_to_check() == [PileRef(F, 1, choice=TEAMSTERS)]


def test_a_disputed_vote_leaves_its_unions_pile_for_challenged() -> None:
    counting = Counting()
    *_, last = counting.vote(CARPENTERS, CARPENTERS, CARPENTERS)
    counting.recount(F, 1, 3, choice=CARPENTERS)
    counting.apply(Action.DISPUTE, F, last, {"party": "employer"})  # carried as challenged
    count = counting.count
    assert count.describe_pile(F, choice=CARPENTERS) == "pile 1: 2 of 3"
    assert count.describe_pile(C) == "pile 1: 1 of 3"
    counting.vote(CARPENTERS)
    assert count.piles_to_check() == [PileRef(F, 1, choice=CARPENTERS)]  # to recount again


def test_a_snapshot_keeps_each_unions_piles() -> None:
    counting = Counting()
    counting.vote(MACHINISTS, MACHINISTS, MACHINISTS, TEAMSTERS, TEAMSTERS, TEAMSTERS, 0)
    counting.recount(F, 1, 2, choice=MACHINISTS)
    count = counting.count
    thawed = Count.thawed(count.freeze(), SETUP.pile, SETUP.choices, challengers=describe(SETUP))
    assert thawed.piles_to_check() == count.piles_to_check() == [PileRef(F, 1, choice=TEAMSTERS)]
    assert [m.name for m in thawed.piles.mismatches()] == ["Machinists pile 1"]
    for call, choice in count.pile_lanes():
        assert thawed.describe_pile(call, None, choice) == count.describe_pile(call, None, choice)


def test_in_an_election_of_voting_groups_each_union_has_piles_in_each_box() -> None:
    setup = ElectionSetup.validated(
        case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
        unions=["Teamsters"], eligible=1, pile=2,
        groups=voting_groups(["A=Professional employees", "B=Nonprofessional employees"],
                             ["A=30", "B=80"]),
    )  # fmt: skip
    counting = Counting(setup)
    counting.vote(1, group="A")
    counting.vote(1, 2, group="B")
    assert counting.count.piles_to_check() == []
    counting.vote(1, group="A")
    [ref] = counting.count.piles_to_check()
    assert ref == PileRef(F, 1, "A", 1) and ref.name == "group A Nurses United pile 1"
    with pytest.raises(ReplayError, match="group B Nurses United pile 1 is not full"):
        counting.recount(F, 1, 2, group="B", choice=1)
    counting.recount(F, 1, 2, group="A", choice=1)
    assert counting.count.piles_to_check() == []


def test_a_locked_count_says_a_full_pile_was_not_recounted() -> None:
    count = Count(3)
    for seq in range(1, 4):
        count.apply(Event(seq, Action.CALL, F))
    assert count.describe_pile(F) == "pile 1: 3 of 3 \u2014 recount"
    count.apply(Event(4, Action.SIGN, None, 3, {"kind": "final"}))
    assert count.describe_pile(F) == "pile 1: 3 of 3 \u2014 not recounted"
    count.apply(Event(5, Action.REOPEN, None, None, {"reason": "a pile to recount"}))
    assert count.describe_pile(F) == "pile 1: 3 of 3 \u2014 recount"
