"""Witnessing an election of voting groups: a follower folds each group's figures from
the feed and catches a ballot moved to another group's pile; the remote dashboard shows
each group's panel; `verify --witness` holds the hearing's revised count too."""

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Action, Call, ElectionSetup
from station.domain.description import Vote
from station.domain.election import voting_groups
from station.journal.session import CountSession
from station.sheet.export import export_sheet
from station.ui.dashboard.remote_feed import RemoteFeed
from station.ui.dashboard.window import DashboardWindow
from tests.sheet.helpers import sign
from tests.witness.helpers import Served, witness_into

SONOTONE = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United",
    eligible=110, groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"],
        ["A=30", "B=80"], ["A=4", "B=3"], sonotone=["A"],
    ),
)  # fmt: skip
BALLOTS = [
    ("A", Call.FOR, "yes"), ("A", Call.AGAINST, "no"), ("A", Call.CHALLENGE, None),
    ("A", Call.CHALLENGE, None), ("B", Call.FOR, None), ("B", Call.AGAINST, None),
    ("B", Call.AGAINST, None),
]  # fmt: skip


@pytest.fixture
def setup() -> ElectionSetup:
    return SONOTONE


def count(served: Served) -> None:
    for group, call, answer in BALLOTS:
        detail: dict[str, object] = {"group": group}
        if answer is not None:
            detail["inclusion"] = answer
        served.journal.append(Action.CALL, call, detail=detail)
    served.poll()


def test_a_follower_folds_each_groups_figures(served: Served) -> None:
    count(served)
    follower = served.follow()
    follower.step(wait_s=0)
    assert follower.broken is None, follower.broken
    station = served.journal.restore(trust_snapshots=False)
    assert follower.count.group_tallies() == station.group_tallies()
    assert [t.challenged for t in follower.count.group_tallies()] == [2, 0]


def test_a_ballot_moved_to_another_groups_pile_is_caught(served: Served) -> None:
    count(served)
    response = served.follow().request(0, None, 0)
    moved = response["events"][5]  # B's FOR (event 1 opened the session), told as A's
    assert json.loads(moved["detail"]) == {"group": "B"}
    moved["detail"] = json.dumps({"group": "A"}, separators=(",", ":"))
    follower = served.follow()
    follower.take(response)
    assert follower.broken == "event 6 was altered (its hash does not match)"


@pytest.fixture
def remote(qtbot: QtBot, served: Served) -> Iterator[DashboardWindow]:
    served.source.start()
    feed = RemoteFeed(served.follow(), interval_ms=10, wait_s=1)
    window = DashboardWindow(feed)
    qtbot.addWidget(window)
    feed.start()
    yield window
    feed.close()


def test_the_remote_dashboard_shows_each_groups_figures(
    qtbot: QtBot, served: Served, remote: DashboardWindow
) -> None:
    count(served)
    panels = remote.group_dashboard
    assert panels is not None

    def shown() -> list[str]:
        return [panel.figures.text() for panel in panels.panels]

    qtbot.waitUntil(lambda: "AGAINST 2" in shown()[1], timeout=5000)
    assert "challenged 2" in shown()[0] and "Inclusion yes 1" in shown()[0]
    qtbot.waitUntil(lambda: remote.state == "live", timeout=5000)


def test_a_witness_holds_the_revised_count_of_groups(
    served: Served, tmp_path: Path, qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    wfile = tmp_path / "union.witness"
    count(served)
    sign(served.journal, served.key)
    witness_into(served, wfile).store.close()  # type: ignore[union-attr]
    session = CountSession.resume(served.journal, keep=5)
    session.decide([1, 2], [], "R. Director")
    session.record(Vote(Call.AGAINST, group="A", inclusion="yes"))
    session.record(Vote(Call.AGAINST, group="A", inclusion="yes"))
    follower = witness_into(served, wfile)
    # The witness folds the opened ballots into group A: 3 yes to 1, pooled.
    assert [(t.yes, t.no, t.challenged) for t in follower.count.group_tallies()] == [
        (3, 1, 0),
        (0, 0, 0),
    ]
    follower.store.close()  # type: ignore[union-attr]
    sign(served.journal, served.key)
    witness_into(served, wfile).store.close()  # type: ignore[union-attr]
    folder = tmp_path / "export"
    export_sheet(served.journal, served.journal.restore(trust_snapshots=False), folder, served.key)
    assert json.loads((folder / "tally.json").read_text())["sheet"]["title"] == "Revised"
    code = main(["verify", str(folder), "--key", served.key.fingerprint, "--witness", str(wfile)])
    assert code == 0, capsys.readouterr()
    assert "OK: holds all" in capsys.readouterr().out
