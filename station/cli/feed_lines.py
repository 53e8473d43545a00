"""What a terminal witness says of its feed besides the heads: lost and back, events
not yet signed and signed again. Said once each, with or without --tally-along."""

import time

from station.cli.common import say, say_problem
from station.witness.follow import RemoteFollower
from station.witness.statements import NOT_SIGNED, no_feed


class FeedLines:
    """The feed's state as last said, so that each change is said once."""

    def __init__(self) -> None:
        self.lost_since: float | None = None  # when the feed last answered, once said lost
        self.unsigned_said = False  # NOT SIGNED said, until a head covers every event again

    def say_changes(self, follower: RemoteFollower) -> bool:
        """Say what changed since the last look; True while the feed is lost."""
        if follower.problem and follower.problem.startswith(NOT_SIGNED) and not self.unsigned_said:
            say_problem(follower.problem)
            self.unsigned_said = True
        elif self.unsigned_said and not follower.held:
            say(f"every event received is signed again, to event {follower.head_seq:,}")
            self.unsigned_said = False
        if follower.problem and follower.problem.startswith("NO FEED"):
            if self.lost_since is None and follower.silent_s >= 1:
                say(no_feed(follower.silent_s))
                self.lost_since = time.monotonic() - follower.silent_s
            return True
        if self.lost_since is not None:
            gap = int(time.monotonic() - self.lost_since)
            say(
                f"feed back after {gap:,} second{'' if gap == 1 else 's'}:"
                f" resuming after event {follower.head_seq:,}"
            )
            self.lost_since = None
        return False
