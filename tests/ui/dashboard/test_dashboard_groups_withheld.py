"""`--hide-challenges` on the dashboard of voting groups: no group's challenged figure and
no unit's line 8 until a final sheet, then every figure as the whole count's dashboard.

The group panels and the units' lines take the place of the whole count's figures and
lines 8 and 9; withholding those alone left "challenged 1" on group B's panel and "challenges
are not sufficient to affect the result" on unit B's line.
"""

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

# Group A joins the existing unit or not (self-determination); the professionals of
# group C, voting yes on question 1 so far, are pooled with group B.
SETUP = ElectionSetup.validated(
    case_number="10-RC-000041", employer="Acme", union="Local 9", eligible=1,
    groups=voting_groups(
        ["A=Maintenance", "B=Production", "C=Engineers"], ["A=20", "B=25", "C=10"],
        sonotone=["C"], self_determination=["A"],
    ),
)  # fmt: skip


def texts(window: DashboardWindow) -> list[str]:
    """Everything the groups' part of the dashboard says: panels, then the units' lines."""
    groups = window.group_dashboard
    assert groups is not None
    panels = [f"{panel.title.text()}\n{panel.figures.text()}" for panel in groups.panels]
    return [*panels, groups.units_label.text()]


def test_no_group_or_unit_says_its_challenges_until_a_final_sheet(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "sdc.station"
    Journal.create(path, SETUP)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for group, call, inclusion in (
        ("A", Call.FOR, None), ("A", Call.AGAINST, None), ("B", Call.FOR, None),
        ("B", Call.AGAINST, None), ("B", Call.CHALLENGE, None), ("C", Call.FOR, "yes"),
        ("C", Call.CHALLENGE, None),
    ):  # fmt: skip
        session.record(Vote(call, group=group, inclusion=inclusion))
    windows = []
    followers = []
    for hide in (False, True):
        follower = JournalFollower(path, interval_ms=10, retry_ms=20)
        follower.start()
        followers.append(follower)
        window = standalone_dashboard(follower, "dark", hide_challenges=hide)
        qtbot.addWidget(window)
        windows.append(window)
    shown, hidden = windows
    try:
        said = texts(shown)
        assert "challenged 1" in said[1] and "challenged 1" in said[2]
        assert "challenges" in said[-1]  # each unit's line 8
        withheld = texts(hidden)
        assert all("challenge" not in text for text in withheld), withheld
        assert withheld[-1].splitlines() == [
            "Unit A: not yet determined",
            "Unit B + C (Production and Engineers): not yet determined",
        ]
        assert "void 0 \u00b7 2 ballots counted" in withheld[0]  # the rest as it was
        prepare_sheet(session, FINAL, key_fingerprint="0" * 64)  # the count is over
        qtbot.waitUntil(lambda: texts(hidden) == texts(shown))
        assert "challenged 1" in texts(hidden)[1] and "challenges" in texts(hidden)[-1]
    finally:
        for follower in followers:
            follower.close()
        journal.close()
