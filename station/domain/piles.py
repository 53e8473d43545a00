"""Pile checks: every N ballots of a call, the pile is recounted before counting goes on.

With a pile size N (0: no checks), pile k of a call holds that call's ballots
(k-1)*N+1 to k*N. Once it is full, the station asks for a recount (a PILE event records
the number found). Found = N confirms the pile; anything else is a mismatch that stays
on screen until the count is corrected (with visible undos and calls) and the refilled
pile is recounted and confirmed. A pile that is no longer full after an undo loses its
confirmation: its ballots changed, so it must be recounted when full again.
"""

from dataclasses import dataclass

from station.domain.calls import Call

DEFAULT_PILE = 100


@dataclass(frozen=True, slots=True)
class PileCheck:
    """The outcome of one recount: pile `pile` of `call` held `found` ballots."""

    call: Call
    pile: int
    found: int
    size: int

    @property
    def confirmed(self) -> bool:
        return self.found == self.size


class PileError(ValueError):
    """A recount that cannot be (the caller turns it into a ReplayError)."""


class PileTracker:
    """Which piles are full, confirmed or found wrong."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._confirmed: set[tuple[Call, int]] = set()
        self._mismatches: dict[tuple[Call, int], int] = {}
        # Piles found wrong whose count has not been corrected below them since.
        self._unrefilled: set[tuple[Call, int]] = set()

    def checked(self, call: Call, pile: int, found: object, total: int) -> PileCheck:
        """The recount of pile `pile` of `call` (total now `total`) if it may be recorded.

        Changes nothing; raises PileError if the recount cannot be. A pile found wrong
        cannot be confirmed until the count was corrected below its end and refilled.
        """
        if self.size <= 0:
            raise PileError("this election has no pile checks")
        if not 1 <= pile <= total // self.size:
            raise PileError(f"{call.label} pile {pile} is not full")
        if (
            not isinstance(found, int)
            or isinstance(found, bool)
            or not 0 <= found <= 10 * self.size
        ):
            raise PileError(f"a recount finds a number of ballots, not {found!r}")
        if (call, pile) in self._unrefilled:
            raise PileError(
                f"{call.label} pile {pile} was found wrong: correct the count (undo, call"
                " again) and refill the pile before it is recounted"
            )
        return PileCheck(call, pile, found, self.size)

    def record(self, check: PileCheck) -> None:
        """Keep a recount returned by `checked`."""
        key = (check.call, check.pile)
        if check.confirmed:
            self._confirmed.add(key)
            self._mismatches.pop(key, None)
        else:
            self._confirmed.discard(key)
            self._mismatches[key] = check.found
            self._unrefilled.add(key)

    def total_changed(self, call: Call, total: int) -> None:
        """A total fell by one ballot to `total`: a pile it emptied is no longer full.

        Only that one pile can change, so this costs the same on the first ballot and
        the millionth (forgetting by a scan of every pile made a long count quadratic).
        """
        if self.size <= 0 or (total + 1) % self.size:
            return
        emptied = (call, (total + 1) // self.size)
        self._confirmed.discard(emptied)
        self._unrefilled.discard(emptied)

    def to_check(self, call: Call, total: int) -> list[int]:
        """Full piles of `call` waiting for a recount (not confirmed, not awaiting a fix)."""
        if self.size <= 0:
            return []
        return [
            k
            for k in range(1, total // self.size + 1)
            if (call, k) not in self._confirmed and (call, k) not in self._unrefilled
        ]

    def describe(self, call: Call, total: int) -> str:
        """Where the current pile of `call` stands: "pile 8: 63 of 100" (+ "— recount").

        Looks at that one pile only, so it costs nothing however long the count.
        """
        if self.size <= 0:
            return ""
        pile, held = self.position(total)
        key = (call, pile)
        waiting = held == self.size and key not in self._confirmed and key not in self._unrefilled
        return f"pile {pile}: {held} of {self.size}" + (" \u2014 recount" if waiting else "")

    def state(self) -> dict[str, list[list[object]]]:
        """The confirmed piles, the mismatches and the piles awaiting a fix, sorted."""
        return {
            "confirmed": sorted([call.value, pile] for call, pile in self._confirmed),
            "mismatches": sorted(
                [call.value, pile, found] for (call, pile), found in self._mismatches.items()
            ),
            "unrefilled": sorted([call.value, pile] for call, pile in self._unrefilled),
        }

    @classmethod
    def restored(cls, size: int, state: object) -> "PileTracker":
        """The tracker a `state()` describes (raises ValueError if it is malformed)."""
        tracker = cls(size)
        if not isinstance(state, dict) or set(state) != {"confirmed", "mismatches", "unrefilled"}:
            raise ValueError("the piles are malformed")
        for call, pile in state["confirmed"]:
            tracker._confirmed.add((Call(call), _whole(pile)))
        for call, pile, found in state["mismatches"]:
            tracker._mismatches[(Call(call), _whole(pile))] = _whole(found)
        for call, pile in state["unrefilled"]:
            tracker._unrefilled.add((Call(call), _whole(pile)))
        return tracker

    def mismatches(self) -> list[PileCheck]:
        """Recounts that found a different number and are not yet set right."""
        return [
            PileCheck(call, pile, found, self.size)
            for (call, pile), found in sorted(self._mismatches.items())
        ]

    def position(self, total: int) -> tuple[int, int]:
        """(pile number, ballots in it) for a call whose total is `total`."""
        if self.size <= 0:
            return 0, total
        if total and total % self.size == 0:
            return total // self.size, self.size  # full, waiting for its recount
        return total // self.size + 1, total % self.size


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a number of piles or ballots")
    return value
