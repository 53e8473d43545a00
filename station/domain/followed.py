"""The count as an observers' dashboard sees it, kept up to date by whatever follows it.

A follower of a file (`journal.follow.Follower`), of a served feed
(`witness.follow.RemoteFollower`) and the live page's Python
(`verifier.live_entry`) each fold verified events into a `Followed`; every view of it
(the dashboard's windows, the live page) reads the same fields.
"""

from collections import deque

from station.domain.changes import Change
from station.domain.count import Count
from station.domain.election import ElectionSetup
from station.domain.events import Action
from station.domain.result_statements import objections_statement

__all__ = ["TICKER_LENGTH", "Followed"]

TICKER_LENGTH = 40  # changes kept for the ticker; the count itself is the fold


class Followed:
    """The count as a dashboard sees it; written only by what feeds it.

    Attributes:
        setup: the election.
        count: the running count.
        recent: the last changes, oldest first, for the ticker.
        head_seq, head_hash: the journal position observers write down.
        closed: whether the last event is the station closing the count.
        key_fingerprint: the key observers can check the sheet against: the one the
            last sheet names, or before any sheet the one the feed was given.
        objections: when objections are due, in words, as the sheet locking the count
            states it (on a revised tally, when they ran from the tally of ballots);
            None while no sheet stating the result locks it.
    """

    def __init__(self, setup: ElectionSetup, key_fingerprint: str | None = None) -> None:
        self.setup = setup
        self.count = Count.for_setup(setup)
        self.recent: deque[Change] = deque(maxlen=TICKER_LENGTH)
        self.head_seq = 0
        self.head_hash = ""
        self.closed = False
        self.key_fingerprint = key_fingerprint
        self.objections: str | None = None

    def note(self, change: Change) -> None:
        """Take in what one folded event changed (the ticker, the key, the closing)."""
        self.recent.append(change)
        if change.event.action is Action.SIGN and change.event.detail:
            key = change.event.detail.get("key")
            self.key_fingerprint = key if isinstance(key, str) else self.key_fingerprint
            self.objections = objections_statement(change.event.detail)
        elif change.event.action is Action.REOPEN:
            self.objections = None
        if change.event.action is Action.CLOSE:
            self.closed = True
        elif change.event.action is Action.OPEN:
            self.closed = False
