"""The New election dialog filled in and created, and `station new` beside it."""

import contextlib
import io
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox

from station.cli import main
from station.domain import ElectionSetup
from station.journal import Journal
from station.ui.start.new_election import NewElectionDialog


def fill(dialog: NewElectionDialog, path: Path, **fields: str) -> None:
    values = {
        "case": "29-RC-288020",
        "employer": "Amazon.com Services LLC",
        "union": "Amazon Labor Union",
        "eligible": "8,325",
        "ballots": "4852",
        "agent": "",
    }
    values.update(fields)
    for name, value in values.items():
        getattr(dialog, name).setText(value)
    dialog.path.setText(str(path))


def create(dialog: NewElectionDialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def station_new(path: Path, parties: Sequence[str], *args: str) -> tuple[int, str]:
    """`station new FILE` with `parties` and `args`, in this process: its exit code and
    what it said on stderr."""
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        code = main(["new", str(path), *parties, *args])
    return code, err.getvalue()


def same_files(tmp_path: Path, parties: Sequence[str], args: list[str]) -> ElectionSetup:
    """`station new` with `parties` and `args` beside the dialog's file (dialog.station):
    both hold the same setup (and the same voter list, by mail), which is returned."""
    code, said = station_new(tmp_path / "cli.station", parties, *args)
    assert code == 0, said
    made = [
        Journal.open(tmp_path / name, read_only=True) for name in ("dialog.station", "cli.station")
    ]
    try:
        dialog_setup, cli_setup = (journal.election.setup for journal in made)
        hashes = [journal.election.row.get("voters_hash") for journal in made]
    finally:
        for journal in made:
            journal.close()
    assert dialog_setup == cli_setup
    assert hashes[0] == hashes[1]
    return dialog_setup
