"""The window fixtures the rooms share: a count's controller, and its operator window."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QAccessible, QAccessibleEvent
from pytestqt.qtbot import QtBot

from station.journal import Journal
from station.ui.operator.controller import CountController
from station.ui.operator.window import OperatorWindow
from tests.ui.announcing import Said
from tests.ui.windows import open_window


@pytest.fixture
def controller(election_file: Path) -> Iterator[CountController]:
    """The count of the empty election file, without a window (as the dashboard sees it)."""
    controller = CountController(Journal.open(election_file))
    yield controller
    controller.close()


@pytest.fixture
def window(qtbot: QtBot, election_file: Path) -> Iterator[OperatorWindow]:
    """The operator window on the empty election file, shown and active."""
    window = open_window(qtbot, election_file)
    yield window
    window.close()


@pytest.fixture
def said(monkeypatch: pytest.MonkeyPatch) -> Said:
    """Every announcement sent to a screen reader from now on: (message, assertive)."""
    heard: Said = []

    def update(event: QAccessibleEvent) -> None:
        if event.type() == QAccessible.Event.Announcement:
            assertive = event.politeness() == QAccessible.AnnouncementPoliteness.Assertive
            heard.append((event.message(), assertive))

    monkeypatch.setattr(QAccessible, "updateAccessibility", staticmethod(update))
    return heard
