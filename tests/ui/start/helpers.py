"""The New election dialog filled in and created."""

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox

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
