"""The dashboard of several tables: the total in the large figures, a row per table."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain import Call
from station.journal import Journal
from station.journal.session import CountSession
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.tables import TablesDashboard
from tests.tables.helpers import sign_and_export, table_file


@pytest.fixture
def files(tmp_path: Path, qapp: object) -> list[Path]:
    """Table 1 counted and its final tally prepared; tables 2 and 3 part-way."""
    first = table_file(tmp_path, "1", "FFAV")
    sign_and_export(first, tmp_path / "export-1")
    return [first, table_file(tmp_path, "2", "AAC"), table_file(tmp_path, "3", "F")]


@pytest.fixture
def followers(files: list[Path]) -> Iterator[list[JournalFollower]]:
    followers = [JournalFollower(path, interval_ms=10, retry_ms=20) for path in files]
    for follower in followers:
        follower.start()
    yield followers
    for follower in followers:
        follower.close()


@pytest.fixture
def dashboard(qtbot: QtBot, followers: list[JournalFollower]) -> TablesDashboard:
    window = TablesDashboard(followers)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_total_and_a_row_per_table(dashboard: TablesDashboard) -> None:
    rows = dashboard.panel.row_texts()
    assert [row[0] for row in rows] == ["Table 1", "Table 2", "Table 3", "TOTAL"]
    assert rows[0][1:6] == ["4 of 4", "2", "1", "1", "0"]
    assert rows[0][6] == "TALLY PREPARED"
    assert rows[3][1:6] == ["8 of 8", "3", "3", "1", "1"]
    assert dashboard.choice_figures[0].value() == 3 and dashboard.choice_figures[-1].value() == 3
    assert dashboard.valid_figure.value() == 6
    # Every ballot is counted, but tables 2 and 3 have prepared no final tally yet.
    assert dashboard.majority_label.text().endswith(
        "is not yet determined: not every table has prepared its final tally."
    )


def test_a_call_at_one_table_moves_its_row_and_the_total(
    qtbot: QtBot, dashboard: TablesDashboard, files: list[Path]
) -> None:
    with Journal.open(files[2]) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        session.record(Call.AGAINST, over_count=True)
    qtbot.waitUntil(lambda: dashboard.choice_figures[-1].value() == 4)
    assert dashboard.panel.row_texts()[2][3] == "1"
    assert dashboard.panel.row_texts()[3][1].startswith("9 of 8")


def test_files_of_another_count_or_a_table_twice_are_refused(
    tmp_path: Path, files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused in one line before any window opens (no display is needed to say so)."""
    (tmp_path / "other").mkdir()
    other = table_file(tmp_path / "other", "4", "F", employer="Another Inc.")
    for args, said in (
        ([files[0], files[1], files[0]], "Table 1 is given twice"),
        ([files[0], other], "Table 4 is not a table of the same count as 29-RC-288020"),
    ):
        assert main(["dashboard", *map(str, args)]) == 2
        err = capsys.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1


def test_the_clock_keeps_one_name_its_time_is_its_description(
    dashboard: TablesDashboard,
) -> None:
    clock = dashboard.clock_label
    assert clock.text()
    assert clock.accessibleName() == "Clock"  # a screen reader is not re-read every second
    assert clock.accessibleDescription() == clock.text()
