"""Only determinative challenges are ordered opened (Form NLRB-5547's instructions):
`station decide --open` and the decision dialog refuse the others in one line; sustaining
them stays allowed."""

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain import Call, SheetKind
from station.journal import Journal
from station.journal.session import CountSession
from station.sheet.prepare import SheetRequest, prepare_sheet
from tests.kinds_helpers import station
from tests.ui.operator.helpers import small_election
from tests.ui.windows import open_window

F, A, C = Call.FOR, Call.AGAINST, Call.CHALLENGE


def counted(tmp_path: Path, calls: list[Call]) -> Path:
    path = small_election(tmp_path, ballots=len(calls), pile=0)
    journal = Journal.open(path)
    session = CountSession.resume(journal, keep=0)
    for call in calls:
        session.record(call)
    prepare_sheet(session, SheetRequest(SheetKind.FINAL, "R. Agent", [], None), key_fingerprint="0")
    journal.close()
    return path


def test_decide_refuses_to_open_challenges_that_are_not_determinative(
    tmp_path: Path, qapp: object
) -> None:
    path = counted(tmp_path, [F, F, F, F, A, C])  # 4-1 with one challenge: decides nothing
    before = path.read_bytes()
    done = station("decide", path, "--open", "1", "--by", "Regional Director")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1, done.stderr
    assert "not determinative" in done.stderr and "sustaining them is allowed" in done.stderr
    assert path.read_bytes() == before
    done = station("decide", path, "--sustain", "1", "--by", "Regional Director")
    assert done.returncode == 0, done.stderr


def test_decide_still_opens_determinative_challenges(tmp_path: Path, qapp: object) -> None:
    path = counted(tmp_path, [F, F, A, C])  # 2-1 with one challenge: a tie would lose
    done = station("decide", path, "--open", "1", "--by", "Regional Director", "--reveal-ok")
    assert done.returncode == 0, done.stderr


def test_the_decision_dialog_refuses_them_too(qtbot: QtBot, tmp_path: Path) -> None:
    window = open_window(qtbot, counted(tmp_path, [F, F, F, F, A, C, C]))
    try:
        window.register_action.trigger()
        dialog = window.register_dialog
        qtbot.waitUntil(dialog.isVisible)
        qtbot.mouseClick(dialog.decide_button, Qt.MouseButton.LeftButton)
        decision = dialog.decision_dialog
        assert decision is not None
        qtbot.waitUntil(decision.isVisible)
        decision.opened.setText("1, 2")
        decision.by.setText("Regional Director")
        decision.buttons.accepted.emit()
        assert "not determinative" in decision.problem.text() and decision.isVisible()
        assert window.controller.count.resolutions.decisions == []
        decision.opened.setText("")
        decision.sustained.setText("1, 2")
        decision.buttons.accepted.emit()
        assert [d.sustained for d in window.controller.count.resolutions.decisions] == [(1, 2)]
        dialog.close()
    finally:
        window.close()
