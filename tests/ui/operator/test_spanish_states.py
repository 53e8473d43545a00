"""The operator window in Spanish in each state the other tests build: several unions,
voting groups, a mail ballot's count, a count signed and then decided (revised). No
English word is left once the names (parties, choices, groups, the file) are taken out.
"""

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from station.domain import Call, ElectionSetup
from station.domain.description import Vote
from station.domain.envelopes import Ruling
from station.journal import Journal
from station.journal.session import CountSession
from station.ui.language import use_language_everywhere
from tests.helpers import JFK8
from tests.mail.helpers import BESSEMER, VOTERS
from tests.ui.operator.helpers import GROUPS
from tests.ui.spanish import english_left, values_of
from tests.ui.windows import open_window

SEVERAL = ElectionSetup.validated(
    case_number="10-RC-000077", employer="Acme", union="Machinists", unions=["Carpenters"],
    eligible=20, ballots=10, pile=3,
)  # fmt: skip


@pytest.fixture
def spanish(qapp: QApplication) -> Iterator[None]:
    use_language_everywhere("es")
    try:
        yield
    finally:
        use_language_everywhere("en")


def _several(session: CountSession) -> None:
    for vote in (Vote(Call.FOR, choice=1), Vote(Call.FOR, choice=2), Call.AGAINST, Call.CHALLENGE):
        session.record(vote)


def _groups(session: CountSession) -> None:
    session.record(Vote(Call.FOR, group="A", inclusion="yes"))
    session.record(Vote(Call.AGAINST, group="B"))


def _mail(session: CountSession) -> None:
    session.rule_envelope(Ruling.ACCEPTED, "100")
    session.rule_envelope(Ruling.ACCEPTED, "101")
    session.rule_envelope(Ruling.CHALLENGED, "102")
    session.end_envelopes()
    session.record(Call.FOR)


def _decided(session: CountSession) -> None:
    from station.domain import SheetKind
    from station.sheet.prepare import SheetRequest, prepare_sheet

    for call in (Call.CHALLENGE, Call.FOR, Call.CHALLENGE, Call.AGAINST, Call.CHALLENGE):
        session.record(call)
    final = SheetRequest(SheetKind.FINAL, "R. Agent", [], None)
    prepare_sheet(session, final, key_fingerprint="0" * 64)
    session.decide([1, 3], [], "Regional Director")
    session.record(Call.FOR)  # the first of the ballots ordered opened


STATES: dict[str, tuple[ElectionSetup, Callable[[CountSession], None]]] = {
    "several unions": (SEVERAL, _several),
    "voting groups": (GROUPS, _groups),
    "mail": (BESSEMER, _mail),
    "revised": (dataclasses.replace(JFK8, ballots=5), _decided),
}


@pytest.mark.usefixtures("spanish")
@pytest.mark.parametrize("state", STATES)
def test_the_operator_window_in_spanish_in_each_state(
    qtbot: QtBot, tmp_path: Path, state: str
) -> None:
    setup, count = STATES[state]
    path = tmp_path / "election.station"
    Journal.create(path, setup, VOTERS if setup.mail else None)
    with Journal.open(path) as journal:
        count(CountSession.resume(journal, keep=0))
    window = open_window(qtbot, path)
    try:
        groups = [group.name for group in setup.ballot.groups]
        assert english_left(window, values_of(setup, str(path), *groups)) == []
    finally:
        window.close()


@pytest.mark.usefixtures("spanish")
def test_the_register_and_the_decision_after_the_hearing_in_spanish(
    qtbot: QtBot, first_count: Path
) -> None:
    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from station.ui.operator.decision_dialog import DecisionDialog

    window = open_window(qtbot, first_count)
    try:
        register = ChallengeRegisterDialog(window.controller, window)
        qtbot.addWidget(register)
        assert register.decide_button.isEnabled()  # a final sheet signed: the hearing's turn
        for row in range(register.table.rowCount()):
            register.table.selectRow(row)
            assert english_left(register, values_of(JFK8, str(first_count))) == []
        decision = DecisionDialog(window.controller.count, JFK8, register)
        qtbot.addWidget(decision)
        assert english_left(decision, values_of(JFK8)) == []
    finally:
        window.close()
