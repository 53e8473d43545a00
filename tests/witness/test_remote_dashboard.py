"""`station dashboard URL`: the dashboard from a feed, verified before anything is shown."""

import threading
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Action, Call
from station.ui.dashboard.remote_feed import RemoteFeed
from station.ui.dashboard.window import DashboardWindow
from tests.witness.helpers import Served


@pytest.fixture
def remote(qtbot: QtBot, served: Served) -> Iterator[tuple[RemoteFeed, DashboardWindow]]:
    served.source.start()  # the feed's own thread looks at the file from now on
    feed = RemoteFeed(served.follow(), interval_ms=10, wait_s=1)
    window = DashboardWindow(feed)
    qtbot.addWidget(window)
    feed.start()
    yield feed, window
    feed.close()


def test_follows_the_count_from_the_feed(
    qtbot: QtBot, served: Served, remote: tuple[RemoteFeed, DashboardWindow]
) -> None:
    _, window = remote
    for call in (Call.FOR, Call.AGAINST, Call.AGAINST, Call.CHALLENGE):
        served.journal.append(Action.CALL, call)
    qtbot.waitUntil(lambda: window.challenged_figure.value() == 1, timeout=5000)
    assert (window.choice_figures[0].value(), window.choice_figures[-1].value()) == (1, 2)
    assert window.flash.text() == "Ballot 4 CHALLENGED"
    assert window.journal_label.text().startswith(
        f"Journal: {served.journal.head_seq:,} events \u00b7 head {served.journal.head_hash[:16]}"
    )
    qtbot.waitUntil(lambda: window.state == "live", timeout=5000)


def test_a_forged_event_turns_the_status_red_naming_it_and_shows_nothing_after(
    qtbot: QtBot, served: Served
) -> None:
    served.journal.append(Action.CALL, Call.FOR)
    served.poll()
    follower = served.follow()
    feed = RemoteFeed(follower)  # not started: each answer goes in by hand, then a poll
    window = DashboardWindow(feed)
    qtbot.addWidget(window)
    follower._inbox.append(follower.request(0, None, 0))
    feed.poll()
    assert window.choice_figures[0].value() == 1
    served.journal.append(Action.CALL, Call.FOR)
    served.poll()
    forged = follower.request(follower.head_seq, None, 0)
    forged["events"][0]["call"] = "against"
    follower._inbox.append(forged)
    feed.poll()
    assert window.state == "unavailable"
    assert window.status_label.text() == "\u26a0 FEED NOT VERIFIED"
    assert f"event {served.journal.head_seq} was altered" in window.problem_label.text()
    assert (window.choice_figures[0].value(), window.choice_figures[-1].value()) == (1, 0)


def test_a_lost_feed_says_no_feed(
    qtbot: QtBot, served: Served, remote: tuple[RemoteFeed, DashboardWindow]
) -> None:
    _, window = remote
    stopping = threading.Thread(target=served.server.shutdown)
    stopping.start()
    served.server.server_close()  # connections are refused from now on
    stopping.join()
    qtbot.waitUntil(
        lambda: window.status_label.text().startswith("\u26a0 NO FEED FOR"), timeout=20000
    )
    assert window.state == "stale"
