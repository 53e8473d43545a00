"""The election a journal belongs to, as entered by the Board agent before the count."""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from station.domain.choices import (
    NEITHER,
    NO_INCUMBENT_NAME,
    Ballot,
    BallotError,
    CaseKind,
    ElectionType,
    PartyRole,
    Role,
    case_kind,
)
from station.domain.groups import GroupSpec, Rule
from station.domain.piles import DEFAULT_PILE
from station.domain.text import clean_text

MAX_TEXT = 200
MAX_UNIT = 1000  # a unit's description: inclusions and exclusions, as in the petition
MAX_NUMBER = 10_000_000  # far above any bargaining unit; catches a slipped finger
MAX_PILE = 1000
_GROUPED = re.compile(r"[0-9]{1,3}(,[0-9]{3})+")
# The demo election's case number. No real NLRB case has it, and `validated` (every
# setup a person types, in `station new` or the New election dialog) refuses it, so only
# `station demo` can make a file that shows DEMO.
DEMO_CASE = "DEMO-RC-000000"
# The Board's representation cases (docs/rules.md, "Kinds of case"), by the two letters of
# the case number.
CASE_KINDS = {kind.value: kind.words for kind in CaseKind}
# Region, kind, number: "29-RC-288020".
_CASE_SHAPE = re.compile(r"([0-9]{2})-([A-Za-z]{2})-([0-9]{6})")
# A table's label ("2", "B", "North 3"): short, and safe as part of a folder name, since a
# consolidation keeps each table's export in a folder named for it.
MAX_TABLE = 20
_TABLE_SHAPE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 _-]*[A-Za-z0-9])?")
# The rules a mail ballot's envelopes are ruled by (`ElectionSetup.mail_rules`): an
# envelope received after the due date but before the count is opened and counted
# (*Classic Valet Parking*, 363 NLRB No. 23), a voter whose envelope was void may return
# a replacement (*Davis & Newcomer Elevator*, 315 NLRB 715), an envelope received after
# the tally is recorded unopened (*Premier Utility Services*, 363 NLRB No. 159), and a
# ballot out of its envelope can no longer be challenged (its voter is unknown). A mail
# election set up before these rules has none stored and keeps its own: its late
# envelopes were never opened, and none of the rest existed.
MAIL_RULES = 2


class SetupError(ValueError):
    """A field of the election setup is missing or makes no sense (one-line message)."""


class TooFewGroups(SetupError):
    """Too few voting groups for an election of them: the message names `station new`'s
    option, which a form replaces with words about its own fields."""


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
        mail_rules: `MAIL_RULES` for a mail election set up with them; None for one set up
            before them (and for an election that is not by mail).
        polls: a mixed election: some voters on the list vote at the polls, and their
            ballots are commingled with the mail ballots (*Kerrville Bus*, 257 NLRB 176).
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
    mail_rules: int | None = None
    polls: bool = False

    @property
    def current_mail_rules(self) -> bool:
        """Whether this mail election is ruled by `MAIL_RULES` (see there)."""
        return self.mail and self.mail_rules == MAIL_RULES

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
        """What is allowed but probably mistyped, in one line each: more ballots in a
        box than eligible voters, said of each voting group's box where there are groups
        (a group's mistake hides in the sums)."""
        boxes = [
            (f"group {group.key}: ", group.ballots, group.eligible) for group in self.ballot.groups
        ] or [("", self.ballots, self.eligible)]
        return [
            f"{who}{ballots:,} ballots in the box, but about {eligible:,} eligible voters:"
            " check both numbers"
            for who, ballots, eligible in boxes
            if ballots is not None and ballots > eligible
        ]

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
        polls: bool = False,
        election_type: str | None = None,
        unit: str | None = None,
        rerun_of: Mapping[str, str] | None = None,
        groups: Sequence[GroupSpec] = (),
        incumbent: str | None = None,
        runoff_date: str | None = None,
        others: Sequence[PartyRole] = (),
    ) -> "ElectionSetup":
        """Check and normalise what a person typed; raise SetupError naming the field.

        `unions` are the unions after `union`, in ballot order; an intervenor not among
        them joins the ballot after them. `runoff_neither` False: a runoff between two
        unions, with no "Neither". `incumbent`: the union representing the existing unit
        (`Ballot.incumbent`); a self-determination group on a ballot of several unions
        needs it, for a majority for the incumbent keeps the group in the existing unit
        and one for another union makes it a unit of its own. `runoff_date`, `others`: a runoff's first election's
        day, and the parties whose choice the runoff leaves off (see `Ballot`).
        """
        agent_text = _text("agent", agent, required=False) if agent is not None else None
        case = _case_number(case_number)
        employer_text = _text("employer", employer)
        named = [_text("union", union), *(_text("union", other) for other in unions)]
        joining = [_text("intervenor", name) for name in intervenors]
        if runoff_of is None and any(name.casefold() == named[0].casefold() for name in joining):
            # The first union is the one the case is about (the petitioner in RC): an
            # intervenor is another union, so this is a slip, never silently dropped. A
            # runoff between an intervenor and Neither has the intervenor alone.
            raise SetupError(
                f"intervenor: {named[0]} is the first union on the ballot, not an intervenor"
            )
        named += [name for name in joining if name not in named]
        if runoff_of is None and case_kind(case).union_role is Role.PETITIONER:
            # In an RC case one union petitions, the first named; any other union on the
            # ballot was allowed on as an intervenor (a runoff keeps its election's roles).
            joining = named[1:]
        try:
            ballot = Ballot(
                case_kind(case),
                employer_text,
                tuple(named),
                tuple(joining),
                None if not runoff_neither else _text("neither", neither or NEITHER),
                None if petitioner is None else _text("petitioner", petitioner),
                runoff_of,
                _election_type(election_type),
                _unit(unit),
                None if rerun_of is None else tuple(sorted(rerun_of.items())),
                tuple(groups),
                None if incumbent is None else _incumbent(incumbent),
                runoff_date,
                tuple(others),
            )
        except BallotError as error:
            raise SetupError(str(error)) from None
        if ballot.several and ballot.incumbent is None and any(g.decides_joining for g in groups):
            raise SetupError(
                "incumbent: a self-determination group voting on several unions needs the"
                " union that represents the existing unit (--incumbent NAME): a majority for"
                " it keeps the group in that unit, one for another union makes a separate unit"
            )
        return cls(
            case_number=case,
            employer=employer_text,
            union=named[0],
            eligible=_positive("eligible voters", eligible),
            ballots=None if ballots in (None, "") else _positive("ballots", ballots),
            agent=agent_text or None,
            table=None if table in (None, "") else _table(table),
            # Piles are kept per call, per union on a ballot of several (piles.py), in
            # each voting group's box.
            pile=_pile(pile),
            choices=None if ballot.plain else ballot,
            mail=mail,
            mail_rules=MAIL_RULES if mail else None,
            polls=_polls(mail, polls),
        )


def voting_groups(
    named: Sequence[str],
    eligible: Sequence[str],
    ballots: Sequence[str] = (),
    sonotone: Sequence[str] = (),
    self_determination: Sequence[str] = (),
) -> tuple[GroupSpec, ...]:
    """The voting groups as typed: "A=Professional employees", "A=30" for each group's
    eligible voters (and ballots), the keys of its Sonotone and self-determination groups.
    Raise SetupError naming what is wrong."""
    groups: dict[str, str] = {}
    for text in named:
        key, name = _pair("group", text, "KEY=NAME, e.g. A=Professional employees")
        if key in groups:
            raise SetupError(f"group: {key} is given twice")
        groups[key] = _text("group name", name)
    deciding = {key.strip().upper() for key in self_determination}
    if len(groups) < 2 and (not groups or set(groups) - deciding):
        # One group alone is an election of groups only when it votes on joining the
        # unit the union already represents (Armour-Globe).
        raise TooFewGroups(
            "group: an election of voting groups has at least two groups (--group KEY=NAME,"
            " once for each), or one voting on joining the unit (--self-determination KEY)"
        )
    counts = {
        field: _counts(field, values, groups)
        for field, values in (("eligible", eligible), ("ballots", ballots))
    }
    missing = [key for key in groups if key not in counts["eligible"]]
    if missing:
        raise SetupError(f"eligible: give each group's eligible voters (--eligible {missing[0]}=N)")
    rules: dict[str, Rule] = {}
    for rule, keys in ((Rule.SONOTONE, sonotone), (Rule.SELF_DETERMINATION, self_determination)):
        for key in keys:
            if key.strip().upper() not in groups:
                raise SetupError(
                    f"{rule.value}: there is no group {key!r:.20} (--group {key}=NAME)"
                )
            if key.strip().upper() in rules:
                raise SetupError(f"{rule.value}: group {key.strip().upper()} has a rule already")
            rules[key.strip().upper()] = rule
    return tuple(
        GroupSpec(
            key, name, counts["eligible"][key], counts["ballots"].get(key), rules.get(key, Rule.OWN)
        )
        for key, name in groups.items()
    )


def groups_held_again(
    groups: Sequence[GroupSpec], eligible: Sequence[str], ballots: Sequence[str] = ()
) -> tuple[GroupSpec, ...]:
    """The voting groups of an election held again (a rerun): each as it was, its
    eligible voters and ballots as "A=30" gives them. A rerun is held on an eligibility
    date of its own, so a group's line 1 may change; a group not named keeps its first
    figure of eligible voters, and no box size (its ballots are new ones).
    Raise SetupError naming what is wrong."""
    names = {group.key: group.name for group in groups}
    counts = {
        field: _counts(field, values, names, held_again=True)
        for field, values in (("eligible", eligible), ("ballots", ballots))
    }
    return tuple(
        replace(
            group,
            eligible=counts["eligible"].get(group.key, group.eligible),
            ballots=counts["ballots"].get(group.key),
        )
        for group in groups
    )


def _pair(field: str, text: str, shape: str) -> tuple[str, str]:
    key, equals, value = text.partition("=")
    key = key.strip().upper()
    if not equals or len(key) != 1 or not key.isalpha() or not key.isascii():
        raise SetupError(f"{field}: {text!r:.40} is not {shape}")
    return key, value


def _counts(
    field: str, values: Sequence[str], groups: Mapping[str, str], *, held_again: bool = False
) -> dict[str, int]:
    """Each group's figure of `field` ("A=30"); `held_again`: the groups are an earlier
    election's, so an unknown key is told the groups there are, not to add one."""
    found: dict[str, int] = {}
    for text in values:
        key, value = _pair(field, text, f"KEY=N, e.g. {next(iter(groups))}=30")
        if key not in groups and held_again:
            known = ", ".join(f"{k} ({name})" for k, name in groups.items())
            raise SetupError(f"{field}: there is no group {key}; the groups are {known}")
        if key not in groups:
            raise SetupError(f"{field}: there is no group {key} (--group {key}=NAME)")
        found[key] = _positive(f"{field} of group {key}", value)
    return found


def _polls(mail: bool, polls: bool) -> bool:
    if polls and not mail:
        raise SetupError(
            "polls: voting at the polls is part of a mail-ballot election here (with --mail)"
        )
    return polls


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
            f"case number {case}: {kind} is not a kind of election Station"
            f" counts; the kind is one of {kinds}"
        )
    return f"{region}-{kind}-{number}"


def _election_type(value: str | None) -> ElectionType | None:
    """The type of election as `--type` names it ("" or None: not given)."""
    if value is None or not value.strip():
        return None
    try:
        return ElectionType(value.strip().casefold())
    except ValueError:
        kinds = "|".join(kind.value for kind in ElectionType)
        raise SetupError(
            f"type of election {value!r:.40} is not one of {kinds}"
            " (a runoff or a rerun is made with --runoff-of or --rerun-of)"
        ) from None


def _unit(value: str | None) -> str | None:
    """The unit's description on one line ("" or None: not given)."""
    if value is None or not value.strip():
        return None
    return clean_text(value, "unit", max_length=MAX_UNIT, error=SetupError)


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


def _incumbent(value: str) -> str:
    """The incumbent as typed, cleaned; empty is refused in words of its own."""
    if not value.strip():
        raise SetupError(NO_INCUMBENT_NAME)
    return _text("incumbent", value)


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
