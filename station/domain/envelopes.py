"""The envelope stage of a mail-ballot election: every returned envelope ruled, in the open.

Before any ballot of a mail election is opened, each return envelope is checked
against the voter list with the parties present (docs/rules.md, "Mail ballots"):

* ACCEPTED: its stub will be detached and its ballot mixed with the others and opened;
* CHALLENGED: set aside sealed, with the voter's name, for the hearing (a party or the
  agent challenges before the stub is detached: Form NLRB-4910, quoted in *Solvent
  Services*, 313 NLRB 645); who and why follow as AMEND events, as in the count;
* VOID: a detached or unsigned stub makes the ballot void (*Davis & Newcomer Elevator*,
  315 NLRB 715: "Since the stub was detached and unsigned, whatever ballot it had once
  been associated with was void");
* LATE: received after the due date but before the count: opened and counted with the
  accepted ones (*Classic Valet Parking*, 363 NLRB No. 23: "the Board's rule already
  permits acceptance of mail ballots arriving after the date they are due"). In a mail
  election set up before `MAIL_RULES` it was recorded and never opened, and it still is;
* AT_POLLS (an election with voting at the polls too): the voter was checked off at the
  polls; their ballot is in the polls' box, commingled with the mail ballots (*Kerrville
  Bus*, 257 NLRB 176). A voter challenged at the polls is CHALLENGED, as an envelope.

A voter not on the list is written in (their name as on the stub) and challenged
unless ruled otherwise. A second envelope from a voter already ruled can never be
ACCEPTED (nor, under `MAIL_RULES`, LATE or AT_POLLS): only one ballot per voter may
reach the ballot pile. The agent may challenge or void it, and it is then recorded
beside the first. Under `MAIL_RULES` a voter whose envelopes were all ruled VOID was
sent a duplicate kit (*Davis & Newcomer Elevator*; *XPO Logistics*, 370 NLRB No. 99):
their next envelope is a replacement, ruled like any other and linked to the last void.

An envelope received once a final tally sheet exists is recorded, never opened
(AFTER_TALLY: *Premier Utility Services*, 363 NLRB No. 159): the tally is unchanged,
and later sheets count it.

Rulings undo and redo the way calls do (linear, visible events). The stage ends with
one END_ENVELOPES event naming the envelopes accepted: from then on the ballots are
counted as in any count, the accepted envelopes being the ballots in the box. No ballot
is called before that event and no envelope is ruled after it, so the journal never
interleaves a voter's envelope with a ballot's call.

Events (their detail keys are pinned by tests/faults/test_secrecy.py):
    ENVELOPE       detail {"voter": ID, "ruling": R} for a listed voter, or
                   {"write_in": NAME, "ruling": R} for a voter not on the list; in an
                   election of voting groups also {"group": KEY}, the voter's group
    ENVELOPE_UNDO  target: the ENVELOPE event taken back (the top of the done stack)
    ENVELOPE_REDO  target: the ENVELOPE event reinstated (the top of the undone stack)
    END_ENVELOPES  detail {"accepted": N}
    AFTER_TALLY    detail {"voter": ID} or {"write_in": NAME}: received after the tally
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from station.domain.challenges import REASON_KEYS, Challenge, ChallengeRegister, Reason
from station.domain.changes import Change, ReplayError
from station.domain.election import ElectionSetup
from station.domain.events import Action, Event
from station.domain.text import clean_text
from station.domain.voters import VoterList
from station.domain.words import say, say_count, say_in

MAX_NAME = 200


class Ruling(StrEnum):
    """What the agent ruled a returned envelope."""

    ACCEPTED = "accepted"
    CHALLENGED = "challenged"
    VOID = "void"
    LATE = "late"
    AT_POLLS = "polls"
    # Not a ruling of the stage: the record of an AFTER_TALLY event.
    AFTER_TALLY = "after tally"

    @property
    def label(self) -> str:
        return _LABELS.get(self, self.value.upper())


_LABELS = {
    Ruling.AT_POLLS: "VOTED AT THE POLLS",
    Ruling.AFTER_TALLY: "RECEIVED AFTER THE TALLY (not opened)",
}

# The key of each ruling in the envelope window.
RULING_KEYS = {
    "A": Ruling.ACCEPTED,
    "C": Ruling.CHALLENGED,
    "V": Ruling.VOID,
    "L": Ruling.LATE,
    "P": Ruling.AT_POLLS,
}
# Rulings that put the voter's ballot among those counted: one per voter.
_ONE_BALLOT = {
    Ruling.ACCEPTED: "accepted",
    Ruling.LATE: "counted",
    Ruling.AT_POLLS: "checked off at the polls",
}

# The reasons an envelope is challenged: the one list, with its letters (challenges.py).
ENVELOPE_REASONS = tuple(reason for _, reason in REASON_KEYS)

# What became of a challenged envelope no longer open (EnvelopeStage.settled).
SETTLED = ("withdrawn", "sustained", "ordered opened")

ENVELOPE_ACTIONS = (
    Action.ENVELOPE,
    Action.ENVELOPE_UNDO,
    Action.ENVELOPE_REDO,
    Action.END_ENVELOPES,
)

# Why a voter's second envelope is never counted, and what the agent does with it: the
# Region sends a duplicate kit when the first is reported lost, not received or spoiled,
# and both may come back; which one the Board then counts was not found (docs/rules.md,
# "Mail ballots"), so Station counts none of the second and leaves the choice open.
SECOND_ENVELOPE_WHY = (
    "one ballot per voter is counted, and which of a first kit and its duplicate the Board"
    " counts when both come back was not found: C challenges this one, sealed for the"
    " Region to decide, or undo the first ruling"
)

# The refusals of the ballot count of a mail election under MAIL_RULES.
NO_BALLOT_CHALLENGE = (
    "a ballot out of its envelope cannot be challenged: its voter is unknown;"
    " D disputes its marking"
)


@dataclass(frozen=True, slots=True)
class Envelope:
    """One ruled envelope.

    Attributes:
        seq: its ENVELOPE event.
        voter: the voter's id on the list, or None for a write-in.
        ruling: what the agent ruled.
        write_in: the name written in, for a voter not on the list.
        second: another envelope of this voter was already ruled (and counted) when
            this one was.
        replaces: for a replacement envelope, the ENVELOPE event that ruled the
            voter's last envelope VOID.
        group: in an election of voting groups, the voter's group (its key): the pile
            its ballot is counted in, and the line 6 its challenge is on.
    """

    seq: int
    voter: str | None
    ruling: Ruling
    write_in: str | None = None
    second: bool = False
    replaces: int | None = None
    group: str | None = None

    @property
    def key(self) -> str:
        """Whose envelope it is (`voter_key`): one voter's envelopes share it."""
        return voter_key(self.voter, self.write_in)

    @property
    def who(self) -> str:
        """Whose envelope it is, as a line names them: the voter id, or the name written in."""
        return self.voter if self.voter is not None else f"write-in:{self.write_in}"


def voter_key(voter: str | None, write_in: str | None) -> str:
    """Whose envelope it is, as every rule of one voter's envelopes compares them: at one
    table (a second envelope) and across tables (a consolidation).

    A listed voter by id exactly; a written-in voter by the name case-folded, so that
    "Hans Strauß" and "HANS STRAUSS" are one voter (the name is already single-spaced,
    one line: `_envelope_of` refuses any other). A station resolves a name typed again
    to the one first recorded before it writes (`write_ins.identify`), so the names it
    writes for one voter are equal, and any two it writes that this takes for one voter
    are one voter's.
    """
    if voter is not None:
        return voter
    return f"write-in:{(write_in or '').casefold()}"


@dataclass(frozen=True, slots=True)
class EnvelopeFigures:
    """The stage's figures as they stand: what the sheet and every screen show.

    `current`: the election is ruled by `MAIL_RULES`: its late envelopes are opened, and
    its figures name the replacements, the voters at the polls and the envelopes received
    after the tally (a file set up before keeps its five figures, as its sheets signed).
    """

    returned: int = 0
    accepted: int = 0
    challenged: int = 0
    void: int = 0
    late: int = 0
    replacements: int = 0
    at_polls: int = 0
    after_tally: int = 0
    current: bool = False

    @property
    def opened(self) -> int:
        """The envelopes whose ballots are opened at the end of the stage."""
        return self.accepted + self.late if self.current else self.accepted

    @property
    def box(self) -> int:
        """The ballots to count: the envelopes opened and the voters at the polls."""
        return self.opened + self.at_polls

    def as_dict(self) -> dict[str, int]:
        """The JSON form (`station tally --json`, the sheet's detail)."""
        figures = {
            "returned": self.returned,
            "accepted": self.accepted,
            "challenged": self.challenged,
            "void": self.void,
            "late": self.late,
        }
        if self.current:
            figures |= {
                "replacements": self.replacements,
                "at_polls": self.at_polls,
                "after_tally": self.after_tally,
            }
        return figures


class EnvelopeStage:
    """The rulings folded from the journal, with their own undo and redo stacks.

    `mail` is False for an ordinary election: every envelope event is then refused.
    `current`: ruled by `MAIL_RULES`; `polls`: some voters vote at the polls.
    """

    def __init__(
        self,
        mail: bool = False,
        current: bool = False,
        polls: bool = False,
        groups: tuple[str, ...] = (),
    ) -> None:
        self.mail = mail
        self.groups = groups if mail else ()  # the voting groups' keys, if any
        self.current = mail and current
        self.polls = mail and polls
        self.ended_at: int | None = None  # the END_ENVELOPES event, once the stage ended
        self._after_tally: list[int] = []  # AFTER_TALLY events, oldest first
        self._replacements = 0  # counting rulings that are replacements
        self._rulings: dict[int, Envelope] = {}
        self._done: list[int] = []  # rulings that count, oldest first
        self._undone: list[int] = []  # rulings that can be redone, the next one last
        self._counts: dict[Ruling, int] = dict.fromkeys(Ruling, 0)
        self._by_voter: dict[str, list[int]] = {}  # counting rulings, per voter key
        # Challenged envelopes no longer open (resolution.py), by what became of them:
        # "withdrawn" during the stage (accepted after all: among the figures' accepted),
        # "sustained" (never opened) or "ordered opened" by the decision (the box grows).
        self.settled: dict[int, str] = {}

    @property
    def open(self) -> bool:
        """Whether envelopes are being ruled now (and no ballot may be called)."""
        return self.mail and self.ended_at is None

    @property
    def figures(self) -> EnvelopeFigures:
        return self.figures_at(None)

    def figures_at(self, seq: int | None) -> EnvelopeFigures:
        """The figures as a sheet prepared at event `seq` showed them (None: now): the
        envelopes received after the tally are those recorded before it."""
        c = self._counts
        # A challenge withdrawn by agreement before the stage ended: the envelope was
        # accepted after all, and its ballot was mixed with the others.
        withdrawn = sum(1 for status in self.settled.values() if status == "withdrawn")
        return EnvelopeFigures(
            returned=len(self._done) - c[Ruling.AT_POLLS],
            accepted=c[Ruling.ACCEPTED] + withdrawn,
            challenged=c[Ruling.CHALLENGED] - withdrawn,
            void=c[Ruling.VOID],
            late=c[Ruling.LATE],
            replacements=self._replacements,
            at_polls=c[Ruling.AT_POLLS],
            after_tally=sum(1 for s in self._after_tally if seq is None or s < seq),
            current=self.current,
        )

    def group_boxes(self) -> dict[str, int] | None:
        """In an election of voting groups, each group's ballots to count, by key: its
        envelopes opened (a challenge withdrawn during the stage or ordered opened
        too) and its voters at the polls; None while the stage is open."""
        if not self.groups or self.ended_at is None:
            return None
        boxes = dict.fromkeys(self.groups, 0)
        counted = {Ruling.ACCEPTED, Ruling.AT_POLLS} | ({Ruling.LATE} if self.current else set())
        for seq in self._done:
            envelope = self._rulings[seq]
            lifted = self.settled.get(seq) in ("withdrawn", "ordered opened")
            if envelope.group is not None and (envelope.ruling in counted or lifted):
                boxes[envelope.group] += 1
        return boxes

    def challenged_groups(self) -> dict[int, str]:
        """Each challenged envelope that counts, by its event, with its voting group."""
        return {
            seq: envelope.group
            for seq in self._done
            if (envelope := self._rulings[seq]).ruling is Ruling.CHALLENGED
            and envelope.group is not None
        }

    @property
    def opened_challenges(self) -> int:
        """Challenged envelopes a decision ordered opened: their ballots join the box."""
        return sum(1 for status in self.settled.values() if status == "ordered opened")

    @property
    def challenged(self) -> int:
        """Challenged envelopes that count now (they join tally line 6)."""
        return self._counts[Ruling.CHALLENGED]

    @property
    def void_ballots(self) -> int:
        """Envelopes ruled void that count now: void ballots, on tally line 2 (docs/rules.md,
        "Mail ballots"). An election set up before `MAIL_RULES` keeps line 2 as its sheets
        were signed: its ballots' voids only."""
        return self._counts[Ruling.VOID] if self.current else 0

    def void_groups(self) -> dict[str, int]:
        """In an election of voting groups, each group's envelopes ruled void (on its line
        2, as `void_ballots` on the whole's), by key; empty where no line 2 holds them."""
        if not self.current:
            return {}
        void: dict[str, int] = {}
        for seq in self._done:
            envelope = self._rulings[seq]
            if envelope.ruling is Ruling.VOID and envelope.group is not None:
                void[envelope.group] = void.get(envelope.group, 0) + 1
        return void

    def get(self, seq: int) -> Envelope | None:
        """The ruling of ENVELOPE event `seq` (counting or not)."""
        return self._rulings.get(seq)

    def is_counting(self, seq: int) -> bool:
        return seq in self._done or seq in self._after_tally

    def rulings(self) -> list[Envelope]:
        """Every ruling that counts now, oldest first."""
        return [self._rulings[seq] for seq in self._done]

    def after_tally(self) -> list[Envelope]:
        """The envelopes received after the tally, oldest first (never opened)."""
        return [self._rulings[seq] for seq in self._after_tally]

    def ruled(self, voter_key: str) -> list[Envelope]:
        """The counting rulings of this voter's envelopes (`voter_key`)."""
        return [self._rulings[seq] for seq in self._by_voter.get(voter_key, [])]

    def next_undo(self) -> Envelope | None:
        return self._rulings[self._done[-1]] if self._done else None

    def next_redo(self) -> Envelope | None:
        return self._rulings[self._undone[-1]] if self._undone else None

    # -- the rules ------------------------------------------------------------------

    def plan(self, event: Event, challenges: ChallengeRegister) -> Callable[[], Change]:
        """Check an envelope event; return what folds it in (nothing changes yet)."""
        if not self.mail:
            raise ReplayError(event.seq, "only a mail-ballot election has an envelope stage")
        if self.ended_at is not None:
            raise ReplayError(
                event.seq,
                f"the envelope stage ended at event {self.ended_at}; no envelope is ruled after",
            )
        if event.call is not None:
            raise ReplayError(event.seq, "an envelope event carries no ballot call")
        match event.action:
            case Action.ENVELOPE:
                return self._rule(event, challenges)
            case Action.ENVELOPE_UNDO:
                return self._move(event, challenges, undo=True)
            case Action.ENVELOPE_REDO:
                return self._move(event, challenges, undo=False)
            case Action.END_ENVELOPES:
                return self._end(event)
        raise ReplayError(event.seq, f"{event.action} is not an envelope event")  # pragma: no cover

    def _rule(self, event: Event, challenges: ChallengeRegister) -> Callable[[], Change]:
        envelope = _envelope_of(event, groups=self.groups)
        if envelope.ruling is Ruling.AFTER_TALLY:
            raise ReplayError(event.seq, "an envelope received after the tally is not ruled")
        if envelope.ruling is Ruling.AT_POLLS:
            self._check_polls(event.seq, envelope)
        earlier = self.ruled(envelope.key)
        if earlier:
            envelope = self._another(event.seq, envelope, earlier)

        def fold() -> Change:
            self._rulings[event.seq] = envelope
            self._undone.clear()  # a new ruling forgets what could be redone
            self._count(envelope, +1)
            challenge = None
            if envelope.ruling is Ruling.CHALLENGED:
                # Written-in voters are not on the list: that is the reason unless changed.
                reason = Reason.NOT_ON_LIST if envelope.voter is None else None
                challenge = Challenge(event.seq, reason=reason)
                challenges.add(challenge)
            return Change(event, challenge=challenge, envelope=envelope)

        return fold

    def _check_polls(self, seq: int, envelope: Envelope) -> None:
        if not self.polls:
            raise ReplayError(
                seq,
                "P: no voter votes at the polls in this election (it was set up without --polls)",
            )
        if envelope.voter is None:
            raise ReplayError(
                seq, "a voter not on the list is challenged at the polls (C), not checked off"
            )

    def _another(self, seq: int, envelope: Envelope, earlier: list[Envelope]) -> Envelope:
        """A voter's envelope after their first: a replacement, or a second envelope."""
        if self.current and all(e.ruling is Ruling.VOID for e in earlier):
            return replace(envelope, replaces=earlier[-1].seq)
        one_ballot = dict(_ONE_BALLOT) if self.current else {Ruling.ACCEPTED: "accepted"}
        if envelope.ruling in one_ballot:
            first = next((e for e in earlier if e.ruling is not Ruling.VOID), earlier[0])
            if envelope.ruling is Ruling.AT_POLLS:
                raise ReplayError(
                    seq,
                    f"{envelope.who} has an envelope ruled {first.ruling.label} at event"
                    f" {first.seq}: they cannot be checked off at the polls too",
                )
            raise ReplayError(
                seq,
                f"a second envelope of {envelope.who} (the first was ruled {first.ruling.label}"
                f" at event {first.seq}) cannot be {one_ballot[envelope.ruling]}:"
                f" {SECOND_ENVELOPE_WHY}",
            )
        return replace(envelope, second=True)

    def plan_after_tally(self, event: Event, tallied: bool) -> Callable[[], Change]:
        """Check an envelope received after the tally; return what records it."""
        if not self.current:
            raise ReplayError(
                event.seq,
                "this election's envelopes received after the tally are not recorded"
                " (a mail election set up before they were)",
            )
        if not tallied:
            raise ReplayError(
                event.seq,
                "an envelope is received after the tally once a final tally sheet is"
                " prepared; until then it is ruled",
            )
        if event.call is not None:
            raise ReplayError(event.seq, "an envelope event carries no ballot call")
        envelope = _envelope_of(event, Ruling.AFTER_TALLY)
        envelope = replace(envelope, second=bool(self.ruled(envelope.key)))

        def fold() -> Change:
            self._rulings[event.seq] = envelope
            self._after_tally.append(event.seq)
            return Change(event, envelope=envelope)

        return fold

    def _move(
        self, event: Event, challenges: ChallengeRegister, *, undo: bool
    ) -> Callable[[], Change]:
        source, dest = (self._done, self._undone) if undo else (self._undone, self._done)
        verb = "undo" if undo else "redo"
        if event.detail is not None:
            raise ReplayError(event.seq, f"an envelope {verb} names its ruling and nothing else")
        if not source:
            raise ReplayError(event.seq, f"no envelope ruling to {verb}")
        if event.target != source[-1]:
            raise ReplayError(
                event.seq, f"envelope {verb} must name event {source[-1]}, not {event.target}"
            )
        envelope = self._rulings[source[-1]]
        if envelope.seq in self.settled:
            raise ReplayError(
                event.seq,
                f"the challenge of envelope event {envelope.seq} is settled; reopen it first",
            )

        def fold() -> Change:
            dest.append(source.pop())
            self._count(envelope, -1 if undo else +1)
            challenges.set_counting(envelope.seq, not undo)
            return Change(event, envelope=envelope)

        return fold

    def _end(self, event: Event) -> Callable[[], Change]:
        accepted = (event.detail or {}).get("accepted")
        if event.target is not None or set(event.detail or {}) != {"accepted"}:
            raise ReplayError(
                event.seq, "the end of the envelope stage names the envelopes accepted"
            )
        # A whole number as JSON writes one: 2.0 equals 2 in Python, not in every reader.
        if type(accepted) is not int or accepted != self.figures.accepted:
            raise ReplayError(
                event.seq,
                f"the envelope stage ends with {self.figures.accepted:,} envelopes"
                f" accepted, not {accepted!r}",
            )

        def fold() -> Change:
            self.ended_at = event.seq
            return Change(event, figures=self.figures)

        return fold

    def _count(self, envelope: Envelope, step: int) -> None:
        self._counts[envelope.ruling] += step
        if envelope.replaces is not None:  # kept as it goes: the figures show on each key
            self._replacements += step
        seqs = self._by_voter.setdefault(envelope.key, [])
        if step > 0:
            if envelope.seq not in self._done:
                self._done.append(envelope.seq)
            seqs.append(envelope.seq)
        else:
            seqs.remove(envelope.seq)
            if not seqs:
                del self._by_voter[envelope.key]

    # -- snapshots ------------------------------------------------------------------

    def state(self) -> dict[str, object]:
        """Everything folded, as JSON-able values (for a snapshot)."""
        state: dict[str, object] = {
            "ended_at": self.ended_at,
            "rulings": [
                # A replacement's link comes last, only when there is one: a snapshot of
                # a file without any is as it always was.
                [e.seq, e.voter, e.ruling.value, e.write_in, e.second]
                + ([] if e.replaces is None and e.group is None else [e.replaces])
                + ([] if e.group is None else [e.group])
                for _seq, e in sorted(self._rulings.items())
            ],
            "done": list(self._done),
            "undone": list(self._undone),
            "settled": [[seq, lifted] for seq, lifted in self.settled.items()],
        }
        if self._after_tally:
            state["after_tally"] = list(self._after_tally)
        return state

    @classmethod
    def restored(
        cls,
        mail: bool,
        state: object,
        current: bool = False,
        polls: bool = False,
        groups: tuple[str, ...] = (),
    ) -> EnvelopeStage:
        """The stage a `state()` describes (raises ValueError if it is malformed)."""
        stage = cls(mail, current, polls, groups)
        if state is None:
            if mail:
                raise ValueError("a mail election's snapshot has no envelope stage")
            return stage
        if not mail or not isinstance(state, Mapping):
            raise ValueError("envelope stage of an election that is not by mail")
        ended = state["ended_at"]
        if ended is not None and (not isinstance(ended, int) or isinstance(ended, bool)):
            raise ValueError("malformed end of the envelope stage")
        stage.ended_at = ended
        for seq, voter, ruling, write_in, second, *more in state["rulings"]:
            link = more[0] if more else None
            group = more[1] if len(more) == 2 else None
            if (
                not isinstance(seq, int)
                or not isinstance(second, bool)
                or len(more) > 2
                or not (link is None or isinstance(link, int))
                or (group is not None and group not in stage.groups)
            ):
                raise ValueError("malformed envelope ruling")
            stage._rulings[seq] = Envelope(
                seq, voter, Ruling(ruling), write_in, second, link, group
            )
        stage._after_tally = [int(seq) for seq in state.get("after_tally", [])]
        recorded = [stage._rulings.get(seq) for seq in stage._after_tally]
        if any(e is None or e.ruling is not Ruling.AFTER_TALLY for e in recorded):
            raise ValueError("malformed envelopes received after the tally")
        stage._undone = [int(seq) for seq in state["undone"]]
        if "settled" not in state:
            # A snapshot from before a settled envelope challenge was kept here could hide
            # one: the count is replayed from the journal instead (mail files only, once).
            raise ValueError("a mail snapshot without its settled envelope challenges")
        for seq, lifted in state["settled"]:
            if seq not in stage._rulings or lifted not in SETTLED:
                raise ValueError("malformed settled envelope challenge")
            stage.settled[seq] = lifted
        for seq in state["done"]:
            stage._count(stage._rulings[seq], +1)
        if set(stage._undone) - set(stage._rulings) or set(stage._undone) & set(stage._done):
            raise ValueError("malformed envelope stacks")
        return stage


def _envelope_of(
    event: Event, recorded: Ruling | None = None, groups: tuple[str, ...] = ()
) -> Envelope:
    """The ruling an ENVELOPE event records, checked (raises ReplayError); `recorded`:
    the ruling an event of another action stands for (its detail names none); `groups`:
    the keys of the voting groups, one of which a ruling then names."""
    detail = dict(event.detail or {})
    group = detail.pop("group", None)
    if groups and group not in groups:
        raise ReplayError(
            event.seq,
            f"an envelope in an election of voting groups names its group ({', '.join(groups)})",
        )
    if group is not None and not groups:
        raise ReplayError(event.seq, "an envelope ruling has no 'group'")
    group = group if isinstance(group, str) else None
    if event.target is not None:
        raise ReplayError(event.seq, "an envelope ruling has no target")
    try:
        ruling = recorded or Ruling(str(detail.pop("ruling", None)))
    except ValueError:
        raise ReplayError(
            event.seq, "an envelope ruling is accepted, challenged, void, late or polls"
        ) from None
    voter, write_in = detail.pop("voter", None), detail.pop("write_in", None)
    if detail:
        raise ReplayError(event.seq, f"an envelope ruling has no {sorted(detail)[0]!r}")
    if (voter is None) == (write_in is None):
        raise ReplayError(event.seq, "an envelope ruling names a listed voter or a written-in one")
    if voter is not None:
        if not isinstance(voter, str) or not voter or voter != voter.strip():
            raise ReplayError(event.seq, "a voter id is text")
        return Envelope(event.seq, voter, ruling, group=group)
    try:
        name = clean_text(write_in, "written-in name", max_length=MAX_NAME, error=ValueError)
    except ValueError as error:
        raise ReplayError(event.seq, str(error)) from None
    if name != write_in:
        raise ReplayError(event.seq, "a written-in name is stored as typed, trimmed")
    return Envelope(event.seq, None, ruling, name, group=group)


def _group_words(group: str | None) -> str:
    """ " (group A)": the voter's group, in an election of voting groups (in the
    language said)."""
    return "" if group is None else say(" (group {group})", group=group)


def voter_group(stage: EnvelopeStage, envelope: Envelope, voters: VoterList) -> str | None:
    """The voting group of an envelope's voter, in an election of voting groups: the one
    its ruling names. An envelope received after the tally goes to no pile, so its event
    names none: its voter's group is then the list's, or a written-in voter's earlier
    envelope's (None if they had none)."""
    if envelope.group is not None or not stage.groups:
        return envelope.group
    if envelope.voter is not None:
        return voters.group_of(envelope.voter)
    return next((e.group for e in stage.ruled(envelope.key) if e.group is not None), None)


def envelope_words(change: Change, group: str | None = None) -> str:
    """One line for an envelope event, the same in the window, the log and `envelopes`
    (`group`: its voter's group where its ruling names none, as `voter_group` finds it)."""
    event, envelope = change.event, change.envelope
    if event.action is Action.END_ENVELOPES:
        figures = change.figures
        if figures is not None and figures.current and figures.late:  # opened too
            return say_count(
                figures.opened,
                "Envelope stage ended: {n:,} envelope to open ({accepted:,} accepted, {late:,}"
                " received after the due date), their ballots to be counted",
                "Envelope stage ended: {n:,} envelopes to open ({accepted:,} accepted, {late:,}"
                " received after the due date), their ballots to be counted",
                accepted=figures.accepted,
                late=figures.late,
            )
        accepted = (event.detail or {}).get("accepted")  # checked by the fold: a whole number
        assert isinstance(accepted, int)
        return say_count(
            accepted,
            "Envelope stage ended: {n:,} envelope accepted, ballots to be opened",
            "Envelope stage ended: {n:,} envelopes accepted, ballots to be opened",
        )
    if envelope is None:  # pragma: no cover - every applied envelope event has its ruling
        return str(event.action)
    if envelope.voter is not None:
        who = envelope.voter
    else:
        who = say("written in: {name}", name=envelope.write_in)
    return _undone_or_redone(
        f"{ruled_noun(envelope)} {who}{which_envelope(envelope)}"
        f"{_group_words(envelope.group or group)} {_ruled(envelope.ruling)}",
        event.action,
    )


def _ruled(ruling: Ruling) -> str:
    """A ruling's word after its envelope, in the language said (of the envelope: an
    envelope CHALLENGED, where `Ruling.label` is the CLI's)."""
    match ruling:
        case Ruling.CHALLENGED:
            return say_in("envelope", "CHALLENGED")
        case Ruling.VOID:
            return say_in("envelope", "VOID")
    return ruling_words(ruling)


def ruled_noun(envelope: Envelope) -> str:
    """What a ruling is about: "Envelope", or "Voter" for a voter checked off at the
    polls, who returned none (in the language said)."""
    return say("Voter") if envelope.ruling is Ruling.AT_POLLS else say("Envelope")


def which_envelope(envelope: Envelope) -> str:
    """ " (second envelope)", " (replacement for the envelope voided at event N)" or "",
    in the language said."""
    if envelope.replaces is not None:
        return say(
            " (replacement for the envelope voided at event {event})", event=envelope.replaces
        )
    return say(" (second envelope)") if envelope.second else ""


def box_setup(setup: ElectionSetup, stage: EnvelopeStage) -> ElectionSetup:
    """The election as the ballot count sees it: a mail ballot's box holds the envelopes
    accepted, once the envelope stage has ended (before, the box is not yet known), and
    the challenged ones whose ballot joined them (withdrawn, or ordered opened)."""
    if setup.mail and stage.ended_at is not None:
        return replace(setup, ballots=stage.figures.box + stage.opened_challenges)
    return setup


def anonymous_envelope_words(change: Change) -> str:
    """An envelope event in words that name no voter: for the observers' dashboard, which
    may be projected or streamed, and every list shared with it."""
    event, envelope = change.event, change.envelope
    if event.action is Action.END_ENVELOPES or envelope is None:
        return envelope_words(change)
    if envelope.replaces is not None:
        which = say(" (replacement for a void envelope)")
    else:
        which = say(" (second envelope)") if envelope.second else ""
    ruling = ruling_words(envelope.ruling)
    if envelope.ruling is Ruling.AT_POLLS:  # a voter at the polls returned no envelope
        if envelope.voter is None:
            words = say("Voter written in {ruling}", ruling=ruling)
        else:
            words = say("Voter {ruling}", ruling=ruling)
    elif envelope.voter is None:
        words = _written_in_envelope(envelope.ruling, which, ruling)
    else:
        words = _envelope(envelope.ruling, which, ruling)
    return _undone_or_redone(words, event.action)


def _envelope(ruling: Ruling, which: str, said: str) -> str:
    """A listed voter's envelope and its ruling (CHALLENGED and VOID said whole: an
    envelope's words agree with it, where a ballot's are said of the ballot)."""
    if ruling is Ruling.CHALLENGED:
        return say("Envelope{which} CHALLENGED", which=which)
    if ruling is Ruling.VOID:
        return say("Envelope{which} VOID", which=which)
    return say("Envelope{which} {ruling}", which=which, ruling=said)


def _written_in_envelope(ruling: Ruling, which: str, said: str) -> str:
    """A written-in voter's envelope and its ruling, as `_envelope` says a listed one's."""
    if ruling is Ruling.CHALLENGED:
        return say("Envelope written in{which} CHALLENGED", which=which)
    if ruling is Ruling.VOID:
        return say("Envelope written in{which} VOID", which=which)
    return say("Envelope written in{which} {ruling}", which=which, ruling=said)


def ruling_words(ruling: Ruling) -> str:
    """A ruling as the observers' screens say it after an envelope or a voter, in the
    language said (CHALLENGED and VOID are said with their envelope: `_envelope`)."""
    match ruling:
        case Ruling.ACCEPTED:
            return say("ACCEPTED")
        case Ruling.LATE:
            return say("LATE")
        case Ruling.AT_POLLS:
            return say("VOTED AT THE POLLS")
        case Ruling.AFTER_TALLY:
            return say("RECEIVED AFTER THE TALLY (not opened)")
    return ruling.label


def _undone_or_redone(words: str, action: Action) -> str:
    """A ruling's words, marked when the event takes it back or puts it back."""
    if action is Action.ENVELOPE_UNDO:
        return say("{words} \u2014 undone", words=words)
    if action is Action.ENVELOPE_REDO:
        return say("{words} \u2014 redone", words=words)
    return words


_PLAIN_NAMES = {"employer": "Employer", "petitioner": "Union", "board agent": "Board agent"}


def figures_statement(
    figures: EnvelopeFigures,
    by_party: Mapping[str, int],
    *,
    settled: str = "",
    names: Mapping[str, str] | None = None,
) -> str:
    """The stage's figures in one line, the same in the window, the dashboard and the CLI.

    `settled`: the challenges a decision settled, said after the challenged ones
    ("1 sustained"; see envelope_parties.stage_statement).
    """
    named = names or _PLAIN_NAMES
    parties = ", ".join(
        f"{named.get(party, party)} {n:,}"
        for party, n in (by_party or dict.fromkeys(named, 0)).items()
    )
    returned = say("{returned:,} returned", returned=figures.returned)
    accepted = say("{accepted:,} accepted", accepted=figures.accepted)
    challenged = say(
        "{challenged:,} challenged ({parties})", challenged=figures.challenged, parties=parties
    )
    void = say("{void:,} void", void=figures.void)
    said = [settled] if settled else []
    if figures.current:
        late = say("{late:,} received after the due date (counted)", late=figures.late)
        replacements = say_count(figures.replacements, "{n:,} replacement", "{n:,} replacements")
        items = [returned, accepted, late, challenged, *said, void, replacements]
        if figures.at_polls:
            items.append(say("{at_polls:,} at the polls", at_polls=figures.at_polls))
        if figures.after_tally:
            items.append(say("{after_tally:,} after the tally", after_tally=figures.after_tally))
        return " \u00b7 ".join(items)
    late = say("{late:,} late", late=figures.late)
    return " \u00b7 ".join([returned, accepted, challenged, *said, void, late])


def modes_statement(figures: EnvelopeFigures, ordered_opened: int = 0) -> str:
    """ "Ballots to count: N by mail, M at the polls": the box of a mixed election ("" for
    one without voters at the polls). `ordered_opened`: the challenged envelopes a
    decision ordered opened, whose ballots joined the box (`EnvelopeStage.opened_challenges`)."""
    if not figures.at_polls:
        return ""
    modes = modes_words(figures.opened, figures.at_polls, ordered_opened)
    return say("Ballots to count: {modes}", modes=modes)


def counted_together_statement(figures: Mapping[str, int], ballots: object) -> str:
    """The sheet's "Ballots counted together: …" of a mixed election ("" for one without
    voters at the polls), from its facts: the envelope figures and the ballots in the box.

    The box holds the envelopes opened, the voters at the polls and the challenged
    envelopes a decision ordered opened (`tally_sheet.mail_box`), so those are what the
    box holds beyond the other two: the sentence adds up to the sheet's "N of M".
    """
    polls = figures.get("at_polls", 0)
    if not polls:
        return ""
    opened = opened_of(figures)
    ordered = max(ballots - opened - polls, 0) if isinstance(ballots, int) else 0
    return f"Ballots counted together: {modes_words(opened, polls, ordered)}"


def modes_words(by_mail: int, at_polls: int, ordered_opened: int = 0) -> str:
    """ "5 by mail, 5 at the polls, 1 challenged envelope ordered opened": every ballot of a
    mixed election's box once, so that the figures add up to the box (a voter challenged
    at the polls voted in an envelope bearing their name, as a challenged mail voter did)."""
    opened = (
        say_count(
            ordered_opened,
            ", {n:,} challenged envelope ordered opened",
            ", {n:,} challenged envelopes ordered opened",
        )
        if ordered_opened
        else ""
    )
    return say(
        "{by_mail:,} by mail, {at_polls:,} at the polls{opened}",
        by_mail=by_mail,
        at_polls=at_polls,
        opened=opened,
    )


def end_stage_statement(figures: EnvelopeFigures) -> str:
    """What the agent confirms when ending the envelope stage, in the language said."""
    ruled = say_count(
        figures.returned,
        "End the envelope stage? {n:,} envelope ruled:",
        "End the envelope stage? {n:,} envelopes ruled:",
    )
    then = say("; from then on no envelope can be ruled, and the ballots are counted.")
    if figures.current:
        said = say(
            " {accepted:,} accepted, {late:,} received after the due date, {challenged:,}"
            " challenged, {void:,} void",
            accepted=figures.accepted,
            late=figures.late,
            challenged=figures.challenged,
            void=figures.void,
        )
        polls = (
            say_count(
                figures.at_polls,
                "; and {n:,} voter checked off at the polls",
                "; and {n:,} voters checked off at the polls",
            )
            if figures.at_polls
            else ""
        )
        opened = say_count(
            figures.opened,
            " The {n:,} envelope accepted or received after the due date is opened and its"
            " ballot mixed",
            " The {n:,} envelopes accepted or received after the due date are opened and"
            " their ballots mixed",
        )
        mixed = (
            say(" with the {at_polls:,} from the polls", at_polls=figures.at_polls)
            if figures.at_polls
            else ""
        )
        return f"{ruled}{said}{polls}.{opened}{mixed}{then}"
    said = say(
        " {accepted:,} accepted, {challenged:,} challenged, {void:,} void, {late:,} late",
        accepted=figures.accepted,
        challenged=figures.challenged,
        void=figures.void,
        late=figures.late,
    )
    opened = say_count(
        figures.accepted,
        " The {n:,} envelope accepted is opened and its ballot mixed",
        " The {n:,} envelopes accepted are opened and their ballots mixed",
    )
    return f"{ruled}{said}.{opened}{then}"


# The envelope figures as the tally sheet prints them, above lines 1-9 (a mail election
# set up before `MAIL_RULES`: its late envelopes were never opened).
ENVELOPE_FIGURE_LABELS = (
    ("returned", "Envelopes returned"),
    ("accepted", "Accepted and opened"),
    ("challenged", "Challenged (sealed)"),
    ("void", "Void"),
    ("late", "Late (not opened)"),
)
CURRENT_FIGURE_LABELS = (
    ("returned", "Envelopes returned"),
    ("accepted", "Accepted and opened"),
    ("late", "Received after the due date (counted)"),
    ("challenged", "Challenged (sealed)"),
    ("void", "Void"),
    ("replacements", "Replacements (after a void)"),
    ("at_polls", "Voted at the polls"),
    ("after_tally", "Received after the tally (not opened)"),
)


def opened_of(figures: Mapping[str, int]) -> int:
    """The envelopes opened, from the figures' JSON (see `EnvelopeFigures.opened`)."""
    return figures["accepted"] + (figures["late"] if "after_tally" in figures else 0)


# After a decision a challenged envelope may have been opened: the cell then says only
# what the stage did (line 6's columns say what became of it).
REVISED_CHALLENGED_LABEL = "Challenged at this stage"


def figure_labels(
    figures: Mapping[str, int], *, revised: bool = False
) -> tuple[tuple[str, str], ...]:
    """The sheet's envelope figures and their labels, as the figures' JSON names them (on
    a revised sheet, the challenged envelopes' label claims no seal)."""
    labels = (
        ENVELOPE_FIGURE_LABELS
        if "after_tally" not in figures
        else tuple(
            (key, label)
            for key, label in CURRENT_FIGURE_LABELS
            if key != "at_polls" or figures.get(key)  # no voters at the polls: no cell
        )
    )
    if not revised:
        return labels
    return tuple(
        (key, REVISED_CHALLENGED_LABEL if key == "challenged" else label) for key, label in labels
    )
