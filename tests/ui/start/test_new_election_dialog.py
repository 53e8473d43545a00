"""The "New election" dialog validates like `station new` and never overwrites."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import ElectionSetup
from station.journal import Journal, JournalExists
from station.ui.start.new_election import NewElectionDialog
from station.ui.start.window import StartDialog
from tests.ui.start.helpers import create, fill


def test_creates_the_election(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "jfk8.station")
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    assert dialog.created_path == tmp_path / "jfk8.station"
    journal = Journal.open(tmp_path / "jfk8.station", read_only=True)
    assert journal.election.setup.eligible == 8325
    assert journal.election.setup.ballots == 4852
    assert journal.election.setup.agent is None
    journal.close()


def test_names_the_wrong_field_and_creates_nothing(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "e.station", eligible="zero")
    create(dialog)
    assert "eligible voters must be a whole number" in dialog.error_label.text()
    assert dialog.isVisible()
    fill(dialog, tmp_path / "e.station", union="  ")
    create(dialog)
    assert "union must not be empty" in dialog.error_label.text()
    assert list(tmp_path.iterdir()) == []


def test_refuses_to_overwrite(qtbot: QtBot, tmp_path: Path) -> None:
    existing = tmp_path / "e.station"
    existing.write_text("keep")
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, existing)
    create(dialog)
    assert "never overwrites" in dialog.error_label.text()
    assert existing.read_text() == "keep"


def test_start_dialog_offers_new_and_open(qtbot: QtBot) -> None:
    start = StartDialog()
    qtbot.addWidget(start)
    with qtbot.waitSignal(start.new_election_requested):
        start.new_button.click()
    with qtbot.waitSignal(start.open_requested):
        start.open_button.click()


def test_the_save_as_field_shows_the_beginning_of_the_path(qtbot: QtBot, tmp_path: Path) -> None:
    folder = tmp_path / ("a-long-folder-name-for-the-regional-office-counts" * 2)
    dialog = NewElectionDialog(folder=folder, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.path.cursorPosition() == 0  # the start of the path is what shows
    assert str(folder) in dialog.path.toolTip()
    # A usual path shows whole.
    short = str(Path.home() / "elections" / "29-RC-288020.station")
    dialog.path.setText(short)
    metrics = dialog.path.fontMetrics()
    assert dialog.path.width() > metrics.horizontalAdvance(short)


def test_more_ballots_than_voters_needs_a_second_create(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "odd.station", eligible="5", ballots="50")
    create(dialog)
    assert not (tmp_path / "odd.station").exists()
    assert dialog.error_label.text() == (
        "50 ballots in the box, but about 5 eligible voters: check both numbers."
        " Press Create again to keep them."
    )
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    assert (tmp_path / "odd.station").exists()


def test_the_dialog_only_collects_its_caller_creates(qtbot: QtBot, tmp_path: Path) -> None:
    asked: list[tuple[Path, ElectionSetup]] = []

    def refuse(path: Path, setup: ElectionSetup) -> None:
        asked.append((path, setup))
        raise JournalExists(f"{path}: already exists; choose another name")

    dialog = NewElectionDialog(folder=tmp_path, create=refuse)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "jfk8.station")
    create(dialog)
    assert [(path, setup.case_number) for path, setup in asked] == [
        (tmp_path / "jfk8.station", "29-RC-288020")
    ]
    assert "already exists" in dialog.error_label.text()
    assert dialog.isVisible() and dialog.created_path is None
    assert list(tmp_path.iterdir()) == []  # the dialog itself wrote nothing


def test_the_type_of_election_and_the_unit_are_set_up(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "jfk8.station")
    dialog.election_type.setCurrentIndex(dialog.election_type.findData("stipulated"))
    dialog.unit.setPlainText("All associates at JFK8;\nexcluding guards and supervisors")
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    journal = Journal.open(tmp_path / "jfk8.station", read_only=True)
    ballot = journal.election.setup.ballot
    journal.close()
    assert ballot.election_type is not None and ballot.election_type.value == "stipulated"
    assert ballot.unit == "All associates at JFK8; excluding guards and supervisors"
