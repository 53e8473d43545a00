"""The challenge register: who challenged each sealed ballot, and why.

A CHALLENGE call is recorded at once, by the Board agent unless said otherwise, so the
operator is never slowed down; the party and reason follow as AMEND events, which may
come at once or much later and may be corrected again (the latest says). A VOID the
parties dispute becomes a challenge with the reason "disputed void" (a DISPUTE event).
Nothing here identifies a voter: only the party, the reason and an optional note.
"""

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from station.domain.parties import Party
from station.domain.words import say

MAX_NOTE = 200


class Reason(StrEnum):
    """Why a ballot was challenged."""

    NOT_ON_LIST = "not on the eligibility list"
    SUPERVISOR = "supervisor"
    NO_LONGER_EMPLOYED = "no longer employed"
    MISMATCH = "signature or name mismatch"
    ENVELOPE_OPENED = "envelope damaged or opened"
    DISPUTED_VOID = "disputed void"
    DISPUTED_CALL = "disputed call"  # a ballot called FOR or AGAINST, disputed
    OTHER = "other"
    # Near-duplicates of MISMATCH and ENVELOPE_OPENED that earlier Stations offered
    # (one at the count, the other at the envelope stage): never offered now, but a
    # file that holds them reads as it was recorded.
    SIGNATURE = "signature missing or not matching"
    ENVELOPE_DAMAGED = "envelope damaged"


def reason_words(reason: Reason) -> str:
    """A challenge's reason in full, in the language said: the question, the register,
    the last calls and the ticker say it so (files and the CLI keep `Reason`'s value)."""
    match reason:
        case Reason.NOT_ON_LIST:
            return say("not on the eligibility list")
        case Reason.SUPERVISOR:
            return say("supervisor")
        case Reason.NO_LONGER_EMPLOYED:
            return say("no longer employed")
        case Reason.MISMATCH:
            return say("signature or name mismatch")
        case Reason.ENVELOPE_OPENED:
            return say("envelope damaged or opened")
        case Reason.DISPUTED_VOID:
            return say("disputed void")
        case Reason.DISPUTED_CALL:
            return say("disputed call")
        case Reason.OTHER:
            return say("other")
        case Reason.SIGNATURE:
            return say("signature missing or not matching")
        case Reason.ENVELOPE_DAMAGED:
            return say("envelope damaged")


# One list of reasons, with one letter each, the same at every stage (the count, the
# envelope stage, the register) and on every ballot: letters that no call (F A C V, a
# union's digits), dispute (D J W), party (E U B P), envelope ruling (A C V L) or
# voting-group key (G Y N) uses, so that no prompt ever swallows another key.
REASON_KEYS = (
    ("I", Reason.NOT_ON_LIST),  # not on the list: Ineligible
    ("S", Reason.SUPERVISOR),
    ("X", Reason.NO_LONGER_EMPLOYED),  # eX-employee
    ("M", Reason.MISMATCH),
    ("R", Reason.ENVELOPE_OPENED),  # Ripped
    ("O", Reason.OTHER),
)

# The reasons an operator picks from (a disputed void comes only from a DISPUTE).
DISPUTED = (Reason.DISPUTED_VOID, Reason.DISPUTED_CALL)
PICKABLE_REASONS = tuple(reason for _, reason in REASON_KEYS)


@dataclass(frozen=True, slots=True)
class Challenge:
    """One challenged ballot in the register.

    Attributes:
        seq: the CALL event of the ballot (a VOID, for a disputed void).
        party: who challenged: the challenger's id (station/domain/description.py).
        reason: why, once given.
        note: an optional free note (never a voter's name).
        disputed_void: the agent ruled on the opened ballot (VOID, or FOR or AGAINST) and
            a party disputed that ruling.
    """

    seq: int
    party: str = Party.BOARD_AGENT.value
    reason: Reason | None = None
    note: str | None = None
    disputed_void: bool = False


# Who may challenge when the election does not say (a count built without its setup).
EVERY_ELECTION = tuple(party.value for party in Party)
_REASONS = {reason.value: reason for reason in Reason}


class RegisterError(ValueError):
    """An amendment the register cannot take (the caller turns it into a ReplayError)."""


class ChallengeRegister:
    """Every challenge made, and which of them count now (an undone one does not).

    `challengers`: the ids of who may challenge in this election, in the order they are
    listed (`Election.challengers`); `older`: ids files made by earlier versions stored
    for this election, read as they were (`Election.older_challengers`). A challenge by
    anyone else is refused.
    """

    def __init__(
        self, challengers: Iterable[str] = EVERY_ELECTION, older: Iterable[str] = ()
    ) -> None:
        self._listed = tuple(challengers)
        self._challengers = (*self._listed, *older)
        self._entries: dict[int, Challenge] = {}
        self._counting: set[int] = set()

    def add(self, challenge: Challenge) -> None:
        self._entries[challenge.seq] = challenge
        self._counting.add(challenge.seq)

    def set_counting(self, seq: int, counting: bool) -> None:
        if seq in self._entries:
            (self._counting.add if counting else self._counting.discard)(seq)

    def amended(self, seq: int, changes: Mapping[str, object]) -> Challenge:
        """The challenge of `seq` as an AMEND would leave it; changes nothing.

        Raises RegisterError if the register cannot take the amendment.
        """
        if seq not in self._counting:
            raise RegisterError(f"event {seq} is not a challenged ballot that counts")
        unknown = set(changes) - {"party", "reason", "note"}
        if unknown or not changes:
            raise RegisterError("an amendment gives a party, a reason or a note")
        entry = self._entries[seq]
        try:
            if "party" in changes:
                party = changes["party"]
                if not self.accepts(party):
                    raise RegisterError(f"{party!r} is no party to this election")
                entry = replace(entry, party=str(party))
                if entry.disputed_void and entry.party == Party.BOARD_AGENT:
                    raise RegisterError("a void is disputed by a party, not the Board agent")
            if "reason" in changes:
                reason = Reason(str(changes["reason"]))
                if (reason in DISPUTED) != entry.disputed_void:
                    raise RegisterError("only a disputed void has the reason 'disputed void'")
                entry = replace(entry, reason=reason)
        except ValueError as error:
            raise RegisterError(str(error)) from None
        if "note" in changes:
            note = changes["note"]
            if note is not None and (not isinstance(note, str) or len(note) > MAX_NOTE):
                raise RegisterError(f"a note is text of at most {MAX_NOTE} characters")
            if note and entry.disputed_void:
                # A disputed void was opened: a note could tie what it says to a voter.
                raise RegisterError("a disputed void, an opened ballot, takes no note")
            entry = replace(entry, note=note or None)
        return entry

    def state(self) -> list[list[object]]:
        """Every challenge, by event: [seq, party, reason, note, disputed void, counting]."""
        return [
            [
                seq,
                entry.party,
                None if entry.reason is None else entry.reason.value,
                entry.note,
                entry.disputed_void,
                seq in self._counting,
            ]
            for seq, entry in self._entries.items()  # in the order made: register numbers
        ]

    @classmethod
    def restored(
        cls, rows: object, challengers: Iterable[str] = EVERY_ELECTION, older: Iterable[str] = ()
    ) -> "ChallengeRegister":
        """The register a `state()` describes (raises ValueError if it is malformed)."""
        register = cls(challengers, older)
        if not isinstance(rows, list):
            raise ValueError("the challenges are not a list")
        for row in rows:
            seq, party, reason, note, disputed_void, counting = row
            if not (
                isinstance(seq, int)
                and (note is None or isinstance(note, str))
                and isinstance(disputed_void, bool)
                and isinstance(counting, bool)
                and register.accepts(party)
            ):
                raise ValueError(f"challenge {row!r} is malformed")
            register._entries[seq] = Challenge(
                seq,
                party,
                None if reason is None else _REASONS[reason],
                note,
                disputed_void,
            )
            if counting:
                register._counting.add(seq)
        return register

    def put(self, challenge: Challenge) -> None:
        """Store an amended challenge (see `amended`)."""
        self._entries[challenge.seq] = challenge

    def get(self, seq: int) -> Challenge | None:
        return self._entries.get(seq)

    def entries(self) -> list[tuple[int, Challenge, bool]]:
        """Every challenge ever made, in the order made: (seq, challenge, counts now)."""
        return [(seq, entry, seq in self._counting) for seq, entry in self._entries.items()]

    def counting_seqs(self) -> set[int]:
        return set(self._counting)

    def counting(self) -> list[Challenge]:
        """The challenges that count now, in the order they were made."""
        return [self._entries[seq] for seq in sorted(self._counting)]

    def by_party(self) -> dict[str, int]:
        """How many counting challenges each challenger made, by id: every challenger of
        the election listed, an older file's other ids only when they challenged."""
        counts = Counter(self._entries[seq].party for seq in self._counting)
        listed = {party: counts.get(party, 0) for party in self._listed}
        listed.update({party: n for party, n in counts.items() if party not in listed})
        return listed

    def accepts(self, party: object) -> bool:
        """Whether `party` (a challenger's id) may challenge in this election."""
        return party in self._challengers
