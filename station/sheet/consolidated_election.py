"""What consolidation holds the tables to: one election, of any kind.

`station consolidate` sums only what it knows how to sum; this module says what that
is (the keys a table's `tally.json` may hold), reads each table's election setup from
its verified journal, and holds the tables to one election: the same kind of case and
parties, the same ballot, by mail or not, and for a mail ballot the same voter list.

A mail ballot counted at several tables: each table rules its envelopes against the
whole voter list (the Board checks each returned envelope off the one eligibility list:
*Brink's Armored Car*, Case 20-RC-15839, 1986, "Silvey's name was checked off" on
receipt), and a voter's second envelope is never accepted at a table. A second
envelope at *another* table would be, as that table could not know of the first: two
ballots of one voter would reach the piles. So consolidation refuses tables at which
the same voter's envelope was accepted twice, naming the tables and the events (not
the voter: a consolidation's message may be read out), rather than sum a ballot twice.

A Revised Tally of Ballots is not consolidated: the challenged ballots a decision
orders opened are those of the whole election, commingled together and counted once
(*Allied Acoustics*, 300 NLRB 1181: "commingled ballots from separate election
locations were opened and counted" at the Regional Office), never table by table,
where opening a table's few challenged ballots would show how those voters voted.
The revised count follows the consolidated tally, on its own journal.
"""

import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from station.domain import Count
from station.domain.election import ElectionSetup
from station.domain.envelopes import Ruling
from station.domain.groups import GroupSpec
from station.domain.table_statements import table_title
from station.domain.tally_form import known_numbers
from station.journal.errors import CorruptJournal
from station.journal.records import EVENT_FIELDS, Record, election_from_row

# The facts of a table's sheet consolidation knows how to sum (see `consolidate.py`).
KNOWN_SHEET = frozenset(
    {"kind", "title", "revision", "supersedes", "head", "counted", "ballots", "lines"}
    | {"statements", "case", "employer", "union", "agent", "observers", "place"}
    | {"count_date", "prepared", "key", "key_changed_from"}
    | {"parties", "runoff_of"}  # RD, RM and every ballot not a plain RC one
    | {"choices", "majority_for", "runoff", "rerun"}  # a ballot of several unions
    | {"envelopes"}  # a mail ballot
    | {"type", "unit", "rerun_of"}  # the header of the Board's form
    | {"objections_due", "correction"}  # a sheet stating a result; a corrected tally
    | {"groups", "units"}  # an election of voting groups: summed group by group
    | {"apart"}  # ballots counted on no line, line 6 beyond them: summed with the lines
)
# What a revised tally's sheet states beyond a final one (revised_sheet.py).
REVISED_FACTS = frozenset({"columns", "decisions", "unresolved_challenges"})
REVISED_REFUSAL = (
    "is a Revised Tally of Ballots; a revised tally is not consolidated: the challenged"
    " ballots a decision orders opened are commingled and counted once for the whole"
    " election, never table by table (consolidate the tables' final sheets, then count the"
    " opened ballots on one revised count)"
)


def unknown_lines(lines: object) -> bool:
    """Whether a sheet's lines are other than 1-9 (and 3a, 3b, … of several unions)."""
    return not isinstance(lines, dict) or not known_numbers(list(lines))


def table_setup(folder: Path) -> tuple[ElectionSetup, dict[str, Any]]:
    """The election setup of a table's export, and its stored row (`journal.jsonl`'s
    first line; its hash is the one the table's verified sheet names)."""
    with (folder / "journal.jsonl").open("rb") as lines:
        first = json.loads(lines.readline())
    row = first.get("election") if isinstance(first, dict) else None
    if not isinstance(row, dict):
        raise CorruptJournal(f"{folder}: journal.jsonl holds no election setup")
    return election_from_row(row, folder).setup, row


def table_count(folder: Path) -> Count:
    """The count a verified table export's `journal.jsonl` replays to (challenges by
    party, piles, envelope rulings), for what the sheet's lines do not say."""
    setup, _ = table_setup(folder)
    count = Count.for_setup(setup)
    with (folder / "journal.jsonl").open("rb") as lines:
        lines.readline()
        for line in lines:
            event = json.loads(line)
            count.apply(Record(*(event[field] for field in EVENT_FIELDS)).event())
    return count


def setup_difference(
    mine: tuple[ElectionSetup, dict[str, Any]], theirs: tuple[ElectionSetup, dict[str, Any]]
) -> str | None:
    """What makes two tables' setups not one election's (the label and box aside)."""
    (setup, row), (other, other_row) = mine, theirs
    if setup.ballot.kind is not other.ballot.kind:
        return f"kind of case is {setup.ballot.kind.value}, not {other.ballot.kind.value}"
    if setup.ballot.parties != other.ballot.parties:
        return "parties are " + "; ".join(
            f"{party.name} ({party.role.value})" for party in setup.ballot.parties
        )
    groups, other_groups = _groups(setup), _groups(other)
    if groups != other_groups:
        return "voting groups are " + (
            ", ".join(f"{g.key} ({g.name}, {g.eligible:,} eligible)" for g in groups)
            or "none (no --group)"
        )
    # Each table's box of each group is its own; the groups are otherwise one election's.
    if replace(setup.ballot, groups=groups) != replace(other.ballot, groups=other_groups):
        return f"ballot's choices are {', '.join(setup.ballot.choices)}"
    if setup.mail != other.mail:
        return "count is " + ("by mail" if setup.mail else "at the polls, not by mail")
    if row.get("voters_hash") != other_row.get("voters_hash"):
        return "voter list is another (every table rules envelopes against the whole list)"
    if (setup.current_mail_rules, setup.polls) != (other.current_mail_rules, other.polls):
        rules = "the Board's mail rules" if setup.current_mail_rules else "the earlier mail rules"
        return f"envelopes are ruled by {rules}" + (
            ", with voting at the polls" if setup.polls else ""
        )
    return None


def _groups(setup: ElectionSetup) -> tuple[GroupSpec, ...]:
    """The election's voting groups, each table's own box of each left out."""
    return tuple(replace(group, ballots=None) for group in setup.ballot.groups)


def twice_accepted(labels: Sequence[str], folders: Sequence[Path]) -> str | None:
    """A voter whose envelope was accepted at two tables (a ballot counted twice), named
    by the tables and the envelope events, or None."""
    accepted: dict[str, tuple[str, int]] = {}
    for label, folder in zip(labels, folders, strict=True):
        count = table_count(folder)
        if not count.envelopes.mail:
            return None
        # The rulings that put a voter's ballot in the box (late ones too, by the rules).
        counted = {Ruling.ACCEPTED}
        if count.envelopes.current:
            counted |= {Ruling.LATE, Ruling.AT_POLLS}
        for envelope in count.envelopes.rulings():
            if envelope.ruling not in counted:
                continue
            key = envelope.key.casefold() if envelope.voter is None else envelope.key
            if key in accepted and accepted[key][0] != label:
                first, seq = accepted[key]
                who = "a written-in voter" if envelope.voter is None else "a listed voter"
                return (
                    f"{who}'s envelope was accepted at {table_title(first)} (event {seq}) and"
                    f" again at {table_title(label)} (event {envelope.seq}): two ballots of one voter would be"
                    " counted; the second envelope must be ruled at the table of the first"
                )
            accepted.setdefault(key, (label, envelope.seq))
    return None
