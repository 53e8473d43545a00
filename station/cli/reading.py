"""The commands that read a count: `tally` and `log`."""

import argparse
import json
import sqlite3
import sys
from collections.abc import Iterator, Mapping
from typing import Any

from station.cli.common import (
    ACTION_WIDTH,
    MAYBE_WITHOUT_ITS_WAL,
    challenges_by_party,
    challenges_by_party_line,
    open_to_read,
    restored_count,
    say_problem,
    wal_holds_commits,
)
from station.cli.envelopes import envelope_summary, envelopes_line
from station.cli.kinds import (
    GROUPS_SUMMED_KEYS,
    choice_lines,
    group_lines,
    groups_summary,
    kinds_summary,
    pile_place,
)
from station.domain import Count
from station.domain.changes import Change
from station.domain.decision import call_number
from station.domain.describe import describe, election_words
from station.domain.description import describe as describe_election
from station.domain.election import ElectionSetup
from station.domain.envelopes import box_setup
from station.domain.mail_statements import ENVELOPE_STAGE_OPEN
from station.domain.party_words import parties_title
from station.domain.result_statements import objections_statement
from station.domain.revised_sheet import (
    choice_columns,
    column_lines,
    counted_figures,
    set_aside_figures,
)
from station.domain.statements import (
    box_for_result,
    challenged_apart,
    challenges_statement,
    how_many,
    locked_statement,
    majority_statement,
    pending_reason,
    void_apart,
)
from station.domain.table_statements import table_pending_reason, table_title
from station.domain.text import one_line
from station.journal import Journal, Record


def cmd_tally(args: argparse.Namespace) -> int:
    had_wal = wal_holds_commits(args.file)  # before SQLite makes one to read the file
    journal = open_to_read(args.file)
    try:
        count, head = restored_count(journal)
        unclosed = not had_wal and not journal.last_session_closed()
        signed = None if count.locked_by is None else journal.record(count.locked_by.seq)
    finally:
        journal.close()
    if unclosed:
        say_problem(MAYBE_WITHOUT_ITS_WAL)
    summary = tally_summary(journal, count, head, None if signed is None else signed.details())
    setup = journal.election.setup
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    ballots = summary["ballots"]
    counted = f"{summary['counted']:,}" + (f" of {ballots:,}" if isinstance(ballots, int) else "")
    table = "" if summary["table"] is None else f" ({table_title(str(summary['table']))})"
    caption = [
        f"Case {summary['case']}{table}: {parties_title(setup.employer, setup.ballot)}",
        f"Ballots counted:                       {counted}",
    ]
    lines = [
        *caption,
        *(group_text(setup, count) if setup.ballot.groups else tally_text(summary, count, journal)),
        *objections_lines(summary),
        *envelopes_line(journal.election.setup, count),  # and a mail count's warnings
        # During a mail ballot's envelope stage no call can be recorded yet.
        ENVELOPE_STAGE_OPEN
        if count.envelopes.open
        else locked_statement(count.locked_by, call_number(count)),
        f"Journal: {how_many(count.last_seq, 'event')}, head {summary['head']}",
    ]
    print("\n".join(one_line(line) for line in lines))  # a name with a newline, escaped
    return 0


def group_text(setup: ElectionSetup, count: Count) -> list[str]:
    """`station tally`'s lines of an election of voting groups: each group's figures and
    each unit's, with its lines 8-9, and who challenged; never the groups added up."""
    by_party = challenges_by_party_line(count, describe_election(setup)).strip()
    who = by_party.removeprefix("(").removesuffix(")")
    return [
        *group_lines(setup, count),
        *([f"Challenged ballots, by challenger:     {who}"] if who else []),
    ]


def tally_text(summary: dict[str, object], count: Count, journal: Journal) -> list[str]:
    """`station tally`'s lines 2-9 of an election of one group, as the sheet's."""
    statements = summary["statements"]  # lines 8-9: not yet determined while ballots remain
    assert isinstance(statements, dict)
    return [
        f"Void ballots:                          {summary['void']:,}"
        + void_apart(count.tally)[1],  # envelopes ruled void: not among the ballots counted
        *choice_lines(summary),  # FOR and AGAINST, or a line per choice
        f"Valid votes counted:                   {summary['valid']:,}",
        f"Challenged ballots:                    {summary['challenged']:,}"
        + challenges_by_party_line(count, describe_election(journal.election.setup))
        + challenged_apart(count.tally)[1],  # sealed envelopes: not among the ballots counted
        *(  # ballots counted on no line: "N of M" is lines 2, 5 and 6 and these
            [f"Challenges sustained, never opened:    {count.tally.set_aside:,}"]
            if count.tally.set_aside
            else []
        ),
        f"Valid votes plus challenged ballots:   {summary['valid_plus_challenged']:,}",
        statements["8"],
        statements["9"],
        *([statements["runoff"]] if statements.get("runoff") else []),
    ]


def tally_summary(
    journal: Journal, count: Count, head: str, locking: Mapping[str, object] | None = None
) -> dict[str, object]:
    """The tally `station tally --json` prints for a journal replayed into `count`
    (`locking`: the detail of the sheet that locks the count, if one does)."""
    tally = count.tally
    setup = box_setup(journal.election.setup, count.envelopes)  # a mail ballot's box
    pending = pending_reason(tally, setup.ballots, count.locked_by) or table_pending_reason(
        setup.table
    )
    box = box_for_result(tally, setup.ballots, count.locked_by)  # none left once final
    summary: dict[str, Any] = {
        "case": setup.case_number,
        "employer": setup.employer,
        "union": setup.union,
        "table": setup.table,
        "eligible": setup.eligible,
        "ballots": setup.ballots,
        "counted": tally.counted,
        "remaining": tally.remaining(setup.ballots),
        "for": tally.for_union,
        "against": tally.against,
        "void": tally.void,
        "challenged": tally.challenged,
        "valid": tally.valid,
        "valid_plus_challenged": tally.valid_plus_challenged,
        "challenges_determinative": tally.challenges_determinative,
        "majority_for_union": tally.majority_for_union,
        "union_leads": tally.union_leads,
        "result_decided": tally.result_decided(box),
        "outcome_so_far": tally.outcome(box).value,
        "challenges_by_party": challenges_by_party(
            count, describe_election(journal.election.setup)
        ),
        "pile_size": setup.pile,
        # In an election of voting groups each pile names its group's box.
        "piles_to_check": [
            {"call": ref.call.value, "pile": ref.pile, **pile_place(ref.group, ref.choice)}
            for ref in count.piles_to_check()
        ],
        "pile_mismatches": [
            {
                "call": m.call.value,
                "pile": m.pile,
                "found": m.found,
                "size": m.size,
                **pile_place(m.group, m.choice),
            }
            for m in count.piles.mismatches()
        ],
        "locked": None if count.locked_by is None else count.locked_by.title.lower(),
        **form_summary(journal, count, locking),
        "statements": {
            "8": challenges_statement(tally, pending),
            "9": majority_statement(tally, setup.union, pending),
        },
        "events": count.last_seq,
        "head": head,
        **kinds_summary(setup, count),  # RD, RM, several unions, runoffs: cli/kinds.py
        **groups_summary(setup, count),  # voting groups and their units: cli/kinds.py
        **envelope_summary(setup, count),
        **revised_summary(count, setup),
    }
    if setup.ballot.groups:  # each unit's figures and result are in `units`, never summed
        for key in GROUPS_SUMMED_KEYS:
            summary.pop(key, None)
    return summary


def objections_lines(summary: Mapping[str, object]) -> list[str]:
    """When objections are due, once a final sheet states the result (on a revised
    tally, when they ran from the tally of ballots)."""
    statement = objections_statement(summary)
    return [] if statement is None else [statement]


def form_summary(
    journal: Journal, count: Count, locking: Mapping[str, object] | None
) -> dict[str, object]:
    """The type of election and the unit (null when not given), the election a rerun
    reruns, and when objections are due once a final sheet locks the count (null before);
    on a revised tally, also the day the tally of ballots they ran from was prepared
    (`objections_from`, null otherwise)."""
    ballot = journal.election.setup.ballot
    summary: dict[str, object] = {
        "type": None if ballot.election_type is None else ballot.election_type.value,
        "unit": ballot.unit,
    }
    if ballot.rerun is not None:
        summary["rerun_of"] = ballot.rerun
    locked = {} if locking is None or count.locked_by is None else locking
    for fact in ("objections_due", "objections_from"):
        value = locked.get(fact)
        summary[fact] = value if isinstance(value, str) else None
    return summary


def revised_summary(count: Count, setup: ElectionSetup) -> dict[str, object]:
    """After a decision: the original tally and what the opened ballots added (the top
    level holds the final column), and where the revised count stands."""
    resolutions = count.resolutions
    if resolutions.original is None:
        return {}
    original = resolutions.original
    lines = column_lines(setup, original)  # lines 8-9 under 102.70 on a ballot of several
    changed = counted_figures(setup, original, count.tally)
    aside = set_aside_figures(changed)
    summary: dict[str, Any] = {
        "original": {
            "for": original.for_union,
            "against": original.against,
            "void": original.void,
            "challenged": original.challenged,
            "valid": original.valid,
            "valid_plus_challenged": original.valid_plus_challenged,
            "challenges_determinative": lines["8"],
            "majority_for_union": lines["9"],
        },
        "challenged_counted": {
            key: changed[line]
            for key, line in (
                ("for", "3"),
                ("against", "4"),
                ("void", "2"),
                ("challenged", "6"),
                ("valid", "5"),
                ("valid_plus_challenged", "7"),
            )
        },
        # The challenges the decisions sustained, by register number, and what they took
        # off lines 6 and 7 (`challenged_counted` holds them too, as it always did).
        "set_aside": {
            "numbers": sorted(n for d in resolutions.decisions for n in d.sustained),
            "challenged": aside["6"],
            "valid_plus_challenged": aside["7"],
        },
        "revised_count": {
            "ordered_opened": resolutions.ordered,
            "called": resolutions.revised_calls(count),
        },
    }
    columns = choice_columns(setup, original, count.tally)
    if columns is not None:  # a ballot of several unions: each choice in each column
        summary["original"]["choices"], summary["challenged_counted"]["choices"] = columns
    return summary


def _readable(journal: Journal) -> Iterator[Record]:
    """Every event, up to a damaged page of the file, which ends it with a one-line error."""
    seq = 0
    try:
        for record in journal.records():
            seq = record.seq
            yield record
    except sqlite3.DatabaseError as error:
        raise journal.unreadable_error(error, seq) from None


def cmd_log(args: argparse.Namespace) -> int:
    journal = open_to_read(args.file)
    try:
        count = journal.new_count()
        words = election_words(describe_election(journal.election.setup), count.votes.words)
        out = sys.stdout
        for record in _readable(journal):
            try:
                change: Change | None = count.apply(record.event())
            except ValueError:
                change = None  # a broken event is still listed; `verify` says what is wrong
            if args.json:
                row = {
                    "seq": record.seq,
                    "utc": record.utc,
                    "mono_ns": record.mono_ns,
                    "session": record.session,
                    "action": record.action,
                    "call": record.call,
                    "target": record.target,
                    "detail": record.details(),
                    "prev_hash": record.prev_hash,
                    "hash": record.hash,
                }
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
            else:
                what = describe(change, words) if change else f"{record.action} {record.call or ''}"
                # The description, the one column of any width, comes last: the
                # columns before it stay aligned however long it is.
                out.write(
                    f"{record.seq:>8}  {record.utc}  {record.action:<{ACTION_WIDTH}}"
                    f"  {record.hash[:16]}  {what}\n"
                )
    finally:
        journal.close()
    return 0
