"""Opens every window of Station on the one screen Qt was given, and says what does not fit.

Run in a child process whose offscreen platform has a screen of the size under test
(`tests/ui/test_screen_fit.py` gives it 1366x768 and 1280x720): each window is built as
Station builds it, shown, and checked by `problems`; the findings are printed as JSON, a
line per window, so that the test names every window that fails and why.
"""

import itertools
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QStyleOptionViewItem,
    QWidget,
)

from station.domain import Call, ElectionSetup, SheetKind
from station.domain.description import Vote
from station.journal import Journal
from station.sheet.prepare import SheetRequest
from station.ui.dashboard.big_figure import BigFigure
from station.ui.operator.call_pad import CallButton

SLACK = 1  # a pixel of rounding
FIGURE_HEIGHT = 18  # a dashboard figure lower than this is squeezed out of legibility


def problems(window: QWidget, area: QRect) -> list[str]:
    """What in `window` is wider or taller than the screen's `area`, or cut off inside it.

    A window larger than the screen, or reaching past its edge; a line of text (a label,
    a button, a field's placeholder) narrower than its words; a widget that reaches past
    its window's edge (a row on the bottom edge). Wrapped labels are checked for height.
    """
    found: list[str] = []
    frame = window.frameGeometry()
    if frame.width() > area.width() + SLACK or frame.height() > area.height() + SLACK:
        found.append(f"window {frame.width()}x{frame.height()} larger than the screen")
    elif not area.contains(frame):
        found.append(f"window at {frame.x()},{frame.y()} reaches past the screen's edge")
    inside = window.rect()
    for widget in window.findChildren(QWidget):
        if not widget.isVisibleTo(window) or widget.window() is not window:
            continue
        name = _name(widget)
        place = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
        if not inside.contains(place) and widget.width() > 0:
            found.append(
                f"{name} reaches past the window's edge ({_rect(place)} in {_rect(inside)})"
            )
        found.extend(f"{name} {what}" for what in _cut(widget))
    return found


def _cut(widget: QWidget) -> Iterator[str]:
    if isinstance(widget, QLabel) and widget.text():
        if widget.wordWrap():
            need = widget.heightForWidth(widget.width())
            if need > widget.height() + SLACK:
                yield f"cut: {need} px of text in {widget.height()} px"
        else:
            hint = widget.minimumSizeHint()
            if hint.width() > widget.width() + SLACK:
                yield f"cut: {hint.width()} px of text in {widget.width()} px"
            if hint.height() > widget.height() + SLACK:
                yield f"cut: {hint.height()} px of text high in {widget.height()} px"
    elif isinstance(widget, QListWidget) and widget.wordWrap():
        yield from _entries_cut(widget)
    elif isinstance(widget, CallButton):
        labels = [label for label in widget.findChildren(QLabel) if label.isVisibleTo(widget)]
        for first, second in itertools.pairwise(labels):
            if first.geometry().intersects(second.geometry()):
                yield f"labels overlap: {first.text()!r} and {second.text()!r}"
    elif isinstance(widget, QAbstractButton) and widget.text():
        hint = widget.minimumSizeHint()
        if hint.width() > widget.width() + SLACK:
            yield f"cut: {hint.width()} px of button in {widget.width()} px"
    elif isinstance(widget, QLineEdit) and widget.placeholderText() and not widget.text():
        room = widget.width() - 2 * 6  # the frame and the text margins of the styles used
        need = widget.fontMetrics().horizontalAdvance(widget.placeholderText())
        if need > room:
            yield f"placeholder cut: {need} px of text in {room} px"
    elif isinstance(widget, BigFigure) and widget.height() < FIGURE_HEIGHT:
        yield f"squeezed: {widget.height()} px high"
    elif (
        isinstance(widget, QComboBox) and widget.minimumSizeHint().width() > widget.width() + SLACK
    ):
        yield f"cut: {widget.minimumSizeHint().width()} px in {widget.width()} px"


def _entries_cut(entries: QListWidget) -> Iterator[str]:
    """A wrapped entry laid out lower than its text, as the list's delegate measures it."""
    entries.doItemsLayout()
    delegate = entries.itemDelegate()
    for row in range(entries.count()):
        index = entries.model().index(row, 0)
        rect = entries.visualRect(index)
        option = QStyleOptionViewItem()
        entries.initViewItemOption(option)
        option.rect = QRect(0, 0, entries.viewport().width(), rect.height())
        need = delegate.sizeHint(option, index).height()
        if need > rect.height() + SLACK:
            text = entries.item(row).text()[:40]
            yield f"entry {text!r} cut: {need} px of text in {rect.height()} px"


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, QLabel | QAbstractButton):
        text = widget.text()
    elif isinstance(widget, QLineEdit):
        text = widget.placeholderText()
    shown = " ".join(text.split())[:50]
    return f"{type(widget).__name__}({widget.objectName() or shown!r})"


def _rect(rect: QRect) -> str:
    return f"{rect.x()},{rect.y()} {rect.width()}x{rect.height()}"


# -- the windows -------------------------------------------------------------------------

ONE = ElectionSetup.validated(
    case_number="10-RC-269250", employer="Amazon.com Services LLC",
    union="Retail, Wholesale and Department Store Union", eligible=5867, ballots=3215,
    agent="R. Agent", pile=100,
)  # fmt: skip
THREE = ElectionSetup.validated(
    case_number="10-RC-000016", employer="Acme Manufacturing Company of North America",
    union="International Association of Machinists", intervenors=["United Brotherhood of Carpenters"],
    eligible=40, ballots=12, pile=100, table="2",
)  # fmt: skip


def _counted(folder: Path, name: str, setup: ElectionSetup, calls: str) -> Path:
    from station.journal.session import CountSession

    path = folder / f"{name}.station"
    Journal.create(path, setup)
    letters = {"F": Call.FOR, "A": Call.AGAINST, "V": Call.VOID, "C": Call.CHALLENGE}
    several = setup.ballot.several
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for letter in calls:
            call = letters[letter]
            session.record(Vote(call, choice=1 if several and call is Call.FOR else None))
    return path


def _operator(path: Path) -> QMainWindow:
    from station.app import Station
    from station.settings import Settings

    station = Station(settings=Settings())
    journal = Journal.open(path)
    window = station.show_operator(journal)
    window._probe_station = station  # type: ignore[attr-defined]  # kept alive with it
    return window


def _revised(folder: Path) -> QMainWindow:
    path = _counted(folder, "revised", ONE, "FAFCCCCF")
    window = _operator(path)
    controller = window.controller
    controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
    assert controller.decide([1, 2, 3], [4], "Regional Director, Region 10")  # type: ignore[attr-defined]
    controller.record(Call.FOR)
    return window


def _grouped(folder: Path) -> QMainWindow:
    """A Sonotone count of two groups, a challenge in each with its party and reason."""
    from station.journal.session import CountSession
    from tests.groups_helpers import SONOTONE

    folder.mkdir(exist_ok=True)
    path = folder / "groups.station"
    Journal.create(path, SONOTONE)
    with Journal.open(path) as journal:
        session = CountSession(journal, journal.restore(trust_snapshots=False))
        session.start()
        for group, call, answer in (
            ("A", Call.FOR, "yes"), ("A", Call.CHALLENGE, None), ("A", Call.AGAINST, "no"),
            ("B", Call.CHALLENGE, None), ("B", Call.FOR, None), ("B", Call.AGAINST, None),
        ):  # fmt: skip
            session.record(Vote(call, group=group, inclusion=answer))
        for challenge in session.count.challenges.counting():
            session.amend_challenge(
                challenge.seq, {"party": "employer", "reason": "signature or name mismatch"}
            )
    return _operator(path)


def _with_help(window: QMainWindow) -> QMainWindow:
    """F1 pressed: every key over the window."""
    window.help_overlay.show_over_parent()  # type: ignore[attr-defined]
    return window


def _exported(folder: Path) -> QMainWindow:
    """After Ctrl+E into a folder with a long path: the notice names it and the check."""
    window = _grouped(folder)
    controller = window.controller  # type: ignore[attr-defined]
    controller.prepare_sheet(SheetRequest(SheetKind.INTERIM, "R. Agent", [], None))
    parent = folder / "Documents" / "Elections" / "Mercy Hospital, professional unit"
    parent.mkdir(parents=True)
    window.choose_export_folder = lambda name: parent / name  # type: ignore[attr-defined]
    window.sheet_flow.export()  # type: ignore[attr-defined]
    assert window.notice_banner.text().startswith("<b>Exported</b>")  # type: ignore[attr-defined]
    return window


def _press(window: QMainWindow, *keys: str) -> None:
    """Keys pressed on `window` as the operator presses them."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent

    for name in keys:
        qt_key = getattr(Qt.Key, f"Key_{name}")
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, qt_key, Qt.KeyboardModifier.NoModifier, name.lower())
            QApplication.sendEvent(window, event)


def _refused(window: QMainWindow, *keys: str) -> QMainWindow:
    """`keys` pressed, the last refused (F before the Sonotone question's Y or N, a
    choice the ballot does not have): the red banner says it was NOT recorded."""
    _press(window, *keys)
    assert not window.error_banner.isHidden(), keys  # type: ignore[attr-defined]
    return window


def _write_failed(folder: Path) -> QMainWindow:
    """The file moved away under the count, the call refused: the longest banner."""
    window = _operator(_counted(folder, "moved", ONE, "FFAVCA"))
    path = window.controller.journal.path  # type: ignore[attr-defined]
    path.rename(path.with_name("elsewhere.station"))
    return _refused(window, "F")


def _envelopes(folder: Path) -> QMainWindow:
    from tests.mail.helpers import BESSEMER, VOTERS

    path = folder / "mail.station"
    Journal.create(path, BESSEMER, VOTERS)
    return _operator(path)


def _dashboard(folder: Path, setup: ElectionSetup, calls: str) -> QWidget:
    from station.ui.dashboard.feed import JournalFollower
    from station.ui.dashboard.standalone import standalone_dashboard

    follower = JournalFollower(_counted(folder, f"dash-{setup.case_number}", setup, calls))
    window = standalone_dashboard(follower, "dark")
    window._probe_feed = follower  # type: ignore[attr-defined]
    window.place()
    return window


def _mail_revised(folder: Path) -> QWidget:
    """The dashboard after the Revised Tally of a mail count: its envelope line, lines 8-9,
    the result decided and when objections are due, all under the figures."""
    import dataclasses

    from station.domain.election import MAIL_RULES
    from station.domain.envelopes import Ruling
    from station.journal.session import CountSession
    from station.sheet.prepare import prepare_sheet
    from station.ui.dashboard.feed import JournalFollower
    from station.ui.dashboard.standalone import standalone_dashboard
    from tests.mail.helpers import BESSEMER, VOTERS

    path = folder / "mail-revised.station"
    setup = dataclasses.replace(BESSEMER, mail_rules=MAIL_RULES, pile=100)
    Journal.create(path, setup, VOTERS)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    request = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
    for voter, ruling in (("100", Ruling.ACCEPTED), ("101", Ruling.ACCEPTED),
                          ("102", Ruling.CHALLENGED), ("103", Ruling.VOID),
                          ("103", Ruling.ACCEPTED), ("104", Ruling.LATE),
                          ("105", Ruling.ACCEPTED)):  # fmt: skip
        session.rule_envelope(ruling, voter)
    session.end_envelopes()
    for call in (Call.FOR, Call.FOR, Call.AGAINST, Call.FOR, Call.AGAINST):
        session.record(call)
    prepare_sheet(session, request, key_fingerprint="0")
    session.decide([1], [], "Regional Director, Region 10")
    session.record(Call.FOR)
    prepare_sheet(session, request, key_fingerprint="0")
    journal.close()
    follower = JournalFollower(path)
    window = standalone_dashboard(follower, "dark")
    window._probe_feed = follower  # type: ignore[attr-defined]
    window.place()
    return window


def _tables(folder: Path, setup: ElectionSetup) -> QWidget:
    import dataclasses

    from station.ui.dashboard.feed import JournalFollower
    from station.ui.dashboard.tables import TablesDashboard

    followers = []
    for label, calls in (("1", "FFAVC"), ("2", "AAC"), ("3", "F"), ("4", "")):
        table = dataclasses.replace(setup, table=label, ballots=len(calls) or None)
        followers.append(
            JournalFollower(_counted(folder, f"table-{label}-{id(setup)}", table, calls))
        )
    window = TablesDashboard(followers, theme="dark")
    for follower in followers:
        follower.start()
    window.place()
    window._probe_feeds = followers  # type: ignore[attr-defined]
    return window


def _start(_folder: Path) -> QWidget:
    from station.app import Station
    from station.settings import Settings

    return Station(settings=Settings()).show_start()


def _dialogs(folder: Path) -> Iterator[tuple[str, QWidget]]:
    """The dialogs, each opened over the operator window as the window opens it."""
    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from station.ui.operator.decision_dialog import DecisionDialog
    from station.ui.operator.sheet_dialogs import PrepareSheetDialog, ReopenDialog
    from station.ui.start.new_election import NewElectionDialog

    window = _operator(_counted(folder, "dialogs", ONE, "FAFCCVCF"))
    controller = window.controller
    count = controller.count
    yield "new election", NewElectionDialog(window, create=Journal.create)
    yield (
        "prepare sheet",
        PrepareSheetDialog(ONE, count.tally, "Final", window, pile_notes=["1 pile to recount"]),
    )
    yield "reopen", ReopenDialog("final tally", window)
    yield "challenge register", ChallengeRegisterDialog(controller, window)  # type: ignore[arg-type]
    yield "decision", DecisionDialog(count, controller.setup, window)
    controller.prepare_sheet(SheetRequest(SheetKind.FINAL, "R. Agent", [], None))
    register = ChallengeRegisterDialog(controller, window)  # type: ignore[arg-type]
    register.show()
    register.decide_button.click()
    decision = register.decision_dialog
    assert decision is not None
    yield "decision beside the register", decision
    # The decision names the register's numbers: it must leave the register in view.
    if register.frameGeometry().intersects(decision.frameGeometry()):
        print(json.dumps({"window": "register", "problems": ["hidden by the decision"]}))
    register.close()
    window.close()


WINDOWS: dict[str, Callable[[Path], QWidget]] = {
    "start": _start,
    "operator": lambda folder: _operator(_counted(folder, "one", ONE, "FFAVCA")),
    "operator, several unions": lambda folder: _operator(_counted(folder, "three", THREE, "FAC")),
    "operator, revised count": _revised,
    "operator, voting groups": _grouped,
    "operator, F1 help": lambda folder: _with_help(_operator(_counted(folder, "help", ONE, "F"))),
    "operator, voting groups, F1 help": lambda folder: _with_help(_grouped(folder / "help")),
    "operator, voting groups, exported": lambda folder: _exported(folder / "exported"),
    "operator, a call not recorded": _write_failed,
    "operator, several unions, a call not recorded": lambda folder: _refused(
        _operator(_counted(folder, "three-refused", THREE, "FAC")), "9"
    ),
    "operator, voting groups, a call not recorded": lambda folder: _refused(
        _grouped(folder / "refused"), "G", "A", "F"
    ),
    "operator, voting groups, exported, a call not recorded": lambda folder: _refused(
        _exported(folder / "exported-refused"), "G", "A", "F"
    ),
    "envelopes": _envelopes,
    "dashboard": lambda folder: _dashboard(folder, ONE, "FFAVCA"),
    "dashboard, several unions": lambda folder: _dashboard(folder, THREE, "FAC"),
    "dashboard, revised tally by mail": _mail_revised,
    "tables dashboard": lambda folder: _tables(folder, ONE),
    "tables dashboard, several unions": lambda folder: _tables(folder, THREE),
}


@contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def main() -> int:
    from station.app import ensure_app

    app = ensure_app()
    area = app.primaryScreen().availableGeometry()
    with _folder() as folder:
        # A user's own settings (a window's saved placement) must neither decide what is
        # measured here nor be changed by it.
        os.environ["XDG_CONFIG_HOME"] = str(folder / "config")
        os.environ["XDG_DATA_HOME"] = str(folder / "data")
        shown: list[tuple[str, QWidget]] = [(name, make(folder)) for name, make in WINDOWS.items()]
        for name, window in shown:
            _settle(app, window)
            print(json.dumps({"window": name, "problems": problems(window, area)}), flush=True)
            window.close()
        for name, dialog in _dialogs(folder):
            dialog.show()
            _settle(app, dialog)
            print(json.dumps({"window": name, "problems": problems(dialog, area)}), flush=True)
            dialog.close()
    return 0


def _settle(app: QApplication, window: QWidget) -> None:
    window.show()
    for _ in range(5):
        app.processEvents()


if __name__ == "__main__":
    sys.exit(main())
