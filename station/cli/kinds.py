"""Kinds of case, several unions and runoffs on the command line.

`station new`'s options for the ballot and the parties (`--union` repeated,
`--intervenor`, `--petitioner`, `--neither`, `--runoff-of`), and what `station tally`
adds for a ballot of several unions. A one-union election prints and stores exactly
what it always did.
"""

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from station.cli.common import UsageError, figure_lines, open_to_read, restored_count, say
from station.cli.first_key import Signer, given_keys, no_key_for_file, signed_statement
from station.domain import Count, ElectionSetup, SheetKind
from station.domain.choices import Ballot, ElectionType, PartyRole, RerunCause, Role, case_kind
from station.domain.description import describe
from station.domain.election import groups_held_again, voting_groups
from station.domain.election_facts import party_facts
from station.domain.election_statements import (
    choices_phrase,
    empty_option_statement,
    held_again_statement,
    rerun_statement,
    runoff_determinative_statement,
    runoff_of_statement,
    runoff_of_table_statement,
    withdrawn_statement,
)
from station.domain.group_sheet import units_said
from station.domain.group_statements import (
    group_figures_statement,
    groups_sequel_statement,
    inclusion_statement,
    unit_statement,
)
from station.domain.groups import (
    GroupSpec,
    GroupTally,
    UnitResult,
    group_json,
    inclusion_settled,
    totals,
    unit_json,
)
from station.domain.result_statements import decided_line, result_lines
from station.domain.runoff import Result, determinative, final_result, result, several_unions
from station.domain.statements import box_for_result
from station.domain.table_statements import revised_created_statement, table_title
from station.domain.tally import Tally
from station.domain.tally_form import Figures, FormBallot, eligible_majority
from station.domain.voters import VoterList

_REQUIRED = ("case", "employer", "union", "eligible")


def add_new_options(new: argparse.ArgumentParser) -> None:
    """The options of `station new` for the kind of case, the parties and the ballot."""
    new.add_argument(
        "--petitioner",
        metavar="NAME",
        help="RD case: the employee or group of employees petitioning",
    )
    new.add_argument(
        "--intervenor",
        action="append",
        default=[],
        metavar="NAME",
        help="an intervening union, on the ballot after the unions (repeatable)",
    )
    new.add_argument(
        "--incumbent",
        metavar="NAME",
        help="the union that represents the existing unit: a union on the ballot, or with"
        " --self-determination the one representing the unit the group could join",
    )
    new.add_argument(
        "--neither",
        metavar="TEXT",
        help='the ballot\'s own wording of the "Neither" choice (default: Neither)',
    )
    new.add_argument(
        "--runoff-of",
        type=Path,
        metavar="FILE_OR_EXPORT",
        help="make the runoff (29 CFR 102.70) of this election, from its final tally"
        " (an election file, an export, or a consolidation of its tables)",
    )
    new.add_argument(
        "--revised-of",
        type=Path,
        metavar="CONSOLIDATION",
        help="make the revised count of a count run at several tables, from their"
        " consolidation: the challenges decided once, the opened ballots counted together",
    )
    new.add_argument(
        "--rerun-of",
        type=Path,
        metavar="FILE_OR_EXPORT",
        help="make the rerun of this election (set aside): its case, parties and choices",
    )
    new.add_argument(
        "--key",
        action="append",
        default=[],
        metavar="FINGERPRINT",
        help="with --runoff-of, --rerun-of or --revised-of: the key that signed the first"
        " election's export, as written on its signed sheet (repeat for each table's key);"
        " not needed for this station's own key",
    )
    new.add_argument(
        "--withdrawn",
        action="append",
        default=[],
        metavar="NAME",
        help="a union that withdrew from the ballot (refused, saying what to do instead)",
    )
    new.add_argument(
        "--type",
        dest="election_type",
        metavar="|".join(kind.value for kind in ElectionType),
        help="the type of election, as the tally names it",
    )
    new.add_argument(
        "--unit", metavar="TEXT", help="the unit, as in the petition or agreement (printed)"
    )
    new.add_argument(
        "--group",
        action="append",
        default=[],
        metavar="KEY=NAME",
        help='a voting group, counted and tallied on its own (repeatable): "A=Professional'
        ' employees"; each needs --eligible KEY=N',
    )
    new.add_argument(
        "--sonotone",
        action="append",
        default=[],
        metavar="KEY",
        help="this group votes the professionals' two-question ballot (Sonotone): pooled"
        " with the other group if a majority votes for inclusion",
    )
    new.add_argument(
        "--self-determination",
        action="append",
        default=[],
        metavar="KEY",
        help="this group's votes decide only whether it joins the existing unit",
    )


def new_setup(args: argparse.Namespace, voters: VoterList | None = None) -> ElectionSetup:
    """The setup `station new` was given (raises UsageError or SetupError in one line);
    `voters`: a mail ballot's voter list, whose length is the eligible voters by default."""
    for name in ("table", "neither"):  # "" would silently mean "none" or "the default"
        given = getattr(args, name, None)
        if given is not None and not given.strip():
            raise UsageError(empty_option_statement(name))
    if getattr(args, "withdrawn", []):
        sequel = "runoff" if args.runoff_of is not None else None
        if getattr(args, "rerun_of", None) is not None:
            sequel = "rerun"
        raise UsageError(withdrawn_statement(sequel))
    groups = _groups(args, voters)
    if args.runoff_of is not None and getattr(args, "rerun_of", None) is not None:
        raise UsageError("--runoff-of and --rerun-of: an election is a runoff or a rerun, not both")
    if args.runoff_of is not None:
        return runoff_setup(args, voters)
    if getattr(args, "rerun_of", None) is not None:
        return rerun_setup(args, voters)
    required = [name for name in _REQUIRED if not (name == "eligible" and voters is not None)]
    missing = [f"--{name}" for name in required if getattr(args, name) in (None, [])]
    if missing:
        raise UsageError(
            f"the following arguments are required: {', '.join(missing)} (see `station new --help`)"
        )
    return ElectionSetup.validated(
        case_number=args.case,
        employer=args.employer,
        union=args.union[0],
        unions=args.union[1:],
        intervenors=args.intervenor,
        petitioner=args.petitioner,
        neither=args.neither,
        eligible=len(voters) if voters is not None and args.eligible is None else args.eligible,
        ballots=args.ballots,
        agent=args.agent,
        pile=args.pile,
        table=args.table,
        mail=voters is not None,
        polls=args.polls,
        election_type=getattr(args, "election_type", None),
        unit=getattr(args, "unit", None),
        groups=groups,
        incumbent=getattr(args, "incumbent", None),
    )


def _groups(args: argparse.Namespace, voters: VoterList | None = None) -> tuple[GroupSpec, ...]:
    """The voting groups given (`--group`, `--eligible KEY=N`, …), and `args.eligible` and
    `args.ballots` as one number each, as every other kind of election reads them."""
    named = getattr(args, "group", [])
    eligible, ballots = args.eligible or [], args.ballots or []
    sonotone = getattr(args, "sonotone", [])
    deciding = getattr(args, "self_determination", [])
    if not named:
        # A rerun's groups are its first election's: `rerun_setup` reads these as typed.
        args.held_again = (list(eligible), list(ballots))
        held_again = getattr(args, "rerun_of", None) is not None
        for option, given in (("--eligible", eligible), ("--ballots", ballots)):
            if not held_again and any("=" in value for value in given):
                raise UsageError(f"{option} KEY=N gives a voting group's number: add --group")
        if sonotone or deciding:
            option = "--sonotone" if sonotone else "--self-determination"
            raise UsageError(f"{option} names a voting group: add --group KEY=NAME for each")
        # Given twice, the last one counts, as it always did.
        args.eligible = eligible[-1] if eligible else None
        args.ballots = ballots[-1] if ballots else None
        return ()
    for option, sequel in (("runoff_of", "runoff"), ("rerun_of", "rerun")):
        if getattr(args, option, None) is not None:
            flag = "--" + option.replace("_", "-")
            raise UsageError(groups_sequel_statement(f"--group with {flag}", sequel))
    if voters is not None:  # by mail: each group's eligible voters are its voters listed
        given = {value.partition("=")[0].strip().upper() for value in eligible}
        sizes = voters.group_sizes()
        eligible = [*eligible, *(f"{key}={n}" for key, n in sizes.items() if key not in given)]
    groups = voting_groups(named, eligible, ballots, sonotone, deciding)
    eligible_total, ballots_total = totals(groups)
    args.eligible = str(eligible_total)
    args.ballots = None if ballots_total is None else str(ballots_total)
    return groups


def group_keys(args: argparse.Namespace) -> tuple[str, ...]:
    """The keys of the voting groups `--group KEY=NAME` gives (for the voter list's
    `group` column), as typed; `voting_groups` checks them."""
    named = getattr(args, "group", [])
    return tuple(text.partition("=")[0].strip().upper() for text in named if "=" in text)


def runoff_setup(args: argparse.Namespace, voters: VoterList | None = None) -> ElectionSetup:
    """The runoff of the election in `args.runoff_of`, from its final tally sheet.

    The Regional Director may order who is eligible (102.70(b): those eligible in the
    first election and still in an eligible category) and a mail runoff: `--eligible`
    and `--mail --voters` are the runoff's own; everything else is the first election's.
    """
    taken_from_first(args, "--runoff-of")
    held = _first_election(args.runoff_of, given_keys(args))
    args.first_signed = held.signed
    if held.setup.ballot.groups:
        raise UsageError(groups_sequel_statement(str(args.runoff_of), "runoff"))
    first = held.setup
    if first.table is not None:  # the result is stated only on the tables together
        raise UsageError(runoff_of_table_statement(str(args.runoff_of), first.table))
    ballot = first.ballot
    if ballot.runoff_of is not None:
        raise UsageError(
            f"{args.runoff_of}: is itself a runoff; only one runoff is held (29 CFR 102.70(a))"
        )
    votes = held.votes
    outcome, decisive = final_result(
        votes, len(ballot.unions), held.challenged, first.eligible, ballot.further
    )
    if decisive:  # the challenged ballots could change the runoff, or call for none
        raise UsageError(runoff_determinative_statement(str(args.runoff_of)))
    if outcome.runoff is None:
        raise UsageError(
            f"{args.runoff_of}: its final tally calls for no runoff ({_why_not(outcome)})"
        )
    pair = [ballot.choices[index] for index in outcome.runoff]
    unions = [name for name in pair if name in ballot.unions]
    # Every party of the first election stays a party of its runoff (29 CFR
    # 102.69(a)(7)); a union the runoff leaves off keeps its role and its observers.
    others = [
        *(PartyRole(ballot.union_role(i), name) for i, name in enumerate(ballot.unions)),
        *ballot.others,
    ]
    setup = ElectionSetup.validated(
        case_number=first.case_number,
        employer=first.employer,
        union=unions[0],
        unions=unions[1:],
        intervenors=[name for name in unions if name in ballot.intervenors],
        petitioner=ballot.petitioner,
        neither=ballot.neither,
        runoff_neither=not several_unions(len(unions)),
        runoff_of=held.head,
        runoff_date=held.count_date,
        others=[party for party in others if party.name not in unions],
        eligible=_runoff_eligible(args.eligible, voters, first.eligible),
        ballots=args.ballots,
        agent=args.agent or first.agent,
        pile=args.pile,
        mail=voters is not None,
        polls=args.polls,
        incumbent=ballot.incumbent if ballot.incumbent in unions else None,
        **_form_of(args, ballot),
    )
    # A runoff's voters are those eligible in the first election who still are (29 CFR
    # 102.70(b)), so never more of them; a rerun's list is drawn anew and may be longer.
    if setup.eligible > first.eligible:
        where = "--eligible" if args.eligible is not None else "the voter list"
        raise UsageError(
            f"{where} gives the runoff {setup.eligible:,} eligible voters, but the election"
            f" of {args.runoff_of} had {first.eligible:,}: a runoff's voters are those"
            " eligible in the first election who still are (29 CFR 102.70(b))"
        )
    return setup


def rerun_setup(args: argparse.Namespace, voters: VoterList | None = None) -> ElectionSetup:
    """The election held again after the one in `args.rerun_of`: the same case, parties
    and choices, on a ballot of its own; its own eligible voters if given (`--eligible`,
    `--mail --voters`), else the first election's.

    Its final tally says which it is: where its votes split so that no runoff can be
    held (29 CFR 102.70(d)), the first election is a nullity and this is the one further
    election the rule allows; otherwise the first was set aside on objections and this is
    a rerun (the third election, when the first was itself held again). A further election split
    again ends with its results certified, so what follows it is a rerun too.
    """
    taken_from_first(args, "--rerun-of")
    held = _first_election(args.rerun_of, given_keys(args))
    args.first_signed = held.signed
    first = held.setup
    if first.table is not None:  # the election is every table together
        raise UsageError(runoff_of_table_statement(str(args.rerun_of), first.table, "a rerun"))
    ballot = first.ballot
    if ballot.groups:
        return _groups_rerun(args, held, voters)
    for option, given in zip(("--eligible", "--ballots"), _held_again(args), strict=True):
        if any("=" in value for value in given):
            raise UsageError(
                f"{option} KEY=N gives a voting group's number, and the election of"
                f" {args.rerun_of} has no voting groups: give {option} N"
            )
    outcome, decisive = final_result(
        held.votes, len(ballot.unions), held.challenged, first.eligible, ballot.further
    )
    if outcome.rerun and decisive:  # whether it is a nullity turns on its challenges
        raise UsageError(runoff_determinative_statement(str(args.rerun_of), "further election"))
    cause = RerunCause.NULLITY if outcome.rerun else RerunCause.OBJECTIONS
    held_again = {"case": first.case_number, "date": held.count_date, "head": held.head}
    held_again["cause"] = cause.value
    if ballot.held_number + 1 > 2:
        held_again["number"] = str(ballot.held_number + 1)
    return ElectionSetup.validated(
        case_number=first.case_number,
        employer=first.employer,
        union=ballot.unions[0],
        unions=ballot.unions[1:],
        intervenors=ballot.intervenors,
        petitioner=ballot.petitioner,
        neither=ballot.neither,
        runoff_neither=ballot.neither is not None,
        runoff_of=ballot.runoff_of,
        runoff_date=ballot.runoff_date,
        others=ballot.others,
        eligible=_runoff_eligible(args.eligible, voters, first.eligible),
        ballots=args.ballots,
        agent=args.agent or first.agent,
        pile=args.pile,
        mail=voters is not None,
        rerun_of=held_again,
        incumbent=ballot.incumbent,
        **_form_of(args, ballot),
    )


def _groups_rerun(
    args: argparse.Namespace, held: "FirstElection", voters: VoterList | None
) -> ElectionSetup:
    """The rerun of an election of voting groups set aside: its groups again. It is held
    on an eligibility date of its own, so `--eligible KEY=N` gives a group's eligible
    voters now (and `--ballots KEY=N` its box); a group not named keeps the eligible
    voters it had. With several unions on the ballot, whether a unit's split vote makes
    this the further election of 29 CFR 102.70(d) for that unit alone is not settled
    here, so Station makes none."""
    first = held.setup
    ballot = first.ballot
    if ballot.several:
        raise UsageError(groups_sequel_statement(str(args.rerun_of), "rerun"))
    if voters is not None:
        raise UsageError(
            f"{args.rerun_of}: Station makes no mail-ballot rerun of an election of voting"
            " groups; leave out --mail"
        )
    keys = ", ".join(spec.key for spec in ballot.groups)
    for option, given in zip(("--eligible", "--ballots"), _held_again(args), strict=True):
        if any("=" not in value for value in given):
            raise UsageError(
                f"{args.rerun_of}: an election of voting groups: give each group's figure as"
                f" {option} KEY=N (groups {keys})"
            )
    rerun_of = {"case": first.case_number, "date": held.count_date, "head": held.head}
    rerun_of["cause"] = RerunCause.OBJECTIONS.value
    if ballot.held_number + 1 > 2:
        rerun_of["number"] = str(ballot.held_number + 1)
    groups = groups_held_again(ballot.groups, *_held_again(args))
    eligible, ballots = totals(groups)
    return ElectionSetup.validated(
        case_number=first.case_number,
        employer=first.employer,
        union=ballot.unions[0],
        intervenors=ballot.intervenors,
        petitioner=ballot.petitioner,
        neither=ballot.neither,
        eligible=eligible,
        ballots=ballots,
        agent=args.agent or first.agent,
        pile=args.pile,
        rerun_of=rerun_of,
        groups=groups,
        incumbent=ballot.incumbent,
        **_form_of(args, ballot),
    )


def _held_again(args: argparse.Namespace) -> tuple[list[str], list[str]]:
    """`--eligible` and `--ballots` as typed, for a rerun (`_groups` keeps them)."""
    held_again: tuple[list[str], list[str]] = getattr(args, "held_again", ([], []))
    return held_again


def taken_from_first(args: argparse.Namespace, option: str) -> None:
    given = [
        f"--{name}"
        for name in (*_REQUIRED, "petitioner", "neither", "incumbent")
        if name != "eligible" and getattr(args, name, None) not in (None, [])
    ] + (["--intervenor"] if args.intervenor else [])
    if given:
        raise UsageError(
            f"{option} takes the case, the parties and the ballot from the first"
            f" election; leave out {', '.join(given)}"
        )


def _form_of(args: argparse.Namespace, first: Ballot) -> dict[str, Any]:
    """The type of election and the unit: as given, else the first election's."""
    given_type = getattr(args, "election_type", None)
    kind = first.election_type
    return {
        "election_type": given_type or (None if kind is None else kind.value),
        "unit": getattr(args, "unit", None) or first.unit,
    }


def _runoff_eligible(given: object, voters: VoterList | None, first: int) -> object:
    """The runoff's eligible voters: as ordered (`--eligible`), else the mail ballot's
    voter list, else the first election's."""
    if given is not None:
        return given
    return len(voters) if voters is not None else first


def _why_not(outcome: Result) -> str:
    if outcome.rerun:
        return (
            "the election is void and a further election is held with every choice"
            " (station new --rerun-of), 102.70(d)"
        )
    if outcome.split_again:
        return "this further election split again: no other is held, 102.70(d)"
    if outcome.exception:
        return "no runoff where two choices tie and another has no votes, 102.70(d)"
    return "a choice has a majority"


@dataclass(frozen=True)
class FirstElection:
    """The election a runoff or a rerun follows, as its final tally states it.

    Attributes:
        setup: its setup (a count at several tables: the first table's, without its label).
        votes: each choice's votes (FOR and AGAINST with one union).
        challenged: its challenged ballots (line 6).
        head: what certifies it: "EVENTS:HASH" of the event its final sheet certifies,
            or for a consolidation "tables SHA256" of the consolidation's `tally.json`.
        count_date: the day (or days) it was counted.
        tally: a consolidation's lines, its tables' summed (None for one file's).
        signers: the signed sheets it rests on and their keys (none for a file).
        signed: which key signed them, as `station new` prints it once the file is
            made (None for a file, or before the keys are checked).
    """

    setup: ElectionSetup
    votes: tuple[int, ...]
    challenged: int
    head: str
    count_date: str
    tally: Tally | None = None
    signers: tuple[Signer, ...] = ()
    signed: str | None = None


def _first_election(path: Path, keys: tuple[str, ...]) -> FirstElection:
    """The first election's setup, its final figures and the certified head; an export
    or a consolidation checked whole, and held to this station's key or to `keys`
    (`first_key.py`)."""
    if path.is_dir():
        from station.sheet.verify_consolidation import is_consolidation

        held = (
            first_from_consolidation(path) if is_consolidation(path) else _first_from_export(path)
        )
        return replace(held, signed=signed_statement(path, held.signers, keys))
    no_key_for_file(path, keys)
    journal = open_to_read(path)
    try:
        count, _head = restored_count(journal)
        sheet = count.locked_by
        if sheet is None or sheet.kind is not SheetKind.FINAL:
            raise UsageError(
                f"{path}: has no final tally sheet locking its count; a runoff or a rerun"
                " follows the final tally of the first election"
            )
        record = journal.record(sheet.head)
        signed = journal.record(sheet.seq)
        assert record is not None and signed is not None  # a sheet certifies its journal
        return FirstElection(
            journal.election.setup,
            count.choice_votes(),
            count.tally.challenged,
            f"{sheet.head}:{record.hash}",
            str(signed.details().get("count_date", signed.utc[:10])),
        )
    finally:
        journal.close()


def _first_from_export(folder: Path) -> FirstElection:
    """The same from a signed export, checked whole first (as `verify FOLDER` does)."""
    import json

    from station.journal.records import Record, election_from_row
    from station.sheet.verify_export import verify_export

    verdict = verify_export(folder)
    if not verdict.ok:
        raise UsageError(f"{folder}: is not an intact export ({verdict.problem})")
    with (folder / "journal.jsonl").open("rb") as lines:
        election = election_from_row(json.loads(lines.readline())["election"], folder)
        count = Count.for_setup(election.setup)
        for line in lines:
            row = json.loads(line)
            count.apply(Record(**row).event())
    sheet = count.locked_by
    if sheet is None or sheet.kind is not SheetKind.FINAL:
        raise UsageError(f"{folder}: is not the export of a final tally sheet")
    assert verdict.document is not None
    return FirstElection(
        election.setup,
        count.choice_votes(),
        count.tally.challenged,
        f"{verdict.head_seq}:{verdict.head_hash}",
        str(verdict.document["sheet"]["count_date"]),
        signers=(Signer("", str(verdict.key)),),
    )


def first_from_consolidation(folder: Path) -> FirstElection:
    """The election counted at several tables, from their consolidation, checked whole
    first with every table's export (as `verify FOLDER` does): the tables' sums, and
    each table's key as its consolidation names it (checked against its export), for
    the caller to hold (`first_key.py`)."""
    import hashlib

    from station.domain.consolidation import summed_tally
    from station.sheet.consolidated_election import table_setup
    from station.sheet.verify_consolidation import verify_consolidation
    from station.verification.consolidated import TableSheet

    verdict = verify_consolidation(folder)
    if not verdict.ok or verdict.document is None:
        raise UsageError(f"{folder}: is not an intact consolidation ({verdict.problem})")
    document = verdict.document
    rows = document["tables"]
    setup, _row = table_setup(folder / str(rows[0]["folder"]))
    setup = replace(setup, table=None)
    tables = [
        TableSheet(str(folder), row["folder"], _table_document(folder, row), row["key"], setup, {})
        for row in rows
    ]
    tally: Tally = summed_tally([table.lines() for table in tables])
    dates = sorted({str(table.document["sheet"]["count_date"]) for table in tables})
    digest = hashlib.sha256((folder / "tally.json").read_bytes()).hexdigest()
    return FirstElection(
        setup,
        Figures(setup.eligible, tally).votes,
        tally.challenged,
        f"tables {digest}",
        dates[0] if len(dates) == 1 else f"{dates[0]} to {dates[-1]}",
        tally,
        tuple(Signer(table_title(str(row["label"])), str(row["key"])) for row in rows),
    )


def _table_document(folder: Path, row: dict[str, object]) -> dict[str, object]:
    import json

    result: dict[str, object] = json.loads(
        (folder / str(row["folder"]) / "tally.json").read_text("utf-8")
    )
    return result


def choices_summary(setup: ElectionSetup, count: Count) -> dict[str, object]:
    """What `station tally --json` adds for a ballot of several unions."""
    ballot = setup.ballot
    tally = count.tally
    votes = count.choice_votes()
    unions = len(ballot.unions)
    # The same lines 8-9 and 102.70 line as the dashboard's (one table: not stated).
    said = result_lines(setup, tally, count.locked_by)
    outcome, majority = said.outcome, said.majority_for
    remaining = tally.remaining(box_for_result(tally, setup.ballots, count.locked_by))
    swing = tally.challenged + (remaining or 0)
    decided = remaining is not None and not determinative(votes, unions, swing)
    return {
        "choices": [
            {"name": name, "votes": vote} for name, vote in zip(ballot.choices, votes, strict=True)
        ],
        "majority_for": None if majority is None else ballot.choices[majority],
        "runoff": (
            None
            if outcome is None or outcome.runoff is None
            else {"between": [ballot.choices[index] for index in outcome.runoff]}
        ),
        "rerun": bool(outcome and outcome.rerun),
        "challenges_determinative": said.decisive,
        "majority_for_union": majority is not None and majority < unions,
        "union_leads": result(votes, unions).certified is not None,
        "result_decided": decided,
        "outcome_so_far": "decided" if decided else "undecided",
        "statements": {"8": said.challenges, "9": said.majority, "runoff": said.runoff},
    }


def roles_summary(setup: ElectionSetup) -> dict[str, object]:
    """The kind of case and the parties by role, for every election not plain RC."""
    ballot = setup.ballot
    summary: dict[str, object] = {
        "kind": ballot.kind.value,
        "parties": party_facts(ballot),
    }
    if ballot.runoff_of is not None:
        summary["runoff_of"] = ballot.runoff_of
    if ballot.runoff_date is not None:
        summary["runoff_date"] = ballot.runoff_date
    return summary


def shows_roles(setup: ElectionSetup) -> bool:
    """Whether `tally` names the parties by role: any election but the plain RC one."""
    return setup.choices is not None or setup.ballot.kind.union_role is not Role.PETITIONER


def created_note(setup: ElectionSetup) -> str:
    """What `station new` adds to its line: the ballot's choices, for every election
    alike (a plain RC ballot's too, so that no line leaves the user to guess them), and
    what else the election is (a runoff, a rerun, piles); for a revised count of
    tables, what it carries."""
    ballot = setup.ballot
    if ballot.revised_of_tables is not None:
        return f"; {revised_created_statement(ballot.revised_of_tables)}"
    runoff = (
        f"; r{runoff_of_statement(setup.case_number, ballot.runoff_date)[1:]}"
        if ballot.runoff_of
        else ""
    )
    if ballot.rerun_of is not None:
        runoff += f"; {rerun_statement(ballot)[0].lower()}{rerun_statement(ballot)[1:]}"
    if ballot.others:
        off = ", ".join(party.label for party in ballot.others)
        runoff += f"; still a party, not on the ballot: {off}"
    piles = ""
    if setup.pile and (ballot.several or ballot.groups):
        piles = f"; piles of {setup.pile:,} ballots" + (
            " for each choice" if ballot.several else ""
        )
        piles += ", kept in each voting group's box" if ballot.groups else ""
    question = describe(setup).ballot
    if question.majority_of_eligible:  # YES and NO, on rescinding the union's authority
        return f"; choices: {', '.join(question.names)} on: {question.words}{runoff}"
    return f"; choices: {choices_phrase(ballot)}{runoff}{piles}"


def pile_place(group: str | None, choice: int | None) -> dict[str, object]:
    """Where a pile is in `tally --json`: its voting group's box and, on a ballot of
    several unions, its union's place on the ballot (neither key where there is none)."""
    return ({} if group is None else {"group": group}) | (
        {} if choice is None else {"choice": choice}
    )


def kinds_summary(setup: ElectionSetup, count: Count) -> dict[str, object]:
    """What `station tally --json` adds to a one-union RC election's keys (none for it)."""
    summary: dict[str, object] = {}
    if shows_roles(setup):
        summary.update(roles_summary(setup))
    if setup.ballot.several:
        summary.update(choices_summary(setup, count))
    if describe(setup).ballot.majority_of_eligible:
        summary.update(eligible_summary(setup, count))
    return summary


def eligible_summary(setup: ElectionSetup, count: Count) -> dict[str, object]:
    """What `station tally --json` says of a question decided by a majority of those
    eligible (UD): its YES and NO, and whether the authority is rescinded. The
    one-union keys that speak of a union's majority of the votes mean nothing here."""
    question = describe(setup).ballot
    tally = count.tally
    said = result_lines(setup, tally, count.locked_by)
    decided = bool(decided_line(setup, tally))
    rescinded = None if said.pending is not None else said.majority_for == 0
    return {
        "question": {
            "kind": question.kind.value,
            "words": question.words,
            "majority_of": "eligible",
            "majority_needed": eligible_majority(setup.eligible),
        },
        "choices": [
            {"name": choice.name, "votes": votes}
            for choice, votes in zip(
                question.choices, (tally.for_union, tally.against), strict=True
            )
        ],
        "rescinded": rescinded,
        "majority_for_union": None,
        "union_leads": None,
        "challenges_determinative": said.decisive,
        "result_decided": decided or rescinded is not None,
        "outcome_so_far": "decided" if decided else "undecided",
        "statements": {"8": said.challenges, "9": said.majority},
    }


def choice_lines(summary: dict[str, object]) -> list[str]:
    """`station tally`'s vote lines: FOR and AGAINST, or one line per choice.

    The union is "the petitioner" only in an RC case where it petitioned (in RD and RM,
    and in a runoff between an intervenor and Neither, it is "the union"), as
    `challenges_by_party` keys it.
    """
    first, votes = _choice_lines(summary)
    return [
        *first,
        *(line for label, votes in votes for line in figure_lines(label, votes)),
    ]


def _choice_lines(summary: dict[str, object]) -> tuple[list[str], list[tuple[str, str]]]:
    """The lines before the votes (a runoff's, a rerun's) and each vote line's label
    and figure."""
    runoff, rerun = summary.get("runoff_of"), summary.get("rerun_of")
    date = summary.get("runoff_date")
    case = str(summary["case"])
    first = [runoff_of_statement(case, date if isinstance(date, str) else None)] if runoff else []
    if isinstance(rerun, dict):
        first.append(held_again_statement(rerun))
    choices = summary.get("choices")
    if isinstance(choices, list):
        return first, [
            (f"Votes for {choice['name']}:", f"{choice['votes']:,}") for choice in choices
        ]
    parties = summary.get("parties")
    roles = (
        {party["role"] for party in parties if party.get("ballot") is not False}
        if isinstance(parties, list)
        else {"Petitioner"}
    )
    kind = case_kind(str(summary.get("case", "")))
    petitioned = kind.union_role is Role.PETITIONER and "Petitioner" in roles
    union = "petitioner" if petitioned else "union"
    return first, [
        (f"Votes FOR the {union}:", f"{summary['for']:,}"),
        ("Votes AGAINST:", f"{summary['against']:,}"),
    ]


def say_units(sheet: Mapping[str, Any], ballot: FormBallot) -> None:
    """After `verify`'s OK lines, each unit's figures and result where a sheet's voting
    groups decide several units apart (`units_said`). Nothing otherwise."""
    for line in units_said(sheet, ballot):
        say(line)


# What `station tally --json` states of the whole count that, in an election of voting
# groups, would add up units decided apart: left out there, for each unit's are in
# `units` (docs/agent.md, "What the tally JSON holds").
GROUPS_SUMMED_KEYS = (
    "for", "against", "void", "challenged", "valid", "valid_plus_challenged",
    "challenges_determinative", "majority_for_union", "union_leads", "result_decided",
    "outcome_so_far", "statements", "choices", "majority_for", "runoff", "rerun",
    "original", "challenged_counted", "set_aside",
)  # fmt: skip


def groups_summary(setup: ElectionSetup, count: Count) -> dict[str, object]:
    """`groups` and `units` of `station tally --json` in an election of voting groups
    (nothing otherwise): each group's figures, and each unit's after the Sonotone rule."""
    if not setup.ballot.groups:
        return {}
    tallies = count.group_tallies()
    return groups_json_of(
        setup.ballot, tallies, count.unit_results(setup.table is not None), count.group_boxes()
    )


def groups_json_of(
    ballot: Ballot,
    tallies: tuple[GroupTally, ...],
    found: tuple[UnitResult, ...],
    boxes: dict[str, int] | None = None,
) -> dict[str, object]:
    """`groups` and `units` of these groups' figures (a count's, or the tables' sums)
    and the units they decide; `boxes`: by mail, each group's ballots to count."""
    unions = len(ballot.unions)
    return {
        "groups": [
            group_json(spec, tally, ballot.choices, unions, (boxes or {}).get(spec.key))
            for spec, tally in zip(ballot.groups, tallies, strict=True)
        ],
        "units": [
            unit_json(unit, ballot.choices, unions)
            | {
                "statement": unit_statement(
                    unit, ballot.choices, unions, False, incumbent=ballot.incumbent
                )
            }
            for unit in found
        ],
    }


def group_lines(setup: ElectionSetup, count: Count) -> list[str]:
    """`station tally`'s lines for an election of voting groups: each group's figures,
    a Sonotone group's question 1, and each unit's lines 8-9 after the Sonotone rule."""
    tallies = count.group_tallies()
    return group_lines_of(
        setup.ballot,
        tallies,
        count.unit_results(setup.table is not None),
        count.group_boxes(),
        over=count.declared_complete,
    )


def group_lines_of(
    ballot: Ballot,
    tallies: tuple[GroupTally, ...],
    found: tuple[UnitResult, ...],
    boxes: dict[str, int] | None = None,
    *,
    over: bool = False,
) -> list[str]:
    """The same of these groups' figures (a count's, or the tables' sums) and the units
    they decide; `over`: a final sheet declared the count complete (every table's, for
    the sums), so no ballot remains in any box."""
    unions = len(ballot.unions)
    lines = []
    for spec, tally in zip(ballot.groups, tallies, strict=True):
        box = (boxes or {}).get(spec.key)
        lines.append(f"Group {group_figures_statement(spec, tally, ballot.choice_words, box)}")
        if spec.asks_inclusion:
            lines.append(inclusion_statement(spec, tally, inclusion_settled(tally, over)))
    # Several units are decided apart: each states its own figures with its result (a
    # pooled unit always does: no group's line holds them).
    apart = len(found) > 1
    return [
        *lines,
        *(
            unit_statement(unit, ballot.choices, unions, apart or None, incumbent=ballot.incumbent)
            for unit in found
        ),
    ]
