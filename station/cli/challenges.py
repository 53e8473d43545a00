"""The commands after the count: `challenges` (the register) and `decide` (the decision)."""

import argparse
import hashlib
import json
import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from station.cli.common import UsageError, open_to_read, restored_count, say, say_problem
from station.cli.envelopes import voter_list_of
from station.domain import Count
from station.domain.consolidation import election_numbers
from station.domain.decision import new_decision_problem, revealing_decision
from station.domain.description import Election, describe
from station.domain.resolution import Dispute, ListedChallenge
from station.domain.resolution_statements import decision_pending_statement
from station.domain.table_statements import (
    decide_at_table_statement,
    decide_on_consolidation_statement,
    register_of_tables_statement,
    table_title,
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
    folder = Path(args.file)
    if folder.is_dir():
        from station.sheet.verify_consolidation import is_consolidation

        if is_consolidation(folder):  # every table's challenges, under one numbering
            return _consolidation_challenges(folder, as_json=args.json)
    journal = open_to_read(args.file)
    try:
        count, _head = restored_count(journal)
        voters = voter_list_of(journal) if journal.election.setup.mail else None
    finally:
        journal.close()
    election = describe(journal.election.setup)
    if count.carried is not None:  # the election's register, from the tables
        return _carried_challenges(journal.election.setup.case_number, count, election, args.json)
    rows = challenge_rows(count, election, voters)
    noted = _noted_rows(count, election)
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
        print(one_line(_register_line(row, election.said(entry.challenge.party))))
    for noted_dispute in count.resolutions.noted_disputes(count):
        print(one_line(_noted_line(noted_dispute, election)))
    return 0


def _carried_challenges(case: str, count: Count, election: Election, as_json: bool) -> int:
    """A revised count of the tables: the election's register its setup carries, under
    its one numbering, each challenge with its table and its number there, and where it
    stands now (at its table, then by the decisions recorded here)."""
    carried = count.carried
    assert carried is not None
    statuses = count.resolutions.carried_statuses(count)
    rows = [
        {
            "number": c.number,
            "table": c.table,
            "table_number": c.table_number,
            "party": c.party,
            "status": statuses[c.number].value,
            "reason": c.reason,
            "note": c.note,
        }
        for c in carried.challenges
    ]
    if as_json:
        print(
            json.dumps(
                {"case": case, "consolidation": carried.consolidation, "challenges": rows},
                ensure_ascii=False,
            )
        )
        return 0
    print(
        one_line(
            register_of_tables_statement(
                case, len({c.table for c in carried.challenges}), carried.consolidation
            )
        )
    )
    by_key = {c.json_key: c for c in election.challengers}
    for row in rows:
        party = by_key.get(str(row["party"]))
        who = "" if party is None else f" by {party.in_sentence}"
        place = f"{table_title(str(row['table']))} #{row['table_number']}"
        told = _reason_words(row)
        print(
            one_line(
                f"{row['number']:>5}  {row['status']:<15}  challenged{who}"
                f"{': ' + told if told else ''}  [{place}]"
            )
        )
    return 0


def _noted_rows(count: Count, election: Election) -> list[dict[str, object]]:
    """The disputes left as called, as `challenges --json` lists them."""
    return [_noted_row(d, election) for d in count.resolutions.noted_disputes(count)]


def _noted_row(dispute: Dispute, election: Election) -> dict[str, object]:
    return {
        "event": dispute.seq,
        "call": dispute.call.value,
        "party": json_key(election, dispute.party),
        "joined": json_key(election, dispute.joined),
    }


def _reason_words(row: dict[str, Any]) -> str:
    """A challenge's reason and note as its register line gives them ("" for neither)."""
    reason, note = row["reason"], row["note"]
    if reason is None and not note:
        return ""
    return (reason or "reason not given") + (f" ({note})" if note else "")


def _register_line(row: dict[str, Any], party: str) -> str:
    """One challenge of the register as `station challenges` prints it."""
    reason = _reason_words(row) or "reason not given"
    disputed = row["disputed"]
    what = f"disputed {disputed['call'].upper()}" if isinstance(disputed, dict) else "challenged"
    voter = row["voter"]
    if isinstance(voter, dict):  # "envelope of 1002 Linus Hamilton challenged"
        who = f"{voter['id'] or 'written in:'} {voter['name'] or ''}".rstrip()
        what = f"envelope of {who} challenged"
    if "group" in row:
        what = f"group {row['group']}: {what}"
    return (
        f"{row['number']:>5}  {row['status']:<15}  {row['stage']:<8}  {what} by {party}: {reason}"
    )


def _noted_line(dispute: Dispute, election: Election) -> str:
    return (
        f"noted  event {dispute.seq}: {dispute.call.label} disputed by"
        f" {election.said(dispute.party)}, left as called (for objections)"
    )


def _consolidation_challenges(folder: Path, *, as_json: bool) -> int:
    """Every table's challenges of a verified consolidation under the election's one
    numbering (`consolidation.election_numbers`), each with its table and the number
    its table's register gives it, and the consolidation they are numbered for."""
    register = consolidation_register(folder)
    if as_json:
        print(json.dumps(register.document, ensure_ascii=False))
        return 0
    document = register.document
    print(one_line(consolidation_register_title(document)))
    if not document["challenges"]:
        print("No challenged ballots.")
    for row, party in zip(document["challenges"], register.said, strict=True):
        place = f"{table_title(row['table'])} #{row['table_number']}"
        print(one_line(f"{_register_line(row, party)}  [{place}]"))
    for label, dispute, election in register.noted:
        print(one_line(f"{table_title(label)}: {_noted_line(dispute, election)}"))
    return 0


@dataclass(frozen=True)
class ConsolidationRegister:
    """The election's register of a count at several tables.

    Attributes:
        document: what `station challenges CONSOLIDATION --json` prints.
        said: each challenge's party, as the register's lines name it.
        noted: each table's disputes left as called (its label, the dispute, its
            election's names).
    """

    document: dict[str, Any]
    said: tuple[str, ...]
    noted: tuple[tuple[str, Dispute, Election], ...]


def consolidation_register(folder: Path) -> ConsolidationRegister:
    """The challenges of the tables a consolidation sums, checked whole first with every
    table's export (as `station verify FOLDER` does), under the election's one numbering.

    Raises UsageError, in one line, for a consolidation that is not intact.
    """
    from station.sheet.consolidated_election import table_count, table_setup
    from station.sheet.verify_consolidation import verify_consolidation

    verdict = verify_consolidation(folder)
    if not verdict.ok or verdict.document is None:
        raise UsageError(f"{folder}: is not an intact consolidation ({verdict.problem})")
    document = verdict.document
    registers: list[tuple[str, list[dict[str, object]]]] = []
    said: list[str] = []
    noted: list[tuple[str, Dispute, Election]] = []
    for table in document["tables"]:
        where = folder / str(table["folder"])
        setup, _row = table_setup(where)
        count, election = table_count(where), describe(setup)
        # An export holds no voter list: an envelope's voter is named by id alone.
        rows = challenge_rows(count, election)
        registers.append((str(table["label"]), rows))
        said += [election.said(e.challenge.party) for e in count.resolutions.numbered(count)]
        noted += [
            (str(table["label"]), d, election) for d in count.resolutions.noted_disputes(count)
        ]
    numbered = election_numbers(
        [(label, [int(str(row["number"])) for row in rows]) for label, rows in registers]
    )
    rows = [row for _label, table_rows in registers for row in table_rows]
    digest = hashlib.sha256((folder / "tally.json").read_bytes()).hexdigest()
    return ConsolidationRegister(
        {
            "case": document["election"]["case"],
            "consolidation": f"tables {digest}",
            "key": document["key"],
            "tables": [label for label, _rows in registers],
            "challenges": [
                {"number": place.number, "table": place.table, "table_number": place.table_number}
                | {key: value for key, value in row.items() if key != "number"}
                for place, row in zip(numbered, rows, strict=True)
            ],
            "disputes_noted": [
                {"table": label} | _noted_row(dispute, election)
                for label, dispute, election in noted
            ],
        },
        tuple(said),
        tuple(noted),
    )


def consolidation_register_title(document: dict[str, Any]) -> str:
    """The head of the election's register: the case, the tables, and the consolidation
    its numbers are given for."""
    return register_of_tables_statement(
        str(document["case"]), len(document["tables"]), str(document["consolidation"])
    )


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
        # A revised count of the tables revises their consolidated tally: its first
        # decision comes before any sheet of its own.
        if not final and count.carried is None:
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
