"""A name no font of the computer can print is refused when the election is made (the
command line and the New election dialog): otherwise the whole count could be run and
no sheet ever prepared. (Which fonts: the tests' own, tests/fonts.)"""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from station.cli import main
from station.journal import Journal
from station.ui.start.new_election import NewElectionDialog

BASE = ["--case", "29-RC-200001", "--employer", "Acme", "--union", "ALU", "--eligible", "10"]


def with_name(option: str, name: str) -> list[str]:
    args = list(BASE)
    if option in args:
        args[args.index(option) + 1] = name
    else:
        args += [option, name]
    return args


@pytest.mark.parametrize(
    ("option", "name", "what"),
    [
        ("--employer", "Acme \U0001f3ed", "employer"),
        ("--union", "ALU \U0001f91d", "union"),
        ("--agent", "R. Agent \U0001f984", "Board agent"),
        ("--intervenor", "Local \U0001f3ed", "intervenor"),
    ],
)
def test_station_new_refuses_a_name_the_sheet_cannot_print(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str, name: str, what: str
) -> None:
    path = tmp_path / "x.station"
    code = main(["new", str(path), *with_name(option, name)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "no font on this computer can print" in err and what in err
    assert list(tmp_path.iterdir()) == []


def test_station_new_takes_accents_greek_cyrillic_and_hebrew(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.station"
    code = main(["new", str(path), *with_name("--union", "Syndicat Émile Ωμέγα Союз עובדים")])
    assert code == 0, capsys.readouterr().err


def test_the_new_election_dialog_refuses_it_too(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = NewElectionDialog(folder=tmp_path, create=Journal.create)
    qtbot.addWidget(dialog)
    dialog.case.setText("29-RC-200001")
    dialog.employer.setText("Acme \U0001f3ed")
    dialog.union.setText("ALU")
    dialog.eligible.setText("10")
    dialog.path.setText(str(tmp_path / "x.station"))
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert "no font on this computer can print" in dialog.error_label.text()
    assert list(tmp_path.iterdir()) == []
