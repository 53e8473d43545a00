"""A table of a count run at several tables: its label in the setup and on every view."""

import dataclasses
import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call, ElectionSetup, SetupError
from station.journal import Journal
from station.journal.chain import setup_hash
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.feed import ControllerFeed
from station.ui.start.new_election import NewElectionDialog
from station.verification.pdf_text import pdf_words
from tests.tables.helpers import NEW, TABLE_SETUP, table_export, table_file
from tests.ui.start.helpers import create, fill
from tests.ui.windows import open_window


@pytest.fixture
def setup() -> ElectionSetup:
    """Table 2 of the JFK8 count (the shared fixtures then make its file)."""
    return TABLE_SETUP


@pytest.mark.parametrize("label", ["2", "B", "North 3", "east_1", "x-2"])
def test_a_label_is_taken_as_typed(label: str) -> None:
    setup = ElectionSetup.validated(
        case_number="29-RC-288020", employer="E", union="U", eligible=10, table=f" {label} "
    )
    assert setup.table == label


@pytest.mark.parametrize("label", ["../x", "a/b", "-2", "2.", "x" * 21, "a,b"])
def test_a_label_that_cannot_name_a_folder_is_refused(label: str) -> None:
    with pytest.raises(SetupError, match="table label"):
        ElectionSetup.validated(
            case_number="29-RC-288020", employer="E", union="U", eligible=10, table=label
        )


def test_a_count_at_one_table_keeps_its_setup_hash() -> None:
    """Files made before tables (and counts at one table) hash as they always did."""
    row = {
        "format": "station-journal",
        "election_id": "e",
        "created_utc": "t",
        "case_number": "29-RC-288020",
        "employer": "E",
        "union_name": "U",
        "eligible": 10,
        "ballots": None,
        "agent": None,
        "pile": 100,
    }
    assert setup_hash({**row, "table_label": None}) == setup_hash(row)
    assert setup_hash({**row, "table_label": "2"}) != setup_hash(row)


def test_the_label_is_stored_in_the_setup(election_file: Path) -> None:
    with Journal.open(election_file, read_only=True) as journal:
        assert journal.election.setup == TABLE_SETUP
        assert journal.election.row["table_label"] == "2"


def test_station_new_and_tally_name_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t2.station"
    assert main(["new", str(path), *NEW, "--table", "2"]) == 0
    assert "Table 2" in capsys.readouterr().out
    assert main(["tally", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["table"] == "2"
    assert main(["tally", str(path)]) == 0
    assert capsys.readouterr().out.startswith("Case 29-RC-288020 (Table 2):")


def test_station_new_refuses_a_bad_label_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.station"
    assert main(["new", str(path), *NEW, "--table", "../2"]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert not path.exists()


def test_the_sheet_names_the_table(tmp_path: Path) -> None:
    folder = table_export(tmp_path, "2", calls="FFAVC")
    document = json.loads((folder / "tally.json").read_bytes())
    assert document["election"]["table"] == "2"
    assert "29-RC-288020 \u2014 Table 2" in pdf_words((folder / "tally.pdf").read_bytes())


def test_a_tables_sheet_never_states_the_elections_result(tmp_path: Path) -> None:
    """Lines 8-9 of one table's sheet say the result is on the consolidated tally: a union
    that wins at one table may lose the election."""
    folder = table_export(tmp_path, "2", calls="FFFA")
    statements = json.loads((folder / "tally.json").read_bytes())["sheet"]["statements"]
    for number in ("8", "9"):
        assert statements[number].endswith(
            "is not yet determined: this is the count of Table 2 alone; the result is stated"
            " on the consolidated tally of the tables."
        )
    from station.sheet.verify_export import verify_export

    assert verify_export(folder).ok


def test_a_tables_dashboard_never_decides_the_election(qtbot: QtBot, tmp_path: Path) -> None:
    """Every ballot of the table's box counted FOR: a count at one table would show
    "Result decided"; one table's count decides nothing."""
    window = open_window(qtbot, table_file(tmp_path, "2", "FF", ballots=3))
    try:
        dashboard = DashboardWindow(ControllerFeed(window.controller))
        qtbot.addWidget(dashboard)
        window.controller.record(Call.FOR)
        assert dashboard.choice_figures[0].value() == 3
        assert dashboard.decision_label.text() == ""
        assert "Table 2 alone" in dashboard.majority_label.text()
    finally:
        window.close()


def test_the_new_election_dialog_takes_the_table(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.open()
    fill(dialog, tmp_path / "t3.station", table="3")
    with qtbot.waitSignal(dialog.accepted):
        create(dialog)
    with Journal.open(tmp_path / "t3.station", read_only=True) as journal:
        assert journal.election.setup.table == "3"


def test_the_windows_name_the_table(qtbot: QtBot, election_file: Path) -> None:
    window = open_window(qtbot, election_file)
    try:
        assert "29-RC-288020 \u2014 Table 2" in window.windowTitle()
        assert "Table 2" in window.election_label.text()
        dashboard = DashboardWindow(ControllerFeed(window.controller))
        qtbot.addWidget(dashboard)
        assert "Table 2" in dashboard.windowTitle()
        assert dashboard.case_label.text() == "Case 29-RC-288020 \u2014 Table 2"
    finally:
        window.close()


def test_a_table_and_its_twin_differ_only_by_label() -> None:
    other = dataclasses.replace(TABLE_SETUP, table="3")
    assert other != TABLE_SETUP and other.case_number == TABLE_SETUP.case_number
