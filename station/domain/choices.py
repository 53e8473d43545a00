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

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from station.domain.groups import GroupError, GroupSpec, checked_groups, specs_from
from station.domain.runoff import several_unions
from station.domain.tables_revision import TablesRevision

NEITHER = "Neither"
# A one-union ballot's two choices as the Tally of Ballots words them: votes cast FOR the
# union and AGAINST it. "Neither" is a word of a ballot of two or more unions only.
ONE_UNION_WORDS = ("FOR", "AGAINST")
MAX_UNIONS = 9  # keys 1-9 record a vote for each union in ballot order


def choice_words(choices: Sequence[str], unions: int) -> tuple[str, ...]:
    """The figures' words of a ballot's `choices` (its `unions` first): FOR and AGAINST
    where one union is on it, else the choices' own names."""
    return tuple(choices) if several_unions(unions) else ONE_UNION_WORDS


_KIND = re.compile(r"[0-9A-Za-z]+-(R[CDM]|UD)-[0-9]+")


class CaseKind(StrEnum):
    """The Board's kinds of election case, from the case number: representation (RC,
    RD, RM) and deauthorization (UD)."""

    RC = "RC"
    RD = "RD"
    RM = "RM"
    UD = "UD"

    @property
    def words(self) -> str:
        """What the kind means, as `station new` explains a case number."""
        return _KIND_WORDS[self]

    @property
    def union_role(self) -> "Role":
        """The role of the union the case is about: only in an RC case does a union
        petition (the Petitioner); in RD, RM and UD it is the Union."""
        return Role.PETITIONER if self is CaseKind.RC else Role.UNION

    @property
    def employer_role(self) -> "Role":
        """The employer's role: the Employer-Petitioner where it petitions (RM)."""
        return Role.EMPLOYER_PETITIONER if self is CaseKind.RM else Role.EMPLOYER

    @property
    def employees_petition(self) -> bool:
        """An employee or group of employees petitions (RD, UD): a party of its own."""
        return self in (CaseKind.RD, CaseKind.UD)

    @property
    def deauthorization(self) -> bool:
        """The election asks whether to rescind the union's authority to make a
        union-security agreement (NLRA 9(e)(1), a UD case), not who represents the unit."""
        return self is CaseKind.UD


_KIND_WORDS = {
    CaseKind.RC: "a union petitions",
    CaseKind.RD: "employees petition to remove the union",
    CaseKind.RM: "the employer petitions",
    CaseKind.UD: "employees petition to rescind the union's union-security authority",
}


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


class RerunCause(StrEnum):
    """Why an election is held again, as its setup stores it (`Ballot.rerun_of`)."""

    # The election before was set aside (objections sustained): a rerun.
    OBJECTIONS = "objections"
    # The election before was a nullity under 29 CFR 102.70(d) (the votes split so
    # that no runoff could be held): the one further election with every choice.
    NULLITY = "nullity"


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
        rerun_of: for an election held again, the one before it: `{"case", "date",
            "head"}` (its count's date, its certified head) and, in files made since it
            was stored, `cause`: "nullity" for the one further election of 29 CFR
            102.70(d) after a split vote, "objections" for a rerun of an election set
            aside; and `number`, this election's place among those held in turn, "3"
            or more for an election held a third time (`RerunCause`).
            A file without `cause` reads as a rerun of an election set aside. None
            for an election held the first time.
        groups: the voting groups, each counted and tallied on its own
            (`station.domain.groups`); empty for an election of one group.
        incumbent: the union that represents the existing unit, when given: a union on
            the ballot, or, in an election with a self-determination group, the union
            representing the unit the group could join though it is not on the ballot.
        runoff_date: for a runoff, the day (or days) its first election was counted,
            which its sheet names it by; None in files made before it was stored.
        others: the parties to the election whose choice is not on this ballot, by role
            and name: a runoff's unions of the first election that are not in it. Each
            is still a party (29 CFR 102.69(a)(7): the tally is made available to the
            parties), with its observers and its service line.
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
    runoff_date: str | None = None
    others: tuple[PartyRole, ...] = ()
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
        if any(party.name.casefold() in folded for party in self.others) or any(
            party.role not in _UNION_ROLES for party in self.others
        ):
            raise BallotError("a party left off the ballot is a union not on it")
        if self.petitioner is not None and not self.kind.employees_petition:
            raise BallotError(
                "--petitioner names an RD or UD case's petitioning employee(s); in an RC"
                " case the union petitions, in an RM case the employer"
            )
        if self.kind.deauthorization and (
            self.several or self.neither is None or self.runoff_of or self.groups
        ):
            raise BallotError(
                "a UD (deauthorization) election asks one question about one union, the party"
                " to the union-security agreement: no other union, runoff or voting group"
            )
        try:
            checked_groups(self.groups)
        except GroupError as error:
            raise BallotError(str(error)) from None
        problem = incumbent_problem(self.incumbent, self.unions, self.groups)
        if problem is not None:
            raise BallotError(problem)
        # Only in an RC case does a union petition; in RD and RM it is "the Union".
        own = self.kind.union_role
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
        return several_unions(len(self.unions))

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
            and not self.others
            and self.revised_of_tables is None
        )

    @property
    def rerun(self) -> dict[str, str] | None:
        """The election a rerun reruns: `case`, `date` (its count's), `head`, and
        `cause` and `number` where stored."""
        return None if self.rerun_of is None else dict(self.rerun_of)

    @property
    def rerun_cause(self) -> "RerunCause | None":
        """Why the election is held again (None: it is not); objections where the file
        does not say (files made before the cause was stored)."""
        if self.rerun_of is None:
            return None
        return RerunCause(dict(self.rerun_of).get("cause", RerunCause.OBJECTIONS))

    @property
    def held_number(self) -> int:
        """Which election this is of those held in turn for the same question: 1 for
        the first, 2 for its rerun or its further election, 3 for the next, …"""
        if self.rerun_of is None:
            return 1
        return int(dict(self.rerun_of).get("number", "2"))

    @property
    def further(self) -> bool:
        """The one further election 29 CFR 102.70(d) allows after a split vote: a
        second split ends it with the results certified."""
        return self.rerun_cause is RerunCause.NULLITY

    def union_role(self, index: int) -> Role:
        """The role of the union at `index` (0-based, ballot order)."""
        return self._roles[index]

    def union_label(self, index: int) -> str:
        """ "the Petitioner (Amazon Labor Union)", "the Union (…)" in an RD case."""
        return PartyRole(self._roles[index], self.unions[index]).label

    @property
    def employer_role(self) -> PartyRole:
        """The employer, as Employer-Petitioner in an RM case."""
        role = self.kind.employer_role
        return PartyRole(role, self.employer)

    @property
    def parties(self) -> tuple[PartyRole, ...]:
        """Every party with an observer block on the tally, in the Board's caption order.

        The employer, an RD case's petitioner, each union in ballot order, then each
        union that is a party but not on this ballot (`others`).
        """
        petitioner = (
            (PartyRole(Role.PETITIONER, self.petitioner),) if self.petitioner is not None else ()
        )
        unions = tuple(
            PartyRole(role, name) for role, name in zip(self._roles, self.unions, strict=True)
        )
        return (self.employer_role, *petitioner, *unions, *self.others)

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
        if self.runoff_date is not None:
            stored["runoff_date"] = self.runoff_date
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
        if self.others:
            stored["others"] = [
                {"role": party.role.value, "name": party.name} for party in self.others
            ]
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
        runoff_date = details.get("runoff_date")
        election_type = details.get("type")
        unit = details.get("unit")
        rerun_of = details.get("rerun_of")
        incumbent = details.get("incumbent")
        others = details.get("others", [])
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
            or not (runoff_date is None or (isinstance(runoff_date, str) and runoff_date))
            or not (unit is None or (isinstance(unit, str) and unit))
            or not (election_type is None or election_type in set(ElectionType))
            or not (rerun_of is None or _rerun(rerun_of))
            or not (incumbent is None or (isinstance(incumbent, str) and incumbent))
            or not _others(others)
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
            runoff_date,
            tuple(PartyRole(Role(party["role"]), party["name"]) for party in others),
            revision,
        )


NO_INCUMBENT_NAME = "incumbent: give the name of the union that represents the existing unit"


def incumbent_problem(
    incumbent: str | None, unions: tuple[str, ...], groups: tuple[GroupSpec, ...]
) -> str | None:
    """Why `incumbent` names no plausible incumbent for this ballot, in one line; None
    if it does (or none is named).

    The incumbent is a union on the ballot. A union not on it is named only as the one
    representing the existing unit a self-determination group votes on joining, and
    only where the ballot has one union: a Globe ballot of several unions offers the
    group the craft union (a separate unit) and the incumbent (the existing unit), so
    an incumbent off that ballot would leave the group no way to vote itself into the
    unit (docs/rules.md, "Voting groups": self-determination with two unions).
    A name a slip away from a union on the ballot is refused: taken as another union
    it would silently turn that union's majority from "stays in the existing unit"
    into "separate unit"."""
    if incumbent is None:
        return None
    if not incumbent.strip():
        return NO_INCUMBENT_NAME
    if incumbent in unions:
        return None
    folded = [union.casefold() for union in unions]
    if incumbent.casefold() in folded:
        named = unions[folded.index(incumbent.casefold())]
        return f"incumbent: {incumbent!r:.60} is spelt {named!r:.60} on the ballot"
    joining = any(group.decides_joining for group in groups)
    off_ballot = joining and not several_unions(len(unions))
    near = _near_miss(incumbent, unions)
    if near is not None:
        other = (
            ", or another union's full name (its local number or affiliation) so that it"
            " is no slip from a union on the ballot"
            if off_ballot
            else ""
        )
        return (
            f"incumbent: {incumbent!r:.60} is not {near!r:.60} on the ballot: give the name"
            f" as on the ballot{other}"
        )
    if off_ballot:
        return None
    if joining:
        return (
            f"incumbent: {incumbent!r:.60} is not a union on the ballot; with several unions"
            " a self-determination group joins the existing unit only by a majority for its"
            " union, so the incumbent is one of the unions on the ballot"
        )
    return (
        f"incumbent: {incumbent!r:.60} is not a union on the ballot; a union not on it is"
        " named only as the one representing the existing unit a self-determination group"
        " votes on joining (--self-determination)"
    )


def _near_miss(name: str, unions: Sequence[str]) -> str | None:
    """The union on the ballot `name` is a slip from (a letter or two, spacing or
    punctuation), else None. Names whose numbers differ are different unions (Local 1
    and Local 2), never a slip."""

    def letters(text: str) -> str:
        return "".join(ch for ch in text.casefold() if ch.isalpha())

    def numbers(text: str) -> list[str]:
        return re.findall(r"\d+", text)

    for union in unions:
        if numbers(union) != numbers(name):
            continue
        ratio = difflib.SequenceMatcher(None, letters(name), letters(union)).ratio()
        if ratio >= _NEAR_MISS:
            return union
    return None


# SequenceMatcher's ratio above which two unions' letters are one name mistyped:
# "Teamster" / "Teamsters" is 0.94, "Machinist" / "Machinists" 0.95; "UAW" / "UFW"
# (0.67) and "Carpenters" / "Painters" (0.67) are different unions.
_NEAR_MISS = 0.85


_UNION_ROLES = (Role.PETITIONER, Role.UNION, Role.INTERVENOR)
_STORED = {
    "revised_of_tables",
    "incumbent",
    "others",
    "runoff_date",
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
# Stored by files made since: why the election is held again, and which rerun it is.
RERUN_OPTIONAL = ("cause", "number")


def _rerun(value: object) -> bool:
    return (
        isinstance(value, dict)
        and set(RERUN_KEYS) <= set(value) <= {*RERUN_KEYS, *RERUN_OPTIONAL}
        and all(isinstance(item, str) and item for item in value.values())
        and value.get("cause", RerunCause.OBJECTIONS) in set(RerunCause)
        and _held_number(value.get("number", "2"))
    )


def _others(value: object) -> bool:
    return isinstance(value, list) and all(
        isinstance(party, dict)
        and set(party) == {"role", "name"}
        and party["role"] in set(_UNION_ROLES)
        and isinstance(party["name"], str)
        and party["name"]
        for party in value
    )


def _held_number(value: object) -> bool:
    """ "2" to "99": which election of those held in turn it is."""
    return isinstance(value, str) and value.isascii() and value.isdigit() and 2 <= int(value) <= 99


def _texts(value: object, *, empty: bool = False) -> bool:
    return (
        isinstance(value, list)
        and (empty or bool(value))
        and all(isinstance(item, str) and item for item in value)
    )
