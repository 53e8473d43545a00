"""The envelope stage of a mail-ballot election: every returned envelope ruled, in the open.

Before any ballot of a mail election is opened, each return envelope is checked
against the voter list with the parties present (DOMAIN.md, "Mail ballots"):

* ACCEPTED: its stub will be detached and its ballot mixed with the others and opened;
* CHALLENGED: set aside sealed, with the voter's name, for the hearing (a party or the
  agent challenges before the stub is detached: Form NLRB-4910, quoted in *Solvent
  Services*, 313 NLRB 645); who and why follow as AMEND events, as in the count;
* VOID: a detached or unsigned stub makes the ballot void (*Davis & Newcomer Elevator*,
  315 NLRB 715: "Since the stub was detached and unsigned, whatever ballot it had once
  been associated with was void");
* LATE: it arrived after the deadline; it is recorded but never opened (*Classic Valet*,
  363 NLRB No. 23; *Kerrville Bus*, 257 NLRB 176).

A voter not on the list is written in (their name as on the stub) and challenged
unless ruled otherwise. A second envelope from a voter already ruled can never be
ACCEPTED: only one ballot per voter may reach the ballot pile. The agent may
challenge or void it (or record it late), and it is then recorded beside the first.

Rulings undo and redo the way calls do (linear, visible events). The stage ends with
one END_ENVELOPES event naming the envelopes accepted: from then on the ballots are
counted as in any count, the accepted envelopes being the ballots in the box. No ballot
is called before that event and no envelope is ruled after it, so the journal never
interleaves a voter's envelope with a ballot's call.

Events (their detail keys are pinned by tests/faults/test_secrecy.py):
    ENVELOPE       detail {"voter": ID, "ruling": R} for a listed voter, or
                   {"write_in": NAME, "ruling": R} for a voter not on the list
    ENVELOPE_UNDO  target: the ENVELOPE event taken back (the top of the done stack)
    ENVELOPE_REDO  target: the ENVELOPE event reinstated (the top of the undone stack)
    END_ENVELOPES  detail {"accepted": N}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from station.domain.challenges import Challenge, ChallengeRegister, Reason
from station.domain.changes import Change, ReplayError
from station.domain.election import ElectionSetup
from station.domain.events import Action, Event
from station.domain.text import clean_text

MAX_NAME = 200


class Ruling(StrEnum):
    """What the agent ruled a returned envelope."""

    ACCEPTED = "accepted"
    CHALLENGED = "challenged"
    VOID = "void"
    LATE = "late"

    @property
    def label(self) -> str:
        return self.value.upper()


# The key of each ruling in the envelope window.
RULING_KEYS = {"A": Ruling.ACCEPTED, "C": Ruling.CHALLENGED, "V": Ruling.VOID, "L": Ruling.LATE}

# The reasons an envelope is challenged, in the order of keys 1-6 (the order:
# what is seen on an envelope first).
ENVELOPE_REASONS = (
    Reason.NOT_ON_LIST,
    Reason.SIGNATURE,
    Reason.ENVELOPE_OPENED,
    Reason.NO_LONGER_EMPLOYED,
    Reason.SUPERVISOR,
    Reason.OTHER,
)

# What became of a challenged envelope no longer open (EnvelopeStage.settled).
SETTLED = ("withdrawn", "sustained", "ordered opened")

ENVELOPE_ACTIONS = (
    Action.ENVELOPE,
    Action.ENVELOPE_UNDO,
    Action.ENVELOPE_REDO,
    Action.END_ENVELOPES,
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
    """

    seq: int
    voter: str | None
    ruling: Ruling
    write_in: str | None = None
    second: bool = False

    @property
    def key(self) -> str:
        """Whose envelope it is: the voter id, or the written-in name."""
        return self.voter if self.voter is not None else f"write-in:{self.write_in}"


@dataclass(frozen=True, slots=True)
class EnvelopeFigures:
    """The stage's figures as they stand: what the sheet and every screen show."""

    returned: int = 0
    accepted: int = 0
    challenged: int = 0
    void: int = 0
    late: int = 0

    def as_dict(self) -> dict[str, int]:
        """The JSON form (`station tally --json`, the sheet's detail)."""
        return {
            "returned": self.returned,
            "accepted": self.accepted,
            "challenged": self.challenged,
            "void": self.void,
            "late": self.late,
        }


class EnvelopeStage:
    """The rulings folded from the journal, with their own undo and redo stacks.

    `mail` is False for an ordinary election: every envelope event is then refused.
    """

    def __init__(self, mail: bool = False) -> None:
        self.mail = mail
        self.ended_at: int | None = None  # the END_ENVELOPES event, once the stage ended
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
        c = self._counts
        # A challenge withdrawn by agreement before the stage ended: the envelope was
        # accepted after all, and its ballot was mixed with the others.
        withdrawn = sum(1 for status in self.settled.values() if status == "withdrawn")
        return EnvelopeFigures(
            returned=len(self._done),
            accepted=c[Ruling.ACCEPTED] + withdrawn,
            challenged=c[Ruling.CHALLENGED] - withdrawn,
            void=c[Ruling.VOID],
            late=c[Ruling.LATE],
        )

    @property
    def opened_challenges(self) -> int:
        """Challenged envelopes a decision ordered opened: their ballots join the box."""
        return sum(1 for status in self.settled.values() if status == "ordered opened")

    @property
    def challenged(self) -> int:
        """Challenged envelopes that count now (they join tally line 6)."""
        return self._counts[Ruling.CHALLENGED]

    def get(self, seq: int) -> Envelope | None:
        """The ruling of ENVELOPE event `seq` (counting or not)."""
        return self._rulings.get(seq)

    def is_counting(self, seq: int) -> bool:
        return seq in self._done

    def rulings(self) -> list[Envelope]:
        """Every ruling that counts now, oldest first."""
        return [self._rulings[seq] for seq in self._done]

    def ruled(self, voter_key: str) -> list[Envelope]:
        """The counting rulings of this voter's envelopes (id, or "write-in:NAME")."""
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
        envelope = _envelope_of(event)
        earlier = self.ruled(envelope.key)
        if earlier:
            if envelope.ruling is Ruling.ACCEPTED:
                first = earlier[0]
                raise ReplayError(
                    event.seq,
                    f"a second envelope of {envelope.key} (the first was ruled {first.ruling.label}"
                    f" at event {first.seq}) cannot be accepted",
                )
            envelope = Envelope(
                envelope.seq, envelope.voter, envelope.ruling, envelope.write_in, True
            )

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
        if accepted != self.figures.accepted or isinstance(accepted, bool):
            raise ReplayError(
                event.seq,
                f"the envelope stage ends with {self.figures.accepted:,} envelopes"
                f" accepted, not {accepted!r}",
            )

        def fold() -> Change:
            self.ended_at = event.seq
            return Change(event)

        return fold

    def _count(self, envelope: Envelope, step: int) -> None:
        self._counts[envelope.ruling] += step
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
        return {
            "ended_at": self.ended_at,
            "rulings": [
                [e.seq, e.voter, e.ruling.value, e.write_in, e.second]
                for _seq, e in sorted(self._rulings.items())
            ],
            "done": list(self._done),
            "undone": list(self._undone),
            "settled": [[seq, lifted] for seq, lifted in self.settled.items()],
        }

    @classmethod
    def restored(cls, mail: bool, state: object) -> EnvelopeStage:
        """The stage a `state()` describes (raises ValueError if it is malformed)."""
        stage = cls(mail)
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
        for seq, voter, ruling, write_in, second in state["rulings"]:
            if not isinstance(seq, int) or not isinstance(second, bool):
                raise ValueError("malformed envelope ruling")
            stage._rulings[seq] = Envelope(seq, voter, Ruling(ruling), write_in, second)
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


def _envelope_of(event: Event) -> Envelope:
    """The ruling an ENVELOPE event records, checked (raises ReplayError)."""
    detail = dict(event.detail or {})
    if event.target is not None:
        raise ReplayError(event.seq, "an envelope ruling has no target")
    try:
        ruling = Ruling(str(detail.pop("ruling", None)))
    except ValueError:
        raise ReplayError(
            event.seq, "an envelope ruling is accepted, challenged, void or late"
        ) from None
    voter, write_in = detail.pop("voter", None), detail.pop("write_in", None)
    if detail:
        raise ReplayError(event.seq, f"an envelope ruling has no {sorted(detail)[0]!r}")
    if (voter is None) == (write_in is None):
        raise ReplayError(event.seq, "an envelope ruling names a listed voter or a written-in one")
    if voter is not None:
        if not isinstance(voter, str) or not voter or voter != voter.strip():
            raise ReplayError(event.seq, "a voter id is text")
        return Envelope(event.seq, voter, ruling)
    try:
        name = clean_text(write_in, "written-in name", max_length=MAX_NAME, error=ValueError)
    except ValueError as error:
        raise ReplayError(event.seq, str(error)) from None
    if name != write_in:
        raise ReplayError(event.seq, "a written-in name is stored as typed, trimmed")
    return Envelope(event.seq, None, ruling, name)


def envelope_words(change: Change) -> str:
    """One line for an envelope event, the same in the window, the log and `envelopes`."""
    event, envelope = change.event, change.envelope
    if event.action is Action.END_ENVELOPES:
        accepted = (event.detail or {}).get("accepted")
        return f"Envelope stage ended: {accepted:,} envelopes accepted, ballots to be opened"
    if envelope is None:  # pragma: no cover - every applied envelope event has its ruling
        return str(event.action)
    who = envelope.voter if envelope.voter is not None else f"written in: {envelope.write_in}"
    second = " (second envelope)" if envelope.second else ""
    return _undone_or_redone(f"Envelope {who}{second} {envelope.ruling.label}", event.action)


def box_setup(setup: ElectionSetup, stage: EnvelopeStage) -> ElectionSetup:
    """The election as the ballot count sees it: a mail ballot's box holds the envelopes
    accepted, once the envelope stage has ended (before, the box is not yet known), and
    the challenged ones whose ballot joined them (withdrawn, or ordered opened)."""
    if setup.mail and stage.ended_at is not None:
        return replace(setup, ballots=stage.figures.accepted + stage.opened_challenges)
    return setup


def anonymous_envelope_words(change: Change) -> str:
    """An envelope event in words that name no voter: for the observers' dashboard, which
    may be projected or streamed, and every list shared with it."""
    event, envelope = change.event, change.envelope
    if event.action is Action.END_ENVELOPES or envelope is None:
        return envelope_words(change)
    second = " (second envelope)" if envelope.second else ""
    written = " written in" if envelope.voter is None else ""
    return _undone_or_redone(f"Envelope{written}{second} {envelope.ruling.label}", event.action)


def _undone_or_redone(words: str, action: Action) -> str:
    """A ruling's words, marked when the event takes it back or puts it back."""
    if action is Action.ENVELOPE_UNDO:
        return f"{words} \u2014 undone"
    if action is Action.ENVELOPE_REDO:
        return f"{words} \u2014 redone"
    return words


def figures_statement(
    figures: EnvelopeFigures, by_party: Mapping[str, int], *, settled: str = ""
) -> str:
    """The stage's figures in one line, the same in the window, the dashboard and the CLI.

    `settled`: the challenges a decision settled, said after the challenged ones
    ("1 sustained"; see envelope_parties.stage_statement).
    """
    parties = ", ".join(
        f"{word} {by_party.get(party, 0):,}"
        for party, word in (
            ("employer", "Employer"),
            ("petitioner", "Union"),
            ("board agent", "Board agent"),
        )
    )
    return (
        f"{figures.returned:,} returned \u00b7 {figures.accepted:,} accepted \u00b7"
        f" {figures.challenged:,} challenged ({parties}) \u00b7"
        + (f" {settled} \u00b7" if settled else "")
        + f" {figures.void:,} void \u00b7 {figures.late:,} late"
    )


def end_stage_statement(figures: EnvelopeFigures) -> str:
    """What the agent confirms when ending the envelope stage."""
    return (
        f"End the envelope stage? {figures.returned:,} envelopes ruled:"
        f" {figures.accepted:,} accepted, {figures.challenged:,} challenged,"
        f" {figures.void:,} void, {figures.late:,} late. The {figures.accepted:,} accepted"
        " envelopes are opened and their ballots mixed; from then on no envelope can be"
        " ruled, and the ballots are counted."
    )


# The envelope figures as the tally sheet prints them, above lines 1-9.
ENVELOPE_FIGURE_LABELS = (
    ("returned", "Envelopes returned"),
    ("accepted", "Accepted and opened"),
    ("challenged", "Challenged (sealed)"),
    ("void", "Void"),
    ("late", "Late (not opened)"),
)
