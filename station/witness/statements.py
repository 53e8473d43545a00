"""The sentences of witnessing that people read: on the terminal and on the dashboard."""

from station.journal.chain import HEAD_DIGITS


def no_feed(seconds: float) -> str:
    """A follower that has heard nothing from the feed for a while (the connection is lost)."""
    return f"NO FEED FOR {int(seconds)} SECONDS"


def head_line(seq: int, head_hash: str, time: str, key: str) -> str:
    """The witness's line for each signed head it verified and stored."""
    return f"head {seq:,} {head_hash[:HEAD_DIGITS]} signed {time} by key {key}: verified, kept"


def not_verified(problem: str) -> str:
    """The status of a follower that caught a forged or broken feed."""
    return f"FEED NOT VERIFIED: {problem}"
