"""The dashboard in a window as narrow as a phone held upright: one column, nothing cut."""

import re
from contextlib import nullcontext
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QLabel, QWidget
from pytestqt.qtbot import QtBot

from station.domain import Action, Call, ElectionSetup
from station.journal import Journal
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed
from tests.ui.spanish import compiled, in_spanish


@pytest.fixture(scope="module")
def qm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled(tmp_path_factory.mktemp("i18n"))


def _on_window(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def _cut(window: QWidget) -> list[str]:
    """The labels shown that the window cuts: past its edge, or shorter than their words."""
    cut = []
    for label in window.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        place = _on_window(label, window)
        if place.left() < 0 or place.right() >= window.width() or place.bottom() >= window.height():
            cut.append(f"{label.objectName()} at {place}: {label.text()!r}")
        elif label.wordWrap() and label.heightForWidth(label.width()) > label.height() + 1:
            cut.append(f"{label.objectName()} {label.height()} px high: {label.text()!r}")
        elif not label.wordWrap() and label.sizeHint().width() > label.width() + 1:
            cut.append(f"{label.objectName()} {label.width()} px wide: {label.text()!r}")
    return cut


@pytest.mark.parametrize("spanish", [False, True], ids=["english", "spanish"])
def test_a_phone_wide_dashboard_is_one_column_with_nothing_cut(
    qtbot: QtBot, controller: CountController, qm: Path, spanish: bool
) -> None:
    for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID, Call.FOR, Call.AGAINST):
        controller.record(call)
    with in_spanish(qm) if spanish else nullcontext():
        _one_column_then_two(qtbot, DashboardWindow(ControllerFeed(controller)))


def _one_column_then_two(qtbot: QtBot, window: DashboardWindow) -> None:
    qtbot.addWidget(window)
    window.resize(390, 844)
    window.show()
    qtbot.waitExposed(window)
    assert window.is_narrow()
    side = window.findChild(QWidget, "sidePanel")
    assert side is not None
    # The last calls under the figures and the statements, the whole width.
    qtbot.waitUntil(lambda: side.width() > window.width() * 0.9)  # laid out anew
    assert _on_window(side, window).top() > _on_window(window.majority_label, window).bottom()
    assert window.head_qr.isHidden()  # a phone cannot photograph its own screen
    assert window.ticker.height() >= window.ticker.minimumHeight() > 0
    assert _cut(window) == []

    window.resize(1280, 720)  # a window again: two columns, the code of the head back
    qtbot.waitUntil(lambda: _on_window(side, window).left() > window.width() / 2)
    assert not window.is_narrow()
    assert not window.head_qr.isHidden()
    assert window.ticker.minimumHeight() == 0


def _squeezed(window: DashboardWindow) -> list[str]:
    """The labels shown shorter than their words need (cut through mid-line), or past
    the window's edge."""
    cut = []
    for label in window.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        place = _on_window(label, window)
        wrapped = label.wordWrap()
        needed = label.heightForWidth(label.width()) if wrapped else label.sizeHint().height()
        if needed > label.height() + 1:
            cut.append(f"{label.objectName()} {label.height()} px high: {label.text()!r}")
        elif (
            place.left() < 0 or place.right() >= window.width() or place.bottom() >= window.height()
        ):
            cut.append(f"{label.objectName()} at {place}: {label.text()!r}")
    return cut


@pytest.mark.parametrize("size", [(390, 768), (390, 844), (360, 640)])
def test_a_phones_type_gives_way_so_spanish_lines_8_and_9_and_the_journal_are_whole(
    qtbot: QtBot, controller: CountController, qm: Path, size: tuple[int, int]
) -> None:
    for call in (Call.FOR, Call.AGAINST, Call.CHALLENGE, Call.VOID, Call.FOR, Call.AGAINST):
        controller.record(call)
    controller.undo()  # a correction: the journal line and the flash say so
    with in_spanish(qm):
        window = DashboardWindow(ControllerFeed(controller, key_fingerprint="-".join(["53c4"] * 8)))
        qtbot.addWidget(window)
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        assert window.is_narrow() and window.sheet_note_label.isVisible()
        assert "53c4" in window.journal_label.text()

        def whole() -> None:
            assert _squeezed(window) == []

        qtbot.waitUntil(whole)
        # Given the height, the type is the width's own again (the case: 4.6 units of 5).
        window.resize(size[0], 1600)
        qtbot.waitUntil(lambda: f"font-size: {round(4.6 * size[0] / 78)}px" in window.styleSheet())
        qtbot.waitUntil(whole)


ALU = ElectionSetup.validated(
    case_number="29-RC-288021", employer="Amazon.com Services LLC",
    union="Amazon Labor Union", eligible=8325, ballots=1000, agent="R. Agent", pile=100,
)  # fmt: skip


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_a_laptop_s_type_gives_way_so_spanish_lines_8_and_9_are_whole(
    qtbot: QtBot, tmp_path: Path, qm: Path, size: tuple[int, int]
) -> None:
    """Two columns on a laptop's screen: Spanish lines 8 and 9, a third longer than
    English ones, with the note that they are a translation, were cut through mid-line."""
    path = tmp_path / "alu.station"
    Journal.create(path, ALU)
    with Journal.open(path) as journal:
        journal.start_session()
        for call in [Call.FOR, Call.AGAINST, Call.VOID, Call.CHALLENGE] * 10:
            journal.append(Action.CALL, call)
    controller = CountController(Journal.open(path))
    try:
        with in_spanish(qm):
            window = DashboardWindow(ControllerFeed(controller))
            qtbot.addWidget(window)
            window.resize(*size)
            window.show()
            qtbot.waitExposed(window)
            assert not window.is_narrow() and window.sheet_note_label.isVisible()

            def whole() -> None:
                assert _squeezed(window) == []

            qtbot.waitUntil(whole)
    finally:
        controller.close()


def test_in_one_column_the_signing_key_wraps_only_between_whole_groups(
    qtbot: QtBot, controller: CountController
) -> None:
    controller.record(Call.FOR)
    key = "53c4-6c17-190a-b681-0a35-0b2b-b778-ba30"
    window = DashboardWindow(ControllerFeed(controller, key_fingerprint=key))
    qtbot.addWidget(window)
    window.resize(390, 844)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(window.is_narrow)
    label = window.journal_label
    written = label.text().split("signing key ")[1]
    # The places a line may end are spaces and zero-width spaces: none within a group.
    words = re.split(r"[\s\u200b]+", written)
    assert "".join(words) == key
    assert all(re.fullmatch(r"([0-9a-f]{4}-?)+", word) for word in words), words
    assert key in label.accessibleName()
    assert "\u200b" not in label.accessibleName()
