"""Which voting group's pile each ballot was called from, and each group's figures.

In an election of voting groups every CALL names its group, `{"group": "A"}`, as the
Board counts each group's ballots as a pile of its own. A Sonotone ballot's two questions
are decided apart (*Providence Health*, 369 NLRB No. 78: marks in more than one box void
that question): its call is question 2's (FOR, AGAINST, or VOID for void or unmarked)
and `{"inclusion": ...}` question 1's, "yes", "no", "void" or "blank". Left out, question
1 is unmarked on a FOR or AGAINST and void on a VOID (a ballot void whole), as journals
have always stored them. The ballot is one event, both answers in, so undoing it or
challenging it takes the whole ballot; a challenged ballot is sealed with both.

Like the call, the group and the answers are the ballot's content and the pile it lay
in: nothing here names or points to a voter. An election of one group stores none of
this and its calls are as they always were.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from station.domain.calls import Call
from station.domain.choices import Ballot
from station.domain.groups import GroupSpec, GroupTally
from station.domain.resolution import Status

GROUP = "group"
INCLUSION = "inclusion"
ANSWERS = ("yes", "no", "void", "blank")
# Question 1's answer where the call's detail has none: the call's own reading.
_UNSTATED = {Call.FOR: "blank", Call.AGAINST: "blank", Call.VOID: "void"}


def stored_answer(call: Call, answer: str | None) -> str | None:
    """What a call's detail stores of question 1's `answer`: nothing where the call
    alone reads so (unmarked on a vote, void on a VOID), so a ballot recorded as it
    always was is stored as it always was."""
    return None if answer is None or _UNSTATED.get(call) == answer else answer


def answer_read(call: Call, answer: str | None) -> str | None:
    """Question 1's answer on a ballot called `call` (None on a challenged one)."""
    return answer or _UNSTATED.get(call)


@dataclass(frozen=True, slots=True)
class MailPiles:
    """What the envelope stage of a mail election of voting groups gives each group.

    Attributes:
        boxes: each group's ballots to count, by key (its envelopes opened, those a
            decision ordered opened too, and its voters at the polls); None while the
            stage is open.
        sealed: each challenged envelope (its event) and its voter's group: on that
            group's line 6 until it is settled, and counted in its pile if opened.
        void: each group's envelopes ruled void, by key: on its line 2, never in its box.
    """

    boxes: Mapping[str, int] | None
    sealed: Mapping[int, str]
    void: Mapping[str, int] = field(default_factory=dict)


class GroupCalls:
    """The group (and a Sonotone ballot's question 1) of every call, and what counts now."""

    def __init__(self, ballot: Ballot | None = None) -> None:
        self.specs: tuple[GroupSpec, ...] = () if ballot is None else ballot.groups
        self._unions = 1 if ballot is None else len(ballot.unions)
        self._choices = 2 if ballot is None else len(ballot.choices)
        self._keys = {spec.key: index for index, spec in enumerate(self.specs)}
        self._of: dict[int, tuple[int, str | None]] = {}  # call's event -> group, answer
        self._call: dict[int, Call] = {}  # each such call as it is carried now
        self._counting: set[int] = set()
        # Each group's calls that count, by call as carried: its piles (piles.py).
        self._totals: list[dict[Call, int]] = [dict.fromkeys(Call, 0) for _ in self.specs]

    @property
    def unions(self) -> int:
        """How many of the ballot's choices are unions."""
        return self._unions

    @property
    def active(self) -> bool:
        """An election of voting groups: every call names its group."""
        return bool(self.specs)

    def split(
        self, call: Call, detail: Mapping[str, object] | None
    ) -> tuple[int, str | None, dict[str, object] | None]:
        """A call's group (index), its question-1 answer, and the rest of its detail;
        ValueError if the call may not be recorded so."""
        rest = dict(detail or {})
        key = rest.pop(GROUP, None)
        answer = rest.pop(INCLUSION, None)
        group = self._keys.get(key) if isinstance(key, str) else None
        if group is None:
            keys = ", ".join(self._keys)
            raise ValueError(f"a call in an election of voting groups names its group ({keys})")
        if answer is not None:
            if not self.specs[group].asks_inclusion:
                raise ValueError(f"group {key}'s ballot has no question on inclusion")
            if call not in _UNSTATED or answer not in ANSWERS:
                raise ValueError(
                    "question 1 is answered yes, no, void or blank on a ballot called FOR,"
                    " AGAINST or VOID; a challenged ballot is sealed whole"
                )
        return group, answer if isinstance(answer, str) else None, rest or None

    def add(self, seq: int, group: int, answer: str | None, call: Call) -> None:
        """The call of event `seq` was made on a ballot of `group` (it counts)."""
        self._of[seq] = (group, answer)
        self._call[seq] = call
        self._counting.add(seq)
        self._totals[group][call] += 1

    def set_counting(self, seq: int, counting: bool) -> None:
        """The call of event `seq` counts (True) or not (False) from now on."""
        if seq not in self._of or (seq in self._counting) == counting:
            return
        if counting:
            self._counting.add(seq)
        else:
            self._counting.discard(seq)
        self._totals[self._of[seq][0]][self._call[seq]] += 1 if counting else -1

    def recalled(self, seq: int, call: Call) -> None:
        """The ballot of event `seq` is carried as `call` from now on (a dispute)."""
        if seq not in self._call:
            return
        if seq in self._counting:
            totals = self._totals[self._of[seq][0]]
            totals[self._call[seq]] -= 1
            totals[call] += 1
        self._call[seq] = call

    def key_of(self, seq: int) -> str | None:
        """The key of the group whose pile the ballot of event `seq` was called from."""
        found = self._of.get(seq)
        return None if found is None else self.specs[found[0]].key

    def total(self, key: str, call: Call) -> int:
        """Group `key`'s ballots called `call` that count now (as carried): its piles'."""
        return self._totals[self._keys[key]][call]

    def group_of(self, seq: int) -> GroupSpec | None:
        """The group the ballot of event `seq` was called in, if it named one."""
        found = self._of.get(seq)
        return None if found is None else self.specs[found[0]]

    def tallies(
        self,
        choice_of: Callable[[int], int | None],
        statuses: Mapping[int, Status] | None = None,
        revised_from: int | None = None,
        mail: MailPiles | None = None,
    ) -> tuple[GroupTally, ...]:
        """Each group's figures now, in setup order. `choice_of` names the union (1-based)
        a FOR call voted for on a ballot of several unions.

        `statuses` are the challenges settled or decided (`Resolutions.statuses`), and
        `revised_from` the first decision's event once there is one. As the whole tally
        does (`Resolutions.adjusted`), a challenge withdrawn or ordered opened leaves its
        group's line 6, its ballot coming back as a call of its own in that group; a
        sustained one is set aside; the ballots ordered opened stay on their group's
        line 6 until the revised count has called as many in that group. By `mail`,
        a group's box is its envelopes', and its challenged envelopes still sealed are
        on its line 6.
        """
        size = len(self.specs)
        votes = [[0] * self._choices for _ in self.specs]
        void, challenged, aside = [0] * size, [0] * size, [0] * size
        yes, no, handled = [0] * size, [0] * size, [0] * size
        spoiled, blank = [0] * size, [0] * size  # question 1 void, unmarked
        uncounted = self._uncounted(statuses or {}, revised_from, mail)
        sealed = [0] * size
        voided = [0] * size  # envelopes ruled void: on line 2, never in the box
        for key, n in ({} if mail is None else mail.void).items():
            voided[self._keys[key]] += n
        for seq, key in ({} if mail is None else mail.sealed).items():
            if (statuses or {}).get(seq, Status.OPEN) is Status.OPEN:
                sealed[self._keys[key]] += 1
        for seq in self._counting:
            group, answer = self._of[seq]
            call = self._call[seq]
            settled = _settled(statuses, seq, call)
            if settled is Status.SUSTAINED:
                aside[group] += 1
                continue
            if settled is not None:  # withdrawn or ordered opened: called again
                continue
            handled[group] += 1
            if call is Call.CHALLENGE:
                challenged[group] += 1
                continue
            if call is Call.VOID:
                void[group] += 1
            elif call is Call.FOR:
                votes[group][(choice_of(seq) or 1) - 1] += 1
            else:
                votes[group][self._unions] += 1
            if self.specs[group].asks_inclusion:
                read = answer_read(call, answer)
                yes[group] += read == "yes"
                no[group] += read == "no"
                spoiled[group] += read == "void"
                blank[group] += read == "blank"
        return tuple(
            GroupTally(
                tuple(votes[index]),
                void[index] + voided[index],
                challenged[index] + uncounted[index] + sealed[index],
                yes[index],
                no[index],
                None
                if (box := _box(spec, mail)) is None
                else max(box - handled[index] - aside[index] - uncounted[index], 0),
                aside[index],
                sealed[index],
                uncounted[index],
                spoiled[index],
                blank[index],
                voided[index],
            )
            for index, spec in enumerate(self.specs)
        )

    def opened_left(
        self,
        key: str,
        statuses: Mapping[int, Status],
        revised_from: int,
        mail: MailPiles | None = None,
    ) -> int:
        """How many of group `key`'s ballots ordered opened the revised count has still
        to call: an opened ballot is counted in its own group's pile, never another's."""
        return self._uncounted(statuses, revised_from, mail)[self._keys[key]]

    def _uncounted(
        self, statuses: Mapping[int, Status], revised_from: int | None, mail: MailPiles | None
    ) -> list[int]:
        """Each group's ballots ordered opened (challenged calls and envelopes) and not
        yet called in the revised count."""
        ordered, called = [0] * len(self.specs), [0] * len(self.specs)
        if revised_from is None:
            return ordered
        sealed = {} if mail is None else mail.sealed
        for seq, status in statuses.items():
            found = self._of.get(seq)
            group = found[0] if found is not None else self._keys.get(sealed.get(seq, ""))
            if status is Status.ORDERED_OPENED and group is not None:
                ordered[group] += 1
        for seq in self._counting:
            if seq > revised_from:
                called[self._of[seq][0]] += 1
        return [max(wanted - done, 0) for wanted, done in zip(ordered, called, strict=True)]

    def state(self) -> list[list[object]]:
        """What a snapshot stores: [event, group, answer] of every call in a group."""
        return [[seq, group, answer] for seq, (group, answer) in self._of.items()]

    def restore(
        self,
        state: object,
        counting: Iterable[tuple[int, Call]],
        undone: Iterable[tuple[int, Call]],
    ) -> None:
        """Take back `state`; `counting` are the calls that count now, as carried,
        `undone` those that could be redone."""
        if not isinstance(state, list):
            raise ValueError("the groups' calls are not a list")
        for entry in state:
            if (
                not isinstance(entry, list)
                or len(entry) != 3
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], int)
                or not 0 <= entry[1] < len(self.specs)
                or entry[2] not in (None, *ANSWERS)
            ):
                raise ValueError(f"{entry!r} is not an event, its group and its answer")
            self._of[entry[0]] = (entry[1], entry[2])
            self._call[entry[0]] = Call.VOID  # until the stacks say how it is carried
        for seq, call in undone:
            if seq in self._of:
                self._call[seq] = call
        for seq, call in counting:
            if seq in self._of:
                self._call[seq] = call
                self._counting.add(seq)
                self._totals[self._of[seq][0]][call] += 1


def _settled(statuses: Mapping[int, Status] | None, seq: int, call: Call) -> Status | None:
    """How a challenged ballot's challenge was settled or decided, if it was (a disputed
    call whose dispute was withdrawn is carried as called again: it is no challenge)."""
    if call is not Call.CHALLENGE or not statuses:
        return None
    status = statuses.get(seq, Status.OPEN)
    return None if status is Status.OPEN else status


def _box(spec: GroupSpec, mail: MailPiles | None) -> int | None:
    """A group's ballots to count: its box as set up, or by mail its envelopes'."""
    if mail is None:
        return spec.ballots
    return None if mail.boxes is None else mail.boxes[spec.key]
