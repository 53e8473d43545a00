"""An election of voting groups is not replayed by the page: it says NOT CHECKED, never OK."""

from pathlib import Path

from station.domain import Call
from tests.sheet.test_verifier_page import in_page, page, station
from tests.test_cli_groups import calls, new

__all__ = ["page"]  # fixtures


def test_an_export_of_voting_groups_is_not_checked_never_called_intact(
    page: Path, tmp_path: Path, qapp: object
) -> None:
    path = tmp_path / "groups.station"
    new(path, "--sonotone", "A")
    calls(path, ("A", Call.FOR, "yes"), ("B", Call.AGAINST, None))
    assert station("sign", path, "--agent", "R. Agent")[0] == 0
    folder = tmp_path / "sheet"
    assert station("export", path, "--out", folder)[0] == 0
    assert station("verify", folder)[0] == 0
    verdict = in_page(page, folder, None)
    assert verdict["cannot"] and not verdict["ok"], verdict
    assert verdict["lines"] == [
        f"NOT CHECKED: {folder}: an election of voting groups is not replayed by this page:"
        " check this export with `station verify FOLDER --key`"
    ]
