"""Pile checks: every N ballots of a call, the pile is recounted before counting goes on.

With a pile size N (0: no checks), pile k of a call holds that call's ballots
(k-1)*N+1 to k*N. Once it is full, the station asks for a recount (a PILE event records
the number found). Found = N confirms the pile; anything else is a mismatch that stays
on screen until the count is corrected (with visible undos and calls) and the refilled
pile is recounted and confirmed. A pile that is no longer full after an undo loses its
confirmation: its ballots changed, so it must be recounted when full again.

In an election of voting groups each group's box is counted as a box of its own, its
ballots never mixed with another group's: its piles are its own too (pile k of group
A's FOR is group A's FOR ballots (k-1)*N+1 to k*N), and a PILE event names the group,
`{"group": "A", "found": N}`. An election of one group has no group in its piles.

On a ballot of several unions the agent sorts the ballots by choice, as they are called:
each union's votes are a pile of their own (a pile of FOR would mix the unions' votes,
which no count sorts together), Neither's are AGAINST's, and VOID and CHALLENGED keep
theirs. A PILE event of a union's pile names the union as its calls do, `{"choice": K,
"found": N}` (K from 1, ballot order), and the pile is named by the union ("Machinists
pile 2", "Neither pile 1"); in an election of voting groups, in each group's box.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from station.domain.calls import Call, vote_words
from station.domain.runoff import several_unions
from station.domain.words import say, say_in

DEFAULT_PILE = 100


GROUP = "group"  # the PILE event's detail key naming the voting group's pile
CHOICE = "choice"  # the PILE event's detail key naming the union of a union's pile

# How a ballot's piles are named where a call's label says too little: on a ballot of
# several unions, (FOR, K) is union K's name and (AGAINST, None) the Neither wording.
Labels = Mapping[tuple[Call, int | None], str]


@dataclass(frozen=True, slots=True)
class PileRef:
    """One pile: pile `pile` of `call` (of union `choice`'s votes, on a ballot of several
    unions), in voting group `group`'s box (None: the box). `label` names it ("FOR", or
    the union's name) and is no part of which pile it is."""

    call: Call
    pile: int
    group: str | None = None
    choice: int | None = None
    label: str | None = field(default=None, compare=False)

    @property
    def name(self) -> str:
        """ "FOR pile 3", "group A FOR pile 3", "Machinists pile 3"."""
        return pile_name(self.call, self.pile, self.group, self.label)

    @property
    def title(self) -> str:
        """The name at the head of a sentence: "FOR pile 3", "Group A FOR pile 3"."""
        return self.name[0].upper() + self.name[1:]


def pile_name(
    call: Call, pile: int | str, group: str | None = None, label: str | None = None
) -> str:
    """ "FOR pile 3", "group A FOR pile 3", "Machinists pile 3" (`label` naming the
    choice): how every screen and the CLI name a pile."""
    return say("{lane} pile {pile}", lane=lane_name(call, group, label), pile=pile)


def lane_name(call: Call, group: str | None = None, label: str | None = None) -> str:
    """Whose piles these are: "FOR", "group A FOR", "Machinists", "group B Neither"."""
    said = _pile_words(label or call.label)
    return said if group is None else say("group {group} {lane}", group=group, lane=said)


def _pile_words(label: str) -> str:
    """A lane's word: a pile holds many ballots, so where a language says VOID and
    CHALLENGED of one ballot otherwise (Spanish NULA, NULAS) it says the pile's."""
    match label:
        case "VOID":
            return say_in("pile", "VOID")
        case "CHALLENGED":
            return say_in("pile", "CHALLENGED")
    return vote_words(label)


def pile_labels(unions: tuple[str, ...], neither: str | None) -> dict[tuple[Call, int | None], str]:
    """The names of a ballot's piles where a call's label says too little: on a ballot
    of several unions, each union's by its name and Neither's by its wording."""
    if not several_unions(len(unions)):
        return {}
    labels: dict[tuple[Call, int | None], str] = {
        (Call.FOR, number): name for number, name in enumerate(unions, 1)
    }
    if neither is not None:
        labels[(Call.AGAINST, None)] = neither
    return labels


@dataclass(frozen=True, slots=True)
class PileCheck:
    """The outcome of one recount: pile `pile` of `call` (in group `group`'s box, if the
    election has voting groups) held `found` ballots."""

    call: Call
    pile: int
    found: int
    size: int
    group: str | None = None
    choice: int | None = None
    label: str | None = field(default=None, compare=False)

    @property
    def confirmed(self) -> bool:
        return self.found == self.size

    @property
    def name(self) -> str:
        """The pile's name, as its `PileRef` says it."""
        return self.ref.name

    @property
    def title(self) -> str:
        """The pile's name at the head of a sentence, as its `PileRef` says it."""
        return self.ref.title

    @property
    def ref(self) -> PileRef:
        return PileRef(self.call, self.pile, self.group, self.choice, self.label)


class PileError(ValueError):
    """A recount that cannot be (the caller turns it into a ReplayError), in the
    language said: the operator reads it as the refusal of the pile's recount."""


class PileTracker:
    """Which piles are full, confirmed or found wrong (each pile a `PileRef`).

    A pile is found by its call, its number, its group's box (`group`, None: the box)
    and, on a ballot of several unions, its union (`choice`, for FOR only); `labels`
    name the piles of such a ballot (`pile_labels`).
    """

    def __init__(self, size: int, labels: Labels | None = None) -> None:
        self.size = size
        self.labels: Labels = labels or {}
        self._confirmed: set[PileRef] = set()
        self._mismatches: dict[PileRef, int] = {}
        # Piles found wrong whose count has not been corrected below them since.
        self._unrefilled: set[PileRef] = set()

    def ref(
        self, call: Call, pile: int, group: str | None = None, choice: int | None = None
    ) -> PileRef:
        """Pile `pile` of `call` (union `choice`'s) in `group`'s box, named."""
        return PileRef(call, pile, group, choice, self.label(call, choice))

    def label(self, call: Call, choice: int | None = None) -> str:
        """What a pile's lane is called: "FOR", or a union's name, "Neither"."""
        return self.labels.get((call, choice), call.label)

    def checked(
        self,
        call: Call,
        pile: int,
        found: object,
        total: int,
        group: str | None = None,
        choice: int | None = None,
    ) -> PileCheck:
        """The recount of pile `pile` of `call` (union `choice`'s) in `group`'s box (that
        lane's total there now `total`) if it may be recorded.

        Changes nothing; raises PileError if the recount cannot be. A pile found wrong
        cannot be confirmed until the count was corrected below its end and refilled.
        """
        ref = self.ref(call, pile, group, choice)
        if self.size <= 0:
            raise PileError(say("this election has no pile checks"))
        if not 1 <= pile <= total // self.size:
            raise PileError(say("{pile} is not full", pile=ref.name))
        if (
            not isinstance(found, int)
            or isinstance(found, bool)
            or not 0 <= found <= 10 * self.size
        ):
            raise PileError(
                say("a recount finds a number of ballots, not {found}", found=repr(found))
            )
        if ref in self._unrefilled:
            raise PileError(
                say(
                    "{pile} was found wrong: correct the count (undo, call again) and refill"
                    " the pile before it is recounted",
                    pile=ref.name,
                )
            )
        return PileCheck(call, pile, found, self.size, group, choice, ref.label)

    def record(self, check: PileCheck) -> None:
        """Keep a recount returned by `checked`."""
        key = check.ref
        if check.confirmed:
            self._confirmed.add(key)
            self._mismatches.pop(key, None)
        else:
            self._confirmed.discard(key)
            self._mismatches[key] = check.found
            self._unrefilled.add(key)

    def total_changed(
        self, call: Call, total: int, group: str | None = None, choice: int | None = None
    ) -> None:
        """A total (of `call`, union `choice`'s, in `group`'s box) fell by one ballot to
        `total`: a pile it emptied is no longer full.

        Only that one pile can change, so this costs the same on the first ballot and
        the millionth (forgetting by a scan of every pile made a long count quadratic).
        """
        if self.size <= 0 or (total + 1) % self.size:
            return
        emptied = PileRef(call, (total + 1) // self.size, group, choice)
        self._confirmed.discard(emptied)
        self._unrefilled.discard(emptied)

    def to_check(
        self, call: Call, total: int, group: str | None = None, choice: int | None = None
    ) -> list[int]:
        """Full piles of `call` (union `choice`'s, in `group`'s box) waiting for a
        recount (not confirmed, not awaiting a fix)."""
        if self.size <= 0:
            return []
        return [
            k
            for k in range(1, total // self.size + 1)
            if PileRef(call, k, group, choice) not in self._confirmed
            and PileRef(call, k, group, choice) not in self._unrefilled
        ]

    def describe(
        self,
        call: Call,
        total: int,
        group: str | None = None,
        choice: int | None = None,
        locked: bool = False,
    ) -> str:
        """Where the current pile of `call` (union `choice`'s, in `group`'s box) stands:
        "pile 8: 63 of 100", "pile 9: 100 of 100 — recount" when full and not yet
        recounted; "— not recounted" instead while a tally sheet locks the count,
        which asks for no recount until it is reopened.

        Looks at that one pile only, so it costs nothing however long the count.
        """
        if self.size <= 0:
            return ""
        pile, held = self.position(total)
        key = PileRef(call, pile, group, choice)
        waiting = held == self.size and key not in self._confirmed and key not in self._unrefilled
        said = say("pile {pile}: {held} of {size}", pile=pile, held=held, size=self.size)
        if not waiting:
            return said
        return said + (say(" \u2014 not recounted") if locked else say(" \u2014 recount"))

    def state(self) -> dict[str, list[list[object]]]:
        """The confirmed piles, the mismatches and the piles awaiting a fix, sorted; a
        voting group's pile names its call "A:for" (its group's key, then the call), a
        union's "for/2" (the call, then the union's place on the ballot)."""
        return {
            "confirmed": sorted([_stored(ref), ref.pile] for ref in self._confirmed),
            "mismatches": sorted(
                [_stored(ref), ref.pile, found] for ref, found in self._mismatches.items()
            ),
            "unrefilled": sorted([_stored(ref), ref.pile] for ref in self._unrefilled),
        }

    @classmethod
    def restored(cls, size: int, state: object, labels: Labels | None = None) -> "PileTracker":
        """The tracker a `state()` describes (raises ValueError if it is malformed)."""
        tracker = cls(size, labels)
        if not isinstance(state, dict) or set(state) != {"confirmed", "mismatches", "unrefilled"}:
            raise ValueError("the piles are malformed")
        for call, pile in state["confirmed"]:
            tracker._confirmed.add(tracker._restored_ref(call, pile))
        for call, pile, found in state["mismatches"]:
            tracker._mismatches[tracker._restored_ref(call, pile)] = _whole(found)
        for call, pile in state["unrefilled"]:
            tracker._unrefilled.add(tracker._restored_ref(call, pile))
        return tracker

    def _restored_ref(self, stored: object, pile: object) -> PileRef:
        if not isinstance(stored, str):
            raise ValueError(f"{stored!r} is not a pile's call")
        group, _, rest = stored.rpartition(":")
        value, _, choice = rest.partition("/")
        number = _whole(int(choice)) if choice.isdigit() else None
        if choice and number is None:
            raise ValueError(f"{stored!r} is not a pile's call")
        return self.ref(Call(value), _whole(pile), group or None, number)

    def mismatches(self) -> list[PileCheck]:
        """Recounts that found a different number and are not yet set right, in order."""
        return [
            PileCheck(ref.call, ref.pile, found, self.size, ref.group, ref.choice, ref.label)
            for ref, found in sorted(self._mismatches.items(), key=lambda item: _order(item[0]))
        ]

    def position(self, total: int) -> tuple[int, int]:
        """(pile number, ballots in it) for a call whose total is `total`."""
        if self.size <= 0:
            return 0, total
        if total and total % self.size == 0:
            return total // self.size, self.size  # full, waiting for its recount
        return total // self.size + 1, total % self.size


def _order(ref: PileRef) -> tuple[str, str, int, int]:
    return (ref.group or "", ref.call.value, ref.choice or 0, ref.pile)


def _stored(ref: PileRef) -> str:
    lane = ref.call.value if ref.choice is None else f"{ref.call.value}/{ref.choice}"
    return lane if ref.group is None else f"{ref.group}:{lane}"


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a number of piles or ballots")
    return value
