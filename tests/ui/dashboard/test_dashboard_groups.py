"""The dashboard of an election of voting groups: a panel per group, a line per unit."""

from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.domain.description import Vote
from station.domain.election import voting_groups
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.seal import station_secret
from station.journal.session import CountSession
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from tests.kinds_helpers import station


def _setup(keys: str, sonotone: list[str]) -> ElectionSetup:
    return ElectionSetup.validated(
        case_number="10-RC-000026", employer="Mercy", union="Nurses United", eligible=1,
        groups=voting_groups(
            [f"{key}=Group {key} employees" for key in keys],
            [f"{key}=20" for key in keys], [f"{key}=3" for key in keys], sonotone=sonotone,
        ),
    )  # fmt: skip


def test_a_panel_per_group_and_the_pooled_units_line(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, _setup("AB", ["A"]))
    controller = CountController(Journal.open(path))
    dashboard = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(dashboard)
    assert dashboard.group_dashboard is not None
    panels = dashboard.group_dashboard.panels
    assert [panel.title.text() for panel in panels] == [
        "Group A \u2014 Group A employees",
        "Group B \u2014 Group B employees",
    ]
    for answer in ("yes", "yes", "no"):
        controller.record(Vote(Call.FOR, group="A", inclusion=answer))
    controller.record(Vote(Call.AGAINST, group="B"))
    assert "Inclusion yes 2 \u00b7 no 1" in panels[0].figures.text()
    assert panels[0].property("current") is False and panels[1].property("current") is True
    units = dashboard.group_dashboard.units_label.text()
    assert units.startswith("Unit A + B (Group A employees and Group B employees):")
    assert "not yet determined" in units  # two of group B's ballots remain
    # The piles together state no unit's result.
    assert dashboard.majority_label.isHidden() and dashboard.choice_figures[0].isHidden()
    controller.close()


def test_four_groups_fit_a_1280_by_720_dashboard(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "four.station"
    Journal.create(path, _setup("ABCD", []))
    controller = CountController(Journal.open(path))
    dashboard = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(dashboard)
    dashboard.resize(1280, 720)
    dashboard.show()
    qtbot.waitExposed(dashboard)
    assert dashboard.group_dashboard is not None
    for panel in dashboard.group_dashboard.panels:
        # Every panel whole inside the window, none on another.
        assert panel.isVisible() and panel.height() >= panel.minimumHeight()
        corner = panel.mapTo(dashboard, panel.rect().bottomRight())
        assert corner.y() <= dashboard.height() and corner.x() <= dashboard.width()
    assert len(dashboard.group_dashboard.units_label.text().splitlines()) == 4
    controller.close()


def settle(window: QWidget) -> None:
    """Until the window's layout is done: the sizes the layout gives its labels, and the
    panels' type fitted to them, take a few rounds of posted events."""
    for _ in range(5):
        QApplication.sendPostedEvents()
        QApplication.processEvents()
        layout = window.layout()
        assert layout is not None
        layout.activate()


LONG = {
    "A": "Registered nurses and other professional employees",
    "B": "Service and maintenance employees",
    "C": "Office clerical employees",
    "D": "Technical employees",
}


@pytest.mark.parametrize("keys", ["AB", "ABCD"])
def test_every_panel_shows_its_text_whole_at_1280_by_720(
    qtbot: QtBot, tmp_path: Path, keys: str
) -> None:
    # The longest case: long names, the Sonotone group's panel drawn large with its
    # question 1 still open, the header two lines of parties and two of the question.
    setup = ElectionSetup.validated(
        case_number="10-RC-000028", employer="Saint Luke's Regional Medical Center",
        union="Hospital and Health Care Employees Union, Local 1199", eligible=400,
        ballots=360,
        groups=voting_groups(
            [f"{key}={LONG[key]}" for key in keys], [f"{key}=100" for key in keys],
            [f"{key}=90" for key in keys], sonotone=["A"],
            self_determination=[key for key in keys if key in "CD"],
        ),
    )  # fmt: skip
    path = tmp_path / "long.station"
    Journal.create(path, setup)
    controller = CountController(Journal.open(path))
    try:
        for key in reversed(keys):  # group A's ballot last: its panel is the large one
            for call, answer in ((Call.FOR, "yes"), (Call.AGAINST, "no"), (Call.CHALLENGE, None)):
                controller.record(Vote(call, group=key, inclusion=answer if key == "A" else None))
        dashboard = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(dashboard)
        dashboard.resize(1280, 720)
        dashboard.show()
        qtbot.waitExposed(dashboard)
        assert dashboard.group_dashboard is not None
        panels = dashboard.group_dashboard.panels
        assert "not yet determined" in panels[0].figures.text()
        assert panels[0].property("current") is True

        def cut() -> list[str]:
            return [
                label.text()
                for panel in panels
                for label in (panel.title, panel.figures)
                if label.heightForWidth(label.width()) > label.height()
                or panel.mapTo(dashboard, panel.rect().bottomRight()).y() > dashboard.height()
            ]

        settle(dashboard)
        assert cut() == []
        # Made to fit, but still read from across the room.
        assert min(panel.figures.font().pixelSize() for panel in panels) >= 11
    finally:
        controller.close()


def test_by_mail_each_panel_counts_against_its_own_envelopes(qtbot: QtBot, tmp_path: Path) -> None:
    """By mail a group's box is known only when the envelope stage ends: its envelopes
    accepted. Each panel then counts its ballots "of" that number."""
    voters = tmp_path / "voters.csv"
    voters.write_text(
        "id,name,group\n100,Ada Lovelace,A\n101,Grace Hopper,A\n102,Alan Turing,A\n"
        "103,Edsger Dijkstra,B\n104,Ada Yonath,B\n",
        encoding="utf-8",
    )
    path = tmp_path / "mail.station"
    made = station(
        "new", path, "--case", "10-RC-000026", "--employer", "Mercy Hospital",
        "--union", "Nurses United", "--mail", "--voters", voters,
        "--group", "A=Professional employees", "--group", "B=Nonprofessional employees",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    counting = CountSession.resume(Journal.open(path, seal_secret=station_secret()), keep=5)
    try:
        for voter, ruling in [
            ("100", Ruling.ACCEPTED), ("101", Ruling.ACCEPTED), ("102", Ruling.VOID),
            ("103", Ruling.ACCEPTED), ("104", Ruling.ACCEPTED),
        ]:  # fmt: skip
            counting.rule_envelope(ruling, voter)
        counting.end_envelopes()
    finally:
        counting.journal.close()
    controller = CountController(Journal.open(path, seal_secret=station_secret()))
    dashboard = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(dashboard)
    assert dashboard.group_dashboard is not None
    controller.record(Vote(Call.FOR, group="A"))
    panels = dashboard.group_dashboard.panels
    assert "1 of 2 ballots counted" in panels[0].figures.text()
    assert "0 of 2 ballots counted" in panels[1].figures.text()
    controller.close()


def test_a_pooled_unit_has_a_panel_of_its_figures_while_it_is_pooled(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "pooled.station"
    Journal.create(path, replace(_setup("AB", ["A"]), pile=2))
    controller = CountController(Journal.open(path))
    try:
        dashboard = DashboardWindow(ControllerFeed(controller))
        qtbot.addWidget(dashboard)
        groups = dashboard.group_dashboard
        assert groups is not None and groups.unit_panels == []
        controller.record(Vote(Call.FOR, group="A", inclusion="yes"))
        controller.record(Vote(Call.AGAINST, group="A", inclusion="yes"))
        for call in (Call.FOR, Call.FOR, Call.VOID):
            controller.record(Vote(call, group="B"))
        [unit] = groups.unit_panels
        assert unit.title.text() == "Unit A + B \u2014 Group A employees and Group B employees"
        assert unit.figures.text() == "FOR 3 \u00b7 AGAINST 1\nvoid 1 \u00b7 challenged 0"
        # Its line states its result; the piles are group B's, the last called.
        assert groups.units_label.text().startswith("Unit A + B (Group A employees and Group B")
        assert "FOR 3" not in groups.units_label.text()
        assert dashboard.pile_label.text().startswith("Group B: FOR pile 1: 2 of 2 \u2014 recount")
        controller.record(Vote(Call.CHALLENGE, group="A"))
        assert groups.unit_panels[0].figures.text().endswith("void 1 \u00b7 challenged 1")
        for _ in range(5):  # A's challenge, B's three, A's AGAINST: the figures follow
            controller.undo()
        assert groups.unit_panels[0].figures.text() == (
            "FOR 1 \u00b7 AGAINST 0\nvoid 0 \u00b7 challenged 0"
        )
        controller.record(Vote(Call.AGAINST, group="A", inclusion="no"))
        controller.record(Vote(Call.FOR, group="A", inclusion="no"))  # question 1: 1 yes, 2 no
        assert groups.unit_panels == []
    finally:
        controller.close()
