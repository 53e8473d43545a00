"""The sentences of witnessing that people read: on the terminal and on the dashboard."""

from station.journal.chain import HEAD_DIGITS


def no_feed(seconds: float) -> str:
    """A follower that has heard nothing from the feed for a while (the connection is lost)."""
    return f"NO FEED FOR {int(seconds)} SECONDS"


def head_line(seq: int, head_hash: str, time: str, key: str) -> str:
    """The witness's line for each signed head it verified and stored."""
    return f"head {seq:,} {head_hash[:HEAD_DIGITS]} signed {time} by key {key}: verified, kept"


FEED_NOT_VERIFIED = "FEED NOT VERIFIED"  # the status of a follower that caught a forgery


def feed_status(problem: str, *, broken: bool) -> str:
    """A remote dashboard's status line and its detail, one line each.

    The dashboard's status shows the first line as it is (`ui/dashboard/states.py`).
    """
    if broken:
        return (
            f"\u26a0 {FEED_NOT_VERIFIED}\n{problem}. The figures shown are"
            " those verified before it; nothing after it is shown."
        )
    if problem.startswith("NO FEED"):
        return f"\u26a0 {problem}\nThe connection to the station is lost; the figures are the last verified."
    return f"\u26a0 THE STATION CANNOT READ ITS JOURNAL\n{problem}"
