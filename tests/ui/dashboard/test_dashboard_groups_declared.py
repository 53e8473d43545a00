"""The dashboard of a Sonotone election set up without its boxes' sizes: once the final
sheet declares the count complete, question 1 and the pooled unit read as the sheet
states them, not "not yet determined" beside it."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.description import Vote
from station.domain.election import voting_groups
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.standalone import standalone_dashboard
from station.ui.dashboard.window import DashboardWindow

FINAL = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)

# No --ballots: neither group's box size is known.
SETUP = ElectionSetup.validated(
    case_number="10-RC-000026", employer="Mercy Hospital", union="Nurses United", eligible=1,
    groups=voting_groups(
        ["A=Professional employees", "B=Nonprofessional employees"], ["A=30", "B=80"],
        sonotone=["A"],
    ),
)  # fmt: skip


def said(window: DashboardWindow) -> str:
    groups = window.group_dashboard
    assert groups is not None
    panels = [f"{panel.title.text()}\n{panel.figures.text()}" for panel in groups.panels]
    return "\n".join([*panels, groups.units_label.text()])


def test_a_final_sheet_settles_question_1_without_the_box_size(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "sonotone.station"
    Journal.create(path, SETUP)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for group, call, inclusion in (
        ("A", Call.FOR, "yes"), ("A", Call.FOR, "yes"), ("A", Call.AGAINST, "no"),
        ("B", Call.FOR, None), ("B", Call.AGAINST, None),
    ):  # fmt: skip
        session.record(Vote(call, group=group, inclusion=inclusion))
    follower = JournalFollower(path, interval_ms=10, retry_ms=20)
    follower.start()
    window = standalone_dashboard(follower, "dark")
    qtbot.addWidget(window)
    try:
        assert "not yet determined" in said(window)
        prepare_sheet(session, FINAL, key_fingerprint="0" * 64)  # the count is over
        qtbot.waitUntil(lambda: "not yet determined" not in said(window))
        assert "a majority for Nurses United" in said(window)
    finally:
        follower.close()
        journal.close()
