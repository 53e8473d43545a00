"""The envelope window in Spanish: no word of its own left in English as the operator
rules an envelope, challenges one and ends the stage (the keys stay the same)."""

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from station.domain.description import describe
from station.journal import Journal
from station.ui.envelopes.controller import EnvelopeController
from station.ui.envelopes.window import EnvelopeWindow, Mode
from tests.ui.envelopes.helpers import CTRL_SHIFT, key, pick
from tests.ui.spanish import compiled, in_spanish, left_in_english, shown_words


@pytest.fixture(scope="module")
def qm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled(tmp_path_factory.mktemp("i18n"))


def _read(qtbot: QtBot, path: Path, drive: Callable[[EnvelopeWindow], None]) -> tuple[
    list[tuple[str, str]], EnvelopeWindow]:  # fmt: skip
    window = EnvelopeWindow(EnvelopeController(Journal.open(path)))
    qtbot.addWidget(window)
    window.show()
    drive(window)
    said = shown_words(window)
    window.close()  # its journal, before the same file is opened again
    return said, window


def _left(
    qtbot: QtBot, path: Path, drive: Callable[[EnvelopeWindow], None], qm: Path, *written: str
) -> tuple[list[str], list[tuple[str, str]]]:
    """What is left in English once `drive` has run, in Spanish; `written`: the names
    of voters written in."""
    in_spanish_path = path.with_name(f"es-{path.name}")  # the same file, before `drive`
    shutil.copyfile(path, in_spanish_path)
    english, window = _read(qtbot, path, drive)
    with in_spanish(qm):
        spanish, _ = _read(qtbot, in_spanish_path, drive)
    setup = window.controller.setup
    names = {setup.case_number, setup.employer, str(path), path.name, "Ctrl", "Shift"}
    names |= {str(in_spanish_path), in_spanish_path.name}
    names |= {choice.name for choice in describe(setup).ballot.choices}
    names |= {voter.name for voter in window.controller.voters.voters} | set(written)
    return left_in_english(english, spanish, names), spanish


def test_searching_and_picking_read_in_spanish(qtbot: QtBot, mail_file: Path, qm: Path) -> None:
    left, spanish = _left(qtbot, mail_file, lambda window: pick(qtbot, window, "ada"), qm)
    assert left == []
    texts = "\n".join(text for _, text in spanish)
    assert "ETAPA DE SOBRES" in texts and "A aceptado" in texts and "V nulo" in texts


def test_a_challenge_and_the_end_of_the_stage_read_in_spanish(
    qtbot: QtBot, mail_file: Path, qm: Path
) -> None:
    def challenge(window: EnvelopeWindow) -> None:
        pick(qtbot, window, "ada")
        key(qtbot, window, Qt.Key.Key_C)
        assert window.mode is Mode.CHALLENGE

    left, spanish = _left(qtbot, mail_file, challenge, qm)
    assert left == []
    assert any("¿Quién impugnó?" in text for _, text in spanish)

    def end(window: EnvelopeWindow) -> None:
        key(qtbot, window, Qt.Key.Key_B, CTRL_SHIFT)
        assert window.mode is Mode.CONFIRM_END

    left, spanish = _left(qtbot, mail_file, end, qm)
    assert left == []
    assert any("Enter termina la etapa" in text for _, text in spanish)


def test_a_voter_written_in_reads_in_spanish(qtbot: QtBot, mail_file: Path, qm: Path) -> None:
    def written_in(window: EnvelopeWindow) -> None:
        key(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(window.search, "Rosa Parks")
        assert window.more_label.text()  # the write-in's own hint, before Enter
        key(qtbot, window, Qt.Key.Key_Return)
        assert window.mode is Mode.PICKED

    left, spanish = _left(qtbot, mail_file, written_in, qm)
    assert left == []
    assert any("nombre escrito, no está en la lista" in text for _, text in spanish)


def test_the_rulings_listed_read_in_spanish(qtbot: QtBot, mail_file: Path, qm: Path) -> None:
    def rule(window: EnvelopeWindow) -> None:
        pick(qtbot, window, "ada")
        key(qtbot, window, Qt.Key.Key_C)
        key(qtbot, window, Qt.Key.Key_E)  # challenged by the Employer
        key(qtbot, window, Qt.Key.Key_Escape)
        key(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(window.search, "Rosa Parks")
        key(qtbot, window, Qt.Key.Key_Return)
        key(qtbot, window, Qt.Key.Key_A)

    left, spanish = _left(qtbot, mail_file, rule, qm, "Rosa Parks")
    assert left == []
    texts = [text for _, text in spanish]
    assert "Sobre 100 Ada Lovelace IMPUGNADO" in texts
    assert "Sobre 100 Ada Lovelace impugnado por el Empleador: motivo no indicado" in texts
    assert "Sobre añadido a mano: Rosa Parks ACEPTADO" in texts
