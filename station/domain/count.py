"""Folding events into the running count and its undo history.

Undo is linear, as in Qt's QUndoStack: an UNDO always retracts the most recent call
that still counts, a REDO reinstates the most recently undone one, and a new CALL
forgets what could be redone. Replaying the journal through `Count` therefore gives
the exact count *and* the exact undo history a station had when it stopped, and any
event that breaks these rules is rejected as a `ReplayError`.
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Callable
from operator import or_

from station.domain.call_stack import (
    CALL_CODE,
    CALLS,
    LOW_TWO_BITS,
    checked_move,
    from_little_endian,
    little_endian,
    tail,
    unpack,
    whole,
)
from station.domain.calls import Call
from station.domain.challenges import EVERY_ELECTION, Challenge, ChallengeRegister
from station.domain.changes import FROZEN_FORMAT, Change, FrozenCount, ReplayError, Sheet
from station.domain.choice_votes import ChoiceVotes
from station.domain.choices import ONE_UNION_WORDS, Ballot
from station.domain.decision import call_number, plan
from station.domain.description import Election, describe
from station.domain.detail_keys import detail_problem
from station.domain.election import ElectionSetup
from station.domain.envelopes import ENVELOPE_ACTIONS, NO_BALLOT_CHALLENGE, EnvelopeStage
from station.domain.events import Action, Event, SheetKind
from station.domain.group_calls import GroupCalls, MailPiles
from station.domain.group_statements import opened_group_refusal
from station.domain.groups import GroupSpec, GroupTally, UnitResult, units
from station.domain.piles import CHOICE as PILE_CHOICE
from station.domain.piles import GROUP as PILE_GROUP
from station.domain.piles import PileRef, PileTracker, pile_labels
from station.domain.resolution import (
    CARRIED_BEFORE_DECISION,
    Resolutions,
    Status,
    decided_restored,
    decided_state,
)
from station.domain.statements import count_adds_up_refusal, how_many, locked_rule_statement
from station.domain.tables_revision import TablesRevision, revised_tally
from station.domain.tally import Tally


class Count:
    """The running count: the tally, the undo/redo stacks and the sheets, folded from events.

    Once a tally sheet is prepared (SIGN) the count is locked: calls, undos and redos
    are refused until a REOPEN with a reason. A final sheet prepared after a reopen is a
    revision and supersedes the previous final one, which stays valid for its own head.

    Stacks hold `seq << 2 | call code` in compact arrays so that a journal of a million
    events replays in a few megabytes.
    """

    def __init__(
        self,
        pile_size: int = 0,
        ballot: Ballot | None = None,
        mail: bool = False,
        challengers: Election | None = None,
        mail_rules: bool = False,
        polls: bool = False,
    ) -> None:
        self._totals = [0, 0, 0, 0]
        self._done = array("q")  # calls that count, oldest first
        self._undone = array("q")  # calls that can be redone, most recent last
        self.last_seq = 0
        self.sheets: list[Sheet] = []
        self.locked_by: Sheet | None = None  # the sheet that locks the count, if any
        self._election = challengers
        self.challenges = self._register()
        self.piles = PileTracker(pile_size, _labels(ballot, challengers))
        self.votes = ChoiceVotes(ballot)  # FOR split between the unions of a ballot of several
        # On a ballot of several unions, each union's votes that count now as carried, by
        # (group's key or None, union): the piles of each union, in each group's box.
        self._union_piles: dict[tuple[str | None, int], int] = {}
        self.groups = GroupCalls(ballot)  # each call's voting group, in an election of several
        # A mail ballot's envelope stage comes first; `mail_rules`: see MAIL_RULES.
        self.envelopes = EnvelopeStage(mail, mail_rules, polls, self._group_keys)
        self.resolutions = Resolutions()  # challenges settled, disputes, the decision
        # A revised count of a count run at several tables: what it carries from their
        # consolidation (its tally of ballots, their register); its calls are the opened
        # ballots alone (`tables_revision.py`).
        self.carried: TablesRevision | None = None if ballot is None else ballot.revised_of_tables
        # The event after which the count stopped adding up (`_check_adds_up`), if one did.
        self.spoiled_by: int | None = None

    @classmethod
    def for_setup(cls, setup: ElectionSetup) -> Count:
        """The empty count of this election: its pile size, its ballot, by mail or not
        (and by which rules), and who may challenge."""
        mail = (setup.current_mail_rules, setup.polls)
        return cls(setup.pile, setup.choices, setup.mail, describe(setup), *mail)

    def _register(self, rows: object = None) -> ChallengeRegister:
        """An empty challenge register of this election (or the one `rows` restore)."""
        election = self._election
        challengers = EVERY_ELECTION if election is None else election.challenger_ids
        older = () if election is None else election.older_challenger_ids
        if rows is None:
            return ChallengeRegister(challengers, older)
        return ChallengeRegister.restored(rows, challengers, older)

    @property
    def vote_words(self) -> tuple[str, str]:
        """What the one-union ballot's two figures are called: FOR and AGAINST, a UD's
        YES and NO (`Question.vote_words`)."""
        election = self._election
        return ONE_UNION_WORDS if election is None else election.ballot.vote_words

    @property
    def _group_keys(self) -> tuple[str, ...]:
        return tuple(spec.key for spec in self.groups.specs)

    def group_of(self, seq: int) -> GroupSpec | None:
        """The voting group of a challenged ballot's call or a challenged envelope."""
        found = self.groups.group_of(seq)
        envelope = self.envelopes.get(seq) if found is None else None
        if envelope is not None and envelope.group is not None:
            return next(spec for spec in self.groups.specs if spec.key == envelope.group)
        return found

    @property
    def tally(self) -> Tally:
        """The current tally."""
        f, a, v, c = self._totals
        sealed = self.envelopes.challenged  # line 6 counts a mail ballot's challenged envelopes
        voided = self.envelopes.void_ballots  # and line 2 its envelopes ruled void
        choices = self.choice_votes() if self.votes.several else ()
        tally = Tally(
            f, a, v + voided, c + sealed, choices, sealed_envelopes=sealed, void_envelopes=voided
        )
        resolutions = self.resolutions
        if self.carried is not None:  # the tables' tally of ballots, revised
            sustained = sum(1 for s in resolutions.carried.values() if s is Status.SUSTAINED)
            return revised_tally(self.carried, tally, resolutions.ordered, sustained)
        uncounted = resolutions.uncounted(self)
        return resolutions.adjusted(tally, self.envelopes, uncounted)

    @property
    def counted(self) -> int:
        """Ballots handled now (a challenge lifted comes back as a call of its own)."""
        return len(self._done) - self.resolutions.reopened(self.envelopes)

    @property
    def counted_entries(self) -> int:
        """Calls that count, a lifted challenge's own included (the undo stack's size)."""
        return len(self._done)

    def next_undo(self) -> tuple[int, Call] | None:
        """The call an undo would retract (seq, call), or None."""
        return unpack(self._done[-1]) if self._done else None

    def next_redo(self) -> tuple[int, Call] | None:
        """The call a redo would reinstate (seq, call), or None."""
        return unpack(self._undone[-1]) if self._undone else None

    def done(self, last: int | None = None) -> list[tuple[int, Call]]:
        """Every call that counts (or the `last` ones), oldest first."""
        return [unpack(packed) for packed in tail(self._done, last)]

    def undone(self, last: int | None = None) -> list[tuple[int, Call]]:
        """The redo stack (or its `last` entries), the next one to redo last."""
        return [unpack(packed) for packed in tail(self._undone, last)]

    def freeze(self) -> FrozenCount:
        """This count, for a snapshot that lets a long journal open without replaying it."""
        summary = {
            "format": FROZEN_FORMAT,
            "last_seq": self.last_seq,
            "totals": self._totals,
            "sheets": [
                [
                    sheet.seq,
                    sheet.head,
                    sheet.kind.value,
                    sheet.revision,
                    sheet.supersedes,
                    sheet.tally.figures(),
                    sheet.revised,
                    decided_state(sheet.decided),
                    # An election of voting groups: each group's figures, as signed.
                    *([[group.state() for group in sheet.groups]] if sheet.groups else []),
                ]
                for sheet in self.sheets
            ],
            "locked_by": None if self.locked_by is None else self.sheets.index(self.locked_by),
            "challenges": self.challenges.state(),
            "piles": self.piles.state(),
            "resolutions": self.resolutions.state(),
        }
        if self.votes.several:  # a one-union election's snapshot is as it always was
            summary["choices"] = self.votes.state()
        if self.groups.active:
            summary["groups"] = self.groups.state()
        if self.envelopes.mail:
            summary["envelopes"] = self.envelopes.state()
        text = json.dumps(summary, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return FrozenCount(text, little_endian(self._done), little_endian(self._undone))

    @classmethod
    def thawed(
        cls,
        frozen: FrozenCount,
        pile_size: int,
        ballot: Ballot | None = None,
        mail: bool = False,
        challengers: Election | None = None,
        mail_rules: bool = False,
        polls: bool = False,
    ) -> Count:
        """The count `frozen` holds, checked for consistency (raises ValueError if not)."""
        count = cls(pile_size, ballot, mail, challengers, mail_rules, polls)
        try:
            summary = json.loads(frozen.summary)
            if summary["format"] != FROZEN_FORMAT:
                raise ValueError(f"format {summary['format']!r}, not {FROZEN_FORMAT}")
            count.last_seq = whole(summary["last_seq"])
            count._totals = [whole(total) for total in summary["totals"]]
            count.envelopes = EnvelopeStage.restored(
                mail, summary.get("envelopes"), mail_rules, polls, count._group_keys
            )
            for entry in summary["sheets"]:
                if len(entry) not in (8, 9):
                    raise ValueError("a frozen sheet is not 8 or 9 figures")
                seq, head, kind, revision, supersedes, tally, revised, decided = entry[:8]
                groups = (
                    tuple(GroupTally.restored(state) for state in entry[8]) if entry[8:] else ()
                )
                # Fixed once sheets exist, but for the envelopes received after the tally.
                figures = count.envelopes.figures_at(whole(seq)) if mail else None
                sheet = Sheet(
                    whole(seq),
                    whole(head),
                    SheetKind(kind),
                    whole(revision),
                    None if supersedes is None else whole(supersedes),
                    Tally.from_figures([whole(figure) for figure in tally]),
                    figures,
                    revised is True,
                    decided_restored(decided),
                    groups,
                )
                count.sheets.append(sheet)
            locked = summary["locked_by"]
            count.locked_by = None if locked is None else count.sheets[whole(locked)]
            count.challenges = count._register(summary["challenges"])
            count.piles = PileTracker.restored(pile_size, summary["piles"], count.piles.labels)
            count.resolutions = Resolutions.restored(summary["resolutions"])
            count._done = from_little_endian(frozen.done)
            count._undone = from_little_endian(frozen.undone)
            if count.votes.several:
                as_for = {
                    packed >> 2 for packed in count._done if packed & 3 == CALL_CODE[Call.FOR]
                }
                count.votes.restore(summary["choices"], as_for)
            if count.groups.active:
                count.groups.restore(summary["groups"], count.done(), count.undone())
            if count.votes.several:
                for seq, call in count.done():
                    count._union_moved(seq, call, +1)
        except (KeyError, IndexError, TypeError, ValueError) as error:
            raise ValueError(f"the frozen count is malformed ({error})") from None
        # The totals are what the stack of calls that count adds up to.
        codes = frozen.done[::8].translate(LOW_TWO_BITS)  # each entry's low byte
        if count._totals != [codes.count(code) for code in range(len(CALLS))]:
            raise ValueError("the frozen count's totals do not add up")
        if sum(count.votes.union_votes(count._totals[0])) != count._totals[0]:
            raise ValueError("the frozen count's votes of each union do not add up")
        return count

    def apply(self, event: Event) -> Change:
        """Fold one event in, or raise ReplayError and leave the count unchanged.

        But for one case: an event whose fold leaves a count that does not add up is
        named as a ReplayError after it was folded, and the count is `spoiled_by` it:
        its figures are not to be read (fold the events before it again to show them).
        """
        return self._plan(event)()

    def check(self, event: Event) -> None:
        """Raise ReplayError if `event` may not come next; change nothing.

        A station checks every event this way before writing it, so that no slip of
        the interface can ever put an event the rules refuse into the journal.
        """
        self._plan(event)

    def extend_calls(self, first_seq: int, codes: bytes) -> None:
        """Fold a run of plain CALL events (no target, no detail) numbered from `first_seq`.

        `codes` holds one byte a call, its place in `Call` (0 FOR, 1 AGAINST, 2 VOID,
        3 CHALLENGE). The count ends exactly as if each CALL had been applied in turn,
        without a Change for each: opening or verifying a long journal folds its runs
        of calls this way at the speed of C, and everything else through `apply`.
        Raises ReplayError, changing nothing, if the run may not come next.
        """
        if not codes:
            return
        if first_seq != self.last_seq + 1:
            raise ReplayError(first_seq, f"expected event {self.last_seq + 1}")
        if self.locked_by is not None:
            raise ReplayError(first_seq, locked_rule_statement(self.locked_by))
        if self.envelopes.open:
            raise ReplayError(first_seq, _ENVELOPES_FIRST)
        if max(codes) >= len(CALLS):
            bad = next(index for index, code in enumerate(codes) if code >= len(CALLS))
            raise ReplayError(first_seq + bad, "not a plain call of a known kind")
        if self.envelopes.current and (challenge := codes.find(CALL_CODE[Call.CHALLENGE])) >= 0:
            raise ReplayError(first_seq + challenge, NO_BALLOT_CHALLENGE)
        if self.groups.active:
            raise ReplayError(first_seq, "a call in an election of voting groups names its group")
        if (refused := self.votes.first_refused(codes, CALLS)) is not None:
            raise ReplayError(first_seq + refused, "a plain call this ballot does not allow")
        self.resolutions.check_calls(self, first_seq, codes)
        end = first_seq + len(codes)
        self._done.extend(map(or_, range(first_seq << 2, end << 2, 4), codes))
        self._undone = array("q")  # a new call forgets what could be redone
        for code in range(len(CALLS)):
            self._totals[code] += codes.count(code)
        challenge = CALL_CODE[Call.CHALLENGE]
        position = codes.find(challenge)
        while position >= 0:
            self.challenges.add(Challenge(first_seq + position))
            position = codes.find(challenge, position + 1)
        self.last_seq = end - 1

    def last_counting(self, call: Call) -> tuple[int, int] | None:
        """The most recent ballot called `call` that still counts: (its event, ballot no.)."""
        code = CALL_CODE[call]
        for position in range(len(self._done) - 1, -1, -1):
            if self._done[position] & 3 == code:
                return self._done[position] >> 2, position + 1
        return None

    def piles_to_check(self) -> list[PileRef]:
        """Every full pile waiting for its recount, lane by lane (`pile_lanes`), oldest
        first; in an election of voting groups, group by group in setup order (each box
        its own piles)."""
        return [
            self.piles.ref(call, pile, group, choice)
            for group in self._pile_groups
            for call, choice in self.pile_lanes()
            for pile in self.piles.to_check(
                call, self.pile_total(call, group, choice), group, choice
            )
        ]

    def pile_lanes(self) -> tuple[tuple[Call, int | None], ...]:
        """Whose piles a box holds, in ballot order: each call's, or on a ballot of
        several unions each union's (FOR, its place), then Neither's, VOID and CHALLENGED."""
        if not self.votes.several:
            return tuple((call, None) for call in CALLS)
        unions = tuple((Call.FOR, number) for number in range(1, self.votes.unions + 1))
        others = [call for call in CALLS if call is not Call.FOR]
        if not self.votes.neither:  # a runoff between two unions: no Neither, no pile
            others.remove(Call.AGAINST)
        return (*unions, *((call, None) for call in others))

    @property
    def _pile_groups(self) -> tuple[str | None, ...]:
        """Whose boxes have piles: each voting group's, or the one box's (None)."""
        return self._group_keys if self.groups.active else (None,)

    def pile_total(self, call: Call, group: str | None = None, choice: int | None = None) -> int:
        """The ballots called `call` (for union `choice`, on a ballot of several) that
        count now in `group`'s box (None: the box): what its piles hold."""
        if choice is not None:
            return self._union_piles.get((group, choice), 0)
        return self.total(call) if group is None else self.groups.total(group, call)

    def describe_pile(self, call: Call, group: str | None = None, choice: int | None = None) -> str:
        """Where the current pile of `call` (union `choice`'s) in `group`'s box (None: the
        box) stands: "pile 8: 63 of 100" ("" without pile checks); a full one not yet
        recounted waits for its recount, or while a sheet locks the count (which takes
        no recount until it is reopened) was not recounted."""
        total = self.pile_total(call, group, choice)
        return self.piles.describe(call, total, group, choice, self.locked_by is not None)

    def choice_votes(self) -> tuple[int, ...]:
        """The votes of each choice in ballot order: each union, then Neither if any."""
        return self.votes.choice_votes(self.total(Call.FOR), self.total(Call.AGAINST))

    def group_tallies(self) -> tuple[GroupTally, ...]:
        """Each voting group's figures now, in setup order (none in an election of one)."""
        resolutions = self.resolutions
        first = resolutions.decisions[0].seq if resolutions.revising else None
        return self.groups.tallies(
            self.votes.choice_of, resolutions.statuses, first, self._mail_piles()
        )

    @property
    def tallied(self) -> bool:
        """Whether a final tally sheet has been prepared: envelopes that come after it
        are received after the tally."""
        return any(sheet.kind is SheetKind.FINAL for sheet in self.sheets)

    @property
    def declared_complete(self) -> bool:
        """Whether a final sheet locks the count: the agent declared every ballot in the
        box counted, so none remains, whatever its size or if it was never given."""
        locked = self.locked_by
        return locked is not None and locked.kind is SheetKind.FINAL

    def unit_results(self, table: bool = False) -> tuple[UnitResult, ...]:
        """Every unit the voting groups' votes decide now (none in an election of one
        group): a final sheet declares the count over, an interim one pauses it, and
        one `table`'s count is never the whole (the consolidation states the result)."""
        locked = self.locked_by
        declared = None if locked is None else locked.kind is SheetKind.FINAL
        # Paused by an interim sheet, ballots remain: no group is pooled, as on that sheet.
        paused = locked is not None and locked.kind is SheetKind.INTERIM
        return units(
            self.groups.specs,
            self.group_tallies(),
            self.groups.unions,
            False if table else declared,
            pooling=not paused,
        )

    def group_boxes(self) -> dict[str, int] | None:
        """By mail, each voting group's ballots to count (its envelopes'), once known."""
        piles = self._mail_piles()
        return None if piles is None or piles.boxes is None else dict(piles.boxes)

    def _mail_piles(self) -> MailPiles | None:
        """By mail: each group's box from its envelopes, and its challenged envelopes."""
        envelopes = self.envelopes
        if not (envelopes.mail and self.groups.active):
            return None
        return MailPiles(
            envelopes.group_boxes(), envelopes.challenged_groups(), envelopes.void_groups()
        )

    def total(self, call: Call) -> int:
        """How many ballots of `call` count now."""
        return self._totals[CALL_CODE[call]]

    def _plan(self, event: Event) -> Callable[[], Change]:
        """Check `event` against the rules; return what folds it in (nothing changes yet)."""
        if event.seq != self.last_seq + 1:
            raise ReplayError(event.seq, f"expected event {self.last_seq + 1}")
        if self.locked_by is not None and event.action in _LOCKED_OUT:
            raise ReplayError(event.seq, locked_rule_statement(self.locked_by))
        if event.action in ENVELOPE_ACTIONS:
            fold = self.envelopes.plan(event, self.challenges)
        elif event.action is Action.AFTER_TALLY:  # the count may be locked: it is unchanged
            fold = self.envelopes.plan_after_tally(event, self.tallied)
        else:
            fold = self._fold(event)
        # After the action's own rules, which say in their words what they refuse: a key
        # no rule of the action reads is refused here, for every action alike.
        problem = detail_problem(event)
        if problem is not None:
            raise ReplayError(event.seq, problem)

        def commit() -> Change:
            change = fold()
            self.last_seq = event.seq
            self._check_adds_up(event.seq)
            return change

        return commit

    def _check_adds_up(self, seq: int) -> None:
        """Raise ReplayError naming event `seq` if the count it left does not add up.

        The rules keep each union's votes equal to line 5 by construction; this is the
        net under them: an event whose fold would leave the count not adding up is
        named as the one to blame wherever its file is read, rather than surfacing later
        as a tally that cannot be stated. The count is then not to be used.
        """
        if not self.votes.several:
            return
        unions = self.votes.union_votes(self.total(Call.FOR))
        if sum(unions) != self.total(Call.FOR) or min(unions) < 0:
            self.spoiled_by = seq
            raise ReplayError(seq, count_adds_up_refusal(unions, self.total(Call.FOR)))

    def _fold(self, event: Event) -> Callable[[], Change]:
        match event.action:
            case Action.OPEN | Action.CLOSE:
                if event.call is not None or event.target is not None:
                    raise ReplayError(event.seq, f"{event.action} carries no call")
                return lambda: Change(event)
            case Action.SIGN:
                return self._sign(event)
            case Action.REOPEN:
                return self._reopen(event)
            case Action.CALL:
                return self._call(event)
            case Action.UNDO:
                return self._undo(event)
            case Action.REDO:
                return self._redo(event)
            case Action.AMEND:
                return self._amend(event)
            case Action.PILE:
                return self._pile(event)
            case Action.DISPUTE | Action.JOIN | Action.RESOLVE | Action.DECIDE:
                return plan(self, event)
        raise ReplayError(event.seq, f"unknown action {event.action!r}")  # pragma: no cover

    def _reopen(self, event: Event) -> Callable[[], Change]:
        locked = self.locked_by
        if locked is None:
            raise ReplayError(event.seq, "the count is not locked; nothing to reopen")
        reason = _detail(event, "reason")
        if (
            event.call is not None
            or event.target is not None
            or not isinstance(reason, str)
            or not reason.strip()
        ):
            raise ReplayError(event.seq, "a reopening gives a reason and nothing else")

        def fold() -> Change:
            self.locked_by = None
            return Change(event, ballot=call_number(self) + 1, sheet=locked)

        return fold

    def _call(self, event: Event) -> Callable[[], Change]:
        call = event.call
        if call is None or event.target is not None:
            raise ReplayError(event.seq, "a call names its call and no target")
        group: tuple[int, str | None] | None = None
        try:  # the detail: an over-count confirmation, and a union on a ballot of several
            detail = event.detail
            if self.groups.active:  # and the voting group, and a Sonotone question 1
                index, answer, detail = self.groups.split(call, detail)
                group = index, answer
            choice = self.votes.checked(call, detail)
        except ValueError as error:
            raise ReplayError(event.seq, str(error)) from None
        if self.envelopes.open:
            raise ReplayError(event.seq, _ENVELOPES_FIRST)
        if call is Call.CHALLENGE and self.envelopes.current:
            raise ReplayError(event.seq, NO_BALLOT_CHALLENGE)
        self.resolutions.check_calls(self, event.seq, (call,))
        if group is not None and self.resolutions.revising:
            self._check_opened_group(event.seq, self.groups.specs[group[0]].key)

        def fold() -> Change:
            if choice is not None:
                self.votes.add(event.seq, choice)
            if group is not None:
                self.groups.add(event.seq, *group, call)
            if choice is not None:
                self._union_moved(event.seq, call, +1)
            self._done.append(event.seq << 2 | CALL_CODE[call])
            self._undone = array("q")
            self._add(call, +1)
            if call is Call.CHALLENGE:
                self.challenges.add(Challenge(event.seq))
            return Change(event, ballot=call_number(self))

        return fold

    def _check_opened_group(self, seq: int, key: str) -> None:
        """A ballot of the revised count is one a decision ordered opened in its group."""
        resolutions = self.resolutions
        first = resolutions.decisions[0].seq
        if self.groups.opened_left(key, resolutions.statuses, first, self._mail_piles()) < 1:
            raise ReplayError(seq, opened_group_refusal(key))

    def _undo(self, event: Event) -> Callable[[], Change]:
        call = checked_move(event, self._done, "undo", "nothing to undo")
        self.resolutions.check_undo(self, event)

        def fold() -> Change:
            ballot = call_number(self)
            self._undone.append(self._done.pop())
            self._add(call, -1)
            self._set_counting(event.target or 0, call, False)
            self._group_pile_fell(event.target or 0, call)
            self._union_moved(event.target or 0, call, -1)
            return Change(event, ballot=ballot)

        return fold

    def _redo(self, event: Event) -> Callable[[], Change]:
        call = checked_move(event, self._undone, "redo", "nothing to redo")
        self.resolutions.check_redo(event)

        def fold() -> Change:
            self._done.append(self._undone.pop())
            self._add(call, +1)
            self._set_counting(event.target or 0, call, True)
            self._union_moved(event.target or 0, call, +1)
            return Change(event, ballot=call_number(self))

        return fold

    def _set_counting(self, seq: int, call: Call, counting: bool) -> None:
        """The ballot of event `seq`, carried as `call`, counts (True) or not from now on.

        A union's vote is a ballot that counts *and* is carried as FOR: a FOR a dispute
        carries as challenged is no union's vote, whether it is undone and redone or
        not, exactly as `recall` and a frozen count's thaw have it.
        """
        self.challenges.set_counting(seq, counting)
        self.votes.set_counting(seq, counting and call is Call.FOR)
        self.groups.set_counting(seq, counting)

    def _add(self, call: Call, step: int) -> None:
        code = CALL_CODE[call]
        self._totals[code] += step
        if step < 0:
            self.piles.total_changed(call, self._totals[code])

    def _group_pile_fell(self, seq: int, call: Call) -> None:
        """The ballot of event `seq` left its group's `call` pile (an undo, a dispute):
        the pile it emptied there is no longer full."""
        key = self.groups.key_of(seq)
        if key is not None:
            self.piles.total_changed(call, self.groups.total(key, call), key)

    def _union_moved(self, seq: int, call: Call, step: int) -> None:
        """The ballot of event `seq`, carried as `call`, counts `step` more (or less) in
        its union's piles, on a ballot of several unions (none unless `call` is FOR: a
        union's vote carried as challenged is in CHALLENGED's pile); a pile it emptied
        is no longer full."""
        choice = self.votes.choice_of(seq) if call is Call.FOR else None
        if choice is None:
            return
        lane = (self.groups.key_of(seq), choice)
        total = self._union_piles.get(lane, 0) + step
        self._union_piles[lane] = total
        if step < 0:
            self.piles.total_changed(call, total, lane[0], choice)

    def _amend(self, event: Event) -> Callable[[], Change]:
        target = event.target
        if event.call is not None or target is None or not event.detail:
            raise ReplayError(event.seq, "an amendment names a challenged ballot and what changes")
        try:
            challenge = self.challenges.amended(target, event.detail)
        except ValueError as error:
            raise ReplayError(event.seq, str(error)) from None

        def fold() -> Change:
            self.challenges.put(challenge)
            return Change(event, ballot=self.ballot_of(target), challenge=challenge)

        return fold

    def _pile(self, event: Event) -> Callable[[], Change]:
        if event.call is None or event.target is None:
            raise ReplayError(event.seq, "a pile check names the call and the pile")
        group = _detail(event, PILE_GROUP)
        if self.groups.active and group not in self._group_keys:
            keys = ", ".join(self._group_keys)
            raise ReplayError(
                event.seq, f"a pile check in an election of voting groups names its group ({keys})"
            )
        if not self.groups.active and group is not None:
            raise ReplayError(event.seq, "a pile check names no group: there are none")
        key = group if isinstance(group, str) else None
        choice = _detail(event, PILE_CHOICE)
        if self.votes.several and event.call is Call.FOR:
            if not isinstance(choice, int) or isinstance(choice, bool):
                raise ReplayError(
                    event.seq,
                    "a pile check of a union's votes names the union (1 to 9, ballot order)",
                )
            if not 1 <= choice <= self.votes.unions:
                raise ReplayError(event.seq, f"the ballot has no union {choice}")
        elif choice is not None:
            raise ReplayError(
                event.seq,
                "only a pile check of a union's votes on a ballot of several names a choice",
            )
        union = choice if isinstance(choice, int) else None
        try:
            check = self.piles.checked(
                event.call,
                event.target,
                _detail(event, "found"),
                self.pile_total(event.call, key, union),
                key,
                union,
            )
        except ValueError as error:
            raise ReplayError(event.seq, str(error)) from None

        def fold() -> Change:
            self.piles.record(check)
            return Change(event, pile=check)

        return fold

    def call_at(self, position: int) -> Call:
        """The call of the ballot at `position` among those that count."""
        return unpack(self._done[position])[1]

    def recall(self, position: int, call: Call) -> None:
        """Carry the ballot at `position` as `call` from now on (a dispute, its withdrawal)."""
        seq, before = unpack(self._done[position])
        self._done[position] = seq << 2 | CALL_CODE[call]
        self._add(before, -1)
        self._add(call, +1)
        # On a ballot of several unions, a FOR carried as challenged is no union's vote.
        self.votes.set_counting(seq, call is Call.FOR)
        self.groups.recalled(seq, call)
        self._group_pile_fell(seq, before)
        self._union_moved(seq, before, -1)
        self._union_moved(seq, call, +1)

    def position_of(self, seq: int) -> int | None:
        """Where the call of event `seq` stands among the ballots that count, if it does."""
        for position in range(len(self._done) - 1, -1, -1):  # disputes are about recent calls
            if self._done[position] >> 2 == seq:
                return position
        return None

    def ballot_of(self, seq: int) -> int | None:
        position = self.position_of(seq)
        return None if position is None else position + 1

    def ballot_numbers(self, seqs: set[int]) -> dict[int, int]:
        """The ballot number of each of these calls that counts (one pass over the count)."""
        numbers = {}
        for position, packed in enumerate(self._done):
            if packed >> 2 in seqs:
                numbers[packed >> 2] = position + 1
        return numbers

    def next_sheet(self, kind: SheetKind) -> Sheet:
        """The sheet a SIGN of `kind` would prepare now, or raise ReplayError if none may be.

        Lets a station show (and record) a sheet's revision number before it signs.
        """
        seq = self.last_seq + 1
        if self.envelopes.open:  # so a sheet's envelope figures are the stage's, for good
            raise ReplayError(seq, "no tally sheet is prepared before the envelope stage ends")
        figures = self.envelopes.figures if self.envelopes.mail else None
        locked = self.locked_by
        if locked is not None and not (
            locked.kind is SheetKind.INTERIM and kind is SheetKind.FINAL
        ):
            raise ReplayError(
                seq,
                f"the count is locked by the tally sheet of event {locked.seq};"
                " it must be reopened before another sheet is prepared",
            )
        groups = self.group_tallies()
        if kind is SheetKind.INTERIM:
            return Sheet(seq, seq - 1, kind, 0, None, self.tally, envelopes=figures, groups=groups)
        finals = [sheet for sheet in self.sheets if sheet.kind is SheetKind.FINAL]
        supersedes = finals[-1].seq if finals else None
        if self.carried is not None and not self.resolutions.revising:
            raise ReplayError(seq, CARRIED_BEFORE_DECISION)
        # The first final sheet after a decision is the Revised Tally; any later one
        # (after a reopening) corrects it. A revised count of the tables revises their
        # consolidated tally, whose sheets are not in its file.
        revised = self.resolutions.revising and (
            not finals or finals[-1].seq < self.resolutions.decisions[-1].seq
        )
        decided = self.resolutions.decided(self) if kind is SheetKind.FINAL else None
        uncounted = self.resolutions.uncounted(self)
        if kind is SheetKind.FINAL and uncounted:
            raise ReplayError(seq, uncounted_refusal(uncounted, self.resolutions.ordered))
        return Sheet(
            seq,
            seq - 1,
            kind,
            len(finals),
            supersedes,
            self.tally,
            envelopes=figures,
            revised=revised,
            decided=decided,
            groups=groups,
        )

    def _sign(self, event: Event) -> Callable[[], Change]:
        if event.call is not None or event.target != event.seq - 1:
            raise ReplayError(event.seq, "a tally sheet certifies the event just before it")
        kind_text = _detail(event, "kind")
        try:
            kind = SheetKind(str(kind_text))
        except ValueError:
            raise ReplayError(event.seq, f"unknown kind of tally sheet {kind_text!r}") from None
        sheet = self.next_sheet(kind)

        def fold() -> Change:
            self.sheets.append(sheet)
            self.locked_by = sheet
            # An interim sheet pauses the count after the last ballot called, numbered as
            # the log numbers it (a revised count's go on past the first count's).
            paused = call_number(self) if kind is SheetKind.INTERIM else None
            return Change(event, ballot=paused, sheet=sheet)

        return fold


_LOCKED_OUT = (
    *(Action.CALL, Action.UNDO, Action.REDO, Action.AMEND, Action.DISPUTE, Action.PILE),
    *ENVELOPE_ACTIONS,
)


def _labels(ballot: Ballot | None, election: Election | None) -> dict[tuple[Call, int | None], str]:
    """How this ballot's piles are named where a call's label says too little: each
    union's of several, or a vote's by its choice's label (a UD's YES and NO piles)."""
    labels = {} if ballot is None else pile_labels(ballot.unions, ballot.neither)
    if labels or election is None:
        return labels
    question = election.ballot
    said = {(call, None): question.call_label(call) for call in (Call.FOR, Call.AGAINST)}
    return {key: label for key, label in said.items() if label != key[0].label}


def uncounted_refusal(uncounted: int, ordered: int) -> str:
    """Why no final sheet may be prepared while opened ballots are uncounted."""
    return (
        f"{uncounted:,} of the {how_many(ordered, 'ballot')} the decision ordered opened"
        f" {'is' if uncounted == 1 else 'are'} not yet counted: the count is not over;"
        " call them before the Revised Tally is prepared"
    )


_ENVELOPES_FIRST = "no ballot is called before the envelope stage has ended"


def _detail(event: Event, key: str) -> object:
    return None if event.detail is None else event.detail.get(key)
