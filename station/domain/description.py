"""The election as one description: its parties, who may challenge, its voting groups,
the questions on each group's ballot and their choices, and the units the votes decide.

Every window, the sheet, `station tally --json`, `verify` and `consolidate` read the
election from here, and none asks what kind of election it is: a view walks the
parties, the choices and their keys as they are declared. The kinds of election Station
counts are all special cases of this one shape (docs/rules.md, "The shape of an election"):

* an RC, RD or RM case with one union: one group, one question, the choices FOR (the
  union, key F) and AGAINST (Neither, key A);
* a ballot of several unions: a choice per union (keys 1-9 in ballot order) and Neither
  (key 0); a runoff between two unions has no Neither;
* a runoff between a union and Neither is the one-union ballot of that union, whoever
  it is (the Petitioner, the incumbent Union, an Intervenor).

Who may challenge a voter: each party (29 CFR 102.69(a)(6): "any party") and the Board
agent, each with one key of its own. What a challenge stores of its challenger is the
challenger's `id`; the ids of the parties Station knew before are kept as they were
("employer", "petitioner" for the union of a one-union ballot, "board agent"), so that
every file reads as it always did.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum

from station.domain.calls import Call
from station.domain.choices import ONE_UNION_WORDS, CaseKind, Role
from station.domain.election import ElectionSetup
from station.domain.election_statements import rerun_statement
from station.domain.groups import Rule
from station.domain.party_words import (
    OFF_BALLOT_WORDS,
    parties_words,
    role_words,
    with_incumbent,
)
from station.domain.runoff import several_unions
from station.domain.words import say

# What a challenge stores of who made it. The first three are the values files have
# always stored; "petitioner" is the union of a one-union ballot, whatever its role.
EMPLOYER = "employer"
ONE_UNION = "petitioner"
BOARD_AGENT = "board agent"
# On a ballot of several unions each union challenges as itself: "union 2" is the union
# second on the ballot. Files made before stored "petitioner" there: some union, which
# one was not recorded (`UNNAMED_UNION`).
UNION_PREFIX = "union "
UNNAMED_UNION = ONE_UNION
# The employee or group of employees petitioning in an RD case.
EMPLOYEE_PETITIONER = "employee petitioner"
# A party whose choice is not on this ballot (a runoff's union of the first election
# left off it): "off ballot 1" is the first such party. It signs for its observers and
# is served the tally; the challenge prompt names the parties on the ballot.
OFF_BALLOT_PREFIX = "off ballot "


def off_ballot_id(number: int) -> str:
    """What an observer for the `number`th party off the ballot (1-based) stores."""
    return f"{OFF_BALLOT_PREFIX}{number}"


def union_id(number: int) -> str:
    """What a challenge by the union `number` (1-based, ballot order) stores."""
    return f"{UNION_PREFIX}{number}"


@dataclass(frozen=True, slots=True)
class Challenger:
    """Someone who may challenge a voter's ballot: a party, or the Board agent.

    Attributes:
        id: what a challenge stores of its challenger (see the module's docstring).
        key: the one key that names it in the challenge prompt (E, U, P, B, 1-9).
        role: the party's role; None for the Board agent, who is no party.
        name: the party's name ("" for the Board agent).
        json_key: its key in `challenges_by_party` (`station tally --json`).
        in_sentence: after "challenged by": "the Employer", "the Union" (the one union),
            "the Petitioner" (an RD case's employees), a union of several by its name.
    """

    id: str
    key: str
    role: Role | None
    name: str
    json_key: str
    in_sentence: str

    @property
    def is_party(self) -> bool:
        """A party to the election (the Board agent is not: it signs apart)."""
        return self.role is not None

    @property
    def label(self) -> str:
        """In a sentence: "the Employer", "the Petitioner (ALU)", "the Board agent"."""
        if self.role is None:
            return "the Board agent"
        if self.role in (Role.EMPLOYER, Role.EMPLOYER_PETITIONER):
            return f"the {self.role.value}"
        return f"the {self.role.value} ({self.name})"

    @property
    def short(self) -> str:
        """In a narrow place (a prompt's button, a register column): "Employer",
        "Union", "Petitioner", "Board agent", a union of several by its name."""
        for article in ("the ", "a "):
            if self.in_sentence.startswith(article):
                return self.in_sentence.removeprefix(article)
        return self.in_sentence

    @property
    def short_words(self) -> str:
        """`short` in the language said: a role's word translated ("Sindicato"), a
        union's name as written."""
        if self.role is None:
            return say("Board agent")
        short = self.short
        if short == self.name:
            return short
        role, paren, rest = short.partition(" (")
        return f"{role_words(role)}{paren}{rest}"

    @property
    def label_words(self) -> str:
        """`label` in the language said: "el Peticionario (ALU)"."""
        return in_sentence_words(self.label)

    @property
    def heading(self) -> str:
        """Above its observers on the sheet: "For the Employer", "For the Union (ALU)"."""
        return f"For {self.label}"


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer to the representation question, and how the journal stores a vote.

    Attributes:
        name: as on the ballot: the union's name, or "Neither" (the ballot's wording).
        key: the key that records a vote for it.
        label: the word on its button: FOR and AGAINST on a one-union ballot, else the
            name itself.
        call: the call a vote for it is stored as: FOR for a union, AGAINST for Neither.
        number: on a ballot of several unions, the union's place (stored with its FOR
            call as `{"choice": number}`); None when the call alone says it.
        union: a union (certified if it wins), not Neither.
    """

    name: str
    key: str
    label: str
    call: Call
    number: int | None
    union: bool

    @property
    def for_side(self) -> bool:
        """It is recorded as FOR: a union, or a UD's YES. The dashboards put it left of
        the small figures, in FOR's colour; the rest (Neither, NO) right, in AGAINST's."""
        return self.call is Call.FOR

    @property
    def vote(self) -> tuple[Call, int | None]:
        """What the operator's key records: the call, and the union's place if stored."""
        return self.call, self.number


@dataclass(frozen=True, slots=True)
class Vote:
    """One ballot as called: its call, and its answer to each question the description
    asks of it beyond the call. What the journal stores of it is `detail()`.

    Attributes:
        call: FOR, AGAINST, CHALLENGED or VOID (a UD's YES is FOR, NO AGAINST).
        choice: on a ballot of several unions, the union a FOR is for (1-based, ballot
            order; `Choice.number`).
        group: in an election of voting groups, the key of the ballot's group.
        inclusion: a Sonotone group's answer to question 1, "yes" or "no"; None when
            unmarked (or asked of no other ballot).
    """

    call: Call
    choice: int | None = None
    group: str | None = None
    inclusion: str | None = None

    def detail(self) -> dict[str, object]:
        """The CALL event's detail for these answers, as files have always stored them
        (`{"choice": 2}`, `{"group": "A", "inclusion": "yes"}`); empty for a bare call."""
        stored: dict[str, object] = {}
        if self.choice is not None:
            stored["choice"] = self.choice
        if self.group is not None:
            stored["group"] = self.group
        if self.inclusion is not None:
            stored["inclusion"] = self.inclusion
        return stored


@dataclass(frozen=True, slots=True)
class Mark:
    """A call that is no vote for a choice: CHALLENGED and VOID, with their keys."""

    call: Call
    key: str


MARKS = (Mark(Call.CHALLENGE, "C"), Mark(Call.VOID, "V"))


class QuestionKind(StrEnum):
    """What a question on the ballot asks."""

    REPRESENTATION = "representation"
    # A Sonotone group's question 1: inclusion with the nonprofessional employees.
    INCLUSION = "inclusion"
    # A UD election's one question: rescinding the union's union-security authority.
    DEAUTHORIZATION = "deauthorization"


@dataclass(frozen=True, slots=True)
class RuleWords:
    """How the New election dialog offers a voting group's rule.

    Attributes:
        rule: what the group's votes decide.
        short: in the table's narrow column.
        tip: in full, on hover.
    """

    rule: Rule
    short: str
    tip: str


# Every rule a voting group may have, in the dialog's order (the first is the default).
RULE_WORDS = (
    RuleWords(Rule.OWN, "its own unit", "Its votes decide a unit of its own (or the pooled unit)"),
    RuleWords(
        Rule.SONOTONE,
        "Sonotone",
        "Professional employees: the two-question ballot (inclusion, then representation);"
        " pooled with the one other group if a majority of its votes on inclusion is yes",
    ),
    RuleWords(
        Rule.SELF_DETERMINATION,
        "self-determination",
        "Armour-Globe: its votes decide only whether it joins the unit the union already"
        " represents",
    ),
)


# Question 1 of a Sonotone ballot, in the Board's words (*American Medical Response*,
# 344 NLRB 1406): its answers Yes (key Y) and No (key N), stored with the ballot's call as
# `{"inclusion": "yes"}` or `"no"`; the calls are only their places on the ballot.
INCLUSION_QUESTION = (
    "Do you wish to be included with nonprofessional employees in a unit for the purposes"
    " of collective bargaining?"
)
INCLUSION = (
    Choice("Yes", "Y", "YES", Call.FOR, None, False),
    Choice("No", "N", "NO", Call.AGAINST, None, False),
)


def deauthorization_question(union: str) -> str:
    """A UD ballot's question (NLRB Form 707's wording, NLRA 9(e)(1)), in the language
    said (the Board's ballots are translated too)."""
    return say(
        "Do you wish to rescind the authority of your employer and {union} to require,"
        " under their agreement, that employees make certain lawful payments to the union"
        " in order to retain their jobs?",
        union=union,
    )


# A UD ballot's answers, Yes (key Y) and No (key N): stored as FOR and AGAINST, the
# call's places on the ballot, as any one-question ballot stores them.
DEAUTHORIZATION = (
    Choice("YES", "Y", "YES", Call.FOR, None, False),
    Choice("NO", "N", "NO", Call.AGAINST, None, False),
)


@dataclass(frozen=True, slots=True)
class Question:
    """A question on a voting group's ballot and its choices, in ballot order.

    `about`: the union a UD question asks about (its choices are YES and NO)."""

    kind: QuestionKind
    choices: tuple[Choice, ...]
    about: str = ""

    @property
    def majority_of_eligible(self) -> bool:
        """Decided by a majority of the employees eligible to vote, not of the votes
        cast: rescinding a union's union-security authority (NLRA 8(a)(3), 9(e)(1);
        docs/rules.md, "Deauthorization (UD)").
        Its first choice (YES, stored as FOR) is the one that needs that majority."""
        return self.kind is QuestionKind.DEAUTHORIZATION

    @property
    def words(self) -> str:
        """The question as its ballot asks it, in the language said (the Board's ballots
        are translated too); "" for a choice among several unions, whose ballot asks only
        for a mark in one box."""
        if self.kind is QuestionKind.INCLUSION:
            return say(INCLUSION_QUESTION)
        if self.majority_of_eligible:
            return deauthorization_question(self.about)
        if len(self.choices) == 2 and self.neither is not None:
            return say(
                "Do you wish to be represented for purposes of collective bargaining by {union}?",
                union=self.unions[0].name,
            )
        return ""

    @property
    def unions(self) -> tuple[Choice, ...]:
        """The choices that are unions, in ballot order."""
        return tuple(choice for choice in self.choices if choice.union)

    @property
    def several(self) -> bool:
        """Two or more unions on it: a choice per union (keys 1-9, Neither 0), a line 3
        per union, each vote for a union naming it."""
        return several_unions(len(self.unions))

    @property
    def neither(self) -> Choice | None:
        """The no-union choice, if the ballot has one (a runoff of two unions has none)."""
        return next((choice for choice in self.choices if not choice.union), None)

    @property
    def names(self) -> tuple[str, ...]:
        """Every choice's name, in ballot order."""
        return tuple(choice.name for choice in self.choices)

    def call_label(self, call: Call) -> str:
        """The word for a ballot called `call` on this ballot: its choice's label where
        one choice is stored with that call (FOR and AGAINST, a UD's YES and NO), else
        the call's own (CHALLENGED, VOID; FOR, which several unions share)."""
        if not self.several:
            for choice in self.choices:
                if choice.call is call:
                    return choice.label
        return call.label

    @property
    def vote_words(self) -> tuple[str, str]:
        """What a one-union ballot's two figures are called: FOR and AGAINST, a UD's
        YES and NO."""
        return self.call_label(Call.FOR), self.call_label(Call.AGAINST)

    def choice_for_key(self, key: str) -> Choice | None:
        """The choice a key records a vote for, if any."""
        return next((choice for choice in self.choices if choice.key == key), None)


def deauthorization_question_of(union: str) -> Question:
    """A UD ballot's one question, about `union`: YES and NO (`DEAUTHORIZATION`)."""
    return Question(QuestionKind.DEAUTHORIZATION, DEAUTHORIZATION, union)


@dataclass(frozen=True, slots=True)
class VotingGroup:
    """Employees who vote on their own ballot and are tallied on their own.

    Attributes:
        key: the group's key (None for an election of one group).
        name: how the sheet and the windows name it ("" for the one group).
        eligible: the approximate number of eligible voters (tally line 1).
        ballots: the ballots in its box, when known (the M of "N of M").
        questions: the questions on its ballot, in ballot order.
        rule: what its votes decide (its own unit, Sonotone, self-determination).
    """

    key: str | None
    name: str
    eligible: int
    ballots: int | None
    questions: tuple[Question, ...]
    rule: Rule = Rule.OWN

    @property
    def representation(self) -> Question:
        """The question its votes decide the unit by: which union (or none) represents
        it, or in a UD election whether the union keeps its union-security authority."""
        return next(q for q in self.questions if q.kind is not QuestionKind.INCLUSION)

    @property
    def asks_inclusion(self) -> bool:
        """Its ballot has question 1, inclusion with the nonprofessional employees
        (Sonotone): its votes on the representation question join another group's unit
        if a majority answers yes."""
        return any(q.kind is QuestionKind.INCLUSION for q in self.questions)

    @property
    def own_unit(self) -> bool:
        """Its votes decide a unit of its own: the group a Sonotone group may join."""
        return self.rule.own_unit

    @property
    def decides_joining(self) -> bool:
        """Its votes decide only whether it joins the unit the union already represents
        (self-determination)."""
        return self.rule.decides_joining


@dataclass(frozen=True, slots=True)
class Unit:
    """What a set of groups' votes decide together: a bargaining unit.

    Attributes:
        name: as the sheet names it ("" for the election's one unit).
        groups: the keys of the groups whose votes are pooled to decide it.
    """

    name: str
    groups: tuple[str | None, ...]


@dataclass(frozen=True, slots=True)
class PartyEntry:
    """A party to the election, by role and name; each signs its own observer block.

    Attributes:
        role: as the Board names it on the tally and in its captions.
        name: its name (the employer's, a union's, the RD petitioner's).
        challenger: the same party as a challenger (its id and key).
        incumbent: the union that represents the existing unit (`--incumbent`).
    """

    role: Role
    name: str
    challenger: Challenger
    incumbent: bool = False

    @property
    def label(self) -> str:
        """ "the Employer", "the Petitioner (ALU)"."""
        return self.challenger.label


@dataclass(frozen=True, slots=True)
class Election:
    """The election as every view reads it (built from its setup by `describe`).

    Attributes:
        setup: what was entered and stored.
        kind: RC, RD or RM, from the case number.
        parties: every party, in the Board's caption order: the employer, an RD case's
            petitioner, then each union in ballot order.
        challengers: who may challenge, in the challenge prompt's order: the parties,
            then the Board agent.
        groups: the voting groups, in setup order.
        units: what the groups' votes decide.
        marks: the calls that are no vote (CHALLENGED, VOID) and their keys.
        incumbent: the union that represents the existing unit, when named: a party
            on the ballot (`PartyEntry.incumbent`), or the union representing the unit
            a self-determination group could join, which is then no party.
    """

    setup: ElectionSetup
    kind: CaseKind
    parties: tuple[PartyEntry, ...]
    challengers: tuple[Challenger, ...]
    groups: tuple[VotingGroup, ...]
    units: tuple[Unit, ...]
    marks: tuple[Mark, ...] = MARKS
    incumbent: str | None = None

    @property
    def case_number(self) -> str:
        return self.setup.case_number

    @property
    def employer(self) -> PartyEntry:
        return self.parties[0]

    @property
    def further(self) -> bool:
        """The one further election of 29 CFR 102.70(d) (`Ballot.further`)."""
        return self.setup.ballot.further

    @property
    def ballot(self) -> Question:
        """The representation question of the first group (of the one group, usually)."""
        return self.groups[0].representation

    def challenger(self, stored: str) -> Challenger:
        """Who made a challenge that stored `stored`; KeyError if nobody here could."""
        for challenger in self.challengers:
            if challenger.id == stored:
                return challenger
        legacy = self._legacy_union
        if legacy is not None and stored == legacy.id:
            return legacy
        raise KeyError(stored)

    @property
    def challenger_ids(self) -> tuple[str, ...]:
        """What a challenge made in this election may store, in the prompt's order."""
        return tuple(challenger.id for challenger in self.challengers)

    @property
    def older_challenger_ids(self) -> tuple[str, ...]:
        """What files made by earlier versions stored for this election's challengers
        besides `challenger_ids`, read as they were."""
        legacy = self._legacy_union
        return () if legacy is None else (legacy.id,)

    def said(self, stored: str) -> str:
        """Who made a challenge that stored `stored`, after "challenged by"."""
        try:
            return in_sentence_words(self.challenger(stored).in_sentence)
        except KeyError:
            return stored

    @property
    def short_names(self) -> dict[str, str]:
        """Each challenger's name for a narrow place, by id, in the language said:
        "Employer", "ALU"."""
        return {id: challenger.short_words for id, challenger in self.challengers_by_id().items()}

    @property
    def disputing_parties(self) -> tuple[Challenger, ...]:
        """Who may dispute the agent's ruling on an opened ballot: every party (the
        Board agent made the ruling), each with its own key."""
        return tuple(challenger for challenger in self.challengers if challenger.is_party)

    @property
    def as_called_keys(self) -> tuple[str, ...]:
        """The keys of "disputed, but left as called" for each disputing party in turn:
        digits, or letters where digits name the unions (no call key is among them)."""
        parties = self.disputing_parties
        if any(party.key.isdigit() for party in parties):
            return tuple("QRTYXZKLM"[: len(parties)])
        return tuple(str(n) for n in range(1, len(parties) + 1))

    @property
    def parties_line(self) -> str:
        """Every party by role, as the sheet's header says them: "Acme · ALU
        (Petitioner)", "Acme (Employer-Petitioner) · ALU (Union)", "Acme · J. Worker
        (Petitioner); Local 1 (Union)", the incumbent as "Local 1 (Intervenor,
        Incumbent)"; a runoff and a rerun say so."""
        employer = self.employer
        first = employer.name
        if employer.role is Role.EMPLOYER_PETITIONER:
            first += f" ({role_words(employer.role.value)})"
        off = {party.challenger.id for party in self.parties if not party.challenger.key}
        named = (
            (
                party.role.value + (OFF_BALLOT_WORDS if party.challenger.id in off else ""),
                party.name,
            )
            for party in self.parties[1:]
        )
        others = parties_words(with_incumbent(named, self.incumbent))
        runoff = say(" \u00b7 RUNOFF ELECTION") if self.setup.ballot.runoff_of is not None else ""
        rerun = rerun_statement(self.setup.ballot)  # "Rerun of the election of DATE, case N"
        rerun_part = f" \u00b7 {rerun}" if rerun else ""
        return f"{first} \u00b7 {others}{runoff}{rerun_part}"

    @property
    def question_line(self) -> str:
        """What the ballots being counted ask, for the dashboards' header."""
        question = self.ballot
        if question.words:
            return say("Counting the ballots on: \u201c{words}\u201d", words=question.words)
        return say(
            "Counting the ballots on: which choice \u2014 {choices}?",
            choices=", ".join(question.names),
        )

    def challenger_for_key(self, key: str) -> Challenger | None:
        """The challenger a key names in the challenge prompt, if any."""
        return next((c for c in self.challengers if c.key == key), None)

    @property
    def _legacy_union(self) -> Challenger | None:
        """On a ballot of several unions, a challenge a file made before each union
        challenged as itself: "a Union", which one not recorded."""
        if not self.ballot.several:
            return None
        *first, last = (choice.name for choice in self.ballot.unions)
        return Challenger(
            UNNAMED_UNION,
            "",
            Role.UNION,
            f"{', '.join(first)} or {last}",
            UNNAMED_UNION,
            "a Union",
        )

    def challengers_by_id(self) -> dict[str, Challenger]:
        """Every challenger a stored challenge may name, by id (the legacy one too)."""
        known = {challenger.id: challenger for challenger in self.challengers}
        legacy = self._legacy_union
        if legacy is not None:
            known.setdefault(legacy.id, legacy)
        return known

    def observer_party(self, text: str) -> PartyEntry | None:
        """The party an observer is entered for: by role ("Employer", "Union",
        "Petitioner", "Intervenor" where one party has it), by id, by key or by name.
        "Union" is the first union on the ballot where no party's role is Union (the
        Petitioner in RC; on a ballot of several, as files always stored it)."""
        folded = " ".join(text.split()).casefold()
        by_role = [p for p in self.parties if _role_words(p.role) & {folded}]
        if len(by_role) == 1:
            return by_role[0]
        unions = [p for p in self.parties if p.challenger.id.startswith(("petitioner", "union"))]
        if folded == "union" and unions:
            return unions[0]
        for party in self.parties:
            challenger = party.challenger
            if folded in (challenger.id, challenger.key.casefold(), party.name.casefold()):
                return party
        return None


def _role_words(role: Role) -> set[str]:
    words = {role.value.casefold()}
    if role is Role.EMPLOYER_PETITIONER:
        words.add("employer")
    return words


@functools.lru_cache(maxsize=32)
def describe(setup: ElectionSetup) -> Election:
    """The description of the election `setup` stores (kept: setups are immutable)."""
    ballot = setup.ballot
    several = ballot.several
    employer_role = ballot.kind.employer_role
    employer = Challenger(EMPLOYER, "E", employer_role, setup.employer, EMPLOYER, "the Employer")
    parties = [PartyEntry(employer_role, setup.employer, employer)]
    if ballot.petitioner is not None:
        parties.append(
            PartyEntry(
                Role.PETITIONER,
                ballot.petitioner,
                Challenger(
                    EMPLOYEE_PETITIONER,
                    "P",
                    Role.PETITIONER,
                    ballot.petitioner,
                    EMPLOYEE_PETITIONER,
                    "the Petitioner",
                ),
            )
        )
    choices = []
    for number, name in enumerate(ballot.unions, start=1):
        role = ballot.union_role(number - 1)
        if several:
            challenger = Challenger(
                union_id(number), str(number), role, name, union_id(number), name
            )
            choices.append(Choice(name, str(number), name, Call.FOR, number, True))
        else:
            json_key = "petitioner" if role is Role.PETITIONER else "union"
            challenger = Challenger(ONE_UNION, "U", role, name, json_key, "the Union")
            choices.append(Choice(name, "F", ONE_UNION_WORDS[0], Call.FOR, None, True))
        parties.append(PartyEntry(role, name, challenger, name == ballot.incumbent))
    if ballot.neither is not None:
        key, label = ("0", ballot.neither) if several else ("A", ONE_UNION_WORDS[1])
        choices.append(Choice(ballot.neither, key, label, Call.AGAINST, None, False))
    for number, other in enumerate(ballot.others, start=1):
        id = off_ballot_id(number)
        label = f"the {other.role.value} ({other.name})"
        parties.append(
            PartyEntry(
                other.role, other.name, Challenger(id, "", other.role, other.name, id, label)
            )
        )
    on_ballot = [party for party in parties if party.challenger.key]
    board_agent = Challenger(BOARD_AGENT, "B", None, "", BOARD_AGENT, "the Board agent")
    question = Question(QuestionKind.REPRESENTATION, tuple(choices))
    if ballot.kind.deauthorization:
        question = deauthorization_question_of(ballot.unions[0])
    groups: tuple[VotingGroup, ...] = (
        VotingGroup(None, "", setup.eligible, setup.ballots, (question,)),
    )
    units: tuple[Unit, ...] = (Unit("", (None,)),)
    if ballot.groups:
        inclusion = Question(QuestionKind.INCLUSION, INCLUSION)
        groups = tuple(
            VotingGroup(
                spec.key,
                spec.name,
                spec.eligible,
                spec.ballots,
                (inclusion, question) if spec.asks_inclusion else (question,),
                spec.rule,
            )
            for spec in ballot.groups
        )
        # Each group's own unit; a Sonotone inclusion vote pools units as the count
        # finds it (`station.domain.groups.units`).
        units = tuple(Unit(spec.name, (spec.key,)) for spec in ballot.groups)
    return Election(
        setup=setup,
        kind=ballot.kind,
        parties=tuple(parties),
        challengers=(*(party.challenger for party in on_ballot), board_agent),
        groups=groups,
        units=units,
        incumbent=ballot.incumbent,
    )


def in_sentence_words(in_sentence: str) -> str:
    """A challenger as a sentence names it, in the language said: the Board's role words
    ("the Employer", "the Union") are words; a union of several, named, is a value."""
    match in_sentence:
        case "the Employer":
            return say("the Employer")
        case "the Union":
            return say("the Union")
        case "the Petitioner":
            return say("the Petitioner")
        case "the Board agent":
            return say("the Board agent")
    if not in_sentence.startswith("the "):
        return in_sentence  # a union of several, by its name
    role, _, name = in_sentence.removeprefix("the ").partition(" (")
    if not name:
        return say("the {role}", role=role_words(role))
    return say("the {role} ({name})", role=role_words(role), name=name.removesuffix(")"))
