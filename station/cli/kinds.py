"""Kinds of case, several unions and runoffs on the command line (issue 17).

`station new`'s options for the ballot and the parties (`--union` repeated,
`--intervenor`, `--petitioner`, `--neither`, `--runoff-of`), and what `station tally`
adds for a ballot of several unions. A one-union election prints and stores exactly
what it always did.
"""

import argparse
from pathlib import Path

from station.cli.common import UsageError, open_to_read, restored_count
from station.domain import Count, ElectionSetup, SheetKind
from station.domain.choice_lines import result_lines
from station.domain.choices import CaseKind
from station.domain.kinds_statements import (
    empty_option_statement,
    runoff_determinative_statement,
    runoff_of_table_statement,
    runoff_title,
)
from station.domain.piles import DEFAULT_PILE
from station.domain.runoff import Result, determinative, final_result, result
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
        "--neither",
        metavar="TEXT",
        help='the ballot\'s own wording of the "Neither" choice (default: Neither)',
    )
    new.add_argument(
        "--runoff-of",
        type=Path,
        metavar="FILE_OR_EXPORT",
        help="make the runoff (29 CFR 102.70) of this election, from its final tally",
    )


def new_setup(args: argparse.Namespace, voters: VoterList | None = None) -> ElectionSetup:
    """The setup `station new` was given (raises UsageError or SetupError in one line);
    `voters`: a mail ballot's voter list, whose length is the eligible voters by default."""
    for name in ("table", "neither"):  # "" would silently mean "none" or "the default"
        given = getattr(args, name, None)
        if given is not None and not given.strip():
            raise UsageError(empty_option_statement(name))
    if args.runoff_of is not None:
        if voters is not None:
            raise UsageError(
                "--runoff-of with --mail: a runoff's setup comes from the first election"
            )
        return runoff_setup(args)
    required = [name for name in _REQUIRED if not (name == "eligible" and voters is not None)]
    missing = [f"--{name}" for name in required if getattr(args, name) in (None, [])]
    if missing:
        raise UsageError(
            f"the following arguments are required: {', '.join(missing)} (see `station new --help`)"
        )
    several = len(args.union) + len(set(args.intervenor) - set(args.union)) > 1
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
        pile=_pile(args.pile) if several else args.pile,
        table=args.table,
        mail=voters is not None,
    )


def _pile(given: str) -> str:
    """No pile checks on a ballot of several unions: piles are kept per call, not per union.

    A pile of FOR would mix the unions' votes, which no agent sorts together.
    """
    if given not in (str(DEFAULT_PILE), "0"):
        raise UsageError(
            "--pile: pile checks are kept per call, not per union, so a ballot of several"
            " unions has none yet; leave out --pile"
        )
    return "0"


def runoff_setup(args: argparse.Namespace) -> ElectionSetup:
    """The runoff of the election in `args.runoff_of`, from its final tally sheet."""
    given = [
        f"--{name}"
        for name in (*_REQUIRED, "petitioner", "neither")
        if getattr(args, name) not in (None, [])
    ] + (["--intervenor"] if args.intervenor else [])
    if given:
        raise UsageError(
            f"--runoff-of takes the case, the parties and the ballot from the first"
            f" election; leave out {', '.join(given)}"
        )
    first, counted, head = _first_election(args.runoff_of)
    if first.table is not None:  # the result is stated only on the tables together
        raise UsageError(runoff_of_table_statement(str(args.runoff_of), first.table))
    ballot = first.ballot
    if ballot.runoff_of is not None:
        raise UsageError(
            f"{args.runoff_of}: is itself a runoff; only one runoff is held (29 CFR 102.70(a))"
        )
    votes = counted.choice_votes()
    outcome, decisive = final_result(
        votes, len(ballot.unions), counted.tally.challenged, first.eligible
    )
    if decisive:  # the challenged ballots could change the runoff, or call for none
        raise UsageError(runoff_determinative_statement(str(args.runoff_of)))
    if outcome.runoff is None:
        raise UsageError(
            f"{args.runoff_of}: its final tally calls for no runoff ({_why_not(outcome)})"
        )
    pair = [ballot.choices[index] for index in outcome.runoff]
    unions = [name for name in pair if name in ballot.unions]
    return ElectionSetup.validated(
        case_number=first.case_number,
        employer=first.employer,
        union=unions[0],
        unions=unions[1:],
        intervenors=[name for name in unions if name in ballot.intervenors],
        petitioner=ballot.petitioner,
        neither=ballot.neither,
        runoff_neither=len(unions) == 1,
        runoff_of=head,
        eligible=first.eligible,
        ballots=args.ballots,
        agent=args.agent or first.agent,
        pile=_pile(args.pile) if len(unions) > 1 else args.pile,
    )


def _why_not(outcome: Result) -> str:
    if outcome.rerun:
        return "the election is void and rerun with every choice, 102.70(d)"
    if outcome.exception:
        return "no runoff where two choices tie and another has no votes, 102.70(d)"
    return "a choice has a majority"


def _first_election(path: Path) -> tuple[ElectionSetup, Count, str]:
    """The first election's setup, its count at its final sheet, and the certified head."""
    if path.is_dir():
        return _first_from_export(path)
    journal = open_to_read(path)
    try:
        count, _head = restored_count(journal)
        sheet = count.locked_by
        if sheet is None or sheet.kind is not SheetKind.FINAL:
            raise UsageError(
                f"{path}: has no final tally sheet locking its count; a runoff follows the"
                " final tally of the first election"
            )
        record = journal.record(sheet.head)
        assert record is not None  # a sheet certifies an event of its journal
        return journal.election.setup, count, f"{sheet.head}:{record.hash}"
    finally:
        journal.close()


def _first_from_export(folder: Path) -> tuple[ElectionSetup, Count, str]:
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
    return election.setup, count, f"{verdict.head_seq}:{verdict.head_hash}"


def choices_summary(setup: ElectionSetup, count: Count) -> dict[str, object]:
    """What `station tally --json` adds for a ballot of several unions (issue 17)."""
    ballot = setup.ballot
    tally = count.tally
    votes = count.choice_votes()
    unions = len(ballot.unions)
    # The same lines 8-9 and 102.70 line as the dashboard's (one table: not stated).
    said = result_lines(setup, tally, votes, count.locked_by)
    outcome, majority = said.outcome, said.majority_for
    remaining = tally.remaining(setup.ballots)
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
        "parties": [{"role": party.role.value, "name": party.name} for party in ballot.parties],
    }
    if ballot.runoff_of is not None:
        summary["runoff_of"] = ballot.runoff_of
    return summary


def shows_roles(setup: ElectionSetup) -> bool:
    """Whether `tally` names the parties by role: any election but the plain RC one."""
    return setup.choices is not None or setup.ballot.kind is not CaseKind.RC


def created_note(setup: ElectionSetup) -> str:
    """What `station new` adds to its line for a ballot that is not one union and Neither."""
    ballot = setup.ballot
    if setup.choices is None:
        return ""
    runoff = f"; {runoff_title(ballot).lower()} of {ballot.runoff_of}" if ballot.runoff_of else ""
    piles = "; no pile checks (several unions)" if ballot.several else ""
    return f"; choices: {', '.join(ballot.choices)}{runoff}{piles}"


def kinds_summary(setup: ElectionSetup, count: Count) -> dict[str, object]:
    """What `station tally --json` adds to a one-union RC election's keys (none for it)."""
    summary: dict[str, object] = {}
    if shows_roles(setup):
        summary.update(roles_summary(setup))
    if setup.ballot.kind is not CaseKind.RC:
        # The union is no petitioner in an RD or RM case: its challenges are "union"'s.
        by_party = count.challenges.by_party()
        summary["challenges_by_party"] = {
            ("union" if party == "petitioner" else party): n for party, n in by_party.items()
        }
    if setup.ballot.several:
        summary.update(choices_summary(setup, count))
    return summary


def choice_lines(summary: dict[str, object]) -> list[str]:
    """`station tally`'s vote lines: FOR and AGAINST, or one line per choice.

    The union is "the petitioner" only in an RC case (in RD and RM it is "the union").
    """
    runoff = summary.get("runoff_of")
    first = [f"Runoff election of the count certified at {runoff}"] if runoff else []
    choices = summary.get("choices")
    if isinstance(choices, list):
        return first + [
            f"{'Votes for ' + str(choice['name']) + ':':<39}{choice['votes']:,}"
            for choice in choices
        ]
    union = "union" if summary.get("kind") in ("RD", "RM") else "petitioner"
    return [
        *first,
        f"{'Votes FOR the ' + union + ':':<39}{summary['for']:,}",
        f"Votes AGAINST:                         {summary['against']:,}",
    ]


def votes_words(sheet: dict[str, object]) -> str:
    """ "22 FOR, 8 AGAINST", or "12 Machinists, 10 Carpenters, 8 Neither" (several unions)."""
    choices = sheet.get("choices")
    if isinstance(choices, list):
        return ", ".join(f"{choice['votes']:,} {choice['name']}" for choice in choices)
    lines = sheet["lines"]
    assert isinstance(lines, dict)
    return f"{lines['3']:,} FOR, {lines['4']:,} AGAINST"
