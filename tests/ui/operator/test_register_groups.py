"""The challenge register of an election of voting groups names each ballot's group."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Call
from station.domain.description import Vote
from station.journal import Journal
from station.journal.session import CountSession
from station.ui.operator.challenge_register import ChallengeRegisterDialog
from tests.groups_helpers import SONOTONE
from tests.mail.helpers import groups_counted
from tests.ui.windows import open_window


def test_each_challenged_ballot_is_listed_with_its_group(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "groups.station"
    Journal.create(path, SONOTONE)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        session.record(Vote(Call.FOR, group="A", inclusion="yes"))
        session.record(Vote(Call.CHALLENGE, group="B"))
        session.record(Vote(Call.CHALLENGE, group="A"))
    window = open_window(qtbot, path)
    register = ChallengeRegisterDialog(window.controller, window)
    qtbot.addWidget(register)
    headers = [
        register.table.horizontalHeaderItem(column).text()
        for column in range(register.table.columnCount())
    ]
    assert headers == ["No.", "Ballot", "Group", "Challenged by", "Reason", "Status", "Note"]
    rows = [
        [register.table.item(row, column).text() for column in range(3)]
        for row in range(register.table.rowCount())
    ]
    assert rows == [
        ["1", "2", "B \u2014 Nonprofessional employees"],
        ["2", "3", "A \u2014 Professional employees"],
    ]
    window.close()


def test_a_challenged_envelope_is_listed_with_its_voters_group(
    qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "mail-groups.station"
    groups_counted(path)  # 102 of group A challenged, a written-in voter of group B
    window = open_window(qtbot, path)
    register = ChallengeRegisterDialog(window.controller, window)
    qtbot.addWidget(register)
    groups = [register.table.item(row, 2).text() for row in range(register.table.rowCount())]
    assert groups == ["A \u2014 Professional employees", "B \u2014 Nonprofessional employees"]
    window.close()
