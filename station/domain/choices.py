"""The ballot's choices and the parties by role (DOMAIN.md, "Kinds of case and the parties").

The case number says the kind of case, and the kind says who the Petitioner is:

* RC: a union petitions; it is "the Petitioner";
* RD: an employee or group of employees petitions to remove the incumbent union, which
  is then "the Union" (never "the Petitioner");
* RM: the employer petitions; it is "the Employer-Petitioner".

An intervenor is another union allowed onto the ballot ("the Intervenor"). The ballot
lists each union in ballot order, then "Neither" (or the ballot's own wording); a
runoff between two unions has no "Neither" (29 CFR 102.70(c)).

A one-union ballot with no RD petitioner, no intervenor and no runoff is the election
Station always counted: `Ballot.plain` says so, and such an election stores nothing new.
"""

import re
from dataclasses import dataclass, field
from enum import StrEnum

NEITHER = "Neither"
MAX_UNIONS = 9  # keys 1-9 record a vote for each union in ballot order
_KIND = re.compile(r"[0-9A-Za-z]+-(R[CDM])-[0-9]+")


class CaseKind(StrEnum):
    """The Board's kinds of representation case, from the case number."""

    RC = "RC"
    RD = "RD"
    RM = "RM"


def case_kind(case_number: str) -> CaseKind:
    """The kind of case of "29-RC-288020" (RC for a number of another shape: older files)."""
    shape = _KIND.fullmatch(case_number.upper())
    return CaseKind(shape[1]) if shape else CaseKind.RC


class Role(StrEnum):
    """A party's role, as the Board names it on the tally and in its captions."""

    EMPLOYER = "Employer"
    EMPLOYER_PETITIONER = "Employer-Petitioner"
    PETITIONER = "Petitioner"
    UNION = "Union"
    INTERVENOR = "Intervenor"


@dataclass(frozen=True, slots=True)
class PartyRole:
    """One party to the election: its role and its name (each signs its own block)."""

    role: Role
    name: str

    @property
    def label(self) -> str:
        """ "the Petitioner (Amazon Labor Union)", "the Employer-Petitioner (Acme)"."""
        return f"the {self.role.value} ({self.name})"


class BallotError(ValueError):
    """The unions, intervenors or petitioner given make no ballot (one-line message)."""


@dataclass(frozen=True, slots=True)
class Ballot:
    """What the ballot offers and who the parties are.

    Attributes:
        kind: RC, RD or RM, from the case number.
        employer: the employer's name.
        unions: every union on the ballot, in ballot order (intervenors among them).
        intervenors: the unions of `unions` that intervened.
        neither: the ballot's wording of the "against" choice; None on a runoff between
            two unions, which has none.
        petitioner: in an RD case, the employee or group of employees petitioning.
        runoff_of: for a runoff election, the first election's certified head
            ("EVENTS:HASH" of its final tally sheet), else None.
    """

    kind: CaseKind
    employer: str
    unions: tuple[str, ...]
    intervenors: tuple[str, ...] = ()
    neither: str | None = NEITHER
    petitioner: str | None = None
    runoff_of: str | None = None
    _roles: tuple[Role, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.unions:
            raise BallotError("a ballot names at least one union")
        if len(self.unions) > MAX_UNIONS:
            raise BallotError(f"a ballot names at most {MAX_UNIONS} unions (keys 1-9)")
        folded = [union.casefold() for union in self.unions]
        if len(set(folded)) != len(folded):
            raise BallotError("a union is named twice on the ballot")
        if not set(self.intervenors) <= set(self.unions):
            raise BallotError("an intervenor is one of the unions on the ballot")
        if self.neither is None and len(self.unions) != 2:
            raise BallotError("only a runoff between two unions has no 'Neither' choice")
        if self.neither is not None and self.neither.casefold() in folded:
            raise BallotError(f"{self.neither!r} is both a union and the 'Neither' wording")
        if self.petitioner is not None and self.kind is not CaseKind.RD:
            raise BallotError(
                "--petitioner names an RD case's petitioning employee(s); in an RC case the"
                " union petitions, in an RM case the employer"
            )
        # Only in an RC case does a union petition; in RD and RM it is "the Union".
        own = Role.PETITIONER if self.kind is CaseKind.RC else Role.UNION
        roles = tuple(Role.INTERVENOR if u in self.intervenors else own for u in self.unions)
        object.__setattr__(self, "_roles", roles)

    @property
    def choices(self) -> tuple[str, ...]:
        """The ballot's choices in order: each union, then Neither (when on the ballot)."""
        return self.unions if self.neither is None else (*self.unions, self.neither)

    @property
    def several(self) -> bool:
        """Two or more unions on the ballot: keys 1-9 and 0, a line per choice."""
        return len(self.unions) > 1

    @property
    def plain(self) -> bool:
        """The one kind of election Station counted before: nothing new to store."""
        return (
            not self.several
            and not self.intervenors
            and self.neither == NEITHER
            and self.petitioner is None
            and self.runoff_of is None
        )

    def union_role(self, index: int) -> Role:
        """The role of the union at `index` (0-based, ballot order)."""
        return self._roles[index]

    def union_label(self, index: int) -> str:
        """ "the Petitioner (Amazon Labor Union)", "the Union (…)" in an RD case."""
        return PartyRole(self._roles[index], self.unions[index]).label

    @property
    def employer_role(self) -> PartyRole:
        """The employer, as Employer-Petitioner in an RM case."""
        role = Role.EMPLOYER_PETITIONER if self.kind is CaseKind.RM else Role.EMPLOYER
        return PartyRole(role, self.employer)

    @property
    def parties(self) -> tuple[PartyRole, ...]:
        """Every party with an observer block on the tally, in the Board's caption order.

        The employer, an RD case's petitioner, then each union in ballot order.
        """
        petitioner = (
            (PartyRole(Role.PETITIONER, self.petitioner),) if self.petitioner is not None else ()
        )
        unions = tuple(
            PartyRole(role, name) for role, name in zip(self._roles, self.unions, strict=True)
        )
        return (self.employer_role, *petitioner, *unions)

    def details(self) -> dict[str, object]:
        """What the election file stores of this ballot (see `from_details`)."""
        stored: dict[str, object] = {"unions": list(self.unions)}
        if self.intervenors:
            stored["intervenors"] = list(self.intervenors)
        if self.neither != NEITHER:
            stored["neither"] = self.neither
        if self.petitioner is not None:
            stored["petitioner"] = self.petitioner
        if self.runoff_of is not None:
            stored["runoff_of"] = self.runoff_of
        return stored

    @classmethod
    def from_details(cls, case_number: str, employer: str, details: object) -> "Ballot":
        """The ballot a file stored; raise BallotError if it is not one."""
        if not isinstance(details, dict):
            raise BallotError("the stored ballot is not an object")
        unions = details.get("unions")
        intervenors = details.get("intervenors", [])
        neither = details.get("neither", NEITHER)
        petitioner = details.get("petitioner")
        runoff_of = details.get("runoff_of")
        if (
            not _texts(unions)
            or not _texts(intervenors, empty=True)
            or not (neither is None or isinstance(neither, str))
            or not (petitioner is None or isinstance(petitioner, str))
            or not (runoff_of is None or isinstance(runoff_of, str))
            or set(details) - {"unions", "intervenors", "neither", "petitioner", "runoff_of"}
        ):
            raise BallotError("the stored ballot is malformed")
        assert isinstance(unions, list) and isinstance(intervenors, list)  # for mypy
        return cls(
            case_kind(case_number),
            employer,
            tuple(unions),
            tuple(intervenors),
            neither,
            petitioner,
            runoff_of,
        )


def _texts(value: object, *, empty: bool = False) -> bool:
    return (
        isinstance(value, list)
        and (empty or bool(value))
        and all(isinstance(item, str) and item for item in value)
    )
