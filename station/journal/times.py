"""Event times that run backwards, found in a stream of events and said in words.

Pure: what `verify` says of an export's `journal.jsonl` (the verification core) and
what the window and `sign` say of the election file (`clock`) are the same words.
"""

from collections.abc import Iterable

Backwards = tuple[int, str, str]  # (event, its time, the time of the event before it)


def first_backwards_in(times: Iterable[tuple[int, object]]) -> tuple[int, str, str] | None:
    """The same over (event, time) pairs in order (an export's `journal.jsonl`)."""
    before: str | None = None
    for seq, utc in times:
        if not isinstance(utc, str):
            continue  # not a time: what `verify` says of it is said elsewhere
        if before is not None and utc < before:
            return seq, utc, before
        before = utc
    return None


def backwards_statement(found: tuple[int, str, str]) -> str:
    """ "event times run backwards: event 3 is dated 2026-10-31 09:00:00 UTC, before
    event 2 (2026-11-01 17:00:01 UTC); the station's clock was set back" """
    seq, utc, before = found
    return (
        f"event times run backwards: event {seq:,} is dated {shown(utc)}, before event"
        f" {seq - 1:,} ({shown(before)}); the station's clock was set back during the count"
    )


def behind_statement(now: str, seq: int, head: str) -> str:
    """The clock now reads earlier than the last event."""
    return (
        f"the clock reads {shown(now)}, earlier than event {seq:,} ({shown(head)}):"
        " it was set back; check it before going on"
    )


def shown(utc: str) -> str:
    """ "2026-11-01T17:00:01.123456+00:00" as "2026-11-01 17:00:01 UTC" (as given when
    it is not in that form)."""
    if len(utc) >= 19 and utc[10] == "T" and utc.endswith("+00:00"):
        return f"{utc[:10]} {utc[11:19]} UTC"
    return utc
