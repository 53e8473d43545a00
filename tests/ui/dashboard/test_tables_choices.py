"""The tables' dashboard of a ballot of several unions.

Two tables of `--union U1 --union U2 --ballots 3`, counted U1 U1 Neither and U2 U2
Neither and signed: U1, U2 and Neither have 2 each and no choice a majority, so the
dashboard must not show FOR 4 / AGAINST 2, "Petitioner: U1" only or "A majority … cast
for U1".
"""

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.cli import main
from station.domain.consolidation import TableLines, consolidated_facts
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import prepare_sheet
from station.ui.dashboard.feed import JournalFollower
from station.ui.dashboard.tables import TablesDashboard
from tests.ui.dashboard.helpers import FINAL, dashboard, table


def consolidated(paths: list[Path]) -> dict[str, object]:
    """What `station consolidate` states for these tables (the same domain rules)."""
    tables = []
    for path in paths:
        with Journal.open(path, read_only=True) as journal:
            count = journal.restore(trust_snapshots=False)
            tally, setup = count.tally, journal.election.setup
        lines = {"2": tally.void, "3": tally.for_union, "4": tally.against, "6": tally.challenged}
        tables.append(
            TableLines(setup.table or "", lines, tally.counted, setup.ballots, count.choice_votes())
        )
    return consolidated_facts(setup, tables)


def test_each_choice_total_and_per_row_and_the_lines_on_the_sums(
    qtbot: QtBot, tmp_path: Path
) -> None:
    paths = [table(tmp_path, "A", [1, 1, 0], True), table(tmp_path, "B", [2, 2, 0], True)]
    window = dashboard(qtbot, paths)
    assert window.panel.columns[2:5] == ("U1", "U2", "NEITHER")
    rows = window.panel.row_texts()
    assert [row[:7] for row in rows] == [
        ["Table A", "3 of 3", "2", "0", "1", "0", "0"],
        ["Table B", "3 of 3", "0", "2", "1", "0", "0"],
        ["TOTAL", "6 of 6", "2", "2", "2", "0", "0"],
    ]
    assert [figure.value() for figure in window.choice_figures] == [2, 2, 2]
    assert [figure.word for figure in window.choice_figures] == ["U1", "U2", "NEITHER"]
    assert window.parties_label.text() == "Harbor \u00b7 U1 (Petitioner); U2 (Intervenor)"
    said = consolidated(paths)["statements"]
    assert isinstance(said, dict)
    assert window.challenges_label.text() == said["8"]
    assert window.majority_label.text() == said["9"]
    assert window.majority_label.text().startswith("No choice has received a majority")
    assert window.runoff_label.text() == (said.get("runoff") or "")
    assert "U1" not in window.majority_label.text()


def test_the_lines_wait_for_every_table_and_state_a_runoff_once_final(
    qtbot: QtBot, tmp_path: Path
) -> None:
    paths = [table(tmp_path, "A", [1, 1, 2], True), table(tmp_path, "B", [2, 0, 1], False)]
    window = dashboard(qtbot, paths)
    assert "is not yet determined: not every table has prepared" in window.majority_label.text()
    assert not window.runoff_label.isVisibleTo(window)
    with Journal.open(paths[1]) as journal:
        prepare_sheet(CountSession.resume(journal, keep=0), FINAL, key_fingerprint="0" * 64)
    window = dashboard(qtbot, paths)
    said = consolidated(paths)["statements"]
    assert isinstance(said, dict)
    assert window.runoff_label.text() == said["runoff"]
    assert "runoff between U1 and U2" in window.runoff_label.text()


def test_hidden_challenges_leave_no_challenged_column_or_figure_until_every_final_tally(
    qtbot: QtBot, tmp_path: Path
) -> None:
    paths = [table(tmp_path, "A", [1, 2, 0], True), table(tmp_path, "B", [2, 0], False, 1)]
    feeds = [JournalFollower(path) for path in paths]
    for feed in feeds:
        feed.follower.close()
    window = TablesDashboard(feeds, hide_challenges=True)
    qtbot.addWidget(window)
    panel = window.panel
    column = panel.columns.index("CHALLENGED")
    cells = [panel.headers[column], *(row[column] for row in panel.cells)]
    assert not any(cell.isVisibleTo(window) for cell in [*cells, panel.total_cells[column]])
    assert not window.challenged_figure.isVisibleTo(window)
    assert not window.challenges_label.isVisibleTo(window)
    shown = TablesDashboard(feeds)
    qtbot.addWidget(shown)
    assert shown.panel.total_cells[column].text() == "1"
    assert shown.challenged_figure.isVisibleTo(shown)
    with Journal.open(paths[1]) as journal:  # every table has its final tally: all shown
        prepare_sheet(CountSession.resume(journal, keep=0), FINAL, key_fingerprint="0" * 64)
    final = dashboard(qtbot, paths, hide_challenges=True)
    assert final.panel.total_cells[column].isVisibleTo(final)
    assert final.challenged_figure.isVisibleTo(final)


def test_the_flag_reaches_the_tables_dashboard(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    paths = [table(tmp_path, "A", [1], False), table(tmp_path, "B", [2], False)]
    asked: list[object] = []
    monkeypatch.setattr(
        "station.app.run_tables_dashboard",
        lambda files, theme, *, hide_challenges=False: asked.append(hide_challenges) or 0,
    )
    assert main(["dashboard", str(paths[0]), str(paths[1]), "--hide-challenges"]) == 0
    assert asked == [True]
