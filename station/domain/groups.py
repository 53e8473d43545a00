"""Voting groups and the units their votes decide (docs/rules.md, "Voting groups").

An election of voting groups counts each group's ballots as its own pile and tallies
them on their own; what the votes decide is worked out per *unit*:

* a group that votes as itself (`Rule.OWN`) is its own unit, unless a Sonotone group is
  pooled with it;
* a Sonotone group (*Sonotone Corp.*, 90 NLRB 1236; Section 9(b)(1)) answers two
  questions. If a majority of its valid votes on question 1 (inclusion) is yes, its votes
  on question 2 are pooled with the group it would join (the one group voting as
  itself) to decide one unit; otherwise it decides a separate unit of its own. A tie is
  no majority;
* a self-determination group (*Armour & Co.*, 40 NLRB 1333; *Globe Machine & Stamping*,
  3 NLRB 294) decides only whether it joins the unit the union already represents: its
  votes are tallied on their own, as its own unit. It may vote alone (the common
  Armour-Globe election of one group); no other group is an election of groups alone.

Every group's representation question offers the same choices (the election's ballot),
so pooling adds votes choice by choice. Challenges are determinative for a unit when
some way of resolving them (each set aside, or opened and counted with any answers to
either question) changes the outcome for some group of that unit: the union it is
certified for, its runoff or rerun, or the unit it is certified in. A turn of the
inclusion vote that leaves every group it moves without a union, either way, changes
no outcome: challenged ballots that "will not determine the outcome of the election"
are never opened (Form NLRB-5547). Held equal to a brute force over small counts by
tests/domain/test_groups.py.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from station.domain.runoff import determinative, majority_for, result, several_unions
from station.domain.words import say

MAX_GROUPS = 9
_KEY = re.compile(r"[A-Z]")


class Rule(StrEnum):
    """What a group's votes decide."""

    OWN = "own"
    SONOTONE = "sonotone"
    SELF_DETERMINATION = "self-determination"

    @property
    def own_unit(self) -> bool:
        """Its votes decide a unit of its own: the group a Sonotone group may join."""
        return self is Rule.OWN

    @property
    def asks_inclusion(self) -> bool:
        """Its ballot asks question 1, inclusion with the nonprofessional employees,
        before the representation question (Sonotone)."""
        return self is Rule.SONOTONE

    @property
    def decides_joining(self) -> bool:
        """Its votes decide only whether it joins the unit the union already represents
        (self-determination, Armour-Globe); it may vote as the election's one group."""
        return self is Rule.SELF_DETERMINATION


class GroupError(ValueError):
    """The groups given make no election (one-line message)."""


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """A voting group as the setup stores it.

    Attributes:
        key: one capital letter ("A"), the key after G that switches to it.
        name: as the sheets name it ("Professional employees").
        eligible: its approximate number of eligible voters.
        ballots: the ballots in its box, when known.
        rule: what its votes decide.
    """

    key: str
    name: str
    eligible: int
    ballots: int | None
    rule: Rule = Rule.OWN

    @property
    def own_unit(self) -> bool:
        """Its votes decide a unit of its own (`Rule.own_unit`)."""
        return self.rule.own_unit

    @property
    def asks_inclusion(self) -> bool:
        """Its ballot asks the inclusion question first (`Rule.asks_inclusion`)."""
        return self.rule.asks_inclusion

    @property
    def decides_joining(self) -> bool:
        """It votes only on joining an existing unit (`Rule.decides_joining`)."""
        return self.rule.decides_joining

    def details(self) -> dict[str, object]:
        """What the election file stores of this group (only what is given)."""
        stored: dict[str, object] = {"key": self.key, "name": self.name, "eligible": self.eligible}
        if self.ballots is not None:
            stored["ballots"] = self.ballots
        if self.rule is not Rule.OWN:
            stored["rule"] = self.rule.value
        return stored

    @classmethod
    def from_details(cls, details: object) -> GroupSpec:
        if not isinstance(details, dict) or set(details) - _STORED:
            raise GroupError("a stored voting group is malformed")
        key, name = details.get("key"), details.get("name")
        eligible, ballots = details.get("eligible"), details.get("ballots")
        rule = details.get("rule", Rule.OWN.value)
        if (
            not isinstance(key, str)
            or not isinstance(name, str)
            or not _whole(eligible)
            or not (ballots is None or _whole(ballots))
            or rule not in set(Rule)
        ):
            raise GroupError("a stored voting group is malformed")
        assert isinstance(eligible, int)  # for mypy
        return cls(key, name, eligible, ballots if isinstance(ballots, int) else None, Rule(rule))


_STORED = {"key", "name", "eligible", "ballots", "rule"}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def totals(groups: Sequence[GroupSpec]) -> tuple[int, int | None]:
    """The election's eligible voters and ballots in the box: its groups' together (the
    ballots unknown unless every group's is known)."""
    known = [group.ballots for group in groups]
    ballots = None if None in known else sum(count or 0 for count in known)
    return sum(group.eligible for group in groups), ballots


def checked_groups(groups: Sequence[GroupSpec]) -> tuple[GroupSpec, ...]:
    """The groups if they make an election of voting groups; GroupError if not."""
    if not groups:
        return ()
    if len(groups) < 2 and not groups[0].decides_joining:
        # A lone group is an election of groups only when it votes on joining the unit the
        # union already represents (Armour-Globe); any other lone group is a plain election.
        raise GroupError("an election of voting groups has at least two groups (--group)")
    if len(groups) > MAX_GROUPS:
        raise GroupError(f"an election has at most {MAX_GROUPS} voting groups")
    keys = [group.key for group in groups]
    for key in keys:
        # A key is pressed after G, so it may be a letter another prompt uses.
        if not _KEY.fullmatch(key):
            raise GroupError(f"voting group key {key!r:.10} must be one capital letter (A-Z)")
    if len(set(keys)) != len(keys):
        raise GroupError("a voting group key is given twice")
    if len({group.name.casefold() for group in groups}) != len(groups):
        raise GroupError("two voting groups have the same name")
    sonotone = [group for group in groups if group.asks_inclusion]
    own = [group for group in groups if group.own_unit]
    if sonotone and len(own) != 1:
        # In the words of both `station new` (a plain --group) and the dialog's choice.
        here = "none is" if not own else f"{len(own)} are"
        raise GroupError(
            "a Sonotone group is pooled with exactly one other group, of nonprofessional"
            " employees, voting as its own unit (a plain --group; neither Sonotone nor"
            f" self-determination): {here} here"
        )
    return tuple(groups)


@dataclass(frozen=True, slots=True)
class GroupTally:
    """One group's figures, from its own pile of ballots.

    Attributes:
        votes: the valid votes of each choice on question 2 (the representation
            question), in ballot order.
        void: ballots void on question 2 (line 2), whether or not question 1 was answered.
        challenged: ballots challenged (sealed whole: line 6 for both questions).
        yes, no: a Sonotone group's valid votes on question 1 (inclusion).
        remaining: ballots still in its box, or None when its box size is not known.
        set_aside: challenged ballots sustained (by agreement or decision): handled,
            never opened, on no line.
        sealed: of `challenged`, a mail ballot's envelopes challenged before any ballot
            was opened: on line 6, never in the box, so not among the ballots handled.
        opened: of `challenged`, ballots a decision ordered opened that the revised
            count has not yet called: until it has, the group's count is not over.
        inclusion_void, inclusion_blank: a Sonotone group's ballots void on question 1
            (marks in both boxes, *Providence Health*, 369 NLRB No. 78) and those with
            question 1 unmarked, whatever their question 2.
        void_envelopes: of `void`, a mail ballot's envelopes ruled void: on line 2,
            never in the box, so not among the ballots handled.
    """

    votes: tuple[int, ...]
    void: int = 0
    challenged: int = 0
    yes: int = 0
    no: int = 0
    remaining: int | None = 0
    set_aside: int = 0
    sealed: int = 0
    opened: int = 0
    inclusion_void: int = 0
    inclusion_blank: int = 0
    void_envelopes: int = 0

    @property
    def handled(self) -> int:
        """Its ballots counted, challenged or set aside so far."""
        return (
            sum(self.votes)
            + self.void
            - self.void_envelopes
            + self.challenged
            - self.sealed
            + self.set_aside
        )

    def state(self) -> list[object]:
        """What a snapshot stores of these figures (`restored` reads it back)."""
        remaining = -1 if self.remaining is None else self.remaining
        state = [list(self.votes), self.void, self.challenged, self.yes, self.no, remaining]
        tail = (self.inclusion_void, self.inclusion_blank, self.void_envelopes)
        if any(tail):
            return [*state, self.set_aside, self.sealed, self.opened, *tail]
        if self.opened:
            return [*state, self.set_aside, self.sealed, self.opened]
        if self.sealed:
            return [*state, self.set_aside, self.sealed]
        return [*state, self.set_aside] if self.set_aside else state

    @classmethod
    def restored(cls, state: object) -> GroupTally:
        """The figures `state()` stored (ValueError if they are not)."""
        if (
            not isinstance(state, list)
            or len(state) not in (6, 7, 8, 9, 12)
            or not isinstance(state[0], list)
        ):
            raise ValueError("a frozen group's figures are malformed")
        votes, void, challenged, yes, no, remaining = state[:6]
        aside = state[6] if len(state) >= 7 else 0
        sealed = state[7] if len(state) >= 8 else 0
        opened = state[8] if len(state) >= 9 else 0
        inclusion_void, inclusion_blank, void_envelopes = (
            state[9:12] if len(state) == 12 else (0, 0, 0)
        )
        return cls(
            tuple(_count(vote) for vote in votes),
            _count(void),
            _count(challenged),
            _count(yes),
            _count(no),
            None if remaining == -1 else _count(remaining),
            _count(aside),
            _count(sealed),
            _count(opened),
            _count(inclusion_void),
            _count(inclusion_blank),
            _count(void_envelopes),
        )


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a whole number")
    return value


@dataclass(frozen=True, slots=True)
class UnitResult:
    """What one unit's votes say, after the Sonotone rule.

    Attributes:
        name: "Professional employees and Nonprofessional employees" (the groups' names).
        groups: the keys of the groups it pools.
        votes: each choice's valid votes, pooled.
        challenged: the challenged ballots of its groups.
        majority: line 9: the choice with a majority of the valid votes plus challenged
            ballots (0-based, ballot order), or None.
        determinative: line 8, for this unit.
        decided: the remaining ballots and the challenges can no longer change its result.
        joins: a self-determination group's unit: a union majority adds it to the unit
            the union already represents.
        over: the count of its ballots is over (none left in its groups' boxes or
            ordered opened and uncalled, nor in a Sonotone group's that could join it,
            or a final sheet declared the count over): its lines 8 and 9 are stated as
            final, determinative challenges or not.
        void: the void ballots of its groups.
        names: the names of the groups it pools, which `name` joins with "and";
            `name_words` joins them in the language said.
    """

    name: str
    groups: tuple[str, ...]
    votes: tuple[int, ...]
    challenged: int
    majority: int | None
    determinative: bool
    decided: bool
    joins: bool = False
    over: bool = False
    void: int = 0
    names: tuple[str, ...] = ()

    @property
    def name_words(self) -> str:
        """`name` in the language said (the groups' names as written): a window's; files
        and the sheet keep `name`."""
        if len(self.names) < 2:
            return self.name
        return say(" and ").join(self.names)


def included(tally: GroupTally) -> bool:
    """Whether a Sonotone group's question 1 has a majority yes of its valid votes (a tie
    is no majority; void and unmarked answers are on neither side)."""
    return tally.yes > tally.no


def inclusion_open(tally: GroupTally, swing: int) -> bool:
    """Whether `swing` ballots (challenged, or still in the box) could turn question 1."""
    if swing == 0:
        return False
    if included(tally):
        return tally.no + swing >= tally.yes
    return tally.yes + swing > tally.no


def units(
    groups: Sequence[GroupSpec],
    tallies: Sequence[GroupTally],
    unions: int,
    declared: bool | None = None,
    *,
    pooling: bool = True,
) -> tuple[UnitResult, ...]:
    """Every unit the groups' votes decide now, with its line 8 and whether it is decided.

    `unions` is how many of the choices are unions (all but Neither, if on the ballot).
    `declared`: True once a final sheet declares the count over, False while an interim
    sheet pauses it, None to go by the groups' boxes (as the whole tally's lines 8-9 do,
    `statements.pending_reason`). `pooling` False: no Sonotone group is pooled, each a
    unit of its own (an interim sheet, where question 1 is not yet determined).
    """
    by_key = dict(zip((group.key for group in groups), tallies, strict=True))
    own = [group for group in groups if group.own_unit]
    partner = own[0] if len(own) == 1 else None
    sonotone = [group for group in groups if group.asks_inclusion]
    pooled = [group for group in sonotone if pooling and included(by_key[group.key])]
    # Which units a turned inclusion vote would move (with the boxes, for "decided").
    unsettled = [g for g in sonotone if _unsettled(by_key[g.key], declared is True)]
    results = []
    for members in _members(groups, partner, pooled):
        figures = [by_key[group.key] for group in members]
        keys = tuple(group.key for group in members)
        votes = tuple(sum(column) for column in zip(*(t.votes for t in figures), strict=True))
        challenged = sum(t.challenged for t in figures)
        # Declared over by a final sheet: no ballot remains, whatever each box's size.
        remaining = [0 if declared else t.remaining for t in figures]
        open_inclusion = _turned(keys, partner, unsettled)
        # The groups whose ballots could still change this unit: its own, and a Sonotone
        # group's that could join (or leave) the partner's unit.
        deciding = [
            by_key[g.key]
            for g in groups
            if g.key in keys or (g.asks_inclusion and _turned(keys, partner, [g]))
        ]
        over = not any(t.opened for t in deciding) and (
            all(t.remaining == 0 for t in deciding) if declared is None else declared
        )
        challenges = {key: tally.challenged for key, tally in by_key.items()}
        decisive = _could_change(keys, groups, by_key, pooled, unions, challenges)
        if any(left is None for left in remaining):
            decided = False
        else:
            swing = challenged + sum(left or 0 for left in remaining)
            decided = not open_inclusion and not determinative(votes, unions, swing)
        results.append(
            UnitResult(
                " and ".join(group.name for group in members),
                keys,
                votes,
                challenged,
                majority_for(votes, challenged),
                decisive,
                decided,
                joins=members[0].decides_joining,
                over=over,
                void=sum(t.void for t in figures),
                names=tuple(group.name for group in members),
            )
        )
    return tuple(results)


def _outcome(votes: Sequence[int], unions: int) -> tuple[object, ...] | None:
    """What these votes decide for the employees whose votes they are: the union
    certified, the runoff or the rerun; None when no union is (then it is the same
    whichever unit they are in)."""
    found = result(votes, unions)
    if found.certified is None and found.runoff is None and not found.rerun:
        return None
    return found.certified, found.runoff, found.rerun


def _could_change(
    unit: tuple[str, ...],
    groups: Sequence[GroupSpec],
    by_key: Mapping[str, GroupTally],
    pooled: Sequence[GroupSpec],
    unions: int,
    swing: Mapping[str, int],
) -> bool:
    """Whether some way of resolving `swing` ballots of each group (set aside, or opened
    with any answer to either question) changes the outcome for a group of `unit`, the
    units being those `pooled` makes now.

    A group's outcome is the unit it is in with what that unit decides, or no union.
    Each Sonotone group's inclusion vote stays or, where its swing could turn it, turns;
    a group's swing moves its unit's votes independently of its question 1. For every
    such choice of inclusion votes, a unit made of the same groups as now changes only
    if its swing could change its own result (`runoff.determinative`); a unit made
    otherwise changes the outcome of each of its groups that has a union now, and of
    every group in it if its swing could give it one.
    """
    partner = next((g for g in groups if g.rule is Rule.OWN), None)
    partner = partner if sum(g.rule is Rule.OWN for g in groups) == 1 else None
    sonotone = [g for g in groups if g.rule is Rule.SONOTONE]
    now_keys = {g.key for g in pooled}
    before: dict[str, tuple[tuple[str, ...], tuple[object, ...] | None]] = {}
    for members in _members(groups, partner, pooled):
        keys = tuple(g.key for g in members)
        for key in keys:
            before[key] = keys, _outcome(_summed(by_key, keys), unions)
    options = []
    for group in sonotone:
        tally = by_key[group.key]
        states = {group.key in now_keys, included(tally)}
        if inclusion_open(tally, swing[group.key]):
            states.add(not included(tally))
        options.append(sorted(states))
    for picked in itertools.product(*options):
        joined = [g for g, joins in zip(sonotone, picked, strict=True) if joins]
        for members in _members(groups, partner, joined):
            keys = tuple(g.key for g in members)
            touched = [key for key in keys if key in unit]
            if not touched:
                continue
            votes = _summed(by_key, keys)
            moved = sum(swing[key] for key in keys)
            if all(before[key][0] == keys for key in touched):
                if determinative(votes, unions, moved):
                    return True
            elif any(before[key][1] is not None for key in touched) or (
                _outcome(votes, unions) is not None or determinative(votes, unions, moved)
            ):
                return True
    return False


def _summed(by_key: Mapping[str, GroupTally], keys: Sequence[str]) -> tuple[int, ...]:
    """The groups' votes added up, choice by choice."""
    return tuple(sum(column) for column in zip(*(by_key[k].votes for k in keys), strict=True))


def _swing(tally: GroupTally, over: bool = False) -> int | None:
    """Ballots that could still go either way on question 1 (None: the box is unknown);
    `over`: a final sheet declared the count complete, so only the challenged ones."""
    if over:
        return tally.challenged
    return None if tally.remaining is None else tally.challenged + tally.remaining


def inclusion_settled(tally: GroupTally, over: bool = False) -> bool:
    """Whether no remaining or challenged ballot can turn question 1 any more. `over`:
    a final sheet locks the count, which the agent declared complete: no ballot remains
    in the box, whatever its size or if it was never given (`Count.declared_complete`)."""
    return not _unsettled(tally, over)


def _unsettled(tally: GroupTally, over: bool = False) -> bool:
    swing = _swing(tally, over)
    return swing is None or inclusion_open(tally, swing)


def _turned(
    keys: tuple[str, ...], partner: GroupSpec | None, sonotone: Sequence[GroupSpec]
) -> bool:
    """Whether a turn of these Sonotone groups' inclusion vote changes the unit `keys`:
    the partner's unit changes with any of them, a separate group's with its own."""
    if partner is not None and partner.key in keys:
        return bool(sonotone)
    return any(group.key in keys for group in sonotone)


def _keys(groups: Sequence[GroupSpec]) -> set[str]:
    return {group.key for group in groups}


def _members(
    groups: Sequence[GroupSpec], partner: GroupSpec | None, pooled: Sequence[GroupSpec]
) -> list[list[GroupSpec]]:
    """The groups of each unit, in setup order of their first group."""
    pooled_keys = _keys(pooled)
    found: list[list[GroupSpec]] = []
    for group in groups:
        if group.key in pooled_keys:
            continue  # counted in its partner's unit
        if partner is not None and group.key == partner.key and pooled:
            members = [g for g in groups if g.key in pooled_keys or g.key == partner.key]
            found.append(members)
        else:
            found.append([group])
    return found


def group_json(
    spec: GroupSpec,
    tally: GroupTally,
    choices: Sequence[str],
    unions: int,
    box: int | None = None,
) -> dict[str, object]:
    """One group in `station tally --json`'s `groups` (`box`: its ballots to count by
    mail, its envelopes', when known)."""
    entry: dict[str, object] = {
        "key": spec.key,
        "name": spec.name,
        "eligible": spec.eligible,
        "ballots": spec.ballots if box is None else box,
        "for": sum(tally.votes[:unions]),
        "against": sum(tally.votes[unions:]),
        "void": tally.void,
        "challenged": tally.challenged,
    }
    if several_unions(unions):
        entry["choices"] = [
            {"name": name, "votes": votes} for name, votes in zip(choices, tally.votes, strict=True)
        ]
    if spec.asks_inclusion:
        entry["inclusion"] = inclusion_figures(tally)
    return entry


def inclusion_figures(tally: GroupTally) -> dict[str, int]:
    """A Sonotone group's question 1 as its own figures: its valid answers, its void and
    unmarked ones, and the challenged ballots (sealed whole, so the group's line 6)."""
    return {
        "yes": tally.yes,
        "no": tally.no,
        "void": tally.inclusion_void,
        "blank": tally.inclusion_blank,
        "challenged": tally.challenged,
    }


def unit_json(unit: UnitResult, choices: Sequence[str], unions: int) -> dict[str, object]:
    """One unit in `station tally --json`'s `units`."""
    several = several_unions(unions)
    entry: dict[str, object] = {
        "name": unit.name,
        "groups": list(unit.groups),
        "for": sum(unit.votes[:unions]),
        "against": sum(unit.votes[unions:]),
        "void": unit.void,
        "challenged": unit.challenged,
    }
    if several:
        entry["choices"] = [
            {"name": name, "votes": votes} for name, votes in zip(choices, unit.votes, strict=True)
        ]
        entry["majority_for"] = None if unit.majority is None else choices[unit.majority]
    else:
        entry["majority_for"] = unit.majority is not None and unit.majority < unions
    entry["challenges_determinative"] = unit.determinative
    entry["result_decided"] = unit.decided
    return entry


def specs_from(stored: object) -> tuple[GroupSpec, ...]:
    """The groups a ballot's details store (a list), checked."""
    if not isinstance(stored, list):
        raise GroupError("the stored voting groups are not a list")
    return checked_groups([GroupSpec.from_details(item) for item in stored])


def group_named(groups: Sequence[GroupSpec], key: str) -> GroupSpec | None:
    return next((group for group in groups if group.key == key), None)


_WRITTEN_IN = re.compile(r"\s*([A-Za-z])\s*:\s*(\S.*)")


def written_in_group(text: str, keys: Sequence[str]) -> tuple[str | None, str]:
    """A written-in voter typed with their group first, "B: Jane Roe": the group's key
    and the name; (None, text) when no group of `keys` leads it."""
    found = _WRITTEN_IN.fullmatch(text)
    if found is None or found.group(1).upper() not in keys:
        return None, text
    return found.group(1).upper(), found.group(2).strip()
