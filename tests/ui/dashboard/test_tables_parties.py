"""The tables' dashboard of a two-`--union` count names the parties as the signed sheet
does ("U1 (Petitioner); U2 (Intervenor)"), each union by its role."""

from pathlib import Path

from pytestqt.qtbot import QtBot

from station.domain import Action
from station.domain.election_facts import parties_row
from station.journal import Journal
from tests.ui.dashboard.helpers import dashboard, table
from tests.ui.windows import open_window


def signed_parties(path: Path) -> str:
    """The parties row of the sheet signed in `path` (its SIGN event's stated facts)."""
    with Journal.open(path, read_only=True) as journal:
        signs = [r.event() for r in journal.records() if r.event().action is Action.SIGN]
    detail = signs[-1].detail
    assert detail is not None
    return parties_row(detail)[1]


def test_the_tables_dashboard_says_the_parties_as_the_sheet(qtbot: QtBot, tmp_path: Path) -> None:
    paths = [table(tmp_path, "A", [1, 0], True), table(tmp_path, "B", [2, 0], True)]
    window = dashboard(qtbot, paths)
    sheet_words = signed_parties(paths[0])
    assert sheet_words == "U1 (Petitioner); U2 (Intervenor)"
    assert window.parties_label.text() == f"Harbor \u00b7 {sheet_words}"
    assert "Petitioner: " not in window.parties_label.text()


def test_the_operator_header_says_them_the_same_way(qtbot: QtBot, tmp_path: Path) -> None:
    path = table(tmp_path, "A", [1, 0], False)
    window = open_window(qtbot, path)
    try:
        assert "Harbor &nbsp;·&nbsp; U1 (Petitioner); U2 (Intervenor)" in (
            window.election_label.text()
        )
    finally:
        window.close()
