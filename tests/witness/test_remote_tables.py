"""`station dashboard URL URL ...`: the tables of one count followed from their feeds.

Each table is served on 127.0.0.1 by its own feed; the dashboard verifies every feed
before it shows anything of it, sums only what verified, and names the table and the
event of a feed that failed.
"""

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.keys import key_for_signing
from station.ui.dashboard.remote_feed import RemoteFeed
from station.ui.dashboard.tables import TablesDashboard
from station.witness.follow import RemoteFollower
from station.witness.serve import FeedServer, FeedSource, serve
from tests.tables.helpers import table_file


@dataclass
class Table:
    """One table's file, served on 127.0.0.1 (the feed's own thread looks at the file)."""

    path: Path
    source: FeedSource
    server: FeedServer
    thread: threading.Thread

    @property
    def url(self) -> str:
        return self.server.url

    def stop(self) -> None:
        """The table's server goes away: its connections are refused from now on."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join()
        self.server.server_close()
        self.source.stop()


def _served(path: Path) -> Table:
    source = FeedSource(path, key_for_signing(), moved_every_s=0)
    server = serve(source, "127.0.0.1", 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    source.start()
    return Table(path, source, server, thread)


def _call(path: Path, call: Call) -> None:
    """One more call at a table, through the count session as a station makes it."""
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        session.record(call, over_count=True)


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[list[Table]]:
    """Table 1 (F F A V) and table 2 (A A C), each served by its own feed."""
    served = [_served(table_file(tmp_path, "1", "FFAV")), _served(table_file(tmp_path, "2", "AAC"))]
    yield served
    for table in served:
        table.stop()


@pytest.fixture
def feeds(tables: list[Table]) -> Iterator[list[RemoteFeed]]:
    followers = [RemoteFollower(table.url) for table in tables]
    for follower in followers:
        follower.step(wait_s=0)  # verified before anything is shown, as the command does
    made = [RemoteFeed(follower, interval_ms=10, wait_s=1) for follower in followers]
    yield made
    for feed in made:
        feed.close()


@pytest.fixture
def dashboard(qtbot: QtBot, feeds: list[RemoteFeed]) -> TablesDashboard:
    window = TablesDashboard(feeds)
    qtbot.addWidget(window)
    return window


def test_two_feeds_show_the_total_and_a_row_per_table(
    qtbot: QtBot, tables: list[Table], feeds: list[RemoteFeed], dashboard: TablesDashboard
) -> None:
    rows = dashboard.panel.row_texts()
    assert [row[0] for row in rows] == ["Table 1", "Table 2", "TOTAL"]
    assert rows[0][1:6] == ["4 of 4", "2", "1", "1", "0"]
    assert rows[1][1:6] == ["3 of 3", "0", "2", "0", "1"]
    assert rows[2][1:6] == ["7 of 7", "2", "3", "1", "1"]
    assert dashboard.progress_label.text().endswith("at 2 tables")
    for feed in feeds:
        feed.start()
    _call(tables[1].path, Call.FOR)  # a call at table 2 reaches its row and the total
    qtbot.waitUntil(lambda: dashboard.choice_figures[0].value() == 3, timeout=5000)
    assert dashboard.panel.row_texts()[1][2] == "1"
    # Each helper call ends with the station closing the count, as the feed shows: the
    # close is an event of its own, which the feed may carry a poll after the call.
    qtbot.waitUntil(
        lambda: dashboard.panel.row_texts()[1][6] == "STATION CLOSED THE COUNT", timeout=5000
    )
    assert dashboard.panel.row_texts()[2][1] == "8 of 7"


def test_a_forged_feed_turns_its_row_and_the_total_red_and_leaves_the_total(
    tables: list[Table], feeds: list[RemoteFeed], dashboard: TablesDashboard
) -> None:
    _call(tables[1].path, Call.AGAINST)
    tables[1].source.poll_once()
    follower = feeds[1].follower
    forged = follower.request(follower.head_seq, None, 0)
    forged_seq = forged["events"][0]["seq"]
    forged["events"][0]["call"] = "for"  # table 2's station says AGAINST; the feed, FOR
    follower._inbox.append(forged)
    feeds[1].poll()
    row, total = dashboard.panel.row_texts()[1], dashboard.panel.row_texts()[2]
    assert row[0] == "Table 2"
    assert (
        row[6]
        == f"\u26a0 FEED NOT VERIFIED: event {forged_seq} was altered (its hash does not match)"
    )
    assert row[1:6] == ["3 of 3", "0", "2", "0", "1"]  # as verified before it, never after
    assert all(cell.property("state") == "broken" for cell in dashboard.panel.cells[1])
    assert dashboard.panel.cells[0][6].property("state") == ""
    # The total is table 1's alone, and its status names the table left out.
    assert total[1:6] == ["4 of 4", "2", "1", "1", "0"]
    assert total[6] == "\u26a0 FEED NOT VERIFIED: Table 2"
    assert dashboard.panel.total_cells[6].property("state") == "broken"
    assert (dashboard.choice_figures[0].value(), dashboard.choice_figures[-1].value()) == (2, 1)
    assert dashboard.progress_label.text().endswith("at 1 of 2 tables")
    assert dashboard.left_out_label.text() == (
        "Table 2 is left out of the total; its feed failed verification: event"
        f" {forged_seq} was altered (its hash does not match)"
    )
    # Lines 8-9 are not stated on a total that leaves a table out, even with table 1 done.
    assert "not yet determined" in dashboard.majority_label.text()


def test_a_lost_feed_says_no_feed_on_its_row(
    qtbot: QtBot, tables: list[Table], feeds: list[RemoteFeed], dashboard: TablesDashboard
) -> None:
    for feed in feeds:
        feed.start()
    tables[0].stop()
    qtbot.waitUntil(
        lambda: dashboard.panel.row_texts()[0][6].startswith("\u26a0 NO FEED FOR"), timeout=10000
    )
    assert dashboard.panel.row_texts()[0][6].endswith("SECONDS")
    assert dashboard.panel.row_texts()[1][6] == "STATION CLOSED THE COUNT"  # as it was
    assert dashboard.panel.row_texts()[2][6].startswith("\u26a0")  # the total says so too
    assert dashboard.panel.row_texts()[2][1:6] == ["7 of 7", "2", "3", "1", "1"]


def test_feeds_of_another_count_or_a_table_twice_are_refused_in_one_line(
    tmp_path: Path, tables: list[Table], capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "other").mkdir()
    other = _served(table_file(tmp_path / "other", "3", "F", employer="Another Inc."))
    try:
        for urls, said in (
            ([tables[0].url, tables[1].url, tables[0].url], "Table 1 is given twice"),
            ([tables[0].url, other.url], "Table 3 is not a table of the same count as"),
        ):
            assert main(["dashboard", *urls]) == 2
            err = capsys.readouterr().err
            assert said in err and len(err.strip().splitlines()) == 1, err
    finally:
        other.stop()


def test_files_and_feeds_together_are_refused_in_one_line(
    tables: list[Table], capsys: pytest.CaptureFixture[str]
) -> None:
    for args in ([str(tables[0].path), tables[1].url], [tables[1].url, str(tables[0].path)]):
        assert main(["dashboard", *args]) == 2
        err = capsys.readouterr().err
        assert "either as election files or as feeds' URLs, not both" in err
        assert len(err.strip().splitlines()) == 1
