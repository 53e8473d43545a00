"""Words that read wrong: a place of the count called a name, a recent file that became
a folder called missing."""

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.ui.start.window import StartDialog


def test_a_long_place_of_the_count_is_not_called_a_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], qapp: object
) -> None:
    path = tmp_path / "x.station"
    new = ["new", str(path), "--case", "29-RC-200001", "--employer", "Acme", "--union", "ALU"]
    assert main([*new, "--eligible", "10", "--ballots", "5", "--agent", "R. Agent"]) == 0
    capsys.readouterr()
    assert main(["sign", str(path), "--interim", "--place", "x" * 121]) == 2
    err = capsys.readouterr().err
    assert "the place of the count is longer than" in err and "'s name" not in err


def test_a_recent_file_that_is_now_a_folder_is_not_called_missing(
    qtbot: QtBot, tmp_path: Path
) -> None:
    folder = tmp_path / "count.station"
    folder.mkdir()
    start = StartDialog([folder])
    qtbot.addWidget(start)
    text = start.recent_list.item(0).text()
    assert "missing" not in text and "not an election file (a folder)" in text
    assert start.recent_files() == [(folder, False)]
