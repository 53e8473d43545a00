"""Events after the last signed head: chained, but nobody without the key can sign them.

Someone between the station and the observer appends well-chained events to the feed's
answer, after the last head the station signed. A chain proves only that the events follow
one another: the follower (the remote dashboard, the witness) counts only what a head
signed by the station's key covers, says the rest apart as not yet signed, and after
`UNSIGNED_S` says NOT SIGNED FOR N SECONDS.
"""

import dataclasses
import signal
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from station.cli import feed_lines, main
from station.cli import witnessing as witnessing_cli
from station.domain import Action, Call, ElectionSetup
from station.ui.dashboard.remote_feed import RemoteFeed
from station.ui.dashboard.window import DashboardWindow
from station.witness import feed_check
from station.witness.follow import RemoteFollower
from station.witness.store import WitnessFile
from tests.helpers import JFK8
from tests.witness.helpers import ForgingPath, Served, forged_tail


@pytest.fixture
def setup() -> ElectionSetup:
    return dataclasses.replace(JFK8, ballots=80)


def counted_and_forged(served: Served) -> dict[str, Any]:
    """The station counts 4 FOR and 22 AGAINST; the answer reaching the observer carries
    52 FOR more, chained after the station's last event and its last signed head."""
    for call in [Call.FOR] * 4 + [Call.AGAINST] * 22:
        served.journal.append(Action.CALL, call)
    served.poll()
    answer = served.follow().request(0, None, 0)
    size = served.journal.head_seq + 1  # the setup and every event
    assert answer["heads"] and answer["heads"][-1].split("\n")[1] == str(size)
    answer["events"] += forged_tail(answer["events"], 52)
    return answer


def test_events_after_the_last_signed_head_are_not_counted(served: Served) -> None:
    answer = counted_and_forged(served)
    follower = served.follow()
    follower.take(answer)
    station = served.journal.head_seq
    assert follower.broken is None and follower.problem is None
    assert (follower.count.tally.for_union, follower.count.tally.against) == (4, 22)
    assert (follower.head_seq, follower.head_hash) == (station, served.journal.head_hash)
    assert follower.received_seq == station + 52
    assert follower.not_yet_signed == (
        f"52 events after event {station} not yet signed by the station: not counted"
    )


def test_events_left_unsigned_too_long_are_a_problem(served: Served) -> None:
    answer = counted_and_forged(served)
    follower = served.follow(unsigned_s=0)  # the station's heads are due at once
    follower.take(answer)
    station = served.journal.head_seq
    assert follower.broken is None
    assert follower.problem is not None
    assert follower.problem.startswith("NOT SIGNED FOR 0 SECONDS: 52 events after event")
    assert f"after event {station} came with no head signed by the station's key" in (
        follower.problem
    )
    assert (follower.count.tally.for_union, follower.count.tally.against) == (4, 22)


def test_a_head_covering_the_events_counts_them_and_clears_the_note(served: Served) -> None:
    """The honest case: a head may come a moment after its events (the station signs
    up to four times a second while the count moves); then they count."""
    served.journal.append(Action.CALL, Call.FOR)
    served.poll()
    follower = served.follow(unsigned_s=0)
    follower.step(wait_s=0)
    served.journal.append(Action.CALL, Call.AGAINST)
    served.source._moved_every_s = 3600.0  # the next look serves the event, signs nothing
    served.poll()
    follower.step(wait_s=0)
    assert follower.unsigned == 1 and follower.count.tally.against == 0
    assert follower.problem is not None and follower.problem.startswith("NOT SIGNED FOR")
    served.source._moved_every_s = 0.0
    served.poll()
    follower.step(wait_s=0)
    assert follower.broken is None and follower.problem is None
    assert (follower.unsigned, follower.not_yet_signed) == (0, None)
    assert (follower.count.tally.for_union, follower.count.tally.against) == (1, 1)
    assert follower.head_seq == served.journal.head_seq


def test_a_witness_keeps_only_what_a_signed_head_covers(served: Served, tmp_path: Path) -> None:
    answer = counted_and_forged(served)
    follower = served.follow()
    follower.store = WitnessFile.create(
        tmp_path / "w.witness",
        {"election": "{}", "public_key": follower.public_key_text, "url": "x"},
    )
    follower.take(answer)
    seqs = [record.seq for record in follower.store.records()]
    follower.store.close()
    assert seqs == list(range(1, served.journal.head_seq + 1))


def dashboard_of(qtbot: QtBot, follower: RemoteFollower, answer: dict[str, Any]) -> DashboardWindow:
    feed = RemoteFeed(follower)  # not started: the answer goes in by hand, then a poll
    window = DashboardWindow(feed)
    qtbot.addWidget(window)
    follower._inbox.append(answer)
    feed.poll()
    return window


def test_the_remote_dashboard_shows_only_signed_figures(qtbot: QtBot, served: Served) -> None:
    answer = counted_and_forged(served)
    window = dashboard_of(qtbot, served.follow(), answer)
    station = served.journal.head_seq
    assert (window.choice_figures[0].value(), window.choice_figures[-1].value()) == (4, 22)
    assert not window.decision_label.text().startswith("Result decided")
    assert window.journal_label.text().startswith(f"Journal: {station:,} events \u00b7 head ")
    assert window.journal_label.text().endswith(
        f"\n52 events after event {station} not yet signed by the station: not counted"
    )
    assert window.state == "live"


def test_the_remote_dashboard_says_unsigned_events_are_a_problem(
    qtbot: QtBot, served: Served
) -> None:
    answer = counted_and_forged(served)
    window = dashboard_of(qtbot, served.follow(unsigned_s=0), answer)
    assert window.status_label.text() == "\u26a0 NOT SIGNED FOR 0 SECONDS"
    assert window.state == "unavailable"
    assert "52 events after event" in window.problem_label.text()
    assert "they are not counted" in window.problem_label.text()
    assert (window.choice_figures[0].value(), window.choice_figures[-1].value()) == (4, 22)


def test_the_witness_says_events_left_unsigned_and_keeps_none_of_them(
    served: Served,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for call in [Call.FOR] * 4 + [Call.AGAINST] * 22:
        served.journal.append(Action.CALL, call)
    served.poll()
    station = served.journal.head_seq
    path = ForgingPath(served.url, after=station, calls=52)
    monkeypatch.setattr(feed_check, "UNSIGNED_S", 0.0)  # the station's heads are due at once
    said: list[str] = []

    def say_problem(line: str) -> None:  # the witness ends at its first problem here
        said.append(line)
        raise witnessing_cli._Terminated(signal.SIGTERM)

    monkeypatch.setattr(witnessing_cli, "say_problem", say_problem)
    monkeypatch.setattr(feed_lines, "say_problem", say_problem)
    out = tmp_path / "union.witness"
    try:
        code = main(["witness", path.url, "--out", str(out), "--wait", "0"])
    finally:
        path.stop()
    assert code == 128 + signal.SIGTERM
    assert said == [
        f"NOT SIGNED FOR 0 SECONDS: 52 events after event {station} came with no head signed"
        " by the station's key; they are not counted"
    ]
    assert f"head {station} " in capsys.readouterr().out
    with WitnessFile.open(out, read_only=True) as witness:
        assert [record.seq for record in witness.records()] == list(range(1, station + 1))


def test_the_witness_says_when_a_late_head_covers_what_waited(
    served: Served,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    served.journal.append(Action.CALL, Call.FOR)
    served.source._moved_every_s = 3600.0  # the event is served, its head not yet signed
    served.poll()
    monkeypatch.setattr(feed_check, "UNSIGNED_S", 0.0)
    said: list[str] = []

    def say_problem(line: str) -> None:  # the station signs at last
        said.append(line)
        served.source._moved_every_s = 0.0
        served.poll()

    def say(line: str) -> None:
        said.append(line)
        if line.startswith("every event"):
            raise witnessing_cli._Terminated(signal.SIGTERM)

    monkeypatch.setattr(witnessing_cli, "say_problem", say_problem)
    monkeypatch.setattr(feed_lines, "say_problem", say_problem)
    monkeypatch.setattr(witnessing_cli, "say", say)
    monkeypatch.setattr(feed_lines, "say", say)
    out = tmp_path / "union.witness"
    assert main(["witness", served.url, "--out", str(out), "--wait", "0"]) == 143
    station = served.journal.head_seq
    assert said[-3].startswith(f"NOT SIGNED FOR 0 SECONDS: 1 event after event {station - 1}")
    assert said[-2].startswith(f"head {station} ")
    assert said[-1] == f"every event received is signed again, to event {station}"
    with WitnessFile.open(out, read_only=True) as witness:
        assert [record.seq for record in witness.records()][-1] == station
