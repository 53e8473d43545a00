"""The live page's status line as a screen reader hears it: a problem is heard first."""

from station.domain.words import in_language
from station.witness.statements import live_status

KEY = "0123-4567-89ab-cdef-0123-4567-89ab-cdef"


def test_the_station_s_problem_starts_the_status() -> None:
    said = live_status(26, KEY, None, "event 27 was altered")
    assert said.startswith("STATION: event 27 was altered · event 26 signed by key")
    with in_language("es"):
        assert live_status(26, KEY, None, "x").startswith("ESTACIÓN: x · ")


def test_a_live_status_starts_with_live() -> None:
    assert live_status(26, KEY, "", None).startswith("LIVE · event 26 signed by key")
