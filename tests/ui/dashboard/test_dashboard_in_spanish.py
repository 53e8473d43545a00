"""The dashboard in a process that speaks Spanish: its figures' words, lines 8 and 9,
the live "Result decided" notice and the ticker in Spanish, the union's name as written."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from station.domain import Call
from station.domain.words import use_language
from station.journal import Journal
from station.ui.dashboard.window import DashboardWindow
from station.ui.operator.controller import CountController
from station.ui.operator.feed import ControllerFeed


@pytest.fixture
def spanish() -> Iterator[None]:
    use_language("es")
    try:
        yield
    finally:
        use_language("en")


@pytest.mark.usefixtures("spanish")
def test_the_dashboard_states_the_count_in_spanish(
    qtbot: QtBot, tmp_path: Path, setup: object
) -> None:
    path = tmp_path / "small.station"
    fields = {name: getattr(setup, name) for name in setup.__dataclass_fields__}  # type: ignore[attr-defined]
    Journal.create(path, type(setup)(**{**fields, "ballots": 5}))
    controller = CountController(Journal.open(path))
    window = DashboardWindow(ControllerFeed(controller))
    qtbot.addWidget(window)
    try:
        for call in (Call.AGAINST, Call.VOID, Call.CHALLENGE):
            controller.record(call)
        words = [window.choice_figures[0].word, window.choice_figures[-1].word]
        assert [*words, window.void_figure.word, window.challenged_figure.word] == [
            "A FAVOR",
            "EN CONTRA",
            "NULAS",
            "IMPUGNADAS",
        ]
        assert window.progress_label.text() == "3 de 5 papeletas contadas"
        assert window.ticker.texts()[:2] == ["Papeleta 3 IMPUGNADA", "Papeleta 2 NULA"]
        assert window.challenges_label.text() == (
            "Aún no está determinado si las impugnaciones son suficientes en número para"
            " afectar los resultados de la elección: 2 papeletas siguen sin contar."
        )
        assert window.decision_label.text() == ""
        controller.record(Call.AGAINST)  # 2 AGAINST, 1 challenged, 1 left: the union loses
        assert window.decision_label.text() == "Resultado decidido: Amazon Labor Union pierde."
        assert window.decision_label.property("decided") is True
    finally:
        controller.close()
