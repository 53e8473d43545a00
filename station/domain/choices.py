"""The ballot's choices and the parties by role (docs/rules.md, "Kinds of case and the parties").

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
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from station.domain.groups import GroupError, GroupSpec, checked_groups, specs_from
from station.domain.tables_revision import TablesRevision

NEITHER = "Neither"
# A one-union ballot's two choices as the Tally of Ballots words them: votes cast FOR the
# union and AGAINST it. "Neither" is a word of a ballot of two or more unions only.
ONE_UNION_WORDS = ("FOR", "AGAINST")
MAX_UNIONS = 9  # keys 1-9 record a vote for each union in ballot order


def choice_words(choices: Sequence[str], unions: int) -> tuple[str, ...]:
    """The figures' words of a ballot's `choices` (its `unions` first): FOR and AGAINST
    where one union is on it, else the choices' own names."""
    return tuple(choices) if unions > 1 else ONE_UNION_WORDS


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


class ElectionType(StrEnum):
    """How the election came to be held, as the Board's tally names it (`--type`).

    A runoff or a rerun is marked apart (`Ballot.runoff_of`, `Ballot.rerun_of`): it
    has a type of its own as well, as its first election had.
    """

    CONSENT = "consent"
    STIPULATED = "stipulated"
    DIRECTED = "directed"
    BOARD_DIRECTED = "board-directed"
    EXPEDITED = "expedited"

    @property
    def words(self) -> str:
        """As the sheet prints it: "Stipulated", "Directed by the Regional Director"."""
        return _TYPE_WORDS[self]


_TYPE_WORDS = {
    ElectionType.CONSENT: "Consent",
    ElectionType.STIPULATED: "Stipulated",
    ElectionType.DIRECTED: "Directed by the Regional Director",
    ElectionType.BOARD_DIRECTED: "Directed by the Board",
    ElectionType.EXPEDITED: "Expedited",
}


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
        election_type: how the election came to be held (`ElectionType`), when given.
        unit: the bargaining unit's description, as in the petition or agreement.
        rerun_of: for a rerun (the first election set aside), the first election:
            `{"case", "date", "head"}` (its count's date, its certified head), else None.
        groups: the voting groups, each counted and tallied on its own
            (`station.domain.groups`); empty for an election of one group.
        incumbent: the union that represents the existing unit, when given: a union on
            the ballot, or, in an election with a self-determination group, the union
            representing the unit the group could join though it is not on the ballot.
        revised_of_tables: for the revised count of a count run at several tables, what
            it carries from their consolidation (`tables_revision.py`), else None.
    """

    kind: CaseKind
    employer: str
    unions: tuple[str, ...]
    intervenors: tuple[str, ...] = ()
    neither: str | None = NEITHER
    petitioner: str | None = None
    runoff_of: str | None = None
    election_type: ElectionType | None = None
    unit: str | None = None
    rerun_of: tuple[tuple[str, str], ...] | None = None
    groups: tuple[GroupSpec, ...] = ()
    incumbent: str | None = None
    revised_of_tables: TablesRevision | None = None
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
        try:
            checked_groups(self.groups)
        except GroupError as error:
            raise BallotError(str(error)) from None
        problem = incumbent_problem(self.incumbent, self.unions, self.groups)
        if problem is not None:
            raise BallotError(problem)
        # Only in an RC case does a union petition; in RD and RM it is "the Union".
        own = Role.PETITIONER if self.kind is CaseKind.RC else Role.UNION
        roles = tuple(Role.INTERVENOR if u in self.intervenors else own for u in self.unions)
        object.__setattr__(self, "_roles", roles)

    @property
    def choices(self) -> tuple[str, ...]:
        """The ballot's choices in order: each union, then Neither (when on the ballot)."""
        return self.unions if self.neither is None else (*self.unions, self.neither)

    @property
    def choice_words(self) -> tuple[str, ...]:
        """The choices as a count's figures name them: FOR and AGAINST on a one-union
        ballot, else each union's name and the ballot's Neither (`choices`)."""
        return choice_words(self.choices, len(self.unions))

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
            and self.election_type is None
            and self.unit is None
            and self.rerun_of is None
            and not self.groups
            and self.incumbent is None
            and self.revised_of_tables is None
        )

    @property
    def rerun(self) -> dict[str, str] | None:
        """The election a rerun reruns: `case`, `date` (its count's), `head`."""
        return None if self.rerun_of is None else dict(self.rerun_of)

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
        if self.election_type is not None:
            stored["type"] = self.election_type.value
        if self.unit is not None:
            stored["unit"] = self.unit
        if self.rerun_of is not None:
            stored["rerun_of"] = dict(self.rerun_of)
        if self.groups:
            stored["groups"] = [group.details() for group in self.groups]
        if self.incumbent is not None:
            stored["incumbent"] = self.incumbent
        if self.revised_of_tables is not None:
            stored["revised_of_tables"] = self.revised_of_tables.stored()
        return stored

    @property
    def incumbent_on_ballot(self) -> bool:
        """Whether the incumbent is one of the unions on the ballot."""
        return self.incumbent is not None and self.incumbent in self.unions

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
        election_type = details.get("type")
        unit = details.get("unit")
        rerun_of = details.get("rerun_of")
        incumbent = details.get("incumbent")
        try:
            groups = specs_from(details["groups"]) if "groups" in details else ()
            revision = (
                TablesRevision.restored(details["revised_of_tables"])
                if "revised_of_tables" in details
                else None
            )
        except (GroupError, ValueError):
            raise BallotError("the stored ballot is malformed") from None
        if (
            not _texts(unions)
            or not _texts(intervenors, empty=True)
            or not (neither is None or isinstance(neither, str))
            or not (petitioner is None or isinstance(petitioner, str))
            or not (runoff_of is None or isinstance(runoff_of, str))
            or not (unit is None or (isinstance(unit, str) and unit))
            or not (election_type is None or election_type in set(ElectionType))
            or not (rerun_of is None or _rerun(rerun_of))
            or not (incumbent is None or (isinstance(incumbent, str) and incumbent))
            or set(details) - _STORED
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
            None if election_type is None else ElectionType(election_type),
            unit,
            None if rerun_of is None else tuple(sorted(rerun_of.items())),
            groups,
            incumbent,
            revision,
        )


def incumbent_problem(
    incumbent: str | None, unions: tuple[str, ...], groups: tuple[GroupSpec, ...]
) -> str | None:
    """Why `incumbent` names no plausible incumbent for this ballot, in one line; None
    if it does (or none is named). The incumbent is a union on the ballot; a union not on
    it is named only as the one representing the existing unit a self-determination
    group votes on joining (docs/rules.md, "Voting groups")."""
    if incumbent is None:
        return None
    if not incumbent.strip():
        return "incumbent: give the name of the union that represents the existing unit"
    if incumbent in unions:
        return None
    folded = [union.casefold() for union in unions]
    if incumbent.casefold() in folded:
        named = unions[folded.index(incumbent.casefold())]
        return f"incumbent: {incumbent!r:.60} is spelt {named!r:.60} on the ballot"
    if any(group.joins_existing for group in groups):
        return None
    return (
        f"incumbent: {incumbent!r:.60} is not a union on the ballot; a union not on it is"
        " named only as the one representing the existing unit a self-determination group"
        " votes on joining (--self-determination)"
    )


_STORED = {
    "revised_of_tables",
    "incumbent",
    "groups",
    "unions",
    "intervenors",
    "neither",
    "petitioner",
    "runoff_of",
    "type",
    "unit",
    "rerun_of",
}
RERUN_KEYS = ("case", "date", "head")


def _rerun(value: object) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == set(RERUN_KEYS)
        and all(isinstance(item, str) and item for item in value.values())
    )


def _texts(value: object, *, empty: bool = False) -> bool:
    return (
        isinstance(value, list)
        and (empty or bool(value))
        and all(isinstance(item, str) and item for item in value)
    )
