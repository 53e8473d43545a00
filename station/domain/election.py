"""The election a journal belongs to, as entered by the Board agent before the count."""

import re
from dataclasses import dataclass

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
        mail: bool = False,
    ) -> "ElectionSetup":
        """Check and normalise what a person typed; raise SetupError naming the field."""
        agent_text = _text("agent", agent, required=False) if agent is not None else None
        return cls(
            case_number=_case_number(case_number),
            employer=_text("employer", employer),
            union=_text("union", union),
            eligible=_positive("eligible voters", eligible),
            ballots=None if ballots in (None, "") else _positive("ballots", ballots),
            agent=agent_text or None,
            pile=_pile(pile),
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
