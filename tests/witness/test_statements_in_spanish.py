"""The feed's states on the remote dashboard and the live page, said in Spanish: each
problem still tells apart a lost connection, unsigned events and a garbled answer."""

from station.domain.words import in_language
from station.witness.statements import (
    feed_status,
    garbled_feed,
    live_status,
    no_feed,
    not_yet_signed,
    unsigned_too_long,
)


def test_a_lost_feed_is_said_as_a_lost_connection() -> None:
    with in_language("es"):
        status = feed_status(no_feed(12.4), broken=False)
    assert status == (
        "⚠ SIN TRANSMISIÓN DESDE HACE 12 SEGUNDOS\nSe perdió la conexión con la estación; las"
        " cifras son las últimas verificadas."
    )


def test_unsigned_events_and_a_garbled_answer_keep_their_own_status() -> None:
    with in_language("es"):
        unsigned = feed_status(unsigned_too_long(3, 41, 10.0), broken=False)
        garbled = feed_status(garbled_feed("10.0.0.2:8080", "not JSON"), broken=False)
        pending = not_yet_signed(1, 41)
        live = live_status(41, "ab12", ", typed", None)
    assert unsigned.startswith("⚠ SIN FIRMA DESDE HACE 10 SEGUNDOS\n3 eventos posteriores al")
    assert unsigned.endswith("pueden haberse añadido por el camino eventos sin su firma.")
    assert garbled.startswith("⚠ TRANSMISIÓN ILEGIBLE\n10.0.0.2:8080 respondió con algo")
    assert pending == "1 evento posterior al evento 41 aún sin firmar por la estación: no se cuenta"
    assert live == "EN VIVO · evento 41 firmado con la clave ab12, la clave anotada"


def test_a_forged_feed_is_not_verified_in_either_language() -> None:
    with in_language("es"):
        spanish = feed_status("event 7 is altered", broken=True)
    english = feed_status("event 7 is altered", broken=False)
    assert spanish.startswith("⚠ TRANSMISIÓN NO VERIFICADA\nevent 7 is altered.")
    assert english == "⚠ THE STATION CANNOT READ ITS JOURNAL\nevent 7 is altered"


def test_a_key_not_typed_is_said_in_the_pages_language() -> None:
    with in_language("es"):
        live = live_status(41, "ab12", "", None)
    assert live == (
        "EN VIVO · evento 41 firmado con la clave ab12 (NO comprobada con una huella digital"
        " anotada: escríbala arriba)"
    )
    english = live_status(41, "ab12", "", None)
    assert english.endswith(" (NOT checked against a fingerprint written down: type it above)")
