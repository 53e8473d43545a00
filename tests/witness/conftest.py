"""A count being served on 127.0.0.1: the station, its feed, and a way to follow it."""

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from station.journal import Journal
from station.sheet.keys import StationKey, key_for_signing
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

    @property
    def url(self) -> str:
        return self.server.url

    def poll(self) -> None:
        self.source.poll_once()


@pytest.fixture
def served(journal: Journal) -> Iterator[Served]:
    key = key_for_signing()
    source = FeedSource(journal.path, key, moved_every_s=0)  # a head at each look
    server = serve(source, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield Served(journal, source, server, key)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
        source.stop()
