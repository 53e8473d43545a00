"""The dates a tally sheet records are its SIGN event's own.

A sheet records when it was prepared (`prepared`, the station's time with its offset)
and the days the count ran (`count_date`). The date issued and the objections deadline
(29 CFR 102.69(a)(8)) are read from `prepared`, so a `prepared` moved to another day
would move the deadline with it; a Revised Tally's deadline is read from the `prepared`
of the tally of ballots it revises (`objections.tally_of_ballots`), held to its own
event in turn. Station takes `prepared` from the very reading of the
clock its SIGN event is stamped with (`utc`), so both name the same second; a sheet
prepared by an earlier Station read the clock a moment before. Either way its day, in
its own offset, is the day of its event, and it is not later than its event: anything
else is a date the journal does not give. The journal records no zone but the offset
`prepared` states, so the days are those of that offset.
"""

from collections.abc import Mapping
from datetime import datetime


def local_time(utc: str, like: datetime) -> datetime:
    """An event's `utc` as the station's clock read it: in the offset of `like`."""
    return datetime.fromisoformat(utc).astimezone(like.tzinfo)


def count_dates(first_call_utc: str | None, prepared: datetime) -> str:
    """The day the count ran, or its first and last days ("2021-04-08 to 2021-04-09"):
    from the first call to the sheet's preparation, in the offset of `prepared`.

    A clock set back during the count can date the first call after the sheet: the range
    is then said from the earlier day to the later one, never ending before it starts.
    """
    last = prepared.date()
    if first_call_utc is None:
        return last.isoformat()
    first = local_time(first_call_utc, prepared).date()
    if first == last:
        return first.isoformat()
    start, end = sorted((first, last))
    return f"{start.isoformat()} to {end.isoformat()}"


def dates_problem(
    stated: Mapping[str, object], sign_utc: str, first_call_utc: str | None
) -> str | None:
    """The first date a sheet records that is not its SIGN event's own, in words, or None.

    Args:
        stated: the sheet's facts (the SIGN event's detail).
        sign_utc: the SIGN event's own time.
        first_call_utc: the time of the journal's first CALL before it, if any.
    """
    prepared = _time(stated.get("prepared"))
    if prepared is None:
        return f"its prepared says {stated.get('prepared')}, not a time with its offset"
    own = local_time(sign_utc, prepared)
    if prepared.date() != own.date() or prepared > own:
        return (
            f"its prepared says {stated['prepared']}; its own event gives"
            f" {own.isoformat(timespec='seconds')} ({own.date().isoformat()})"
        )
    given = count_dates(first_call_utc, prepared)
    if stated.get("count_date") != given:
        return f"its count_date says {stated.get('count_date')}; the journal gives {given}"
    return None


def _time(value: object) -> datetime | None:
    """A `prepared` time with its offset, or None."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    return None if moment.tzinfo is None else moment
