"""The votes of each choice on a ballot with two or more unions.

A vote for a union is a FOR call whose detail names the union, `{"choice": K}` with K
its place on the ballot (1 for the first union); a vote for Neither is an AGAINST call.
So the count keeps its four calls (FOR is the unions together, AGAINST is Neither: the
tally's lines 5-7 and every statement about VOID and CHALLENGED ballots hold as they
are), and this register splits FOR between the unions. A one-union election's FOR
carries no choice, exactly as before.

The choice is the ballot's content and nothing else: like the call, it never names or
points to a voter.
"""

from collections.abc import Mapping

from station.domain.calls import Call
from station.domain.choices import Ballot
from station.domain.events import Action, Event
from station.domain.runoff import several_unions
from station.domain.words import say

CHOICE = "choice"


class ChoiceVotes:
    """Which union each FOR call voted for, and how many votes of each count now."""

    def __init__(self, ballot: Ballot | None = None) -> None:
        self.ballot = ballot
        self.unions = 1 if ballot is None else len(ballot.unions)
        self.neither = ballot is None or ballot.neither is not None
        self._choice_of: dict[int, int] = {}  # FOR call's event -> union, 1-based
        self._counting: set[int] = set()  # those FOR calls that count as FOR now
        self._votes = [0] * self.unions

    @property
    def several(self) -> bool:
        """Two or more unions: each FOR names its union."""
        return several_unions(self.unions)

    def checked(self, call: Call, detail: Mapping[str, object] | None) -> int | None:
        """The union a CALL votes for (None when it names none); ValueError if it may not.

        A call's detail holds at most an over-count confirmation and the union voted for.
        """
        if detail is not None and (
            not detail
            or detail.get("over_count", True) is not True
            or set(detail) - {"over_count", CHOICE}
        ):
            raise ValueError("a call carries nothing but an over-count confirmation")
        choice = None if detail is None else detail.get(CHOICE)
        if call is Call.FOR and self.several:
            if not isinstance(choice, int) or isinstance(choice, bool):
                raise ValueError("a vote for a union names the union (1 to 9, ballot order)")
            if not 1 <= choice <= self.unions:
                raise ValueError(f"the ballot has no union {choice}")
            return choice
        if choice is not None:
            raise ValueError("only a vote for a union on a ballot of several names a choice")
        if call is Call.AGAINST and not self.neither:
            raise ValueError("this runoff's ballot has no 'Neither' choice")
        return None

    def plain_call_allowed(self, call: Call) -> bool:
        """Whether `call` may be recorded with no detail at all."""
        return not (call is Call.FOR and self.several) and not (
            call is Call.AGAINST and not self.neither
        )

    def first_refused(self, codes: bytes, calls: tuple[Call, ...]) -> int | None:
        """Where a run of plain calls (`codes`: places in `calls`) has one this ballot
        refuses (a FOR naming no union, an AGAINST on a runoff of two unions), or None."""
        if self.neither and not self.several:
            return None  # one union and "No union": every plain call is allowed
        refused = [
            codes.find(code) for code, call in enumerate(calls) if not self.plain_call_allowed(call)
        ]
        found = [place for place in refused if place >= 0]
        return min(found) if found else None

    def choice_votes(self, for_total: int, against_total: int) -> tuple[int, ...]:
        """The votes of each choice in ballot order: each union, then Neither if any."""
        unions = self.union_votes(for_total)
        return (*unions, against_total) if self.neither else unions

    def add(self, seq: int, choice: int) -> None:
        """A FOR call of event `seq` voted for union `choice` (1-based)."""
        self._choice_of[seq] = choice
        self._counting.add(seq)
        self._votes[choice - 1] += 1

    def set_counting(self, seq: int, counting: bool) -> None:
        """The FOR call of event `seq` counts for its union (True) or not (False) from now
        on: undone or redone, or carried as challenged by a dispute and back.

        Saying so twice changes nothing, so a ballot disputed and then undone is taken
        from its union once.
        """
        choice = self._choice_of.get(seq)
        if choice is None or (seq in self._counting) == counting:
            return
        if counting:
            self._counting.add(seq)
        else:
            self._counting.discard(seq)
        self._votes[choice - 1] += 1 if counting else -1

    def union_votes(self, for_total: int) -> tuple[int, ...]:
        """Each union's votes that count now, in ballot order."""
        return tuple(self._votes) if self.several else (for_total,)

    def choice_of(self, seq: int) -> int | None:
        """The union (1-based) that the FOR call of event `seq` voted for, if it named one."""
        return self._choice_of.get(seq)

    def state(self) -> list[list[int]]:
        """What a snapshot stores: [event, union] of every FOR call that named one."""
        return [[seq, choice] for seq, choice in self._choice_of.items()]

    def restore(self, state: object, counting: set[int]) -> None:
        """Take back `state`; `counting` are the events whose calls count as FOR now."""
        if not isinstance(state, list):
            raise ValueError("the choices are not a list")
        for entry in state:
            if (
                not isinstance(entry, list)
                or len(entry) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in entry)
                or not 1 <= entry[1] <= self.unions
            ):
                raise ValueError(f"{entry!r} is not an event and its union")
            self._choice_of[entry[0]] = entry[1]
            if entry[0] in counting:
                self._counting.add(entry[0])
                self._votes[entry[1] - 1] += 1

    def words(self, event: Event) -> str | None:
        """ "for Teamsters Local 901": what a vote, or its undo or redo, was for, in the
        language said (the choice's name as written).

        None but on a ballot of several unions, where FOR and AGAINST say too little.
        """
        ballot = self.ballot
        if ballot is None or not self.several:
            return None
        if event.call is Call.AGAINST and ballot.neither is not None:
            return say("for {choice}", choice=ballot.neither)
        if event.call is Call.FOR:
            choice = self._choice_of.get(
                event.seq if event.action is Action.CALL else event.target or 0
            )
            return None if choice is None else say("for {choice}", choice=ballot.unions[choice - 1])
        return None
