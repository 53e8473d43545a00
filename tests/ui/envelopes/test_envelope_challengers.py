"""The envelope window names who may challenge as the election declares them: its keys
line and its challenge prompt offer each party's own key (an RD case's Petitioner by P,
each union of several by its number), never a fixed E/U/B."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import ElectionSetup
from station.journal import Journal
from station.ui.envelopes.controller import EnvelopeController
from station.ui.envelopes.window import EnvelopeWindow
from tests.mail.helpers import VOTERS
from tests.ui.envelopes.helpers import key, pick

RD_BY_MAIL = ElectionSetup.validated(
    case_number="10-RD-000017", employer="Acme", union="Local 1",
    petitioner="J. Worker", eligible=6, pile=0, mail=True,
)  # fmt: skip
TWO_UNIONS_BY_MAIL = ElectionSetup.validated(
    case_number="10-RC-269250", employer="Acme", union="Machinists",
    intervenors=["Carpenters"], eligible=6, pile=0, mail=True,
)  # fmt: skip


@pytest.mark.parametrize(
    ("setup", "after_c", "party_key", "said"),
    [
        (RD_BY_MAIL, "<b>E</b>/<b>P</b>/<b>U</b>/<b>B</b>", Qt.Key.Key_P, "the Petitioner"),
        (TWO_UNIONS_BY_MAIL, "<b>E</b>/<b>1</b>/<b>2</b>/<b>B</b>", Qt.Key.Key_2, "Carpenters"),
    ],
    ids=["RD case", "two unions"],
)
def test_the_keys_line_and_the_prompt_offer_the_elections_challengers(
    qtbot: QtBot, tmp_path: Path, setup: ElectionSetup, after_c: str, party_key: Qt.Key, said: str
) -> None:
    path = tmp_path / "mail.station"
    Journal.create(path, setup, VOTERS)
    window = EnvelopeWindow(EnvelopeController(Journal.open(path)))
    qtbot.addWidget(window)
    try:
        assert f"<b>C</b> challenged (then {after_c}," in window.keys_label.text()
        pick(qtbot, window, "Ada Lovelace")
        key(qtbot, window, Qt.Key.Key_C)
        key(qtbot, window, party_key)
        assert f"<b>CHALLENGED</b> by {said}, reason:" in window.prompt.text()
    finally:
        window.close()
