"""The sentences about a count run at several tables, written once for every view.

A large unit is counted at several tables at once, each with its own station, file,
agent, observers and signed sheet; the tables' sheets are then consolidated into one
tally (`station consolidate`). Every window, dashboard and sheet of a table names it,
so that nobody reads one table's figures as the election's.
"""

from collections.abc import Sequence

from station.domain.election import ElectionSetup


def table_title(label: str) -> str:
    """ "Table 2": how a table is named on every view."""
    return f"Table {label}"


def case_title(setup: ElectionSetup) -> str:
    """The case number, with the table's name when the file is one table of a count."""
    if setup.table is None:
        return setup.case_number
    return f"{setup.case_number} \u2014 {table_title(setup.table)}"


def tables_counted_statement(tables: int) -> str:
    """Under a consolidated tally: how many tables' sheets it sums."""
    if tables == 1:  # a consolidation refuses one table; kept in words for a view of one
        return "the signed tally sheet of 1 table"
    return f"the sum of {tables:,} tables' signed tally sheets"


def table_pending_reason(label: str | None) -> str | None:
    """Why lines 8-9 of one table's count never state the election's result, or None.

    A table counts some of the ballots: whether challenges could change the result, and
    whether the union has a majority, are stated on the consolidated tally alone.
    """
    if label is None:
        return None
    return (
        f"this is the count of {table_title(label)} alone; the result is stated on the"
        " consolidated tally of the tables"
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
        return f"{remaining:,} ballot{'s remain' if remaining != 1 else ' remains'} uncounted"
    return NOT_ALL_FINAL


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


REVISED_OF_TABLES_NOT_BUILT = (
    "Station does not prepare the Revised Tally of a count run at several tables yet: the"
    " challenges are decided once for the whole election and the ballots ordered opened"
    " counted together, which no table's file and no consolidation records"
)
"""Why a count run at several tables has no revised count in Station (docs/rules.md,
"Revised and corrected tallies"): deciding one table's challenges would open its few
ballots alone, and nothing yet records a decision for the tables together."""


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
        f" would show how those voters voted; {REVISED_OF_TABLES_NOT_BUILT}; {REGISTER_OF_TABLES}"
    )


def decide_on_consolidation_statement(folder: str) -> str:
    """Why `station decide` refuses a consolidated tally of several tables."""
    return (
        f"{folder}: is a consolidated tally of several tables; {REVISED_OF_TABLES_NOT_BUILT};"
        f" its challenges under one numbering: station challenges {folder}"
    )


def cannot_listen_statement(host: str, port: int, why: str, *, in_use: bool) -> str:
    """Why `station serve` cannot serve on `host`:`port`; when another program holds the
    port (another `station serve`, often), how to choose another one."""
    line = f"cannot listen on {host}:{port} ({why})"
    if in_use:
        line += f"; another program serves on port {port}: choose a free one with --port N"
    return line
