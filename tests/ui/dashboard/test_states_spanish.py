"""The dashboard's status line in Spanish, state by state, and the tables' total status."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from station.domain import Sheet, SheetKind, Tally
from station.ui.dashboard.states import DashboardState, state_of
from station.ui.dashboard.tables import _worst, column_title
from tests.ui.spanish import compiled, in_spanish


@pytest.fixture(scope="module")
def qm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return compiled(tmp_path_factory.mktemp("i18n"))


@pytest.fixture
def spanish(qapp: object, qm: Path) -> Iterator[None]:
    with in_spanish(qm):
        yield


def _sheet(kind: SheetKind, revision: int = 0, revised: bool = False) -> Sheet:
    return Sheet(1204, 1203, kind, revision, None, Tally(3, 2), revised=revised)


@pytest.mark.usefixtures("spanish")
@pytest.mark.parametrize(
    ("problem", "silent", "locked_by", "closed", "said"),
    [
        (None, 0.0, None, False, (DashboardState.LIVE, "EN VIVO", "")),
        (
            None,
            7.9,
            None,
            False,
            (
                DashboardState.STALE,
                "\u26a0 SIN ACTUALIZACIONES DESDE HACE 7 SEGUNDOS",
                "Las cifras mostradas son las últimas conocidas.",
            ),
        ),
        (
            "disk I/O error",
            0.0,
            None,
            False,
            (
                DashboardState.UNAVAILABLE,
                "\u26a0 DIARIO NO DISPONIBLE \u2014 reintentando",
                "disk I/O error. Las cifras mostradas son las últimas conocidas.",
            ),
        ),
        (
            None,
            0.0,
            _sheet(SheetKind.INTERIM),
            False,
            (
                DashboardState.PAUSED,
                "ESCRUTINIO EN PAUSA",
                "Recuento provisional después de la papeleta 1,187 (evento 1,204).",
            ),
        ),
        (
            None,
            0.0,
            _sheet(SheetKind.FINAL),
            False,
            (
                DashboardState.LOCKED,
                "RECUENTO PREPARADO",
                "Recuento final en el evento 1,204; el escrutinio queda bloqueado.",
            ),
        ),
        (
            None,
            0.0,
            _sheet(SheetKind.FINAL, revised=True),
            False,
            (
                DashboardState.LOCKED,
                "RECUENTO PREPARADO",
                "Recuento revisado en el evento 1,204; el escrutinio queda bloqueado.",
            ),
        ),
        (
            None,
            0.0,
            _sheet(SheetKind.FINAL, revision=2),
            False,
            (
                DashboardState.LOCKED,
                "RECUENTO PREPARADO",
                "Recuento corregido 2 en el evento 1,204; el escrutinio queda bloqueado.",
            ),
        ),
        (
            None,
            0.0,
            None,
            True,
            (
                DashboardState.CLOSED,
                "STATION CERRÓ EL ESCRUTINIO",
                "Las cifras son definitivas para esta sesión.",
            ),
        ),
    ],
)
def test_each_state_is_said_in_spanish(
    problem: str | None,
    silent: float,
    locked_by: Sheet | None,
    closed: bool,
    said: tuple[DashboardState, str, str],
) -> None:
    assert state_of(problem, silent, 3.0, locked_by, closed, 1187) == said


def test_a_corrected_sheet_keeps_its_number_in_english_too() -> None:
    _, _, detail = state_of(None, 0.0, 3.0, _sheet(SheetKind.FINAL, revision=2), False, 9)
    assert detail == "Corrected 2 tally at event 1,204; the count is locked."


@pytest.mark.usefixtures("spanish")
def test_the_tables_total_status_and_columns_are_said_in_spanish() -> None:
    assert _worst({DashboardState.LIVE, DashboardState.STALE}) == "\u26a0 UNA MESA NO RESPONDE"
    assert _worst({DashboardState.LOCKED}) == "TODAS LAS MESAS TIENEN SU RECUENTO"
    assert _worst({DashboardState.READ_ONLY, DashboardState.LIVE}) == (
        "\u26a0 NO SE PUEDE CONFIAR EN UNA MESA"
    )
    assert [column_title(c) for c in ("TABLE", "FOR", "CHALLENGED")] == [
        "MESA",
        "FOR",  # a choice's column is the choice's own word
        "IMPUGNADAS",
    ]
