"""When objections to an election are due: five business days after the tally.

29 CFR 102.69(a)(8): "Within 5 business days after the tally of ballots has been
prepared, any party may file ... objections to the conduct of the election or to conduct
affecting the results of the election". A business day is neither a Saturday, a Sunday
nor a Federal holiday (29 CFR 102.2(a)); the holidays are those of the `holidays`
library's United States calendar (the Federal holidays as 5 U.S.C. 6103 sets them,
each on the day it is observed), never a list kept by hand here.

The day the tally was prepared is its own, at the station that prepared it (the date of
the sheet's `prepared` time, with the station's offset): that is the date printed on
the sheet and the day the parties count from.

A Revised Tally of Ballots (the challenged ballots a decision ordered opened, counted)
is not "the tally of ballots" the five days run from: objections filed only after a
revised tally are untimely (*Remington Rand*, Case 20-R-2191, Supplemental Decision of
February 16, 1948, citing *Lenox Furnace*, 64 NLRB 669). A revised tally, and a
correction of it, states the day the tally of ballots it revises was prepared and the
deadline that ran from it (`tally_of_ballots`), never a new one.
"""

import functools
from collections.abc import Mapping
from datetime import date, datetime, timedelta

import holidays

from station.domain.changes import Sheet

OBJECTION_DAYS = 5


@functools.lru_cache(maxsize=8)
def _federal_holidays(year: int) -> frozenset[date]:
    calendar = holidays.country_holidays("US", years=(year, year + 1))
    return frozenset(calendar)


def business_day(day: date) -> bool:
    """Neither a Saturday, a Sunday nor a Federal holiday (as observed)."""
    return day.weekday() < 5 and day not in _federal_holidays(day.year)


def objections_due(prepared: date) -> date:
    """The last day to file objections to a tally prepared on `prepared`."""
    day, left = prepared, OBJECTION_DAYS
    while left:
        day += timedelta(days=1)
        if business_day(day):
            left -= 1
    return day


def prepared_day(prepared: str) -> date | None:
    """The day a sheet's `prepared` time ("2026-12-01T18:04:05-05:00") falls on, or None
    if it is not such a time."""
    try:
        return datetime.fromisoformat(prepared).date()
    except (TypeError, ValueError):
        return None


def tally_of_ballots(sheet: Sheet, sheets: Mapping[int, Sheet]) -> int | None:
    """The SIGN event of the tally of ballots objections to `sheet`'s count ran from, for
    a sheet after a decision (a Revised Tally, or a correction of one); None otherwise,
    or if the journal does not hold it.

    That is the last final sheet before the decision, the one the revised tally's
    *Original tally* column is: each revised sheet supersedes it or a revised sheet
    that does (`sheets`: the journal's sheets by their SIGN event).
    """
    if sheet.decided is None:
        return None
    seq = sheet.supersedes
    while seq is not None:
        earlier = sheets.get(seq)
        if earlier is None:
            return None
        if earlier.decided is None:
            return earlier.seq
        seq = earlier.supersedes
    return None
