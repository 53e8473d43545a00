"""The sentences about a count run at several tables, written once for every view.

A large unit is counted at several tables at once, each with its own station, file,
agent, observers and signed sheet; the tables' sheets are then consolidated into one
tally (`station consolidate`). Every window, dashboard and sheet of a table names it,
so that nobody reads one table's figures as the election's.
"""

from collections.abc import Sequence

from station.domain.election import ElectionSetup
from station.domain.tables_revision import OPEN, TablesRevision
from station.domain.words import say, say_count


def table_title(label: str) -> str:
    """ "Table 2": how a table is named on every view."""
    return say("Table {table}", table=label)


def case_title(setup: ElectionSetup) -> str:
    """The case number, with the table's name when the file is one table of a count."""
    if setup.table is None:
        return setup.case_number
    return f"{setup.case_number} \u2014 {table_title(setup.table)}"


def tables_counted_statement(tables: int) -> str:
    """Under a consolidated tally: how many tables' sheets it sums."""
    if tables == 1:  # a consolidation refuses one table; kept in words for a view of one
        return say("the signed tally sheet of 1 table")
    return say("the sum of {tables:,} tables' signed tally sheets", tables=tables)


def table_pending_reason(label: str | None) -> str | None:
    """Why lines 8-9 of one table's count never state the election's result, or None.

    A table counts some of the ballots: whether challenges could change the result, and
    whether the union has a majority, are stated on the consolidated tally alone.
    """
    if label is None:
        return None
    return say(
        "this is the count of {table} alone; the result is stated on the consolidated tally"
        " of the tables",
        table=table_title(label),
    )


NOT_ALL_FINAL = "not every table has prepared its final tally"


def tables_pending_reason(final: list[bool], remaining: int | None) -> str | None:
    """Why lines 8-9 of the tables together cannot state the result yet, or None.

    They can once every table's count is locked by its final tally; until then some
    table may still be counting, whatever the figures say.
    """
    if all(final):
        return None
    if remaining:
        return say_count(
            remaining, "{n:,} ballot remains uncounted", "{n:,} ballots remain uncounted"
        )
    return say(NOT_ALL_FINAL)


def same_count_problem(setups: Sequence[ElectionSetup]) -> str | None:
    """Why these files are not the tables of one count (to follow together), or None."""
    first = setups[0]
    seen: set[str] = set()
    for setup in setups:
        name = case_title(setup)
        shared = (setup.case_number, setup.employer, setup.union, setup.eligible)
        if shared != (first.case_number, first.employer, first.union, first.eligible):
            return f"{name} is not a table of the same count as {case_title(first)}"
        if setup.table is None:
            return f"{name} is not a table of a count at several tables (made without --table)"
        if setup.table.casefold() in seen:
            return f"{table_title(setup.table)} is given twice"
        seen.add(setup.table.casefold())
    return None


ONE_TABLE = (
    "a consolidation sums two or more tables' exports; one table's sheet is not the"
    " election's result"
)


REVISED_OF_TABLES = (
    "the challenges of a count run at several tables are decided once for the whole"
    " election and the ballots ordered opened counted together, in a revised count made"
    " from the tables' consolidation: station new FILE --revised-of CONSOLIDATION_FOLDER"
)
"""Where a count run at several tables is revised (docs/rules.md, "Revised and corrected
tallies"): deciding one table's challenges would open its few ballots alone, and no
table's file nor the consolidation records a decision for the tables together."""


def register_of_tables_statement(case: str, tables: int, consolidation: str) -> str:
    """The head of `station challenges` on a consolidation: the election's one register
    of its tables' challenges, and the consolidated tally ("tables SHA256", as a runoff
    names it) whose tables it numbers."""
    digest = consolidation.partition(" ")[2]
    return (
        f"Case {case}: the challenges of {tables:,} tables under one numbering, table by"
        f" table (their consolidated tally {digest[:16]})"
    )


REGISTER_OF_TABLES = (
    "the election's register of every table's challenges, under one numbering:"
    " station challenges CONSOLIDATION_FOLDER"
)
"""Where the challenges of a count at several tables are listed for the hearing."""


def decide_at_table_statement(table: str) -> str:
    """Why no decision is recorded on one table's file: its ballots would be opened alone."""
    return (
        f"this is the count of Table {table} alone: the challenges of a count at several"
        " tables are never decided table by table, where opening a table's few ballots"
        f" would show how those voters voted; {REVISED_OF_TABLES}; {REGISTER_OF_TABLES}"
    )


def decide_on_consolidation_statement(folder: str) -> str:
    """Why `station decide` refuses a consolidated tally of several tables."""
    return (
        f"{folder}: is a consolidated tally of several tables; {REVISED_OF_TABLES};"
        f" its challenges under one numbering: station challenges {folder}"
    )


def revised_of_not_consolidation_statement(folder: str, option: str = "--revised-of") -> str:
    """Why `station new --revised-of` (or `station verify --tables`, `option`) refuses
    what it was given."""
    return (
        f"{folder}: is not a consolidation of a count's tables; {option} takes the"
        " folder `station consolidate` made"
    )


def revised_of_kind_statement(folder: str) -> str:
    """Why a revised count of these tables is not made: the kinds it does not carry."""
    return (
        f"{folder}: its tables counted voting groups or mail ballots; Station prepares the"
        " revised count of a count at several tables for one ballot box per table only"
    )


def revised_of_nothing_statement(folder: str) -> str:
    """Why a consolidated tally with no challenged ballot has no revised count."""
    return f"{folder}: its consolidated tally has no challenged ballots to decide"


def revised_created_statement(revision: TablesRevision) -> str:
    """What `station new --revised-of` adds to its line: what the file revises, and the
    challenges left for the decision."""
    still = sum(1 for c in revision.challenges if c.status == OPEN)
    digest = revision.consolidation.partition(" ")[2]
    return (
        f"the revised count of its tables' consolidated tally {digest[:16]}:"
        f" {still:,} challenge{'s' if still != 1 else ''} to decide (station challenges FILE),"
        " then the ballots ordered opened counted here together"
    )


def revised_of_tables_statement(case: str, prepared: str | None) -> str:
    """What a revised count of the tables revises, under its sheet's title: the
    consolidated tally named as a Board agent finds it, by its case and the day it was
    prepared (`prepared`, "November 3, 2026"; None where the sheet states no such day,
    an interim one). Its hash is the file's (`revised_of_tables`), not the caption's."""
    which = (
        "their consolidated tally"
        if prepared is None
        else (f"their consolidated tally prepared {prepared}")
    )
    return (
        f"Revised count of case {case}, counted at several tables: {which} is the Original"
        " tally; the ballots ordered opened are commingled and counted here together"
    )


TABLES_OPTION = "--tables CONSOLIDATION"


def revised_needs_tables_statement(folder: str, consolidation: str) -> str:
    """Why `station verify` gives no verdict on a revised count of the tables alone: its
    Original tally and register are the consolidation's, which its journal only names."""
    digest = consolidation.partition(" ")[2]
    return (
        f"{folder}: is the Revised Tally of a count run at several tables; its Original"
        f" tally is their consolidated tally {digest[:16]}: give that consolidation with"
        f" {TABLES_OPTION}"
    )


def not_the_tables_statement(folder: str, tables: str, consolidation: str, found: str) -> str:
    """Why the consolidation given is not the one a revised count of the tables revises."""
    return (
        f"{tables}: is not the consolidation {folder} revises (it names"
        f" {consolidation.partition(' ')[2][:16]}, this one is {found.partition(' ')[2][:16]})"
    )


def carried_problem_statement(what: str, tables: str) -> str:
    """Why a revised count of the tables is not intact: what it carries is not what the
    consolidation it names gives."""
    return f"its {what} is not what the consolidation {tables} gives"


def tables_checked_statement(tables: str) -> str:
    """Said under the verdict on a revised count of the tables held to its consolidation."""
    return (
        f"OK: its Original tally and its register of the tables' challenges are those of"
        f" {tables}, verified whole with every table's export"
    )


REVISED_DECIDED_BY_COMMAND = (
    "A revised count of the tables: the decision is recorded by the election's numbers,"
    " which station challenges FILE lists, with station decide FILE; the window"
    " counts the ballots it orders opened"
)


PAGE_REVISED_OF_TABLES = (
    "This is the Revised Tally of a count run at several tables: its Original tally is"
    " their consolidation, which this page does not check. Verify it with: station verify"
    f" FOLDER {TABLES_OPTION}"
)


def cannot_listen_statement(host: str, port: int, why: str, *, in_use: bool) -> str:
    """Why `station serve` cannot serve on `host`:`port`; when another program holds the
    port (another `station serve`, often), how to choose another one."""
    line = f"cannot listen on {host}:{port} ({why})"
    if in_use:
        line += f"; another program serves on port {port}: choose a free one with --port N"
    return line
