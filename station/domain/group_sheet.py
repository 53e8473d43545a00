"""The tallies an election of voting groups issues: one per group, one per pooled unit.

The Board furnishes "a separate tally of ballots for each voting group and for the
pooled group of employees" (*Sutherland Paper Co.*, Case 7-RC-2677, 1955; docs/rules.md,
"Voting groups"). Each is the Tally of Ballots' lines 1-9 (`tally_form.py`) over that
group's (or unit's) figures. A group pooled into a unit states no result of its own: the
unit's tally does; a group that is its own unit states the unit's. Line 8 of a unit is
decided by `groups.units`, which counts a challenged professional ballot that could turn
the inclusion vote. The sheet's own lines 1-9 are then the groups together, and state
no result (no unit is all of them).

These facts go into the sheet's facts (`tally_sheet.computed_facts`) only in an election
of voting groups, so every other sheet's facts are as they were.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from station.domain.changes import Sheet
from station.domain.election import ElectionSetup
from station.domain.group_statements import GROUPS_SUMMED_ABOVE, pooling_pending_statement
from station.domain.groups import GroupTally, UnitResult, units
from station.domain.result_statements import challenges_line, stated_lines
from station.domain.revised_sheet import split_columns
from station.domain.runoff import several_unions
from station.domain.statements import INTERIM, how_many
from station.domain.tally import Tally
from station.domain.tally_form import (
    Figures,
    FormBallot,
    LineValue,
    ballot_form,
    differences,
    line_values,
    per_union_numbers,
    printed_lines,
)

# Lines 8 and 9 of the groups together, which decide no unit.
GROUPS_TOGETHER = (
    "Not stated for the voting groups together: each unit's result is stated on its own"
    " tally below."
)


def lone_group_statement(sheet: Mapping[str, Any]) -> str | None:
    """What a sheet of one voting group says under its tally: such an election is a
    self-determination one (`groups.checked_groups` allows no other lone group), whose
    line 9 decides whether the group is added to the unit the union represents. None on
    any other sheet. Said from the sheet's own facts, which hold no group's rule."""
    groups = sheet.get("groups") or []
    if len(groups) != 1:
        return None
    entry = groups[0]
    return (
        f"Self-determination: voting group {entry['key']} votes only on joining the unit the"
        " union already represents; a majority for the union (line 9) adds the group to"
        " that unit."
    )


def group_tally(figures: GroupTally, unions: int) -> Tally:
    """A group's (or a pooled unit's) figures as a Tally of its ballots."""
    votes = figures.votes
    several = several_unions(unions)
    return Tally(
        sum(votes[:unions]),
        sum(votes[unions:]),
        figures.void,
        figures.challenged,
        votes if several else (),
    )


def pooled(tallies: list[GroupTally]) -> GroupTally:
    """Several groups' figures added up, choice by choice."""
    return GroupTally(
        tuple(sum(column) for column in zip(*(t.votes for t in tallies), strict=True)),
        sum(t.void for t in tallies),
        sum(t.challenged for t in tallies),
    )


def group_facts(setup: ElectionSetup, sheet: Sheet, pending: str | None) -> dict[str, object]:
    """`groups` and `units` of a sheet of an election of voting groups (else nothing),
    and its own lines 8 and 9 said for the groups together."""
    specs = setup.ballot.groups
    if not specs or len(sheet.groups) != len(specs):
        return {}
    original = () if sheet.decided is None else sheet.decided.original_groups
    return groups_facts(setup, sheet.groups, original, pending)


def groups_facts(
    setup: ElectionSetup,
    tallies: Sequence[GroupTally],
    original: Sequence[GroupTally],
    pending: str | None,
) -> dict[str, object]:
    """Each group's and pooled unit's tally from the groups' figures (a sheet's, or the
    tables' summed); with `original` figures (a decision's), each in revised columns."""
    specs = setup.ballot.groups
    ballot = ballot_form(setup)
    by_key = dict(zip((spec.key for spec in specs), tallies, strict=True))
    before = dict(zip(by_key, original, strict=False))
    # While ballots remain (an interim sheet) question 1 is not determined: no pooling.
    pooling = pending != INTERIM
    found = units(specs, tuple(tallies), ballot.unions, pooling=pooling)
    own = [spec.key for spec in specs if spec.own_unit]
    sonotone = [spec.key for spec in specs if spec.asks_inclusion]
    undetermined = [] if pooling or len(own) != 1 or not sonotone else [*sonotone, *own]
    unit_of = {key: unit for unit in found for key in unit.groups}
    groups = []
    for spec, figures in zip(specs, tallies, strict=True):
        unit = unit_of[spec.key]
        alone = len(unit.groups) == 1
        entry: dict[str, object] = {"key": spec.key, "name": spec.name}
        entry |= _tally_facts(ballot, spec.eligible, figures, pending, unit if alone else None)
        if not alone:  # the unit's tally states the result its votes are part of
            others = ", ".join(key for key in unit.groups if key != spec.key)
            said = (
                f"Not stated for voting group {spec.key}: its votes are pooled with group"
                f" {others}, and the unit's tally states the result."
            )
            entry["statements"] = {"8": said, "9": said}
        if spec.key in undetermined:
            partners = [key for key in undetermined if key != spec.key]
            said = pooling_pending_statement(spec.key, partners, str(pending))
            entry["statements"] = {"8": said, "9": said}
        if spec.asks_inclusion:
            entry["inclusion"] = {"yes": figures.yes, "no": figures.no}
        if spec.key in before:  # its Revised Tally: the columns of its own figures
            entry["columns"] = _columns(ballot, spec.eligible, before[spec.key], figures)
        groups.append(entry)
    pooled_units = []
    for unit in found:
        if len(unit.groups) > 1:
            eligible = sum(spec.eligible for spec in specs if spec.key in unit.groups)
            figures = pooled([by_key[key] for key in unit.groups])
            entry = {"name": unit.name, "groups": list(unit.groups)}
            entry |= _tally_facts(ballot, eligible, figures, pending, unit)
            if before:  # the same groups' figures before the decision, pooled
                first = pooled([before[key] for key in unit.groups])
                entry["columns"] = _columns(ballot, eligible, first, figures)
            pooled_units.append(entry)
    return {
        "groups": groups,
        "units": pooled_units,
        "statements": {"8": GROUPS_TOGETHER, "9": GROUPS_TOGETHER},
    }


def figures_stated(entry: Mapping[str, Any], ballot: FormBallot) -> GroupTally:
    """A group's figures as its tally on a signed sheet states them (`groups_facts`'s
    entry): each choice's votes from lines 3 (3a, 3b, …) and 4, void, challenged and a
    Sonotone group's question 1. Its ballots are all handled (a final sheet)."""
    lines = entry["lines"]
    numbers = per_union_numbers(lines) if ballot.several else ["3"]
    votes = [int(lines[number]) for number in numbers]
    if ballot.neither:
        votes.append(int(lines["4"]))
    inclusion = entry.get("inclusion") or {}
    return GroupTally(
        tuple(votes),
        int(lines["2"]),
        int(lines["6"]),
        int(inclusion.get("yes", 0)),
        int(inclusion.get("no", 0)),
    )


def _tally_facts(
    ballot: FormBallot,
    eligible: int,
    figures: GroupTally,
    pending: str | None,
    unit: UnitResult | None,
) -> dict[str, object]:
    """Lines 1-9 and their statements; a unit's line 8 as the unit rule decides it."""
    counted = Figures(eligible, group_tally(figures, ballot.unions))
    lines = line_values(ballot, counted)
    statements = stated_lines(ballot, counted, pending).as_sheet()
    if unit is not None:
        lines["8"] = unit.determinative
        statements["8"] = challenges_line(unit.determinative, pending)
    return {"lines": lines, "statements": statements}


def _columns(
    ballot: FormBallot, eligible: int, original: GroupTally, final: GroupTally
) -> dict[str, dict[str, LineValue]]:
    """A group's (or pooled unit's) Revised Tally: lines 1-7 in the four columns of
    `revised_sheet` (its lines 8 and 9 are the final ones, stated with its lines)."""
    unions = ballot.unions
    first, last = (
        Figures(eligible, group_tally(original, unions)),
        Figures(eligible, group_tally(final, unions)),
    )
    counted, aside = split_columns(differences(ballot, first, last))
    printed = [line.number for line in printed_lines(ballot)]
    earlier, later = line_values(ballot, first), line_values(ballot, last)
    return {
        "original": {number: earlier[number] for number in printed},
        "challenged_counted": {number: counted[number] for number in printed if number != "1"},
        "set_aside": {number: aside[number] for number in printed if number != "1"},
        "final": {number: later[number] for number in printed},
    }


def units_stated(sheet: Mapping[str, Any]) -> list[tuple[tuple[str, ...], str, Mapping[str, Any]]]:
    """Each unit a sheet of voting groups (`groups_facts`) states a result for, in the
    order of its first group: its groups' keys, its name and its tally (a group that is
    its own unit, or a pooled unit's); none on a sheet without groups."""
    pooled = {key: unit for unit in sheet.get("units") or [] for key in unit["groups"]}
    found: list[tuple[tuple[str, ...], str, Mapping[str, Any]]] = []
    for group in sheet.get("groups") or []:
        unit = pooled.get(group["key"])
        if unit is None:
            found.append(((str(group["key"]),), str(group["name"]), group))
        elif unit["groups"][0] == group["key"]:
            found.append((tuple(str(key) for key in unit["groups"]), str(unit["name"]), unit))
    return found


def stated_unit_lines(sheet: Mapping[str, Any], ballot: FormBallot) -> list[str]:
    """Where a sheet's voting groups decide several units apart, one line for each: its
    figures, and lines 8-9 in the sheet's own words (none where one unit is decided)."""
    found = units_stated(sheet)
    if len(found) < 2:
        return []
    lines = []
    for keys, name, entry in found:
        figures = figures_stated(entry, ballot)
        if ballot.several:
            votes = ", ".join(
                f"{count:,} {choice}"
                for choice, count in zip(ballot.choices, figures.votes, strict=True)
            )
        else:
            votes = f"{figures.votes[0]:,} FOR, {figures.votes[1]:,} AGAINST"
        said = entry["statements"]
        lines.append(
            f"Unit {' + '.join(keys)} ({name}): {votes}, {figures.void:,} void,"
            f" {figures.challenged:,} challenged. {said['8']}"
            + ("" if said["9"] == said["8"] else f" {said['9']}")  # one reason said once
        )
    return lines


def units_said(sheet: Mapping[str, Any], ballot: FormBallot) -> list[str]:
    """What `verify` says after its OK lines where a sheet's voting groups decide several
    units apart: each unit's figures and result, under a line that says why (its OK
    line's figures are the groups' sums, which decide none of them). None otherwise."""
    units = stated_unit_lines(sheet, ballot)
    if not units:
        return []
    heading = f"{how_many(len(units), 'unit')}, each decided on its own ({GROUPS_SUMMED_ABOVE}):"
    return [heading, *(f"  {line}" for line in units)]
