"""The New election dialog makes a mail-ballot election from its voter list."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.journal import Journal
from station.ui.start.new_election import NewElectionDialog
from tests.ui.start.helpers import create, fill, same_files

PARTIES = ["--case", "29-RC-288020", "--employer", "Amazon.com Services LLC"]
PARTIES += ["--union", "Amazon Labor Union"]


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


def test_some_voting_at_the_polls_makes_the_mixed_election_station_new_makes(
    qtbot: QtBot, tmp_path: Path
) -> None:
    voters = tmp_path / "list.csv"
    voters.write_text("id,name\n1,Ada Lovelace\n2,Grace Hopper\n", encoding="utf-8")
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "dialog.station", eligible="", ballots="")
    assert not dialog.polls.isEnabled()  # voting at the polls is part of a mail ballot
    dialog.voters.setText(str(voters))
    dialog.polls.setChecked(True)
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    args = ["--eligible", "2", "--mail", "--voters", str(voters), "--polls"]
    setup = same_files(tmp_path, PARTIES, args)
    assert setup.mail and setup.polls


def test_clearing_the_voter_list_takes_the_polls_away(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.voters.setText(str(tmp_path / "list.csv"))
    dialog.polls.setChecked(True)
    dialog.voters.clear()
    assert not dialog.polls.isEnabled() and not dialog.polls.isChecked()
