"""`station new --revised-of CONSOLIDATION`: the revised count of a count run at several
tables, made from their consolidation (`station/domain/tables_revision.py`), and what
`station verify --tables` holds such a count's Revised Tally to."""

import argparse
import json
from dataclasses import replace
from pathlib import Path

from station.cli.challenges import consolidation_register
from station.cli.common import UsageError
from station.cli.first_key import Signer, given_keys, signed_statement
from station.cli.kinds import first_from_consolidation, taken_from_first
from station.domain import ElectionSetup
from station.domain.table_statements import (
    revised_of_kind_statement,
    revised_of_not_consolidation_statement,
    revised_of_nothing_statement,
)
from station.domain.tables_revision import CarriedChallenge, TablesRevision
from station.domain.voters import VoterList

REVISED_OF_ALONE = (
    "--revised-of makes the revised count of an election's tables: not a runoff or a rerun"
)


def revised_of_setup(args: argparse.Namespace, voters: VoterList | None = None) -> ElectionSetup:
    """The revised count of a count run at several tables, from their consolidation,
    checked whole first with every table's export: the tables' election (its case,
    parties, ballot and eligible voters), carrying the consolidated lines and the
    election's register of every table's challenges under one numbering
    (`tables_revision.py`). The decision and the opened ballots are its own events."""
    if args.runoff_of is not None or getattr(args, "rerun_of", None) is not None:
        raise UsageError(REVISED_OF_ALONE)
    taken_from_first(args, "--revised-of")
    folder = args.revised_of
    own = [
        option
        for option, given in (
            ("--eligible", args.eligible),
            ("--ballots", args.ballots),
            ("--table", getattr(args, "table", None)),
            ("--mail", voters is not None),
            ("--group", getattr(args, "group", [])),
            ("--type", getattr(args, "election_type", None)),
            ("--unit", getattr(args, "unit", None)),
        )
        if given not in (None, [], False)
    ]
    if own:
        raise UsageError(
            "--revised-of takes the election from its tables' consolidation; leave out"
            f" {', '.join(own)}"
        )
    first, revision, signers = _revision(folder)
    args.first_signed = signed_statement(folder, signers, given_keys(args))
    checked = ElectionSetup.validated(  # the agent and the pile, as typed
        case_number=first.case_number,
        employer=first.employer,
        union=first.union,
        eligible=first.eligible,
        agent=args.agent or first.agent,
        pile=args.pile,
    )
    return replace(
        first,
        ballots=None,
        table=None,
        agent=checked.agent,
        pile=checked.pile,
        choices=replace(first.ballot, revised_of_tables=revision),
    )


def revision_of(folder: Path, option: str = "--revised-of") -> tuple[ElectionSetup, TablesRevision]:
    """The tables' election (the first table's setup, without its label) and what a
    revised count of them carries, from their consolidation checked whole first with
    every table's export (`station new --revised-of`, and `station verify --tables`,
    which holds a Revised Tally's carried facts to these). Raises UsageError in one line
    naming `option`, the option `folder` was given to.
    """
    first, revision, _signers = _revision(folder, option)
    return first, revision


def _revision(
    folder: Path, option: str = "--revised-of"
) -> tuple[ElectionSetup, TablesRevision, tuple[Signer, ...]]:
    """`revision_of`, and the tables' keys that signed it, for `station new` to hold."""
    if not folder.is_dir():
        raise UsageError(revised_of_not_consolidation_statement(str(folder), option))
    from station.sheet.verify_consolidation import is_consolidation

    if not is_consolidation(folder):
        raise UsageError(revised_of_not_consolidation_statement(str(folder), option))
    held = first_from_consolidation(folder)
    first = held.setup
    if first.ballot.groups or first.mail:
        raise UsageError(revised_of_kind_statement(str(folder)))
    register = consolidation_register(folder)
    rows = register.document["challenges"]
    consolidated = json.loads((folder / "tally.json").read_bytes())  # verified whole above
    original = held.tally
    assert original is not None  # a consolidation's lines
    revision = TablesRevision(
        held.head,
        original,
        tuple(
            CarriedChallenge(
                int(row["number"]),
                str(row["table"]),
                int(row["table_number"]),
                None if row["party"] is None else str(row["party"]),
                str(row["status"]),
                None if row.get("reason") is None else str(row["reason"]),
                None if row.get("note") is None else str(row["note"]),
            )
            for row in rows
        ),
        _prepared(folder, consolidated.get("prepared")),
    )
    problem = revision.problem()
    if problem:
        raise UsageError(f"{folder}: {problem}")
    if not original.challenged:
        raise UsageError(revised_of_nothing_statement(str(folder)))
    return first, revision, held.signers


def _prepared(folder: Path, prepared: object) -> str:
    """When the consolidated tally was prepared: objections ran from that day."""
    if not isinstance(prepared, str):
        raise UsageError(
            f"{folder}: its consolidated tally states no time prepared, from which"
            " objections run: consolidate the tables' exports again"
        )
    return prepared
