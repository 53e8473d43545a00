"""The dashboard's last calls keep a challenged ballot's group once its party is given."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Call
from station.domain.description import Vote
from station.journal import Journal
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from tests.groups_helpers import SONOTONE


def test_a_challenged_ballots_row_keeps_its_group(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    controller = CountController(Journal.open(path))
    dashboard = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(dashboard)
    try:
        controller.record(Vote(Call.CHALLENGE, group="B"))
        seq = controller.count.challenges.counting()[0].seq
        assert controller.amend_challenge(seq, {"party": "employer", "reason": "supervisor"})
        assert dashboard.ticker.texts()[0] == (
            "Ballot 1 CHALLENGED by the Employer: supervisor \u2014 group B"
        )
    finally:
        controller.close()
