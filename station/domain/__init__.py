"""The rules of the count: calls, events, the tally and the NLRB arithmetic.

Pure Python on purpose: no Qt and no SQLite, so the rules can be read, tested and
trusted on their own.
"""

from station.domain.calls import Call
from station.domain.changes import Change, ReplayError, Sheet
from station.domain.count import Count
from station.domain.election import ElectionSetup, SetupError
from station.domain.events import Action, Event, SheetKind
from station.domain.tally import Outcome, Tally

__all__ = [
    "Action",
    "Call",
    "Change",
    "Count",
    "ElectionSetup",
    "Event",
    "Outcome",
    "ReplayError",
    "SetupError",
    "Sheet",
    "SheetKind",
    "Tally",
]
