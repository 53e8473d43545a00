"""The versions of an export's `tally.json`, oldest first, and how each becomes the next.

An export records its version in `tally.json`'s `format`. `verify` brings the document
of an older export up to the current version step by step, in this order, before it
compares the whole with the document recomputed from the journal; and it reads the
sheet's PDF against the text the export's own version drew (`drawn_text`). Nothing is
guessed: a version not listed here is not an export Station can verify. As Electrum's
`wallet_db` upgrades or Picard's `config_upgrade` do, a new version adds a step at the
end and never changes an earlier one. `docs/format.md` ("Format versions") says what
each version is.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from station.domain.result_statements import with_exception_certified, with_tied_runoff
from station.domain.words import english
from station.verification import sheet_page, sheet_v1

TALLY_V1 = "station-tally-v1"
"""Station 0.2.0: the sheet of `sheet_v1`; `prepared` read a moment before its event."""
TALLY_V2 = "station-tally-v2"
"""The sheet of `sheet_page`, whose text is compared whole; `prepared` is the sign
event's own second."""


@dataclass(frozen=True)
class Upgrade:
    """One step of the chain: from `source` to the version after it.

    Attributes:
        source: the version this step upgrades.
        target: the version it gives (the next in `CHAIN`).
        document: `tally.json`'s document of `source` as `target` states it.
        text: the blocks of text a sheet of `source` drew above its footers.
        footer: the foot of page N of M of a sheet of `source`.
    """

    source: str
    target: str
    document: Callable[[Mapping[str, Any]], dict[str, Any]]
    text: Callable[[Mapping[str, Any]], list[str]]
    footer: Callable[[Mapping[str, Any], int, int], str]


def _v1_to_v2(document: Mapping[str, Any]) -> dict[str, Any]:
    """A v1 document states the same facts as a v2 one under another `format`, but for
    a tied runoff between two unions, whose results v2 states are certified, and
    102.70(d)'s exception, after which v2 states a certification of results issues."""
    upgraded = {**document, "format": TALLY_V2}
    sheet = document.get("sheet")
    election = document.get("election")
    at_a_table = isinstance(election, Mapping) and election.get("table") is not None
    if isinstance(sheet, Mapping) and not at_a_table:
        statements = with_tied_runoff(sheet) or with_exception_certified(sheet)
        if statements is not None:
            upgraded["sheet"] = {**sheet, "statements": statements}
    return upgraded


CHAIN: tuple[Upgrade, ...] = (
    Upgrade(TALLY_V1, TALLY_V2, _v1_to_v2, sheet_v1.sheet_text, sheet_v1.footer_words),
)
CURRENT = TALLY_V2
VERSIONS: tuple[str, ...] = (*(step.source for step in CHAIN), CURRENT)


def known(document: Mapping[str, Any]) -> bool:
    """Whether a document states a version this chain knows."""
    return document.get("format") in VERSIONS


def upgraded(document: Mapping[str, Any]) -> dict[str, Any]:
    """A known document brought, step by step, to the current version."""
    found = dict(document)
    for step in CHAIN[VERSIONS.index(str(document["format"])) :]:
        found = step.document(found)
    return found


@english
def drawn_text(document: Mapping[str, Any]) -> list[str]:
    """The blocks of text the sheet of a known document draws above its footers, as its
    own version drew them."""
    step = _own_step(document)
    return sheet_page.sheet_text(document) if step is None else step.text(document)


@english
def drawn_footer(document: Mapping[str, Any], page: int, pages: int) -> str:
    """The foot of page `page` of `pages` of a known document's sheet, as its version
    drew it."""
    step = _own_step(document)
    return (
        sheet_page.footer_words(document, page, pages)
        if step is None
        else step.footer(document, page, pages)
    )


def _own_step(document: Mapping[str, Any]) -> Upgrade | None:
    version = document.get("format")
    return next((step for step in CHAIN if step.source == version), None)
