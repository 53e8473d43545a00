"""After the first tally: challenges settled, calls disputed, the decision, the revised count.

docs/rules.md, "Resolving challenges" and "Revised and corrected tallies":

* At the table the parties may agree on a challenge (RESOLVE): **withdrawn**, its sealed
  ballot is opened, commingled and later called like any other ballot (it leaves line 6,
  and its call is a plain CALL that nothing links to the challenge); **sustained**, it
  leaves line 6 and is never opened (the ballot is set aside: handled, on no line). A
  resolution is undone by a RESOLVE back to **open**, a new visible event.
* Any party may dispute the agent's ruling on a ballot called FOR, AGAINST or VOID
  (DISPUTE): it is carried as challenged (*Horton Automatics*), or, where the parties
  agree, left as called with the dispute noted for objections (*Brooks Brothers*). Another
  party may join it (JOIN); a dispute is withdrawn with a RESOLVE "withdrawn": the
  ballot counts as the agent called it.
* With a final tally prepared, the decision after the hearing (DECIDE) orders challenged
  ballots opened or sustains them, by register number. The opened ones are commingled
  and counted in a revised count: plain F, A and V calls, no more than were ordered,
  undo included but never reaching back into the first count. Challenges left
  undecided stay challenged.

Register numbers are stable: the n-th challenge ever made is number n, also when an
earlier one was undone (a gap, never a renumbering), so a decision's numbers always
name the envelopes the register named.

Secrecy: nothing here links an opened ballot's call to its challenge. Opening fewer than
two ballots at a time shows how those voters voted (`reveals_vote`): the station warns
the agent before it records such a decision or withdrawal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from station.domain.calls import Call
from station.domain.challenges import Challenge, Reason
from station.domain.changes import Change, Decided, ReplayError
from station.domain.events import Event
from station.domain.groups import GroupTally
from station.domain.parties import Party
from station.domain.statements import how_many
from station.domain.tally import Tally

if TYPE_CHECKING:  # pragma: no cover
    from station.domain.count import Count
    from station.domain.envelopes import EnvelopeStage

MAX_BY = 200


class Status(StrEnum):
    """Where a challenge stands (`station challenges`)."""

    OPEN = "open"
    WITHDRAWN = "withdrawn"
    SUSTAINED = "sustained"
    ORDERED_OPENED = "ordered opened"
    COUNTED = "counted"


# What a RESOLVE may set a challenge to during the count.
RESOLUTIONS = (Status.WITHDRAWN.value, Status.SUSTAINED.value, Status.OPEN.value)


@dataclass(frozen=True, slots=True)
class Dispute:
    """A party's dispute of the agent's ruling on a ballot already opened.

    Attributes:
        seq: the CALL event of the disputed ballot.
        call: what the agent called it.
        party: who disputed it.
        joined: the other party, once it joined the dispute.
        carried: carried as challenged (True) or left as called, noted for objections.
        withdrawn: the dispute was withdrawn; the ballot counts as called.
    """

    seq: int
    call: Call
    party: str
    joined: str | None = None
    carried: bool = True
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision after the hearing, as its DECIDE event records it."""

    seq: int
    opened: tuple[int, ...]  # register numbers ordered opened
    sustained: tuple[int, ...]  # register numbers sustained
    by: str


@dataclass(frozen=True, slots=True)
class ListedChallenge:
    """One line of the challenge register as `station challenges` lists it."""

    number: int
    challenge: Challenge
    status: Status
    dispute: Dispute | None
    stage: str = "ballot"  # or "envelope": a mail ballot's return envelope, set aside sealed
    voter: str | None = None  # an envelope's voter id on the list (None: written in)
    write_in: str | None = None  # an envelope's voter not on the list, as written in


class Resolutions:
    """Everything decided about the challenges and disputes, folded from events."""

    def __init__(self) -> None:
        self.statuses: dict[int, Status] = {}  # challenge seq -> status, once not open
        self.disputes: dict[int, Dispute] = {}
        self.decisions: list[Decision] = []
        self.original: Tally | None = None  # the first count's final tally, once decided
        # In an election of voting groups, each group's figures on that final tally.
        self.original_groups: tuple[GroupTally, ...] = ()
        self.base = 0  # ballots (entries of the count) before the revised count began
        self.ordered = 0  # ballots ordered opened, every decision together
        # A revised count of the tables: what the decisions made of each election number
        # of the register carried from their consolidation (`tables_revision.py`).
        self.carried: dict[int, Status] = {}

    # -- what the count reads --------------------------------------------------------

    def adjusted(self, tally: Tally, envelopes: EnvelopeStage, uncounted: int = 0) -> Tally:
        """The tally with resolved challenges off line 6 (sustained ones set aside).

        A mail ballot's challenged envelope, once settled, leaves line 6 and the sealed
        envelopes; it was never in the box, so a sustained one is not set aside among the
        ballots handled, and an opened one is counted when its ballot is called. The
        `uncounted` ballots a decision ordered opened stay on line 6 until called.
        """
        if not self.statuses:
            return tally  # nothing settled or decided: the common case, every keypress
        off = sum(1 for status in self.statuses.values() if status is not Status.OPEN)
        dispute_withdrawn = sum(1 for d in self.disputes.values() if d.withdrawn and d.carried)
        off -= dispute_withdrawn  # those went back to their call: already off line 6
        sustained = sum(
            1
            for seq, status in self.statuses.items()
            if status is Status.SUSTAINED and seq not in envelopes.settled
        )
        return replace(
            tally,
            challenged=tally.challenged - off + uncounted,
            sealed_envelopes=tally.sealed_envelopes - len(envelopes.settled),
            set_aside=sustained,
            opened_uncounted=uncounted,
        )

    def reopened(self, envelopes: EnvelopeStage) -> int:
        """Ballots whose challenge was lifted and that come back as a plain call (an
        envelope's ballot was never called: it is called once, when opened)."""
        return sum(
            1
            for seq, status in self.statuses.items()
            if status in (Status.WITHDRAWN, Status.ORDERED_OPENED, Status.COUNTED)
            and not self._dispute_withdrawn(seq)
            and seq not in envelopes.settled
        )

    def _dispute_withdrawn(self, seq: int) -> bool:
        dispute = self.disputes.get(seq)
        return dispute is not None and dispute.withdrawn

    @property
    def revising(self) -> bool:
        """A decision was recorded: calls now count the ballots it ordered opened."""
        return bool(self.decisions)

    def revised_calls(self, count: Count) -> int:
        """Ballots of the revised count called so far."""
        return count.counted_entries - self.base

    def uncounted(self, count: Count) -> int:
        """Ballots ordered opened not yet called (each decision's, together)."""
        return max(self.ordered - self.revised_calls(count), 0) if self.revising else 0

    def check_calls(self, count: Count, seq: int, calls: bytes | tuple[Call, ...]) -> None:
        """Refuse calls the revised count may not take (a challenge, one too many)."""
        if not self.revising and count.carried is not None:
            raise ReplayError(seq, CARRIED_BEFORE_DECISION)
        if not self.revising:
            return
        codes = [c if isinstance(c, int) else list(Call).index(c) for c in calls]
        if list(Call).index(Call.CHALLENGE) in codes:
            raise ReplayError(seq, "an opened challenged ballot is FOR, AGAINST or VOID")
        if self.revised_calls(count) + len(codes) > self.ordered:
            raise ReplayError(
                seq, f"only {how_many(self.ordered, 'challenged ballot')} ordered opened"
            )

    def check_undo(self, count: Count, event: Event) -> None:
        """An undo never reaches into the first count, nor takes back a resolved challenge."""
        if self.revising and count.counted_entries <= self.base:
            raise ReplayError(
                event.seq, "the first count is closed; undo reaches only the revised count"
            )
        if event.target in self.statuses and self.statuses[event.target] is not Status.OPEN:
            raise ReplayError(
                event.seq, f"the challenge of event {event.target} is resolved; reopen it first"
            )

    def check_redo(self, event: Event) -> None:
        """A call of the first count, undone before the decision, stays undone."""
        if self.revising and (event.target or 0) < self.decisions[0].seq:
            raise ReplayError(
                event.seq, "the first count is closed; redo reaches only the revised count"
            )

    def numbered(self, count: Count) -> list[ListedChallenge]:
        """Every challenge, with its stable register number (undone ones leave a gap)."""
        listed = []
        complete = self.revising and self.revised_calls(count) >= self.ordered
        for number, (seq, challenge, counting) in enumerate(count.challenges.entries(), 1):
            status = self.statuses.get(seq, Status.OPEN)
            if status is Status.ORDERED_OPENED and complete:
                status = Status.COUNTED
            if counting or status is not Status.OPEN:
                listed.append(_listed(count, number, challenge, status, self.disputes.get(seq)))
        return listed

    def carried_statuses(self, count: Count) -> dict[int, Status]:
        """A revised count of the tables: where each challenge of the election's register
        stands, by election number (at its table, then by the decisions)."""
        if count.carried is None:
            return {}
        complete = self.revising and self.revised_calls(count) >= self.ordered
        statuses = {}
        for challenge in count.carried.challenges:
            status = self.carried.get(challenge.number, Status(challenge.status))
            if status is Status.ORDERED_OPENED and complete:
                status = Status.COUNTED
            statuses[challenge.number] = status
        return statuses

    def decided(self, count: Count) -> Decided | None:
        """What a final sheet prepared now states besides its tally (None before a decision)."""
        if self.original is None:
            return None
        if count.carried is not None:
            still = self.carried_statuses(count)
            unresolved = tuple(n for n, status in still.items() if status is Status.OPEN)
        else:
            unresolved = tuple(e.number for e in self.numbered(count) if e.status is Status.OPEN)
        return Decided(
            self.original,
            tuple(decision_words(d) for d in self.decisions),
            unresolved,
            count.envelopes.opened_challenges,
            self.original_groups,
        )

    def noted_disputes(self, count: Count) -> list[Dispute]:
        """Disputes left as called, noted for objections, not withdrawn, of ballots that
        count (a call undone takes its dispute with it, and a redo brings it back)."""
        counting = count.ballot_numbers({d.seq for d in self.disputes.values()})
        return [
            d
            for d in self.disputes.values()
            if not d.carried and not d.withdrawn and d.seq in counting
        ]

    # -- the snapshot ----------------------------------------------------------------

    def state(self) -> dict[str, object]:
        groups = [group.state() for group in self.original_groups]
        carried: dict[str, object] = (
            {"carried": [[n, s.value] for n, s in self.carried.items()]} if self.carried else {}
        )
        return (
            ({"original_groups": groups} if groups else {})
            | {
                "statuses": [[seq, status.value] for seq, status in self.statuses.items()],
                "disputes": [
                    [
                        d.seq,
                        d.call.value,
                        d.party,
                        d.joined,
                        d.carried,
                        d.withdrawn,
                    ]
                    for d in self.disputes.values()
                ],
                "decisions": [
                    [d.seq, list(d.opened), list(d.sustained), d.by] for d in self.decisions
                ],
                "original": None if self.original is None else self.original.figures(),
                "base": self.base,
                "ordered": self.ordered,
            }
            | carried
        )

    @classmethod
    def restored(cls, state: object) -> Resolutions:
        """The resolutions a `state()` describes (raises ValueError, KeyError, TypeError)."""
        if not isinstance(state, dict):
            raise ValueError("the resolutions are not an object")
        resolutions = cls()
        for seq, status in state["statuses"]:
            resolutions.statuses[whole(seq)] = Status(status)
        for seq, call, party, joined, carried, withdrawn in state["disputes"]:
            resolutions.disputes[whole(seq)] = Dispute(
                whole(seq),
                Call(call),
                str(party),
                None if joined is None else str(joined),
                bool(carried),
                bool(withdrawn),
            )
        for seq, opened, sustained, by in state["decisions"]:
            resolutions.decisions.append(
                Decision(
                    whole(seq), tuple(map(whole, opened)), tuple(map(whole, sustained)), str(by)
                )
            )
        original = state["original"]
        resolutions.original = (
            None if original is None else Tally.from_figures([whole(figure) for figure in original])
        )
        resolutions.original_groups = tuple(
            GroupTally.restored(group) for group in state.get("original_groups", [])
        )
        resolutions.base = whole(state["base"])
        resolutions.ordered = whole(state["ordered"])
        for number, status in state.get("carried", []):
            resolutions.carried[whole(number)] = Status(status)
        return resolutions


def _listed(
    count: Count, number: int, challenge: Challenge, status: Status, dispute: Dispute | None
) -> ListedChallenge:
    envelope = count.envelopes.get(challenge.seq)
    if envelope is None:
        return ListedChallenge(number, challenge, status, dispute)
    return ListedChallenge(
        number, challenge, status, dispute, "envelope", envelope.voter, envelope.write_in
    )


# -- the rules of settling: each returns what folds the event in, having checked it --


def dispute(count: Count, event: Event) -> Callable[[], Change]:
    party = _party(count, event)
    target = event.target
    detail = dict(event.detail or {})
    keys = set(detail) - {"party"}
    if keys not in (set(), {"left_as_called"}) or detail.get("left_as_called", True) is not True:
        raise ReplayError(event.seq, "a dispute gives the party, and whether it is left as called")
    carried = "left_as_called" not in detail
    if event.call not in (Call.FOR, Call.AGAINST, Call.VOID) or target is None:
        raise ReplayError(event.seq, "a dispute names the FOR, AGAINST or VOID call it disputes")
    position = count.position_of(target)
    if position is None or count.call_at(position) is not event.call:
        raise ReplayError(event.seq, f"event {target} is not a {event.call.label} call that counts")
    if target in count.resolutions.disputes:
        raise ReplayError(event.seq, f"the call of event {target} is disputed already")
    call = event.call
    reason = Reason.DISPUTED_VOID if call is Call.VOID else Reason.DISPUTED_CALL
    challenge = Challenge(target, party, reason, disputed_void=True)
    dispute = Dispute(target, call, party, carried=carried)

    def fold() -> Change:
        count.resolutions.disputes[target] = dispute
        if not carried:
            return Change(event, ballot=position + 1)
        # The ballot keeps its place; it is now carried as challenged.
        count.recall(position, Call.CHALLENGE)
        count.challenges.add(challenge)
        return Change(event, ballot=position + 1, challenge=challenge)

    return fold


def join(count: Count, event: Event) -> Callable[[], Change]:
    party = _party(count, event)
    target = event.target
    if event.call is not None or set(event.detail or {}) != {"party"} or target is None:
        raise ReplayError(event.seq, "a party joins a dispute by naming its call")
    dispute = count.resolutions.disputes.get(target)
    if dispute is None or dispute.withdrawn:
        raise ReplayError(event.seq, f"the call of event {target} is not disputed")
    if dispute.joined is not None or dispute.party == party:
        raise ReplayError(event.seq, f"a party other than {dispute.party} joins a dispute")

    def fold() -> Change:
        count.resolutions.disputes[target] = replace(dispute, joined=party)
        return Change(event, ballot=count.ballot_of(target), challenge=count.challenges.get(target))

    return fold


def resolve(count: Count, event: Event) -> Callable[[], Change]:
    target = event.target
    detail = event.detail or {}
    wanted = detail.get("as")
    if event.call is not None or target is None or set(detail) - {"party"} != {"as"}:
        raise ReplayError(event.seq, "a resolution names a challenge and what became of it")
    if wanted not in RESOLUTIONS:
        raise ReplayError(event.seq, f"a challenge is resolved as one of {', '.join(RESOLUTIONS)}")
    resolutions = count.resolutions
    status = Status(str(wanted))
    current = resolutions.statuses.get(target, Status.OPEN)
    dispute = resolutions.disputes.get(target)
    # A dispute is withdrawn by a party to it, named in the event; nothing else names one.
    withdrawing = dispute is not None and status is Status.WITHDRAWN
    party = detail.get("party")
    if withdrawing != ("party" in detail) or (
        dispute is not None and withdrawing and party not in _dispute_parties(dispute)
    ):
        raise ReplayError(event.seq, "a dispute is withdrawn by the party that made or joined it")
    if resolutions.revising and status is not Status.OPEN:
        raise ReplayError(event.seq, "after the decision, challenges are decided, not settled")
    if dispute is not None and not dispute.carried:
        return _noted(count, event, dispute, status)
    if status is Status.OPEN:
        if current not in (Status.WITHDRAWN, Status.SUSTAINED) or resolutions.revising:
            raise ReplayError(event.seq, f"the challenge of event {target} is not settled")
    elif current is not Status.OPEN or target not in count.challenges.counting_seqs():
        raise ReplayError(event.seq, f"event {target} is not an open challenge that counts")
    envelopes = count.envelopes
    envelope = envelopes.get(target) is not None
    if envelope and envelopes.ended_at is not None:
        # The accepted envelopes were opened and their ballots mixed when the stage ended:
        # a ballot added to them now would be the one everyone could trace to its voter,
        # and one mixed in then cannot be taken back out.
        if status is Status.WITHDRAWN:
            raise ReplayError(event.seq, ENVELOPE_WITHDRAWN_LATE)
        if status is Status.OPEN and current is Status.WITHDRAWN:
            raise ReplayError(event.seq, ENVELOPE_MIXED)
    position = count.position_of(target)
    assert position is not None or status is not Status.OPEN or envelope

    def fold() -> Change:
        if envelope:  # its ballot joins the accepted envelopes (withdrawn) or never does
            if status is Status.OPEN:
                del envelopes.settled[target]
            else:
                envelopes.settled[target] = status.value
        if dispute is not None and status is not Status.SUSTAINED:
            # A dispute withdrawn: the ballot counts as the agent called it (and back).
            back = status is Status.WITHDRAWN
            resolutions.disputes[target] = replace(dispute, withdrawn=back)
            if position is not None:
                count.recall(position, dispute.call if back else Call.CHALLENGE)
        # Only an open challenge is on line 6, counted by party and open to amendment.
        count.challenges.set_counting(target, status is Status.OPEN)
        if status is Status.OPEN:
            del resolutions.statuses[target]
        else:
            resolutions.statuses[target] = status
        return Change(event, ballot=count.ballot_of(target), challenge=count.challenges.get(target))

    return fold


CARRIED_BEFORE_DECISION = (
    "a revised count of the tables counts only the ballots a decision ordered opened:"
    " record the decision first (station decide)"
)

ENVELOPE_WITHDRAWN_LATE = (
    "the envelope stage has ended and its ballots were mixed: a challenged envelope now"
    " stays challenged for the decision, or is sustained by agreement"
)
ENVELOPE_MIXED = (
    "this envelope's challenge was withdrawn before the envelope stage ended and its"
    " ballot is mixed with the others: it cannot be set aside again"
)


def _dispute_parties(dispute: Dispute) -> tuple[str, ...]:
    return tuple(p for p in (dispute.party, dispute.joined) if p is not None)


def _noted(count: Count, event: Event, dispute: Dispute, status: Status) -> Callable[[], Change]:
    """A dispute left as called can only be withdrawn (or that undone)."""
    if status is Status.SUSTAINED or (status is Status.OPEN) != dispute.withdrawn:
        raise ReplayError(event.seq, "a dispute left as called is withdrawn or stands")

    def fold() -> Change:
        count.resolutions.disputes[dispute.seq] = replace(
            dispute, withdrawn=status is Status.WITHDRAWN
        )
        return Change(event, ballot=count.ballot_of(dispute.seq))

    return fold


def decision_words(decision: Decision) -> str:
    """ "Decision (event 57) by R. Director: challenges 1, 4 opened; 5 sustained." """
    parts = []
    if decision.opened:
        parts.append(
            f"{_noun(decision.opened)} {numbers_text(list(decision.opened))} ordered opened"
        )
    if decision.sustained:
        parts.append(
            f"{_noun(decision.sustained)} {numbers_text(list(decision.sustained))} sustained"
        )
    return f"Decision by {decision.by} (event {decision.seq}): {'; '.join(parts)}."


def _noun(numbers: tuple[int, ...]) -> str:
    return "challenge" if len(numbers) == 1 else "challenges"


def _party(count: Count, event: Event) -> str:
    """The party an event names: a party to this election (the Board agent rules on a
    ballot; it does not dispute its own ruling)."""
    party = (event.detail or {}).get("party")
    if party == Party.BOARD_AGENT or not count.challenges.accepts(party):
        raise ReplayError(event.seq, "a call is disputed by a party to the election")
    return str(party)


def numbers_text(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a whole number")
    return value


# A sheet's `Decided` in a frozen count, and back.


def decided_state(decided: Decided | None) -> list[object] | None:
    if decided is None:
        return None
    state = [decided.original.figures(), list(decided.decisions), list(decided.unresolved)]
    if decided.original_groups:  # each voting group's original figures: a fifth element
        groups = [group.state() for group in decided.original_groups]
        return [*state, decided.opened_envelopes, groups]
    # Envelopes ordered opened: a fourth element only when there are any (older snapshots).
    return [*state, decided.opened_envelopes] if decided.opened_envelopes else state


def decided_restored(value: object) -> Decided | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) not in (3, 4, 5):
        raise ValueError(f"{value!r} is not what a decided sheet states")
    original: list[object] = value[0]
    decisions: list[object] = value[1]
    unresolved: list[object] = value[2]
    return Decided(
        Tally.from_figures([whole(figure) for figure in original]),
        tuple(map(str, decisions)),
        tuple(map(whole, unresolved)),
        whole(value[3]) if len(value) >= 4 else 0,
        tuple(GroupTally.restored(group) for group in value[4]) if len(value) == 5 else (),
    )
