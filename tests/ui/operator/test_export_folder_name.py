"""The folder an export proposes: names its table, and never one that is already there."""

from pathlib import Path

from station.domain import ElectionSetup, Sheet, SheetKind, Tally
from station.ui.operator.sheet_flow import export_folder_name, free_export_folder


def _setup(table: str | None) -> ElectionSetup:
    return ElectionSetup.validated(
        case_number="10-RC-301717",
        employer="Acme",
        union="Local 1",
        eligible=40,
        table=table,
    )


def _sheet(seq: int) -> Sheet:
    return Sheet(
        seq=seq, head=seq - 1, kind=SheetKind.FINAL, revision=0, supersedes=None, tally=Tally()
    )


def test_the_two_tables_of_one_election_export_to_different_folders() -> None:
    sheet = _sheet(16)
    one = export_folder_name(_setup("1"), sheet)
    two = export_folder_name(_setup("North 2"), sheet)
    assert one == "10-RC-301717-table-1-final-tally-event-16"
    assert two == "10-RC-301717-table-North-2-final-tally-event-16"


def test_a_count_at_one_table_names_no_table() -> None:
    assert export_folder_name(_setup(None), _sheet(8)) == "10-RC-301717-final-tally-event-8"


def test_a_folder_already_there_is_never_proposed(tmp_path: Path) -> None:
    name = "10-RC-301717-table-1-final-tally-event-16"
    assert free_export_folder(tmp_path, name) == tmp_path / name
    (tmp_path / name).mkdir()
    assert free_export_folder(tmp_path, name) == tmp_path / f"{name}-2"
    (tmp_path / f"{name}-2").write_text("")  # a file by that name is as much in the way
    assert free_export_folder(tmp_path, name) == tmp_path / f"{name}-3"
