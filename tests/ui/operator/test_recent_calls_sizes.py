"""The last calls keep each entry's measured size, and it is the size the list would
measure itself: a keypress lays out a few hundred entries, not their wrapped text."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station.ui.operator.recent_calls import RecentCallsList
from station.ui.operator.window import OperatorWindow
from tests.ui.operator.helpers import press, small_election
from tests.ui.windows import open_window

SIZE = Qt.ItemDataRole.SizeHintRole


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path) -> Iterator[OperatorWindow]:
    window = open_window(qtbot, small_election(tmp_path, ballots=None, pile=0))
    yield window
    window.close()


def laid_out(recent: RecentCallsList) -> list[QRect]:
    recent.doItemsLayout()
    return [recent.visualItemRect(recent.item(row)) for row in range(recent.count())]


def measured_by_the_list(recent: RecentCallsList) -> list[QRect]:
    """The rectangles the list gives its entries when it measures every text itself."""
    stored = [recent.item(row).data(SIZE) for row in range(recent.count())]
    for row in range(recent.count()):
        recent.item(row).setData(SIZE, None)
    rects = laid_out(recent)
    for row, size in enumerate(stored):
        recent.item(row).setData(SIZE, size)
    return rects


def test_each_entry_is_laid_out_as_the_list_would_measure_it(window: OperatorWindow) -> None:
    # Short calls, a challenge completed in place (a long, wrapped entry), an undone
    # call (bold, on its band), and enough of them for the scroll bar to appear.
    press(window, Qt.Key.Key_C, Qt.Key.Key_B, Qt.Key.Key_M)
    for _ in range(12):
        press(window, Qt.Key.Key_F, Qt.Key.Key_A)
    window.controller.undo()
    QApplication.processEvents()
    recent = window.recent
    assert all(recent.item(row).data(SIZE) is not None for row in range(recent.count()))
    assert recent.verticalScrollBar().maximum() > 0
    assert laid_out(recent) == measured_by_the_list(recent)
    tall = [rect for rect in laid_out(recent) if rect.height() > laid_out(recent)[0].height()]
    assert tall  # the challenge's entry wraps onto more lines
    window.resize(window.width() - 300, window.height())  # narrower: more entries wrap
    QApplication.processEvents()
    assert laid_out(recent) == measured_by_the_list(recent)


def test_a_new_call_brings_the_list_back_to_the_newest(window: OperatorWindow) -> None:
    """After one wheel step in the list, a new call must not arrive above what it shows
    ("Ballot 65 FOR" on top at ballot 68): the operator would not see it land."""
    for _ in range(15):
        press(window, Qt.Key.Key_F, Qt.Key.Key_A)
    QApplication.processEvents()
    recent = window.recent
    bar = recent.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum())  # the operator reads an old call
    press(window, Qt.Key.Key_F)
    QApplication.processEvents()
    assert bar.value() == 0
    top = recent.visualItemRect(recent.item(0))
    assert recent.viewport().rect().contains(top.topLeft())
    assert recent.item(0).text() == "Ballot 31 FOR"
