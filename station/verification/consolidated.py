"""A consolidation's `tally.json`, computed from its tables' verified sheets and journals.

Pure: `station consolidate` (`station.sheet.consolidate`) writes what
`consolidated_document` returns, and the verification core
(`consolidation_check`) recomputes it from the same tables and compares the whole, so
the writer and the verifier can never disagree on a fact.

What consolidation holds the tables to: one election, of any kind. It sums only what it
knows how to sum (the keys a table's `tally.json` may hold, `unknown_facts`), reads each
table's election setup from its verified journal, and holds the tables to one election:
the same kind of case and parties, the same ballot, by mail or not, and for a mail
ballot the same voter list.

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
The decision is recorded, and the opened ballots counted, in a revised count made from
the consolidation (`table_statements.REVISED_OF_TABLES`, `tables_revision.py`).
"""

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from station.domain import Count
from station.domain.consolidation import SUMMED_LINES, TableLines, consolidated_facts
from station.domain.election import ElectionSetup
from station.domain.envelopes import Ruling
from station.domain.group_sheet import figures_stated, groups_added
from station.domain.groups import GroupSpec
from station.domain.objections import objections_due, prepared_day
from station.domain.table_statements import REVISED_OF_TABLES, table_title
from station.domain.tally_form import FormBallot, ballot_form, known_numbers
from station.journal.errors import CorruptJournal
from station.journal.records import EVENT_FIELDS, Record, election_from_row
from station.verification import consolidation_formats, formats
from station.verification.export_files import ALL_FILES

CONSOLIDATION_FORMAT = "station-consolidation-v1"  # manifest.json
CONSOLIDATED_FORMAT = consolidation_formats.CURRENT  # tally.json
TABLES_FOLDER = "tables"
OWN_FILES = ("tally.pdf", "tally.json")

# What a table's `tally.json` may hold for consolidation to sum it. Consolidation sums
# the sheets it knows (one union or several, RC, RD or RM, at the polls or by mail); a
# sheet stating anything else (a kind of sheet still to come) is refused until someone
# teaches consolidation to sum it, rather than summed wrongly.
KNOWN_DOCUMENT = frozenset({"format", "election", "sheet_event", "sheet"})
KNOWN_ELECTION = frozenset(
    {"table", "election_id", "setup_hash", "case", "employer", "union", "eligible", "ballots"}
    | {"agent"}
)
KNOWN_SHEET = frozenset(
    {"kind", "title", "revision", "supersedes", "head", "counted", "ballots", "lines"}
    | {"statements", "case", "employer", "union", "agent", "observers", "place"}
    | {"count_date", "prepared", "key", "key_changed_from"}
    | {"parties", "runoff_of", "runoff_date"}  # RD, RM and every ballot not a plain RC one
    | {"choices", "majority_for", "runoff", "rerun"}  # a ballot of several unions
    | {"envelopes"}  # a mail ballot
    | {"type", "unit", "rerun_of", "incumbent"}  # the header of the Board's form
    | {"objections_due", "correction"}  # a sheet stating a result; a corrected tally
    | {"groups", "units"}  # an election of voting groups: summed group by group
    | {"apart"}  # ballots counted on no line, line 6 beyond them: summed with the lines
    | {"witnessed"}  # the table's checkpoint, cosigned: checked with its export, not summed
)
KNOWN_KINDS = frozenset({"final", "interim"})
# What a revised tally's sheet states beyond a final one (revised_sheet.py).
REVISED_FACTS = frozenset({"columns", "decisions", "unresolved_challenges"})
REVISED_REFUSAL = (
    "is a Revised Tally of Ballots; a revised tally is not consolidated: the challenged"
    " ballots a decision orders opened are commingled and counted once for the whole"
    f" election, never table by table; {REVISED_OF_TABLES}"
)
# The setup every table of one count shares (the label and the ballots in each
# table's box differ; so may the agent, as each table has its own).
SHARED_SETUP = ("case", "employer", "union", "eligible")


class ConsolidationError(Exception):
    """A consolidation was refused; nothing was written (one-line message)."""


@dataclass(frozen=True)
class TableSheet:
    """One table's verified export, as consolidation reads it."""

    source: str  # how to name it in a refusal: the folder given, or its place in the sum
    folder: str  # where its copy lies in the consolidation, e.g. "tables/table-2"
    document: dict[str, Any]  # its tally.json
    key: str  # the fingerprint of the key that signed it
    setup: ElectionSetup  # as its journal stores it (the hash its sheet names)
    setup_row: dict[str, Any]

    @property
    def label(self) -> str:
        """The table's label, as its verified setup holds it (`a_table`: never None)."""
        return str(self.setup.table)

    def lines(self) -> TableLines:
        sheet = self.document["sheet"]
        ballot = ballot_form(self.setup)
        lines, choices = _table_figures(sheet, ballot)
        return TableLines(
            self.label,
            lines,
            sheet["counted"],
            sheet["ballots"],
            choices,
            sheet.get("envelopes"),
            tuple(figures_stated(entry, ballot) for entry in sheet.get("groups") or ()),
        )


def _table_figures(
    sheet: Mapping[str, Any], ballot: FormBallot
) -> tuple[Mapping[str, Any], tuple[int, ...]]:
    """A table's lines and each choice's votes (several unions), as its sheet states
    them, or its voting groups' added up where it states none of its own."""
    if "lines" not in sheet and sheet.get("groups"):
        return groups_added(sheet, ballot)
    return sheet["lines"], tuple(int(c["votes"]) for c in sheet.get("choices") or ())


def table_folder(label: str) -> str:
    """Where a table's export lies inside a consolidation."""
    return f"{TABLES_FOLDER}/table-{label}"


def consolidated_document(
    tables: Sequence[TableSheet],
    key: str,
    prepared: str,
    agent: str | None = None,
    observers: Sequence[dict[str, str]] = (),
) -> dict[str, Any]:
    """The content of a consolidation's `tally.json`.

    Keys: `format` (CONSOLIDATED_FORMAT); `election` (`case`, `employer`, `union`,
    `eligible`: the setup the tables share); `lines` ("1".."9": line 1 the unit's
    eligible voters, lines 2-7 the tables' sums, 8-9 true/false on the sums);
    `statements` ("8", "9"); `counted` and `ballots` (summed; `ballots` null unless every
    table knew its box); `tables` (in the order consolidated: `label`, `folder`,
    `election_id`, `setup_hash`, `title`, `agent`, `counted`, `ballots`, `lines` "2".."7",
    `head` and `sheet_event` (`seq`, `hash`), `key`, and a table's `choices` or
    `envelopes` when its sheet has them); `prepared` (the station's time, with its
    offset) and `key` (the fingerprint of the key that signs the consolidation);
    `agent`, the Board agent certifying the sums, when named (`consolidate --agent`);
    `observers` (`party`, `name`), when named (`consolidate --observer`);
    `objections_due`, the last day to file objections, five business days after the day
    `prepared` (29 CFR 102.69(a)(8)), as on a table's own sheet that states a result. As
    on a table's sheet, an election not plain RC adds `parties` (and `runoff_of`), a
    ballot of several unions lines "3a"…, `choices`, `majority_for`, `runoff`, `rerun`
    and `statements` "runoff", and a mail ballot `envelopes` (summed): all computed on
    the sums (`domain/consolidation.py`).
    """
    facts = consolidated_facts(tables[0].setup, [table.lines() for table in tables])
    return {
        "format": CONSOLIDATED_FORMAT,
        "election": shared_setup(tables[0].setup),
        **facts,
        "tables": [_table_row(table) for table in tables],
        "prepared": prepared,
        "key": key,
        **({"agent": agent} if agent is not None else {}),
        **({"observers": list(observers)} if observers else {}),
        **_deadline(prepared),
    }


def _deadline(prepared: str) -> dict[str, str]:
    """`objections_due`: the consolidated tally is the one the Board issues and serves."""
    day = prepared_day(prepared)
    return {} if day is None else {"objections_due": objections_due(day).isoformat()}


def _table_row(table: TableSheet) -> dict[str, Any]:
    election, sheet = table.document["election"], table.document["sheet"]
    lines, votes = _table_figures(sheet, ballot_form(table.setup))
    return {
        "label": table.label,
        "folder": table.folder,
        "election_id": election["election_id"],
        "setup_hash": election["setup_hash"],
        "title": sheet["title"],
        "agent": sheet["agent"],
        "counted": sheet["counted"],
        "ballots": sheet["ballots"],
        "lines": {number: lines[number] for number in SUMMED_LINES},
        # Several unions: each choice's votes; by mail: the table's envelope figures.
        **({"choices": _choices(sheet, votes)} if "choices" in sheet else {}),
        **({"envelopes": sheet["envelopes"]} if "envelopes" in sheet else {}),
        "head": sheet["head"],
        "sheet_event": table.document["sheet_event"],
        "key": table.key,
    }


def _choices(sheet: Mapping[str, Any], votes: tuple[int, ...]) -> list[dict[str, Any]]:
    """A table's row's choices: as its sheet states them, with their votes."""
    return [
        {"name": choice["name"], "votes": vote}
        for choice, vote in zip(sheet["choices"], votes, strict=True)
    ]


def listed_files(document: dict[str, Any]) -> list[str]:
    """Every file a consolidation's manifest lists, by its path in the folder."""
    names = list(OWN_FILES)
    for table in document["tables"]:
        names += [f"{table['folder']}/{name}" for name in ALL_FILES]
    return names


def shared_setup(setup: ElectionSetup) -> dict[str, object]:
    """What every table of one count shares of its setup (SHARED_SETUP), as a sheet's
    election section names it: read from the verified journal, never from the sheet."""
    return {
        "case": setup.case_number,
        "employer": setup.employer,
        "union": setup.union,
        "eligible": setup.eligible,
    }


def revised(document: dict[str, Any]) -> bool:
    """Whether a table's sheet is a Revised Tally of Ballots (never consolidated)."""
    sheet = document.get("sheet")
    return isinstance(sheet, dict) and bool(REVISED_FACTS & set(sheet))


def unknown_facts(document: dict[str, Any]) -> str | None:
    """What a table's `tally.json` states that consolidation does not know how to sum."""
    if not formats.known(document):
        return f"format {document.get('format')!r}"
    parts = (
        ("", document, KNOWN_DOCUMENT),
        ("election ", document.get("election"), KNOWN_ELECTION),
        ("sheet ", document.get("sheet"), KNOWN_SHEET),
    )
    for where, part, known in parts:
        if not isinstance(part, dict):
            return f"no {where.strip() or 'document'}"
        if where == "sheet " and REVISED_FACTS & set(part):
            return None  # a revised tally: refused in its own words (`REVISED_REFUSAL`)
        extra = sorted(set(part) - known)
        if extra:
            return f"{where}facts {', '.join(extra)}"
    sheet = document["sheet"]
    kind = sheet.get("kind")
    if not isinstance(kind, str) or kind not in KNOWN_KINDS:  # any JSON: a list too
        return f"a sheet of kind {kind!r}"
    if not sheet.get("groups") and unknown_lines(sheet.get("lines")):
        return "lines other than 1-9"
    return None


def unknown_lines(lines: object) -> bool:
    """Whether a sheet's lines are other than 1-9 (and 3a, 3b, … of several unions)."""
    return not isinstance(lines, dict) or not known_numbers(list(lines))


def a_table(
    source: str,
    document: dict[str, Any],
    key: str,
    earlier: list[TableSheet],
    setup: tuple[ElectionSetup, dict[str, Any]],
) -> TableSheet:
    """The table, once it is a final sheet of a table of the same count as the others."""
    election, sheet = shared_setup(setup[0]), document["sheet"]
    if sheet["kind"] != "final":
        raise ConsolidationError(
            f"{source}: holds an {sheet['kind']} tally; only final sheets are consolidated"
            " (export the table's final sheet)"
        )
    if setup[0].table is None:
        raise ConsolidationError(
            f"{source}: is the sheet of a count at one table (its file was made without"
            " --table); only the sheets of a count's tables are consolidated"
        )
    table = TableSheet(source, table_folder(setup[0].table), document, key, *setup)
    for other in earlier:
        theirs = shared_setup(other.setup)
        differs = next(
            (
                f"{field} is {election[field]!r}, not {theirs[field]!r}"
                for field in SHARED_SETUP
                if election[field] != theirs[field]
            ),
            None,
        ) or setup_difference(setup, (other.setup, other.setup_row))
        if differs is not None:
            raise ConsolidationError(
                f"{source}: {table_title(table.label)} is not a table of the same count as"
                f" {other.source} ({table_title(other.label)}): its {differs}"
            )
        if table.label.casefold() == other.label.casefold():
            raise ConsolidationError(
                f"{source}: {table_title(table.label)} appears twice (also {other.source});"
                " each table is consolidated once"
            )
        # Read before the table is verified (`consolidate`): its head may be anything.
        head = sheet.get("head")
        if head == other.document["sheet"].get("head") or setup[1].get(
            "election_id"
        ) == other.setup_row.get("election_id"):
            named = str(head.get("hash") if isinstance(head, dict) else head)
            raise ConsolidationError(
                f"{source}: is the same table's count as {other.source} (same election file"
                f" or head {named[:16]}); each table is consolidated once"
            )
    return table


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


def journal_setup(first_line: bytes, where: str) -> tuple[ElectionSetup, dict[str, Any]]:
    """The election setup of a table's export, and its stored row, from the first line
    of its `journal.jsonl` (its hash is the one the table's verified sheet names).

    Raises CorruptJournal (or ValueError for a line that is not JSON)."""
    first = json.loads(first_line)
    row = first.get("election") if isinstance(first, dict) else None
    if not isinstance(row, dict):
        raise CorruptJournal(f"{where}: journal.jsonl holds no election setup")
    return election_from_row(row, where).setup, row


def journal_count(setup: ElectionSetup, event_lines: Iterable[bytes]) -> Count:
    """The count a verified table export's events replay to (challenges by party, piles,
    envelope rulings), for what the sheet's lines do not say: `event_lines` are the
    lines of its `journal.jsonl` after the first."""
    count = Count.for_setup(setup)
    for line in event_lines:
        event = json.loads(line)
        count.apply(Record(*(event[field] for field in EVENT_FIELDS)).event())
    return count


def twice_accepted(labels: Sequence[str], counts: Iterable[Count]) -> str | None:
    """A voter whose envelope was accepted at two tables (a ballot counted twice), named
    by the tables and the envelope events, or None. `counts`: each table's, in the
    order of `labels` (taken one at a time: a table's replay is dropped once read)."""
    accepted: dict[str, tuple[str, int]] = {}
    for label, count in zip(labels, counts, strict=True):
        if not count.envelopes.mail:
            return None
        # The rulings that put a voter's ballot in the box (late ones too, by the rules).
        counted = {Ruling.ACCEPTED}
        if count.envelopes.current:
            counted |= {Ruling.LATE, Ruling.AT_POLLS}
        for envelope in count.envelopes.rulings():
            if envelope.ruling not in counted:
                continue
            key = envelope.key  # as the table's own second-envelope rule compares them
            if key in accepted and accepted[key][0] != label:
                first, seq = accepted[key]
                who = "a written-in voter" if envelope.voter is None else "a listed voter"
                return (
                    f"{who}'s envelope was accepted at {table_title(first)} (event {seq}) and"
                    f" again at {table_title(label)} (event {envelope.seq}): two ballots of"
                    " one voter would be counted; the second envelope must be ruled at the"
                    " table of the first"
                )
            accepted.setdefault(key, (label, envelope.seq))
    return None
