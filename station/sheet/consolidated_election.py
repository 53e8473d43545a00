"""A table's election setup and count, read from its export's `journal.jsonl`.

What consolidation holds the tables to is the verification core's
(`station.verification.consolidated`); this reads a table's folder for it, once the
table's export has been verified.
"""

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from station.domain import Count
from station.domain.election import ElectionSetup
from station.verification import consolidated


def table_setup(folder: Path) -> tuple[ElectionSetup, dict[str, Any]]:
    """The election setup of a table's export, and its stored row (`journal.jsonl`'s
    first line; its hash is the one the table's verified sheet names)."""
    with (folder / "journal.jsonl").open("rb") as lines:
        return consolidated.journal_setup(lines.readline(), str(folder))


def table_count(folder: Path) -> Count:
    """The count a verified table export's `journal.jsonl` replays to (challenges by
    party, piles, envelope rulings), for what the sheet's lines do not say."""
    setup, _ = table_setup(folder)
    with (folder / "journal.jsonl").open("rb") as lines:
        lines.readline()
        return consolidated.journal_count(setup, lines)


def twice_accepted(labels: Sequence[str], folders: Sequence[Path]) -> str | None:
    """A voter whose envelope was accepted at two tables, named by the tables and the
    envelope events, or None (`consolidated.twice_accepted`)."""

    def counts() -> Iterator[Count]:
        for folder in folders:
            yield table_count(folder)

    return consolidated.twice_accepted(labels, counts())
