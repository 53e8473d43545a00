"""A count being served on 127.0.0.1: the station, its feed, and a way to follow it."""

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from station.journal import Journal
from station.sheet.keys import StationKey, key_for_signing
from station.witness.follow import RemoteFollower
from station.witness.serve import FeedServer, FeedSource, serve


@dataclass
class Served:
    """A journal counting and its feed, served in this process on 127.0.0.1.

    The feed's own thread is not started: each test says when the feed looks at the
    file (`poll`), so nothing depends on timing.
    """

    journal: Journal
    source: FeedSource
    server: FeedServer
    key: StationKey
    followers: list[RemoteFollower] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.server.url

    def poll(self) -> None:
        self.source.poll_once()

    def follow(self, **kwargs: Any) -> RemoteFollower:
        """A follower of the feed, closed (its connection too) at the end of the test."""
        follower = RemoteFollower(self.url, **kwargs)
        self.followers.append(follower)
        return follower


@pytest.fixture
def served(journal: Journal) -> Iterator[Served]:
    key = key_for_signing()
    source = FeedSource(journal.path, key, moved_every_s=0)  # a head at each look
    server = serve(source, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    served_ = Served(journal, source, server, key)
    try:
        yield served_
    finally:
        for follower in served_.followers:
            follower.close()
        server.shutdown()
        server.server_close()
        thread.join()
        source.stop()
