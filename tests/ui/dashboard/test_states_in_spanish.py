"""The dashboard's status line in Spanish keeps each state apart: a feed gone quiet is
still STALE, not a journal that cannot be read."""

from station.domain.words import in_language
from station.ui.dashboard.states import DashboardState, state_of
from station.witness.statements import feed_status, no_feed


def test_a_quiet_feed_said_in_spanish_is_still_stale() -> None:
    with in_language("es"):
        problem = feed_status(no_feed(20), broken=False)
        state, status, detail = state_of(problem, 0.0, 10.0, None, False, 0)
    assert state is DashboardState.STALE
    assert status == "⚠ SIN TRANSMISIÓN DESDE HACE 20 SEGUNDOS"
    assert detail.startswith("Se perdió la conexión con la estación")


def test_live_and_a_silent_journal_in_spanish() -> None:
    with in_language("es"):
        assert state_of(None, 0.0, 10.0, None, False, 0)[1] == "EN VIVO"
        state, status, detail = state_of(None, 12.5, 10.0, None, False, 0)
    assert state is DashboardState.STALE
    assert status == "⚠ SIN NOVEDADES DESDE HACE 12 SEGUNDOS"
    assert detail == "Las cifras mostradas son las últimas conocidas."
