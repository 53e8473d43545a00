"""The New election dialog makes a mail-ballot election from its voter list."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.journal import Journal
from station.ui.start.new_election import NewElectionDialog
from tests.ui.start.helpers import create, fill


def test_a_voter_list_makes_a_mail_election_with_eligible_from_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text("id,name\n1,Ada Lovelace\n2,Grace Hopper\n", encoding="utf-8")
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "m.station", eligible="", ballots="")
    dialog.voters.setText(str(voters))
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    with Journal.open(tmp_path / "m.station", read_only=True) as journal:
        assert journal.election.setup.mail and journal.election.setup.eligible == 2


def test_a_bad_voter_list_is_named_and_nothing_is_created(qtbot: QtBot, tmp_path: Path) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text("id,name\n1,Ada\n1,Grace\n", encoding="utf-8")
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "m.station", ballots="")
    dialog.voters.setText(str(voters))
    create(dialog)
    assert "line 3 repeats id '1'" in dialog.error_label.text()
    assert not (tmp_path / "m.station").exists()
    dialog.close()
