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
from station.domain.group_statements import (
    GROUPS_SUMMED_ABOVE,
    inclusion_challenges_statement,
    inclusion_result_statement,
    majority_said,
    pooling_pending_statement,
    self_determination_applies,
    self_determination_rule,
)
from station.domain.groups import (
    GroupTally,
    UnitResult,
    included,
    inclusion_figures,
    inclusion_open,
    units,
)
from station.domain.result_statements import challenges_line, stated_lines
from station.domain.revised_sheet import split_columns
from station.domain.runoff import majority_for, several_unions
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
from station.domain.words import say

# Lines 8 and 9 of the groups together, which decide no unit.
GROUPS_TOGETHER = (
    "Not stated for the voting groups together: each unit's result is stated on its own"
    " tally below."
)


# The facts of a sheet that state the groups' figures or result added together (lines
# 1-9, their sentences, a revised sheet's columns, several unions' votes and outcome).
SUMMED_FACTS = frozenset({"lines", "apart", "statements", "columns", "majority_for", "runoff"})
SUMMED_FACTS |= {"rerun"}


# Under the caption of a sheet of voting groups, in place of lines 1-9 of its own.
SEPARATE_TALLIES = (
    "Each voting group, and each unit of groups whose votes are pooled, has its own tally"
    " of ballots below; no tally adds the groups together."
)


def without_sums(setup: ElectionSetup, facts: dict[str, object]) -> dict[str, object]:
    """A sheet's facts as an election of voting groups states them: none of the groups
    together (*Sutherland Paper Co.*, 7-RC-2677: "a separate tally of ballots for each
    voting group and for the pooled group"), the ballot's choices by name only, and a
    corrected tally's reason without figures it replaces (each group's tally is there
    whole). Any other election's facts are returned as they are."""
    if not setup.ballot.groups:
        return facts
    kept = {key: value for key, value in facts.items() if key not in SUMMED_FACTS}
    choices = kept.get("choices")
    if isinstance(choices, list):
        kept["choices"] = [{"name": choice["name"]} for choice in choices]
    correction = kept.get("correction")
    if isinstance(correction, dict):
        kept["correction"] = {**correction, "replaces": {}}
    return kept


def lone_group_statement(sheet: Mapping[str, Any]) -> str | None:
    """What a sheet of one voting group says under its tally: such an election is a
    self-determination one (`groups.checked_groups` allows no other lone group), whose
    line 9 decides whether the group is added to the unit the union represents: the rule
    (`lone_group_rule`), then the outcome that applies (`self_determination_applies`).
    None on any other sheet. Said from the sheet's own facts, which hold no group's rule."""
    rule = lone_group_rule(sheet)
    if rule is None:
        return None
    if sheet.get("title") == "Interim":
        return f"{rule} {self_determination_applies(None)}"
    ballot = FormBallot.of_sheet(sheet)
    figures = figures_stated(sheet["groups"][0], ballot)
    incumbent = sheet.get("incumbent")
    said = majority_said(
        majority_for(figures.votes, figures.challenged),
        ballot.choices or (ballot.union,),
        ballot.unions,
        joins=True,
        incumbent=incumbent if isinstance(incumbent, str) else None,
    )
    return f"{rule} {self_determination_applies(said)}"


def lone_group_rule(sheet: Mapping[str, Any]) -> str | None:
    """The rule of a lone self-determination group's vote: once the incumbent is named,
    what each majority would make of the group. None on any other sheet."""
    groups = sheet.get("groups") or []
    if len(groups) != 1:
        return None
    entry = groups[0]
    incumbent = sheet.get("incumbent")
    if isinstance(incumbent, str):  # what each majority makes of the group
        ballot = FormBallot.of_sheet(sheet)
        unions = ballot.choices[: ballot.unions] or (ballot.union,)
        neither = ballot.choices[ballot.unions] if len(ballot.choices) > ballot.unions else ""
        return self_determination_rule(
            str(entry["key"]), unions, neither if ballot.neither else None, incumbent
        )
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
    pooling = pending not in (INTERIM, say(INTERIM))
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
            entry["inclusion"] = _inclusion_facts(spec.key, figures, own, ballot.unions, pending)
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


def _inclusion_facts(
    key: str, figures: GroupTally, own: Sequence[str], unions: int, pending: str | None
) -> dict[str, object]:
    """A Sonotone group's question 1, decided apart from question 2: its own figures,
    whether its challenged ballots could turn it, and its result (`own`: the key of the
    group it would join, the one voting as its own unit)."""
    decisive = inclusion_open(figures, figures.challenged)
    partner = own[0] if len(own) == 1 else None
    said = inclusion_result_statement(key, partner, included(figures), unions, pending)
    statements = {"challenges": inclusion_challenges_statement(decisive, pending), "result": said}
    return inclusion_figures(figures) | {"statements": statements}


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
        inclusion_void=int(inclusion.get("void", 0)),
        inclusion_blank=int(inclusion.get("blank", 0)),
    )


def groups_added(
    sheet: Mapping[str, Any], ballot: FormBallot
) -> tuple[dict[str, LineValue], tuple[int, ...]]:
    """One table's sheet of voting groups as a consolidation adds it to the other
    tables': its groups' lines 1-9 and each choice's votes (several unions) added up.
    The sheet states no such figures (`without_sums`); the consolidation sums the
    tables group by group and states each unit's result from those sums."""
    entries = sheet["groups"]
    together = pooled([figures_stated(entry, ballot) for entry in entries])
    eligible = sum(int(entry["lines"]["1"]) for entry in entries)
    lines = line_values(ballot, Figures(eligible, group_tally(together, ballot.unions)))
    several = ballot.several or len(ballot.choices) > 2
    return lines, together.votes if several else ()


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
    """One line for each unit a sheet's voting groups decide: its figures, and lines 8-9
    in the sheet's own words. None where the sheet's own lines are one unit's figures (a
    consolidation deciding one unit)."""
    found = units_stated(sheet)
    if len(found) < 2 and "lines" in sheet:
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


def units_heading(sheet: Mapping[str, Any]) -> str:
    """What `verify`'s OK line says of a sheet of voting groups in place of figures: it
    states none of the groups together, and where each unit's are."""
    groups, units = len(sheet.get("groups") or ()), len(units_stated(sheet))
    return (
        f"{how_many(groups, 'voting group')}, {how_many(units, 'unit')}, each with its own"
        " tally (below); no tally adds them up."
    )


def units_said(sheet: Mapping[str, Any], ballot: FormBallot) -> list[str]:
    """What `verify` says after its OK lines of a sheet's voting groups: each unit's
    figures and result. Where a consolidation's own figures are several units' sums, a
    line says so above them. None where no group is."""
    units = stated_unit_lines(sheet, ballot)
    if not units:
        return []
    said = [f"  {line}" for line in units]
    if "lines" not in sheet:  # the OK line said where the units' tallies are
        return said
    heading = f"{how_many(len(units), 'unit')}, each decided on its own ({GROUPS_SUMMED_ABOVE}):"
    return [heading, *said]
