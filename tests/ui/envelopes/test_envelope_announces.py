"""What a screen reader says in the envelope window: the search field keeps the focus,
so the matches, the voter picked and each ruling are announced."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.journal import Journal
from station.ui.envelopes.controller import EnvelopeController
from station.ui.envelopes.window import EnvelopeWindow
from tests.ui.announcing import Said
from tests.ui.envelopes.helpers import key


@pytest.fixture
def envelopes(qtbot: QtBot, mail_file: Path) -> Iterator[EnvelopeWindow]:
    window = EnvelopeWindow(EnvelopeController(Journal.open(mail_file)))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window
    window.close()


def test_the_matches_then_the_voter_picked_then_the_ruling_are_said(
    qtbot: QtBot, envelopes: EnvelopeWindow, said: Said
) -> None:
    qtbot.keyClicks(envelopes.search, "ada")
    assert said == []  # nothing at each letter
    qtbot.waitUntil(lambda: said == [("2 matching: 100   Ada Lovelace", False)])
    key(qtbot, envelopes, Qt.Key.Key_Down)
    assert said[-1] == ("105   Ada Yonath", False)
    key(qtbot, envelopes, Qt.Key.Key_Return)
    picked, _ = said[-1]
    assert picked.startswith("105 \u2014 Ada Yonath dept: BHM1") and "<" not in picked
    key(qtbot, envelopes, Qt.Key.Key_A)
    assert said[-1] == (envelopes.recent.item(0).text(), False)
    assert "Ada Yonath" in said[-1][0]
