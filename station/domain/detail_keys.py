"""The keys an event's detail may have, action by action, and what `open` may say.

Nothing stored may link a ballot's content to a voter. A detail is the one place an
event holds free text, so each action's detail is held to the keys that action has:
a key no rule reads (a voter's name beside a call, under any name) is refused by
every reader, as the rules refuse an event they do not allow. What each key may hold
is the business of the action's own rule (`Count._plan`); the keys of `open`, which
no rule of the count reads, are checked here.
"""

import re
from collections.abc import Mapping

from station.domain.events import Action, Event

# Every fact a tally sheet states, the SIGN event's detail (docs/format.md,
# "The sheet's facts"); which of them a sheet must state is the sheet check's business.
SHEET_FACTS = frozenset(
    {"kind", "title", "revision", "supersedes", "head", "counted", "lines", "apart"}
    | {"ballots", "statements", "case", "employer", "union", "agent", "place", "observers"}
    | {"count_date", "prepared", "key", "key_changed_from", "objections_due", "objections_from"}
    | {"envelopes", "parties", "runoff_of", "runoff_date", "type", "unit", "rerun_of"}
    | {"revised_of_tables"}
    | {"choices", "majority_for", "runoff", "rerun"}
    | {"columns", "decisions", "unresolved_challenges", "correction"}
    | {"groups", "units", "incumbent"}
    | {"witnessed"}
)

DETAIL_KEYS: Mapping[Action, frozenset[str]] = {
    Action.OPEN: frozenset({"station", "previous_session"}),
    Action.CLOSE: frozenset(),
    Action.CALL: frozenset({"over_count", "choice", "group", "inclusion"}),
    Action.UNDO: frozenset(),
    Action.REDO: frozenset(),
    Action.SIGN: SHEET_FACTS,
    Action.REOPEN: frozenset({"reason"}),
    Action.AMEND: frozenset({"party", "reason", "note"}),
    Action.DISPUTE: frozenset({"party", "left_as_called"}),
    Action.PILE: frozenset({"found", "group", "choice"}),
    Action.ENVELOPE: frozenset({"ruling", "voter", "write_in", "group"}),
    Action.ENVELOPE_UNDO: frozenset(),
    Action.ENVELOPE_REDO: frozenset(),
    Action.END_ENVELOPES: frozenset({"accepted"}),
    Action.AFTER_TALLY: frozenset({"voter", "write_in"}),
    Action.RESOLVE: frozenset({"as", "party"}),
    Action.JOIN: frozenset({"party"}),
    Action.DECIDE: frozenset({"open", "sustain", "by"}),
}

# How a session began, as `Journal.start_session` writes it.
PREVIOUS_SESSIONS = frozenset({"none", "closed", "interrupted"})
# A version number as Station's package has one ("0.2.0", "0.3.0rc1", "1.0.0+local").
_VERSION = re.compile(r"[0-9]+(\.[0-9]+)*([.+-]?[0-9A-Za-z]+){0,4}")
_VERSION_CHARS = 40
_SHOWN_CHARS = 40  # of a key refused: enough to recognise it, never a page of it


def detail_problem(event: Event) -> str | None:
    """Why the event's detail has a key its action does not have, or says in an `open`
    event what no station says; None if it does neither.

    In the words of a rule refused (`ReplayError.reason`).
    """
    detail = event.detail
    if detail is None:
        return None
    unknown = sorted(set(detail) - DETAIL_KEYS[event.action])
    if unknown:
        return f"{event.action.value} events have no detail {_shown(unknown[0])}"
    if event.action is Action.OPEN:
        return _open_problem(detail)
    return None


def _open_problem(detail: Mapping[str, object]) -> str | None:
    """Whether an `open` event's detail says something other than the station's version
    and how the session before it ended."""
    version = detail.get("station")
    if "station" in detail and not (
        isinstance(version, str)
        and len(version) <= _VERSION_CHARS
        and _VERSION.fullmatch(version) is not None
    ):
        return "an open event's station is the version number of the station that opened it"
    previous = detail.get("previous_session")
    if "previous_session" in detail and not (
        isinstance(previous, str) and previous in PREVIOUS_SESSIONS
    ):
        choices = ", ".join(sorted(PREVIOUS_SESSIONS))
        return f"an open event's previous_session is one of {choices}"
    return None


def _shown(key: str) -> str:
    """A refused key as a line may show it: quoted, and cut short if it is long."""
    if len(key) > _SHOWN_CHARS:
        return repr(key[:_SHOWN_CHARS]) + "…"
    return repr(key)
