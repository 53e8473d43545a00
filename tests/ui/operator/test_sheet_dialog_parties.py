"""The sheet dialog names each party's observers as the sheet heads their signatures:
"the Petitioner (RWDSU)" in an RC case, "the Union (Local 1)" and "the Petitioner
(J. Worker)" in an RD case."""

import pytest
from PySide6.QtWidgets import QFormLayout, QLabel
from pytestqt.qtbot import QtBot

from station.domain import ElectionSetup, Tally
from station.domain.choices import PartyRole, Role
from station.ui.operator.sheet_dialogs import PrepareSheetDialog

RC = ElectionSetup.validated(
    case_number="10-RC-269250", employer="Amazon", union="RWDSU", eligible=40, pile=0
)
# The runoff of the Intervenor against Neither: the Petitioner is still a party.
RUNOFF = ElectionSetup.validated(
    case_number="10-RC-000017", employer="Acme", union="Carpenters",
    intervenors=["Carpenters"], runoff_of="24:abc", runoff_date="2026-12-07",
    others=[PartyRole(Role.PETITIONER, "Machinists")], eligible=40, pile=0,
)  # fmt: skip
RD = ElectionSetup.validated(
    case_number="10-RD-000017", employer="Acme", union="Local 1",
    petitioner="J. Worker", eligible=40, pile=0,
)  # fmt: skip


def observer_rows(dialog: PrepareSheetDialog) -> list[str]:
    form = dialog.findChild(QFormLayout)
    assert form is not None
    rows = []
    for box in dialog.observer_boxes.values():
        label = form.labelForField(box)
        assert isinstance(label, QLabel)
        rows.append(label.text())
    return rows


@pytest.mark.parametrize(
    ("setup", "rows"),
    [
        (RC, ["Observers for the Employer", "Observers for the Petitioner (RWDSU)"]),
        (
            RD,
            [
                "Observers for the Employer",
                "Observers for the Petitioner (J. Worker)",
                "Observers for the Union (Local 1)",
            ],
        ),
        (
            RUNOFF,
            [
                "Observers for the Employer",
                "Observers for the Intervenor (Carpenters)",
                "Observers for the Petitioner (Machinists)",
            ],
        ),
    ],
    ids=["RC", "RD", "runoff-without-the-petitioner"],
)
def test_each_partys_observers_are_named_as_on_the_sheet(
    qtbot: QtBot, setup: ElectionSetup, rows: list[str]
) -> None:
    dialog = PrepareSheetDialog(setup, Tally(for_union=1), "Final")
    qtbot.addWidget(dialog)
    assert observer_rows(dialog) == rows
