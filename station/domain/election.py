"""The election a journal belongs to, as entered by the Board agent before the count."""

import re
from collections.abc import Sequence
from dataclasses import dataclass

from station.domain.choices import NEITHER, Ballot, BallotError, CaseKind, case_kind
from station.domain.parties import Party
from station.domain.party_words import union_side
from station.domain.piles import DEFAULT_PILE
from station.domain.text import clean_text

MAX_TEXT = 200
MAX_NUMBER = 10_000_000  # far above any bargaining unit; catches a slipped finger
MAX_PILE = 1000
_GROUPED = re.compile(r"[0-9]{1,3}(,[0-9]{3})+")
# The demo election's case number. No real NLRB case has it, and `validated` (every
# setup a person types, in `station new` or the New election dialog) refuses it, so only
# `station demo` can make a file that shows DEMO.
DEMO_CASE = "DEMO-RC-000000"
# The Board's representation cases (DOMAIN.md), by the two letters of the case number.
CASE_KINDS = {
    "RC": "a union petitions",
    "RD": "employees petition to remove the union",
    "RM": "the employer petitions",
}
# Region, kind, number: "29-RC-288020".
_CASE_SHAPE = re.compile(r"([0-9]{2})-([A-Za-z]{2})-([0-9]{6})")
# A table's label ("2", "B", "North 3"): short, and safe as part of a folder name, since a
# consolidation keeps each table's export in a folder named for it.
MAX_TABLE = 20
_TABLE_SHAPE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 _-]*[A-Za-z0-9])?")


class SetupError(ValueError):
    """A field of the election setup is missing or makes no sense (one-line message)."""


@dataclass(frozen=True, slots=True)
class ElectionSetup:
    """What the count is about. Nothing here identifies a voter.

    Attributes:
        case_number: the NLRB case, e.g. "29-RC-288020".
        employer: the employer's name.
        union: the petitioner's name, as on the ballot.
        eligible: approximate number of eligible voters (tally line 1).
        ballots: ballots in the box or envelopes to open, when known: the M of "N of M".
        agent: the Board agent conducting the count, when given.
        pile: ballots per pile, recounted whenever a pile of one call is full; 0 for no
            pile checks.
        table: the label of this table when the count runs at several tables (each its
            own file and sheet, consolidated into one tally); None for a count at one table.
        choices: the ballot, when it is not one union with "Neither" in an RC, RD or RM
            case as Station always counted (several unions, an intervenor, an RD
            petitioner, the ballot's own wording, a runoff); `union` is then its first
            union. None for the plain election, which stores nothing new.
        mail: a mail-ballot election: its envelopes are ruled against the voter list
            (the envelope stage) before any ballot is opened; `ballots` is then unknown
            until the stage ends (see `envelopes.box_setup`).
    """

    case_number: str
    employer: str
    union: str
    eligible: int
    ballots: int | None = None
    agent: str | None = None
    pile: int = DEFAULT_PILE
    table: str | None = None
    choices: Ballot | None = None

    @property
    def ballot(self) -> Ballot:
        """The ballot's choices and the parties by role (see `station.domain.choices`)."""
        if self.choices is not None:
            return self.choices
        return Ballot(case_kind(self.case_number), self.employer, (self.union,))

    mail: bool = False

    @property
    def is_demo(self) -> bool:
        """Whether this is the demo election (every window and sheet then says DEMO)."""
        return self.case_number == DEMO_CASE

    @property
    def case_kind(self) -> str:
        """ "RC: a union petitions", or "" for a case number of another shape (older files)."""
        kind = self.case_number[3:5]
        return f"{kind}: {CASE_KINDS[kind]}" if kind in CASE_KINDS else ""

    def party_label(self, party: Party) -> str:
        """A party by its role: the union is "the Union (…)" in an RD or RM case."""
        if party is Party.PETITIONER:
            return union_side(self.ballot)  # "a Union (U1 or U2)" on a ballot of several
        if party is Party.EMPLOYER and self.ballot.kind is CaseKind.RM:
            return "the Employer-Petitioner"
        return party.label(self.union)

    def warnings(self) -> list[str]:
        """What is allowed but probably mistyped, in one line each."""
        if self.ballots is not None and self.ballots > self.eligible:
            return [
                f"{self.ballots:,} ballots in the box, but about {self.eligible:,} eligible"
                " voters: check both numbers"
            ]
        return []

    @classmethod
    def validated(
        cls,
        *,
        case_number: str,
        employer: str,
        union: str,
        eligible: object,
        ballots: object = None,
        agent: str | None = None,
        pile: object = DEFAULT_PILE,
        table: object = None,
        unions: Sequence[str] = (),
        intervenors: Sequence[str] = (),
        petitioner: str | None = None,
        neither: str | None = None,
        runoff_of: str | None = None,
        runoff_neither: bool = True,
        mail: bool = False,
    ) -> "ElectionSetup":
        """Check and normalise what a person typed; raise SetupError naming the field.

        `unions` are the unions after `union`, in ballot order; an intervenor not among
        them joins the ballot after them. `runoff_neither` False: a runoff between two
        unions, with no "Neither".
        """
        agent_text = _text("agent", agent, required=False) if agent is not None else None
        case = _case_number(case_number)
        employer_text = _text("employer", employer)
        named = [_text("union", union), *(_text("union", other) for other in unions)]
        joining = [_text("intervenor", name) for name in intervenors]
        if any(name.casefold() == named[0].casefold() for name in joining):
            # The first union is the one the case is about (the petitioner in RC): an
            # intervenor is another union, so this is a slip, never silently dropped.
            raise SetupError(
                f"intervenor: {named[0]} is the first union on the ballot, not an intervenor"
            )
        named += [name for name in joining if name not in named]
        try:
            ballot = Ballot(
                case_kind(case),
                employer_text,
                tuple(named),
                tuple(joining),
                None if not runoff_neither else _text("neither", neither or NEITHER),
                None if petitioner is None else _text("petitioner", petitioner),
                runoff_of,
            )
        except BallotError as error:
            raise SetupError(str(error)) from None
        return cls(
            case_number=case,
            employer=employer_text,
            union=named[0],
            eligible=_positive("eligible voters", eligible),
            ballots=None if ballots in (None, "") else _positive("ballots", ballots),
            agent=agent_text or None,
            table=None if table in (None, "") else _table(table),
            # Piles are kept per call, not per union: none on a ballot of several unions.
            pile=0 if ballot.several else _pile(pile),
            choices=None if ballot.plain else ballot,
            mail=mail,
        )


def _case_number(value: object) -> str:
    """The case number as the Board writes it, NN-XX-NNNNNN, XX one of `CASE_KINDS`."""
    case = _text("case number", value)
    if case.upper() == DEMO_CASE:
        raise SetupError(f"case number {DEMO_CASE} is reserved for the demo election")
    kinds = ", ".join(f"{kind} ({meaning})" for kind, meaning in CASE_KINDS.items())
    shape = _CASE_SHAPE.fullmatch(case)
    if shape is None:
        raise SetupError(
            f"case number {case!r:.40} is not of the form NN-XX-NNNNNN (region, kind,"
            f" number), e.g. 29-RC-288020; the kind is one of {kinds}"
        )
    region, kind, number = shape[1], shape[2].upper(), shape[3]
    if kind not in CASE_KINDS:
        raise SetupError(
            f"case number {case}: {kind} is not a kind of representation election Station"
            f" counts; the kind is one of {kinds}"
        )
    return f"{region}-{kind}-{number}"


def _table(value: object) -> str:
    label = _text("table label", value)
    if len(label) > MAX_TABLE or not _TABLE_SHAPE.fullmatch(label):
        raise SetupError(
            f"table label {label!r:.40} must be up to {MAX_TABLE} letters, digits, spaces,"
            " '-' or '_', starting and ending with a letter or digit (e.g. 2, B, North-1)"
        )
    return label


def _text(field: str, value: object, *, required: bool = True) -> str:
    return clean_text(value, field, max_length=MAX_TEXT, error=SetupError, required=required)


def _pile(value: object) -> int:
    if value in (0, "0"):
        return 0
    size = _positive("pile size", value)
    if size > MAX_PILE:
        raise SetupError(f"pile size is larger than {MAX_PILE:,} (0 turns pile checks off)")
    return size


def _positive(field: str, value: object) -> int:
    if isinstance(value, bool):
        raise SetupError(f"{field} must be a whole number greater than zero")
    if isinstance(value, str):
        stripped = value.strip()
        if _GROUPED.fullmatch(stripped):  # "1,633" as printed on a notice
            stripped = stripped.replace(",", "")
        if not stripped.isascii() or not stripped.isdigit() or len(stripped) > 12:
            raise SetupError(f"{field} must be a whole number greater than zero, not {value!r:.40}")
        value = int(stripped)
    if not isinstance(value, int) or value <= 0:
        raise SetupError(f"{field} must be a whole number greater than zero, not {value!r:.40}")
    if value > MAX_NUMBER:
        raise SetupError(f"{field} is larger than {MAX_NUMBER:,}")
    return value
