"""A count served on 127.0.0.1, asked as the live page asks it, and handed to the page's
Python (`LiveCount`) answer by answer: shared by the tests of the live page's Python."""

import dataclasses
import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from station.domain import Action, Call
from station.journal import Journal
from station.sheet.keys import key_for_signing, signature_holds_raw
from station.verifier.live_entry import LiveCount
from station.witness.serve import FeedServer
from tests.helpers import JFK8
from tests.witness.helpers import live_feed


def ask(server: FeedServer, path: str) -> tuple[int, bytes]:
    base, token = server.url.split("/?token=")
    request = urllib.request.Request(base + path, headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


@pytest.fixture
def counted(tmp_path: Path) -> Iterator[tuple[Path, FeedServer]]:
    """4 FOR and 22 AGAINST of 80 ballots, served."""
    path = tmp_path / "jfk8.station"
    Journal.create(path, dataclasses.replace(JFK8, ballots=80))
    with Journal.open(path) as journal:
        journal.start_session()
        for call in [Call.FOR] * 4 + [Call.AGAINST] * 22:
            journal.append(Action.CALL, call)
    with live_feed(path, key_for_signing(), page=False) as server:
        yield path, server


def followed(server: FeedServer, events: int) -> tuple[LiveCount, dict[str, Any]]:
    """The page's Python once a signed head covers `events` events; its last answer."""
    live = LiveCount("http://127.0.0.1", signature_holds_raw)
    assert live.setup(*ask(server, "/setup"), time.time())
    for _ in range(20):
        status, body = ask(server, live.path().replace("wait=20", "wait=1"))
        assert live.answer(status, body, time.time()) == "next"
        if live.follower is not None and live.follower.head_seq == events:
            return live, json.loads(body)
    raise AssertionError(live.view(time.time()))


def signed_to(live: LiveCount, server: FeedServer, seq: int) -> None:
    """The page's Python follows the feed until a signed head covers event `seq`."""
    for _ in range(40):
        status, body = ask(server, live.path().replace("wait=20", "wait=1"))
        assert live.answer(status, body, time.time()) == "next"
        if live.follower is not None and live.follower.head_seq == seq:
            return
    raise AssertionError(live.view(time.time()))
