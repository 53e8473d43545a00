"""The operator window and the start window in Spanish: no English word of their own left.

Walks every widget's text, tool tip, window title, accessible name and description,
placeholder, list item and menu action, as a sighted user or a screen reader meets
them. Names of parties and choices, key letters and numbers are values, never
translated, and are taken out before the words are looked at.
"""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import (
    QApplication,
)
from pytestqt.qtbot import QtBot

from station.domain import ElectionSetup
from station.domain.description import describe
from station.ui.language import use_language_everywhere
from station.ui.operator.window import OperatorWindow
from station.ui.start.new_election import NewElectionDialog
from station.ui.start.window import StartDialog
from tests.ui.spanish import english_left, values_of
from tests.ui.windows import open_window


@pytest.fixture
def spanish(qapp: QApplication) -> Iterator[None]:
    use_language_everywhere("es")
    try:
        yield
    finally:
        use_language_everywhere("en")


def test_the_operator_window_in_spanish_has_no_english_left(
    spanish: None, qtbot: QtBot, election_file: Path, setup: ElectionSetup
) -> None:
    window = open_window(qtbot, election_file)
    try:
        assert window.menuBar().actions()[0].text() == "&Archivo"
        left = english_left(window, values_of(setup, str(election_file)))
        assert left == []
    finally:
        window.close()


def test_the_keys_stay_the_same_in_spanish(
    spanish: None, qtbot: QtBot, election_file: Path, setup: ElectionSetup
) -> None:
    from PySide6.QtCore import Qt

    from station.domain import Call
    from tests.ui.windows import figures, key

    window = open_window(qtbot, election_file)
    try:
        key(window, Qt.Key.Key_F)
        key(window, Qt.Key.Key_C)
        assert figures(window)[Call.FOR] == "1"
        assert figures(window)[Call.CHALLENGE] == "1"
        assert "IMPUGNADA" in window.prompts.challenge.question.text()
        assert english_left(window.prompts, values_of(setup)) == []
    finally:
        window.close()


def test_the_help_overlay_in_spanish_has_no_english_left(
    spanish: None, qtbot: QtBot, window_es: OperatorWindow, setup: ElectionSetup
) -> None:
    window_es.help_overlay.show_over_parent()
    assert "Atajos de teclado" in window_es.help_overlay.title.text()
    assert english_left(window_es.help_overlay, values_of(setup)) == []


def test_the_start_window_and_new_election_dialog_in_spanish_have_no_english_left(
    spanish: None, qtbot: QtBot, tmp_path: Path
) -> None:
    gone = tmp_path / "gone.station"
    start = StartDialog([gone], {gone: "10-RC-1"})
    qtbot.addWidget(start)
    assert english_left(start, ["10-RC-1", "gone.station", str(tmp_path), str(gone)]) == []
    dialog = NewElectionDialog(folder=tmp_path, create=lambda *_: None)
    qtbot.addWidget(dialog)
    dialog.voting_groups.add_group()
    # The Tally of Ballots keeps its English name, the form's.
    values = [str(tmp_path), "election.station", "Tally of Ballots"]
    assert english_left(dialog, values) == []


@pytest.fixture
def window_es(spanish: None, qtbot: QtBot, election_file: Path) -> Iterator[OperatorWindow]:
    window = open_window(qtbot, election_file)
    yield window
    window.close()


def test_the_challenge_register_and_decision_in_spanish_have_no_english_left(
    window_es: OperatorWindow, setup: ElectionSetup
) -> None:
    from station.domain import Call
    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from station.ui.operator.decision_dialog import DecisionDialog
    from tests.ui.windows import KEYS, key

    key(window_es, KEYS[Call.CHALLENGE])
    register = ChallengeRegisterDialog(window_es.controller, window_es)
    register.table.selectRow(0)
    election = describe(setup)
    values = values_of(setup, *(challenger.label for challenger in election.challengers))
    assert english_left(register, values) == []
    decision = DecisionDialog(window_es.controller.count, setup, register)
    assert english_left(decision, values) == []
    register.close()


def test_a_sonotone_ballot_asks_its_questions_in_spanish_with_the_same_keys(
    spanish: None, qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtCore import Qt

    from station.journal import Journal
    from tests.ui.operator.helpers import GROUPS as SETUP
    from tests.ui.windows import key

    path = tmp_path / "groups.station"
    Journal.create(path, SETUP)
    window = open_window(qtbot, path)
    try:
        assert window.group_waiting.text().startswith("Pregunta 1 (inclusión): Y sí, N no")
        key(window, Qt.Key.Key_F)  # question 1 first: refused, in Spanish
        assert "NO REGISTRADA" in window.error_banner.text()
        assert "Primero: Pregunta 1" in window.error_banner.text()
        key(window, Qt.Key.Key_Y)
        assert "ahora la pregunta 2" in window.group_waiting.text()
        events = window.controller.journal.head_seq
        key(window, Qt.Key.Key_F)
        assert window.controller.journal.head_seq == events + 1
        key(window, Qt.Key.Key_G)
        assert window.group_waiting.text().startswith("G: ¿qué grupo? (A, B;")
    finally:
        window.close()


def test_the_sheet_dialogs_in_spanish_have_no_english_left(
    window_es: OperatorWindow, setup: ElectionSetup
) -> None:
    from station.domain.description import describe
    from station.ui.operator.sheet_dialogs import PrepareSheetDialog, ReopenDialog

    prepare = PrepareSheetDialog(setup, window_es.controller.count.tally, "Final", window_es)
    assert prepare.final.text().startswith("Acta final:")
    parties = [party.label for party in describe(setup).parties]
    assert english_left(prepare, values_of(setup, *parties)) == []
    reopen = ReopenDialog("acta final del evento 9", window_es)
    assert english_left(reopen, values_of(setup)) == []
    prepare.close()
    reopen.close()


def test_undo_of_a_settled_challenge_is_refused_in_spanish_naming_the_registers_button(
    window_es: OperatorWindow, setup: ElectionSetup
) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QTextDocumentFragment

    from station.domain import Call
    from station.ui.operator.challenge_register import ChallengeRegisterDialog
    from tests.ui.windows import KEYS, key

    key(window_es, KEYS[Call.FOR])
    key(window_es, KEYS[Call.CHALLENGE])
    seq = window_es.controller.count.next_undo()
    assert seq is not None
    assert window_es.controller.settle(seq[0], "sustained")
    key(window_es, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    banner = window_es.error_banner
    words = QTextDocumentFragment.fromHtml(banner.text()).toPlainText()
    register = ChallengeRegisterDialog(window_es.controller, window_es)
    button = register.reopen_button.text().replace("&", "")
    register.close()
    assert button == "Deshacer el acuerdo"
    assert f"\u201c{button}\u201d" in words, words
    assert "la papeleta 2 (n.º 1 del registro de impugnaciones) está resuelta: sostenida" in words
    assert english_left(banner, values_of(setup)) == []


def test_a_locked_count_names_the_count_menu_as_the_spanish_menu_bar_does(
    window_es: OperatorWindow,
) -> None:
    from station.domain import Sheet, SheetKind, Tally
    from station.domain.statements import lock_refusal_statement

    menu = window_es.menuBar().actions()[1].text().replace("&", "")
    assert menu == "Escrutinio"
    sheet = Sheet(12, 11, SheetKind.FINAL, 0, None, Tally(3, 2))
    assert f"(menú {menu})" in lock_refusal_statement(sheet)


def test_a_pile_recount_refused_is_said_in_spanish(
    window_es: OperatorWindow, setup: ElectionSetup
) -> None:
    from station.domain import Call
    from tests.ui.windows import KEYS, key

    key(window_es, KEYS[Call.FOR])
    assert not window_es.controller.check_pile(Call.FOR, 1, 3)  # not full
    banner = window_es.error_banner
    assert "la pila 1 de A FAVOR no está llena" in banner.text()
    assert english_left(banner, values_of(setup)) == []


def test_a_challenges_reason_in_the_last_calls_is_said_in_spanish(
    window_es: OperatorWindow, setup: ElectionSetup
) -> None:
    from station.domain import Call
    from station.domain.challenges import Reason

    window_es.controller.record(Call.CHALLENGE)
    seq = window_es.controller.journal.head_seq
    assert window_es.controller.amend_challenge(
        seq, {"party": "employer", "reason": Reason.NOT_ON_LIST.value}
    )
    said = window_es.recent.item(0).text()
    assert said == "Papeleta 1 IMPUGNADA por el Empleador: no está en la lista de elegibles"
    assert english_left(window_es.recent, values_of(setup)) == []
