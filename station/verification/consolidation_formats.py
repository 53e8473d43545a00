"""The versions of a consolidation's `tally.json`, oldest first, and how each becomes
the next.

A consolidation records its version in `tally.json`'s `format`, as an export does
(`formats`). `verify` brings the document of an older consolidation up to the current
version step by step, in this order, and only then compares the whole, in its canonical
bytes, with the document `consolidated.consolidated_document` computes from the tables:
each earlier form is accepted on a document of its own version and on no other. Nothing
is guessed from the wording: a version not listed here is not a consolidation Station
can verify. A new version adds a step at the end and never changes an earlier one.
`docs/format.md` ("Format versions") says what each version is.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from station.domain.objections import objections_due, prepared_day
from station.domain.result_statements import RUNOFF_CONDITION, with_tied_runoff
from station.verification import formats

CONSOLIDATED_V1 = "station-consolidated-tally-v1"
"""Station 0.2.0: no `objections_due`, `agent` or `observers`; `prepared` in UTC; a
runoff's sentence without its condition; only tables' exports of `formats.TALLY_V1`."""
CONSOLIDATED_V2 = "station-consolidated-tally-v2"
"""The consolidated tally the Board serves: `objections_due` stated, the Board agent
and observers when named, the runoff's sentence with its condition."""


class FormatProblem(ValueError):
    """A document states what no document of its version has (one line, in words)."""


@dataclass(frozen=True)
class Upgrade:
    """One step of the chain: from `source` to the version after it.

    Attributes:
        source: the version this step upgrades.
        target: the version it gives (the next in `CHAIN`).
        document: `tally.json`'s document of `source` as `target` states it; raises
            FormatProblem for a fact `source` never wrote.
        tables: the versions of the tables' exports (`formats`) a consolidation of
            `source` holds: those the Station that wrote it made.
    """

    source: str
    target: str
    document: Callable[[Mapping[str, Any]], dict[str, Any]]
    tables: tuple[str, ...]


# The facts Station 0.2.0 never wrote in a consolidation: a document claiming its
# version and stating one is not one it made.
_NOT_IN_V1 = ("agent", "objections_due", "observers")
# Station 0.2.0's runoff sentence, the one `result_statements.runoff_line` now ends with
# its condition: "No choice has a majority — runoff between A and B[, unless …]."
_V1_RUNOFF = "No choice has a majority \u2014 runoff between "
# Station 0.2.0 stated `prepared` in UTC, never in the station's own offset.
_UTC = "+00:00"


def _v1_to_v2(document: Mapping[str, Any]) -> dict[str, Any]:
    """A 0.2.0 consolidation as today's states it: the deadline for objections that
    follows from its `prepared`, its runoff's sentence with the condition, and a tied
    runoff between two unions's certified results."""
    stated = sorted(fact for fact in _NOT_IN_V1 if fact in document)
    if stated:
        raise FormatProblem(f"states {', '.join(stated)}, which no {CONSOLIDATED_V1} document has")
    prepared = document.get("prepared")
    if not (isinstance(prepared, str) and prepared.endswith(_UTC)):
        raise FormatProblem(
            f"its prepared is not in UTC (+00:00), as every {CONSOLIDATED_V1} document's is"
        )
    upgraded = {**document, "format": CONSOLIDATED_V2}
    statements = document.get("statements")
    if isinstance(statements, dict) and isinstance(statements.get("runoff"), str):
        runoff = statements["runoff"]
        if runoff.startswith(_V1_RUNOFF) and runoff.endswith("."):
            runoff = f"{runoff[:-1]}{RUNOFF_CONDITION}."
        upgraded["statements"] = {**statements, "runoff": runoff}
    tied = with_tied_runoff(upgraded)
    if tied is not None:
        upgraded["statements"] = tied
    day = prepared_day(prepared)
    if day is not None:
        upgraded["objections_due"] = objections_due(day).isoformat()
    return upgraded


CHAIN: tuple[Upgrade, ...] = (
    Upgrade(CONSOLIDATED_V1, CONSOLIDATED_V2, _v1_to_v2, (formats.TALLY_V1,)),
)
CURRENT = CONSOLIDATED_V2
VERSIONS: tuple[str, ...] = (*(step.source for step in CHAIN), CURRENT)


def known(document: Mapping[str, Any]) -> bool:
    """Whether a document states a version this chain knows."""
    return document.get("format") in VERSIONS


def upgraded(document: Mapping[str, Any]) -> dict[str, Any]:
    """A known document brought, step by step, to the current version.

    Raises FormatProblem where a step finds a fact its version never wrote.
    """
    found = dict(document)
    for step in CHAIN[VERSIONS.index(str(document["format"])) :]:
        found = step.document(found)
    return found


def tables_held(document: Mapping[str, Any]) -> tuple[str, ...]:
    """The versions of the tables' exports a known document's consolidation may hold:
    those of the Station that wrote its version (today's consolidates any)."""
    version = document.get("format")
    step = next((step for step in CHAIN if step.source == version), None)
    return formats.VERSIONS if step is None else step.tables
