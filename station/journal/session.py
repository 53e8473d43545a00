"""The count session: check with the rules, append to the journal, fold, report the change.

Every event a station writes goes through `CountSession.commit`: the domain's rules see
the event first (`Count.check`, so nothing a replay would refuse is ever written), then
the journal commits it durably, then the very record the journal returned is folded
into the count, and the `Change` it made is what the caller reports. The operator
window (through its Qt controller), `station sign` and `station reopen`, the self-test
and the tests all commit this way; none has a copy of the step.

How a new phase plugs in: the envelope stage of a mail ballot, or a revised count once
challenged ballots are opened, is a new `Action` in `domain/events.py` and its rule in
`Count._plan` (what it checks and what it folds, in one place). The session commits it
with `commit(Action.NEW_KIND, ...)` like any other event, and a small method here (as
`record` or `check_pile` are) only names it for the interface. Nothing in this module
knows what an event means beyond the lock and the box's size, which the rules of the
count also enforce.

Undo: the domain's own stacks are the only undo history (`Count.next_undo`,
`Count.next_redo`). An undo or redo is a new, visible event committed here; the window
reads what Ctrl+Z and Ctrl+Shift+Z would do from `undo_target` and `redo_target`, so
there is no second stack (a QUndoStack) to keep in line with the journal. `UNDO_LIMIT`
only bounds how far back Ctrl+Z reaches in one stretch: older calls stay recorded and
counted regardless.
"""

from collections import deque

from station.domain import Action, Call, Change, Count, ElectionSetup, Event, ReplayError, Sheet
from station.domain.description import Vote
from station.domain.envelopes import NO_BALLOT_CHALLENGE, Ruling, box_setup
from station.domain.group_statements import written_in_group_statement
from station.domain.piles import CHOICE as PILE_CHOICE
from station.domain.piles import GROUP as PILE_GROUP
from station.domain.resolution import Status
from station.domain.resolution_statements import settled_undo_refusal
from station.domain.statements import lock_refusal_statement, spoiled_statement
from station.domain.table_statements import decide_at_table_statement
from station.domain.voters import VoterList
from station.domain.write_ins import identify, write_in_namesakes_statement
from station.journal.errors import CorruptJournal
from station.journal.records import Record
from station.journal.store import Journal
from station.journal.voters import load_voters

UNDO_LIMIT = 1000  # how far back Ctrl+Z reaches; older calls stay recorded regardless


class Refused(Exception):
    """The rules refuse this now (the count is locked); nothing was written.

    Attributes:
        reason: one line for the operator.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class OverCount(Exception):
    """A call would count more ballots than the box held; nothing was written.

    `record(vote, over_count=True)` records it, with that confirmation in the event.
    """

    def __init__(self, vote: Vote, group: tuple[str, int] | None = None) -> None:
        held = "the box" if group is None else f"group {group[0]}'s box"
        super().__init__(f"{vote.call.label}: more ballots than {held} held")
        self.vote = vote  # recorded as it is once confirmed
        self.call = vote.call
        self.group = group  # in an election of voting groups: the group's key, its box


class CountSession:
    """One open journal and the count folded from it, written only through `commit`.

    Attributes:
        journal: the writable journal.
        count: every event of `journal` folded, `journal.head_seq` included.
        recent: the last changes, oldest first (at most `keep`), for the last-calls list.
    """

    def __init__(self, journal: Journal, count: Count, *, keep: int = 0) -> None:
        self.journal = journal
        self.count = count
        self.recent: deque[Change] = deque(maxlen=keep)
        self._voters: VoterList | None = None  # a mail ballot's list, read when first asked

    @classmethod
    def resume(cls, journal: Journal, *, keep: int) -> "CountSession":
        """Fold the journal, the last `keep` events one by one, and open a session.

        Everything but the last few events folds the fastest sound way (from a snapshot
        sealed with the secret the journal was opened with); those few are replayed for
        what they changed.
        """
        count = journal.restore(until=max(journal.head_seq - keep, 0), secret=journal.seal_secret)
        session = cls(journal, count, keep=keep)
        session.recent.extend(change for _record, change in journal.fold_one_by_one(count))
        session.start()
        return session

    @property
    def setup(self) -> ElectionSetup:
        """The election being counted (a mail ballot's box: the envelopes accepted)."""
        return box_setup(self.journal.election.setup, self.count.envelopes)

    def start(self) -> Change:
        """Record that this station opened the file (raises WriteFailed)."""
        return self._folded(self.journal.start_session())

    def commit(
        self,
        action: Action,
        call: Call | None = None,
        target: int | None = None,
        detail: dict[str, object] | None = None,
        *,
        utc: str | None = None,
    ) -> Change:
        """Check, append, fold: the one way an event is written; returns what it changed.

        `utc` is the time to stamp it with, read by the caller (`utc_now`) when the event
        states that time too (a SIGN event's `prepared`); None reads the clock now.

        Raises ReplayError (the rules refuse it) or WriteFailed (the journal did not
        record it); either way nothing was written and the count is as it was. Raises
        CorruptJournal if the event was written but leaves a count that does not add up
        (`Count.spoiled_by`): nothing more is written then (Refused).
        """
        if self.count.spoiled_by is not None:
            raise Refused(spoiled_statement(self.count.spoiled_by))
        # The rules see the event before the journal does: a stale prompt or any other
        # slip of the interface must never write an event that a replay would refuse.
        self.count.check(Event(self.journal.head_seq + 1, action, call, target, detail))
        return self._folded(self.journal.append(action, call, target, detail, utc=utc))

    def _folded(self, record: Record) -> Change:
        try:
            change = self.count.apply(record.event())
        except ReplayError as error:
            # Checked before it was written, an event folds, but for one that leaves a
            # count that does not add up (`Count.spoiled_by`): it is in the journal now,
            # and no count can be taken on from it.
            raise CorruptJournal(f"{self.journal.path}: {error} (run `station verify`)") from None
        self.recent.append(change)
        return change

    # -- what the operator can do (each raises Refused, ReplayError or WriteFailed) --

    def record(self, vote: Vote | Call, *, over_count: bool = False) -> Change:
        """Record one ballot as called: a `Vote` of the description (its call and its
        answers: the union of a FOR on a ballot of several, the voting group, a Sonotone
        ballot's question 1), or a bare call. The whole ballot is one event. With the
        box's size known, a call beyond it raises OverCount unless `over_count`
        confirms it; the confirmation is recorded with the call."""
        vote = vote if isinstance(vote, Vote) else Vote(vote)
        call, group = vote.call, vote.group
        self._refuse_while_locked()
        if call is Call.CHALLENGE and self.count.envelopes.current:
            raise Refused(NO_BALLOT_CHALLENGE)  # before any question of the box's size
        ballots = self.setup.ballots
        if self.count.resolutions.revising:
            over_count = False  # the rules hold the revised count to the ballots ordered opened
        elif ballots is not None and self.count.counted >= ballots and not over_count:
            raise OverCount(vote)
        elif group is not None and not over_count and (box := self._full_box(group)) is not None:
            # A ballot of one group called in another's pile moves a vote between units:
            # each group's box is asked about on its own, as the whole box is.
            raise OverCount(vote, (group, box))
        detail: dict[str, object] = {"over_count": True} if over_count else {}
        detail |= vote.detail()
        return self.commit(Action.CALL, call, detail=detail or None)

    def _full_box(self, key: str) -> int | None:
        """The size of voting group `key`'s box if every ballot in it is handled, else None
        (its size unknown, or ballots left in it)."""
        for spec, tally in zip(self.count.groups.specs, self.count.group_tallies(), strict=True):
            if spec.key == key and tally.remaining is not None and tally.remaining <= 0:
                return tally.handled + tally.remaining
        return None

    def undo_target(self) -> tuple[int, Call, int] | None:
        """What an undo would take back now (seq, call, ballot number), or None."""
        target = self.count.next_undo()
        if target is None or len(self.count.undone(last=UNDO_LIMIT)) >= UNDO_LIMIT:
            return None
        resolutions = self.count.resolutions
        if resolutions.revising and self.count.counted_entries <= resolutions.base:
            return None  # the first count is closed: undo reaches only the revised count
        return target[0], target[1], self.count.counted

    def redo_target(self) -> tuple[int, Call, int] | None:
        """What a redo would reinstate now (seq, call, ballot number), or None."""
        target = self.count.next_redo()
        resolutions = self.count.resolutions
        if target is None or (resolutions.revising and target[0] < resolutions.decisions[0].seq):
            return None  # the first count is closed: redo reaches only the revised count
        return target[0], target[1], self.count.counted + 1

    def undo(self) -> Change | None:
        """Take back the last call that counts, as a new, visible event (None: nothing)."""
        self._refuse_while_locked()
        target = self.undo_target()
        if target is None:
            return None
        self._refuse_a_settled_challenge(target[0])
        return self.commit(Action.UNDO, target[1], target[0])

    def _refuse_a_settled_challenge(self, seq: int) -> None:
        """The rules keep a settled challenge's call (`Resolutions.check_undo`); say so
        as the operator knows the ballot: its number, its line in the register, and how
        to take the settlement back."""
        status = self.count.resolutions.statuses.get(seq)
        if status is None or status is Status.OPEN:
            return
        listed = self.count.resolutions.numbered(self.count)
        number = next((line.number for line in listed if line.challenge.seq == seq), None)
        ballot = self.count.ballot_of(seq)
        if number is not None and ballot is not None:
            raise Refused(settled_undo_refusal(ballot, number, status.value))

    def redo(self) -> Change | None:
        """Reinstate the last call taken back, as a new, visible event (None: nothing)."""
        self._refuse_while_locked()
        target = self.redo_target()
        return None if target is None else self.commit(Action.REDO, target[1], target[0])

    def amend_challenge(self, seq: int, changes: dict[str, object]) -> Change | None:
        """Give or correct the party, reason or note of a challenged ballot.

        An amendment that changes nothing (the party or reason the challenge has
        already: a key pressed twice) records nothing and returns None, so that the
        journal and the register never say the same challenge twice over.
        """
        self._refuse_while_locked()
        register = self.count.challenges
        try:
            unchanged = register.amended(seq, changes) == register.get(seq)
        except ValueError:
            unchanged = False  # the rules refuse it, and `commit` says why
        if unchanged:
            return None
        return self.commit(Action.AMEND, None, seq, changes)

    def dispute_void(self, seq: int, party: str) -> Change:
        """Carry the VOID call of event `seq` as a challenge by the disputing `party`."""
        self._refuse_while_locked()
        return self.commit(Action.DISPUTE, Call.VOID, seq, {"party": str(party)})

    def dispute(self, seq: int, call: Call, party: str, *, left_as_called: bool = False) -> Change:
        """A party disputes the ruling on the ballot of event `seq` (see domain/resolution.py)."""
        self._refuse_while_locked()
        detail: dict[str, object] = {"party": str(party)}
        if left_as_called:
            detail["left_as_called"] = True
        return self.commit(Action.DISPUTE, call, seq, detail)

    def join_dispute(self, seq: int, party: str) -> Change:
        """The other party joins the dispute of the ballot of event `seq`."""
        self._refuse_while_locked()
        return self.commit(Action.JOIN, None, seq, {"party": str(party)})

    def settle(self, seq: int, status: str, party: str | None = None) -> Change:
        """Settle the challenge of event `seq` at the table: "withdrawn", "sustained", or
        "open" to take a settlement back; a dispute is withdrawn by its `party`."""
        self._refuse_while_locked()
        detail: dict[str, object] = {"as": status}
        if party is not None:
            detail["party"] = str(party)
        return self.commit(Action.RESOLVE, None, seq, detail)

    def decide(self, opened: list[int], sustained: list[int], by: str) -> Change:
        """Record the decision after the hearing, by register number."""
        if self.setup.table is not None:
            raise Refused(decide_at_table_statement(self.setup.table))
        return self.commit(
            Action.DECIDE, None, None, {"open": opened, "sustain": sustained, "by": by}
        )

    def check_pile(
        self,
        call: Call,
        pile: int,
        found: int,
        group: str | None = None,
        choice: int | None = None,
    ) -> Change:
        """Record the recount of a full pile (of voting group `group`'s box, if any; of
        union `choice`'s votes, on a ballot of several unions)."""
        self._refuse_while_locked()
        detail: dict[str, object] = {"found": found}
        if group is not None:
            detail[PILE_GROUP] = group
        if choice is not None:
            detail[PILE_CHOICE] = choice
        return self.commit(Action.PILE, call, pile, detail)

    # -- a mail ballot's envelope stage (the rules: domain/envelopes.py) --

    def rule_envelope(
        self,
        ruling: Ruling,
        voter: str | None = None,
        write_in: str | None = None,
        group: str | None = None,
    ) -> Change:
        """Record the ruling of one returned envelope: a listed voter's, or written in.

        A written-in name that is a listed voter's (id or name) or an earlier write-in's
        is recorded as theirs (domain/write_ins.py), so a second envelope is never
        accepted however its name was typed. In an election of voting groups the ruling
        names the voter's group: a listed voter's from the list, a written-in voter's
        as `group` says (the group their envelope states).
        """
        self._refuse_while_locked()
        if write_in is not None:
            voter, write_in = self._written_in(ruling, write_in)
        who: dict[str, object] = {"voter": voter} if voter is not None else {"write_in": write_in}
        if self.setup.ballot.groups:
            listed = None if voter is None else self.voters.group_of(voter)
            if listed is None and group is None:
                raise Refused(written_in_group_statement(self.setup.ballot.groups))
            who["group"] = listed or group
        return self.commit(Action.ENVELOPE, detail={**who, "ruling": ruling.value})

    def record_after_tally(self, voter: str | None = None, write_in: str | None = None) -> Change:
        """Record an envelope received after the tally: never opened, the tally unchanged.

        The count may be locked by its final sheet: nothing in it changes.
        """
        if write_in is not None:
            voter, write_in = self._written_in(Ruling.AFTER_TALLY, write_in)
        who: dict[str, object] = {"voter": voter} if voter is not None else {"write_in": write_in}
        return self.commit(Action.AFTER_TALLY, detail=who)

    def _written_in(self, ruling: Ruling, name: str) -> tuple[str | None, str | None]:
        stage = self.count.envelopes
        earlier = (e.write_in for e in stage.rulings() if e.write_in is not None)
        who = identify(name, self.voters, earlier)
        if who.namesakes and ruling is Ruling.ACCEPTED and who.voter is None:
            raise Refused(write_in_namesakes_statement(name, who.namesakes))
        return who.voter, who.write_in

    @property
    def voters(self) -> VoterList:
        """The election's voter list (read from the file once, when first asked)."""
        if self._voters is None:
            stored_hash = self.journal.election.row.get("voters_hash")
            self._voters = load_voters(
                self.journal.connection,
                stored_hash if isinstance(stored_hash, str) else None,
                self.journal.path,
            )
        return self._voters

    def undo_envelope(self) -> Change | None:
        """Take back the last ruling that counts, as a new, visible event (None: nothing)."""
        self._refuse_while_locked()
        top = self.count.envelopes.next_undo()
        return None if top is None else self.commit(Action.ENVELOPE_UNDO, target=top.seq)

    def redo_envelope(self) -> Change | None:
        """Reinstate the last ruling taken back (None: nothing)."""
        self._refuse_while_locked()
        top = self.count.envelopes.next_redo()
        return None if top is None else self.commit(Action.ENVELOPE_REDO, target=top.seq)

    def end_envelopes(self) -> Change:
        """End the envelope stage: the envelopes accepted are the ballots to open."""
        self._refuse_while_locked()
        accepted = self.count.envelopes.figures.accepted
        return self.commit(Action.END_ENVELOPES, detail={"accepted": accepted})

    @property
    def locked_by(self) -> Sheet | None:
        """The tally sheet that locks the count, if one does."""
        return self.count.locked_by

    def _refuse_while_locked(self) -> None:
        if self.count.locked_by is not None:
            raise Refused(lock_refusal_statement(self.count.locked_by))


def earlier_key(journal: Journal, count: Count) -> str | None:
    """The fingerprint of the key named by this election's last sheet, if any."""
    if not count.sheets:
        return None
    record = journal.record(count.sheets[-1].seq)
    key = record.details().get("key") if record else None
    return key if isinstance(key, str) else None
