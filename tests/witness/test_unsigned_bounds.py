"""What a follower holds while it waits for a signed head: bounded, and never late by
the length of the way.

Someone between the station and the observer keeps appending well-chained events after
the station's newest signed head, answer after answer: the follower keeps no more of
them than the station ever leaves unsigned (a page of the feed), then refuses the feed
and takes nothing more. And a follower catching up on a long journal, whose only head
is at its end, holds every event until the last page: those are being checked, not
unsigned, and no NOT SIGNED is said while each answer brings more of them. The
follower's clock is moved on rather than waited for.
"""

import dataclasses
import json
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.cli import witnessing as witnessing_cli
from station.domain import Action, Call, ElectionSetup
from station.journal.chain import HEAD_DIGITS, event_hash
from station.journal.records import EVENT_FIELDS
from station.ui.dashboard.remote_feed import RemoteFeed
from station.ui.dashboard.window import DashboardWindow
from station.witness import feed_check, serve
from station.witness.serve import FeedSource
from station.witness.statements import (
    MAX_UNSIGNED,
    MAX_UNSIGNED_BYTES,
    being_checked,
    not_yet_signed,
    too_many_unsigned,
)
from station.witness.store import WitnessFile
from tests.helpers import JFK8
from tests.witness.helpers import ForgingPath, Served, forged_tail


@pytest.fixture
def setup() -> ElectionSetup:
    return dataclasses.replace(JFK8, ballots=120)


class Clock:
    """The follower's `time`, moved on by hand."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def monotonic(self) -> float:
        return time.monotonic() + self.ahead


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    moved = Clock()
    monkeypatch.setattr(feed_check, "time", moved)
    return moved


def counted(served: Served) -> dict[str, Any]:
    """4 FOR and 22 AGAINST, served and signed: the station's whole answer."""
    for call in [Call.FOR] * 4 + [Call.AGAINST] * 22:
        served.journal.append(Action.CALL, call)
    served.poll()
    return served.follow().request(0, None, 0)


def answer_of(events: list[dict[str, Any]], newest: str | None) -> dict[str, Any]:
    """An answer of the path's own making: events, no head, the station's newest head."""
    return {"events": events, "heads": [], "newest_head": newest, "problem": None}


def test_events_appended_answer_after_answer_are_refused_past_a_page(served: Served) -> None:
    answer = counted(served)
    station = served.journal.head_seq
    follower = served.follow()
    follower.take(answer)
    forged = forged_tail(answer["events"], MAX_UNSIGNED + 500)
    for first in range(0, MAX_UNSIGNED, 500):  # the station never leaves this many unsigned
        follower.take(answer_of(forged[first : first + 500], answer.get("newest_head")))
    assert follower.broken is None
    assert (follower.unsigned, follower.received_seq) == (MAX_UNSIGNED, station + MAX_UNSIGNED)

    follower.take(answer_of(forged[MAX_UNSIGNED:], answer.get("newest_head")))
    assert follower.broken == too_many_unsigned(station, events=MAX_UNSIGNED)
    assert follower.broken == (
        f"the feed sent more than {MAX_UNSIGNED:,} events after event {station} with no head"
        " signed by the station's key, which signs what it serves within seconds: they are"
        " not counted, and nothing more is taken from this feed"
    )
    assert follower.problem == follower.broken
    assert follower.held == MAX_UNSIGNED  # not one more kept
    assert (follower.count.tally.for_union, follower.count.tally.against) == (4, 22)
    assert follower.head_seq == station


def big_tail(last: dict[str, Any], events: int, size: int) -> list[dict[str, Any]]:
    """Forged calls each carrying a detail of `size` characters (in the one form Station
    writes details, so only their number and size are wrong)."""
    forged = []
    for _ in range(events):
        event = dict(
            last,
            seq=last["seq"] + 1,
            action="call",
            call="for",
            target=None,
            detail=json.dumps({"note": "x" * size}, separators=(",", ":")),
            prev_hash=last["hash"],
        )
        event["hash"] = event_hash(*(event[name] for name in EVENT_FIELDS[:-1]))
        forged.append(event)
        last = event
    return forged


def test_large_events_appended_are_refused_past_a_page_s_size(served: Served) -> None:
    answer = counted(served)
    station = served.journal.head_seq
    follower = served.follow()
    follower.take(answer)
    forged = big_tail(answer["events"][-1], 5, 1_000_000)
    for event in forged:
        follower.take(answer_of([event], answer.get("newest_head")))
    assert follower.broken == too_many_unsigned(station, size=MAX_UNSIGNED_BYTES)
    assert follower.broken.startswith(
        f"the feed sent more than 4 MiB of events after event {station} with no head signed"
    )
    assert follower.held == 4


def test_the_witness_refuses_a_path_that_keeps_appending(
    served: Served,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for call in [Call.FOR] * 4 + [Call.AGAINST] * 22:
        served.journal.append(Action.CALL, call)
    served.poll()
    station = served.journal.head_seq
    path = ForgingPath(served.url, after=station, calls=500, again=MAX_UNSIGNED // 500 + 1)

    def say(line: str) -> None:  # a witness that took it all would follow a lost path
        print(line)
        if line.startswith("NO FEED"):
            raise witnessing_cli._Terminated(signal.SIGTERM)

    monkeypatch.setattr(witnessing_cli, "say", say)
    out = tmp_path / "union.witness"
    try:
        code = main(["witness", path.url, "--out", str(out), "--wait", "0"])
    finally:
        path.stop()
    assert code == 1
    assert capsys.readouterr().err.splitlines() == [
        f"NOT INTACT: {too_many_unsigned(station, events=MAX_UNSIGNED)}"
    ]
    assert len(path.forged) == MAX_UNSIGNED + 500  # one answer past the bound, no more asked
    with WitnessFile.open(out, read_only=True) as witness:
        assert [record.seq for record in witness.records()] == list(range(1, station + 1))


@pytest.fixture
def long_journal(served: Served, monkeypatch: pytest.MonkeyPatch) -> Iterator[FeedSource]:
    """`station serve` started on a journal four pages long (a page of 25 events here):
    its only head is at its end."""
    monkeypatch.setattr(serve, "BATCH", 25)
    for index in range(96):
        served.journal.append(Action.CALL, Call.FOR if index % 3 else Call.AGAINST)
    source = FeedSource(served.journal.path, served.key)
    served.server.source = source  # the same server, now over a feed started late
    try:
        assert [head.seq for head in source.heads] == [served.journal.head_seq]
        yield source
    finally:
        served.server.source = served.source
        source.stop()


def test_catching_up_on_a_long_journal_is_no_problem(
    served: Served, long_journal: FeedSource, clock: Clock
) -> None:
    end = served.journal.head_seq
    follower = served.follow()
    follower.step(wait_s=0)
    clock.ahead += 11  # longer than the station ever takes to sign: yet nothing is late
    follower.poll()
    assert follower.problem is None
    assert (follower.head_seq, follower.received_seq, follower.signed_seq) == (0, 25, end)
    assert (follower.checking, follower.unsigned) == (25, 0)
    assert follower.not_yet_signed == being_checked(25, 0, end)
    assert follower.not_yet_signed == (
        f"catching up to event {end}, signed by the station: 25 events after event 0"
        " received and being checked, not counted yet"
    )
    while follower.received_seq < end:
        before = follower.received_seq
        follower.step(wait_s=0)
        assert follower.received_seq > before
        clock.ahead += 11
        follower.poll()
        assert follower.problem is None, follower.problem
    assert follower.broken is None
    assert (follower.head_seq, follower.held) == (end, 0)
    assert not follower.not_yet_signed
    assert (follower.count.tally.for_union, follower.count.tally.against) == (64, 32)


def test_a_feed_stalling_on_its_way_to_its_head_is_a_problem(
    served: Served, long_journal: FeedSource, clock: Clock
) -> None:
    follower = served.follow()
    answer = follower.request(0, None, 0)
    follower.take(answer)
    clock.ahead += 11
    follower.take(answer_of([], answer.get("newest_head")))  # answers, but brings none of them
    assert follower.problem is not None
    assert follower.problem.startswith("NOT SIGNED FOR 11 SECONDS: 25 events after event 0")
    assert follower.count.tally.for_union == 0


def test_events_past_the_newest_head_are_unsigned_while_catching_up(
    served: Served, long_journal: FeedSource, clock: Clock
) -> None:
    """The newest head named tells only how far the station signed: what the path adds
    after it waits, and is late, as ever."""
    end = served.journal.head_seq
    follower = served.follow()
    answers = [follower.request(0, None, 0)]
    while answers[-1]["events"][-1]["seq"] < end:
        answers.append(follower.request(answers[-1]["events"][-1]["seq"], None, 0))
    last = answers[-1]
    last["heads"] = []  # the path keeps the head at the end back, and adds 3 events
    last["events"] += forged_tail(last["events"], 3)
    for answer in answers:
        follower.take(answer)
    assert not follower.catching_up
    assert (follower.held, follower.unsigned, follower.checking) == (end + 3, end + 3, 0)
    assert follower.not_yet_signed == not_yet_signed(end + 3, 0)
    clock.ahead += 11
    follower.poll()
    assert follower.problem is not None and follower.problem.startswith("NOT SIGNED FOR 11 ")


def test_a_newest_head_not_matching_an_event_received_is_caught(served: Served) -> None:
    """The path replaced the station's last event by its own, and held its head back: the
    newest head named, checked against the event received, shows the forgery."""
    served.journal.append(Action.CALL, Call.FOR)
    served.journal.append(Action.CALL, Call.AGAINST)
    served.poll()
    follower = served.follow()
    answer = follower.request(0, None, 0)
    station = served.journal.head_seq
    events = answer["events"][:-1]
    follower.take(answer_of(events + forged_tail(events, 1), None))
    assert (follower.broken, follower.received_seq) == (None, station)
    follower.take(answer_of([], answer.get("newest_head")))
    assert follower.broken == (
        f"the head signed at event {station} does not match event {station} as received:"
        " the feed's history is not the one the station signed"
    )
    assert (follower.head_seq, follower.count.tally.for_union) == (0, 0)


def test_the_remote_dashboard_says_it_is_catching_up(
    qtbot: QtBot, served: Served, long_journal: FeedSource, clock: Clock
) -> None:
    end = served.journal.head_seq
    follower = served.follow()
    feed = RemoteFeed(follower)  # not started: the answer goes in by hand, then a poll
    window = DashboardWindow(feed)
    qtbot.addWidget(window)
    follower._inbox.append(follower.request(0, None, 0))
    feed.poll()
    clock.ahead += 11
    feed.poll()
    assert window.state == "live", window.status_label.text()
    assert window.journal_label.text() == (
        "Journal: 0 events \u00b7 head "
        f"{follower.head_hash[:HEAD_DIGITS]} \u00b7 signing key {served.key.fingerprint}\n"
        + being_checked(25, 0, end)
    )
