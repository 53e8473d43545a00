"""The commands after the count: `challenges` (the register) and `decide` (the decision)."""

import argparse
import json
import sys
from functools import partial
from pathlib import Path

from station.cli.common import UsageError, open_to_read, restored_count, say, say_problem
from station.cli.envelopes import voter_list_of
from station.domain import Count
from station.domain.decision import new_decision_problem, revealing_decision
from station.domain.description import Election, describe
from station.domain.resolution import ListedChallenge
from station.domain.resolution_statements import decision_pending_statement
from station.domain.table_statements import (
    decide_at_table_statement,
    decide_on_consolidation_statement,
)
from station.domain.text import one_line
from station.domain.voters import VoterList
from station.journal import Journal
from station.journal.seal import station_secret
from station.journal.session import CountSession

MAX_BY = 200


def challenge_rows(
    count: Count, election: Election, voters: VoterList | None = None
) -> list[dict[str, object]]:
    """Every challenge as `station challenges --json` lists it, by register number."""
    return [_row(entry, count, voters, election) for entry in count.resolutions.numbered(count)]


def _voter(entry: ListedChallenge, voters: VoterList | None) -> dict[str, object] | None:
    """A challenged envelope's voter, for the hearing (the parties hold the list already):
    `{"id", "name"}`, the id null for a voter written in. None for a ballot's challenge."""
    if entry.stage != "envelope":
        return None
    if entry.voter is None:
        return {"id": None, "name": entry.write_in}
    listed = voters.get(entry.voter) if voters is not None else None
    return {"id": entry.voter, "name": None if listed is None else listed.name}


def json_key(election: Election, party: str | None) -> str | None:
    """A party as `challenges_by_party` keys it (`station tally --json`), or None."""
    return None if party is None else election.challenger(party).json_key


def _row(
    entry: ListedChallenge, count: Count, voters: VoterList | None, election: Election
) -> dict[str, object]:
    """One challenge as `challenges --json` gives it, each party by its
    `challenges_by_party` key."""
    challenge = entry.challenge
    dispute = entry.dispute
    key = partial(json_key, election)
    group = count.group_of(challenge.seq)
    # In an election of voting groups, the pile its ballot lay in: opened, it is counted
    # in that group (the group is the ballot's, as its call always said; no voter's).
    tagged = {} if group is None else {"group": group.key}
    return tagged | {
        "number": entry.number,
        "stage": entry.stage,
        "party": key(challenge.party),
        "reason": None if challenge.reason is None else challenge.reason.value,
        "note": challenge.note,
        "voter": _voter(entry, voters),
        "status": entry.status.value,
        "event": challenge.seq,
        "ballot": count.ballot_of(challenge.seq),
        "disputed": None
        if dispute is None
        else {
            "call": dispute.call.value,
            "party": key(dispute.party),
            "joined": key(dispute.joined),
        },
    }


def cmd_challenges(args: argparse.Namespace) -> int:
    journal = open_to_read(args.file)
    try:
        count, _head = restored_count(journal)
        voters = voter_list_of(journal) if journal.election.setup.mail else None
    finally:
        journal.close()
    election = describe(journal.election.setup)
    rows = challenge_rows(count, election, voters)
    noted = [
        {
            "event": d.seq,
            "call": d.call.value,
            "party": json_key(election, d.party),
            "joined": json_key(election, d.joined),
        }
        for d in count.resolutions.noted_disputes(count)
    ]
    if args.json:
        print(
            json.dumps(
                {
                    "case": journal.election.setup.case_number,
                    "challenges": rows,
                    "disputes_noted": noted,
                },
                ensure_ascii=False,
            )
        )
        return 0
    if not rows:
        print("No challenged ballots.")
    for entry, row in zip(count.resolutions.numbered(count), rows, strict=True):
        reason = row["reason"] or "reason not given"
        disputed = row["disputed"]
        what = (
            f"disputed {disputed['call'].upper()}" if isinstance(disputed, dict) else "challenged"
        )
        voter = row["voter"]
        if isinstance(voter, dict):  # "envelope of 1002 Linus Hamilton challenged"
            who = f"{voter['id'] or 'written in:'} {voter['name'] or ''}".rstrip()
            what = f"envelope of {who} challenged"
        if "group" in row:
            what = f"group {row['group']}: {what}"
        print(
            one_line(
                f"{row['number']:>5}  {row['status']:<15}  {row['stage']:<8}  {what} by"
                f" {election.said(entry.challenge.party)}: {reason}"
                + (f" ({row['note']})" if row["note"] else "")
            )
        )
    for noted_dispute in count.resolutions.noted_disputes(count):
        print(
            one_line(
                f"noted  event {noted_dispute.seq}: {noted_dispute.call.label} disputed by"
                f" {election.said(noted_dispute.party)}, left as called (for objections)"
            )
        )
    return 0


def numbers(text: str | None, option: str) -> list[int]:
    """ "3,7,12" as register numbers, or a usage error naming the option."""
    if text is None or not text.strip():
        return []
    found = []
    for part in text.split(","):
        if not part.strip().isdigit():
            raise UsageError(
                f"{option}: {part.strip()!r} is not a register number (e.g. {option} 3,7)"
            )
        found.append(int(part))
    return found


def cmd_decide(args: argparse.Namespace) -> int:
    opened = numbers(args.open, "--open")
    sustained = numbers(args.sustain, "--sustain")
    by = args.by.strip()
    if not by or len(by) > MAX_BY or any(ch < " " for ch in by):
        raise UsageError(f"--by names who decided, on one line of at most {MAX_BY} characters")
    folder = Path(args.file)
    if folder.is_dir():
        from station.sheet.verify_consolidation import is_consolidation

        if is_consolidation(folder):  # the tables' challenges: decided for none of them yet
            raise UsageError(decide_on_consolidation_statement(str(folder)))
    journal = Journal.open(args.file, seal_secret=station_secret())
    try:
        table = journal.election.setup.table
        if table is not None:
            raise UsageError(decide_at_table_statement(table))
        count = journal.restore(trust_snapshots=False)
        locked = count.locked_by
        final = locked is not None and locked.kind.value == "final"
        if not final and count.resolutions.decisions:  # its revised count is under way
            raise UsageError(decision_pending_statement(count.resolutions.decisions[-1]))
        if not final:
            raise UsageError("a decision is recorded once a final tally is prepared (station sign)")
        setup = journal.election.setup
        problem = new_decision_problem(count, setup, tuple(opened), tuple(sustained))
        if problem:  # before the session opens: a refusal writes nothing
            raise UsageError(problem)
        # The window asks a second time before a vote is shown; a command cannot ask,
        # so it refuses until told, and warns before anything is recorded.
        warning = revealing_decision(count, tuple(opened))
        if warning and not args.reveal_ok:
            raise UsageError(f"{warning} Nothing recorded; add --reveal-ok to open it anyway")
        if warning:
            say_problem(f"warning: {warning}")
            sys.stderr.flush()
        session = CountSession(journal, count)
        session.start()
        change = session.decide(opened, sustained, by)
    finally:
        journal.close()
    say(
        f"decision recorded at event {change.event.seq:,}: {len(opened):,} to open,"
        f" {len(sustained):,} sustained, by {by}"
        + (f"; count the opened ballots with: station {args.file}" if opened else "")
    )
    return 0
