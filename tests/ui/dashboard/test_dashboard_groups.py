"""The dashboard of an election of voting groups: a panel per group, a line per unit."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.domain.election import voting_groups
from station.journal import Journal
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed


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
        controller.record(Call.FOR, group="A", inclusion=answer)
    controller.record(Call.AGAINST, group="B")
    assert "inclusion yes 2 \u00b7 no 1" in panels[0].figures.text()
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
