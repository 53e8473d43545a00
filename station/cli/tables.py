"""The commands of a count run at several tables: `consolidate`."""

import argparse
import dataclasses
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from station.cli.common import UsageError, say
from station.cli.kinds import (
    choice_lines,
    group_lines_of,
    groups_json_of,
    pile_place,
)
from station.domain.choices import Ballot, Role, case_kind
from station.domain.consolidation import TableLines, summed_tally
from station.domain.group_sheet import figures_stated
from station.domain.groups import GroupTally, UnitResult, units
from station.domain.runoff import result
from station.domain.statements import how_many
from station.domain.table_statements import table_title, tables_counted_statement
from station.domain.tally_form import FormBallot, ballot_form
from station.domain.text import one_line
from station.progress import TerminalProgress
from station.sheet.consolidate import consolidate
from station.sheet.consolidated_election import table_count, table_setup
from station.sheet.keys import key_for_signing
from station.ui.display import ensure_offscreen_app
from station.verification.consolidated import ConsolidationError


def add_consolidate_parser(commands: Any) -> None:
    """`station consolidate --out FOLDER DIR [DIR ...] [--key FP ...] [--agent NAME]
    [--observer PARTY:NAME ...]`."""
    parser = commands.add_parser(
        "consolidate",
        help="sum the tables' exported final sheets into one signed tally",
        description="Verify each table's exported final sheet (a folder `station export`"
        " wrote) and write, into a new folder, the consolidated tally: tally.pdf, tally.json,"
        " a copy of every table's export and a manifest signed by this station's key.",
    )
    parser.add_argument("dirs", nargs="+", type=Path, metavar="DIR", help="a table's export")
    parser.add_argument("--out", required=True, metavar="FOLDER", help="the new folder")
    parser.add_argument(
        "--key",
        action="append",
        default=[],
        metavar="FP",
        help="the fingerprint each table's export must be signed by: once per DIR, in order",
    )
    parser.add_argument(
        "--agent",
        metavar="NAME",
        help="the Board agent who certifies the sums, printed under the signature line",
    )
    parser.add_argument(
        "--observer",
        action="append",
        default=[],
        metavar="PARTY:NAME",
        help="an observer who certifies the sums and the party it signs for, as `sign` takes"
        ' it: "Employer:Jane Roe", "Union:John Doe" (repeat for each)',
    )
    parser.add_argument("--paper", choices=("letter", "a4"), default="letter")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def cmd_consolidate(args: argparse.Namespace) -> int:
    if not args.out.strip():
        raise UsageError("--out needs a folder")
    ensure_offscreen_app()  # Qt draws the PDF
    shown = TerminalProgress("consolidating")
    try:
        done = consolidate(
            args.dirs,
            Path(args.out),
            key_for_signing(),
            keys=args.key,
            paper=args.paper,
            progress=shown,
            agent=args.agent,
            observers=args.observer,
        )
    finally:
        shown.finish()
    summary = consolidated_summary(done.document, done.folder)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    lines = summary_lines(summary, done.document)
    found = summed_group_tallies(done.document, done.folder)
    if found is not None:  # each group's figures and each unit's lines 8-9, on the sums
        lines[-len(done.tables) : -len(done.tables)] = group_lines_of(*found, over=True)
    print("\n".join(one_line(line) for line in lines))
    say(
        f"consolidated {how_many(len(done.tables), 'table')} into {done.folder}, signed by key"
        f" {done.document['key']}; check it with: station verify {done.folder} --key"
        f" {done.document['key']}"
    )
    return 0


def consolidated_summary(document: dict[str, Any], folder: Path) -> dict[str, object]:
    """`station tally --json`'s keys for the tables together, plus `tables`."""
    election, lines = document["election"], document["lines"]
    tally = summed_tally(
        [TableLines(t["label"], t["lines"], t["counted"], t["ballots"]) for t in document["tables"]]
    )
    ballots = document["ballots"]
    counts = [table_count(folder / table["folder"]) for table in document["tables"]]
    by_party: dict[str, int] = {}
    for count in counts:
        for party, number in count.challenges.by_party().items():
            by_party[party] = by_party.get(party, 0) + number
    piles = {count.piles.size for count in counts}
    labels = [table["label"] for table in document["tables"]]
    return {
        "case": election["case"],
        "employer": election["employer"],
        "union": election["union"],
        "table": None,  # every table together
        "eligible": election["eligible"],
        "ballots": ballots,
        "counted": document["counted"],
        "remaining": tally.remaining(ballots),
        "for": lines["3"],
        "against": lines["4"],
        "void": lines["2"],
        "challenged": lines["6"],
        "valid": lines["5"],
        "valid_plus_challenged": lines["7"],
        "challenges_determinative": lines["8"],
        "majority_for_union": lines["9"],
        "union_leads": tally.union_leads,
        # Only final sheets are consolidated: every ballot of every table is counted.
        "result_decided": tally.result_decided(tally.counted),
        "outcome_so_far": tally.outcome(tally.counted).value,
        "challenges_by_party": by_party,
        "pile_size": piles.pop() if len(piles) == 1 else None,
        "piles_to_check": [
            {"table": label, "call": ref.call.value, "pile": ref.pile}
            | pile_place(ref.group, ref.choice)
            for label, count in zip(labels, counts, strict=True)
            for ref in count.piles_to_check()
        ],
        "pile_mismatches": [
            {"table": label, "call": m.call.value, "pile": m.pile, "found": m.found, "size": m.size}
            | pile_place(m.group, m.choice)
            for label, count in zip(labels, counts, strict=True)
            for m in count.piles.mismatches()
        ],
        "locked": "final",
        # The header of the Board's form, as the tables' sheets state it.
        "type": document.get("type"),
        "unit": document.get("unit"),
        **({"rerun_of": document["rerun_of"]} if "rerun_of" in document else {}),
        # Not stated on a consolidation yet: its time is kept in UTC, not the count's day.
        "objections_due": None,
        "objections_from": None,
        # Only final sheets are consolidated: every table's envelope stage has ended.
        "stage": "ballots",
        "envelopes": document.get("envelopes"),
        "statements": document["statements"],
        "events": sum(table["head"]["seq"] for table in document["tables"]),
        "head": None,  # each table has its own: see `tables`
        **kinds_summary(document, by_party),  # RD, RM, several unions: as `station tally`
        **_groups_summary(document, folder),  # voting groups and their units, on the sums
        "tables": [
            {
                "label": table["label"],
                "counted": table["counted"],
                "ballots": table["ballots"],
                "for": table["lines"]["3"],
                "against": table["lines"]["4"],
                "void": table["lines"]["2"],
                "challenged": table["lines"]["6"],
                # Several unions: the table's votes by choice; by mail: its envelopes.
                **{key: table[key] for key in ("choices", "envelopes") if key in table},
                "events": table["head"]["seq"],
                "head": table["head"]["hash"],
                "key": table["key"],
                "folder": table["folder"],
            }
            for table in document["tables"]
        ],
    }


def summed_group_tallies(
    document: dict[str, Any], folder: Path
) -> tuple[Ballot, tuple[GroupTally, ...], tuple[UnitResult, ...]] | None:
    """An election of voting groups: its ballot, each group's figures on the sums, as
    the consolidation states them, and the units they decide (None for an election of
    one group)."""
    if "groups" not in document:
        return None
    folders = [folder / str(table["folder"]) for table in document["tables"]]
    setup, _row = table_setup(folders[0])
    form = ballot_form(setup)
    tallies = tuple(figures_stated(entry, form) for entry in document["groups"])
    # Each group's box is every table's box of it, not the first table's.
    boxes = [_group_boxes(table) for table in folders]
    groups = tuple(
        dataclasses.replace(spec, ballots=_sum_known(box.get(spec.key) for box in boxes))
        for spec in setup.ballot.groups
    )
    ballot = dataclasses.replace(setup.ballot, groups=groups)
    # Only final sheets are consolidated: the count is over.
    found = units(groups, tallies, form.unions, declared=True)
    return ballot, tallies, found


def _group_boxes(table: Path) -> dict[str, int | None]:
    """Each voting group's ballots to count at one table: its box as set up, or by mail
    its envelopes' (None where not known)."""
    setup, _row = table_setup(table)
    boxes: dict[str, int | None] = {spec.key: spec.ballots for spec in setup.ballot.groups}
    if setup.mail:
        boxes.update(table_count(table).group_boxes() or {})
    return boxes


def _sum_known(numbers: Iterable[int | None]) -> int | None:
    """The sum, or None if any is not known."""
    known = list(numbers)
    return None if None in known else sum(n or 0 for n in known)


def _groups_summary(document: dict[str, Any], folder: Path) -> dict[str, object]:
    found = summed_group_tallies(document, folder)
    return {} if found is None else groups_json_of(*found)


def _form_ballot(document: dict[str, Any]) -> FormBallot:
    """The ballot of the consolidation's lines (its union named in its election)."""
    return FormBallot.of_sheet({**document, "union": document["election"]["union"]})


def unions_of(document: dict[str, Any]) -> tuple[str, ...]:
    """Every union on the ballot the consolidation sums, in ballot order."""
    ballot = _form_ballot(document)
    return ballot.choices[: ballot.unions] if ballot.several else (ballot.union,)


def kinds_summary(document: dict[str, Any], by_party: dict[str, int]) -> dict[str, object]:
    """What `station tally --json` adds for an election not plain RC (cli/kinds.py), here
    from the consolidation's facts: each was computed on the sums, never taken from a
    table."""
    if "parties" not in document:
        return {}
    kind = case_kind(str(document["election"]["case"]))
    summary: dict[str, object] = {"kind": kind.value, "parties": document["parties"]}
    if "runoff_of" in document:
        summary["runoff_of"] = document["runoff_of"]
    if kind.union_role is not Role.PETITIONER:  # RD, RM: the union is no petitioner
        summary["challenges_by_party"] = {
            ("union" if party == "petitioner" else party): n for party, n in by_party.items()
        }
    if "choices" not in document:
        return summary
    votes = [int(choice["votes"]) for choice in document["choices"]]
    unions = sum(1 for line in document["lines"] if line[0] == "3" and line != "3")  # 3a, 3b…
    decided = not document["lines"]["8"]  # every ballot counted: only challenges swing it
    return summary | {
        "choices": document["choices"],
        "majority_for": document["majority_for"],
        "runoff": document["runoff"],
        "rerun": document["rerun"],
        "union_leads": result(votes, unions).certified is not None,
        "result_decided": decided,
        "outcome_so_far": "decided" if decided else "undecided",
        "statements": {"runoff": None, **document["statements"]},
    }


def summary_lines(summary: dict[str, Any], document: dict[str, Any]) -> list[str]:
    """The consolidated tally as `station tally` prints a table's (every union named),
    the agent who certifies it, then each table."""
    agent = document.get("agent")
    ballots = summary["ballots"]
    counted = f"{summary['counted']:,}" + (f" of {ballots:,}" if isinstance(ballots, int) else "")
    tables = summary["tables"]
    lines = [
        f"Case {summary['case']}: {' / '.join([summary['employer'], *unions_of(document)])}"
        f" ({tables_counted_statement(len(tables))})",
        *([f"Board agent:                           {agent}"] if agent else []),
        f"Ballots counted:                       {counted}",
        f"Void ballots:                          {summary['void']:,}",
        *choice_lines(summary),  # FOR and AGAINST (the union's role), or a line per choice
        f"Valid votes counted:                   {summary['valid']:,}",
        f"Challenged ballots:                    {summary['challenged']:,}",
        f"Valid votes plus challenged ballots:   {summary['valid_plus_challenged']:,}",
        summary["statements"]["8"],
        summary["statements"]["9"],
        *([summary["statements"]["runoff"]] if summary["statements"].get("runoff") else []),
        *_envelopes_line(summary["envelopes"]),
    ]
    for table in tables:
        lines.append(
            f"{table_title(table['label'])}: {table['counted']:,} counted, {_votes(table)},"
            f" {table['void']:,} void, {table['challenged']:,}"
            f" challenged; {how_many(table['events'], 'event')}, head {table['head'][:16]},"
            f" key {table['key']}"
        )
    return lines


def _votes(table: dict[str, Any]) -> str:
    """A table's votes: FOR and AGAINST, or each choice's on a ballot of several unions."""
    if table.get("choices"):
        return ", ".join(f"{c['name']} {int(c['votes']):,}" for c in table["choices"])
    return f"{table['for']:,} FOR, {table['against']:,} AGAINST"


def _envelopes_line(figures: dict[str, int] | None) -> list[str]:
    """The tables' envelope figures summed, as `station tally` words a table's."""
    if not figures:
        return []
    return [
        f"Envelopes (every table's stage ended): {figures['returned']:,} returned,"
        f" {figures['accepted']:,} accepted, {figures['challenged']:,} challenged,"
        f" {figures['void']:,} void, {figures['late']:,} late"
    ]


__all__ = ["ConsolidationError", "add_consolidate_parser", "cmd_consolidate"]
