"""The page's words where they are not the command line's: no `--key` to add there."""

from pathlib import Path

from station.domain.words import in_language
from station.sheet.keys import signature_holds_raw
from station.verification.report import NO_LOG, NO_LOG_PICKED
from station.verifier import entry

CASES = Path(__file__).parents[2] / "conformance" / "cases"


def _checked(case: str, fingerprint: str) -> dict[str, object]:
    folder = CASES / case / "export"
    files = {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in folder.rglob("*")
        if path.is_file()
    }
    answers = [signature_holds_raw(*asked) for asked in entry.questions(files, "export")]
    return entry.check(files, "export", fingerprint, answers)


def test_without_a_fingerprint_the_page_says_where_to_type_it() -> None:
    for case in ("one-union", "consolidation"):
        said = _checked(case, "")
        assert said["ok"] is True
        words = "\n".join(said["stdout"])  # type: ignore[arg-type]
        assert "(NOT checked against a fingerprint written down: type it above)" in words
        assert "--key" not in words


def test_an_export_without_its_log_says_so_after_its_ok_on_the_page() -> None:
    said = _checked("v0_2-one-union", "")
    assert said["ok"] is True
    assert said["stdout"][-1] == NO_LOG  # type: ignore[index]
    assert "before Station 0.3" in NO_LOG
    folder = CASES / "v0_2-one-union" / "export"
    files = {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}
    answers = [signature_holds_raw(*asked) for asked in entry.questions(files, "")]
    picked = entry.check(files, entry.FILES_PICKED, "", answers)
    assert picked["stdout"][-1] == NO_LOG_PICKED  # type: ignore[index]
    assert _checked("one-union", "")["stdout"][-1] not in (NO_LOG, NO_LOG_PICKED)  # type: ignore[index]


def test_in_spanish_the_verdict_is_station_verify_s_and_the_page_s_own_words_are_spanish() -> None:
    english = _checked("one-union", "")
    with in_language("es"):
        spanish = _checked("one-union", "")
        refused = entry.fingerprint_refused("a1b2", "export")
        checking = entry.checking_words(1204, 70000)
    assert {**spanish, "note": ""} == english  # the corpus's words, word for word
    assert spanish["lang"] == "en" and english["note"] == ""
    assert spanish["note"] == (
        "ÍNTEGRA. Lo que dice station verify de esta carpeta, palabra por palabra, en inglés:"
    )
    assert refused == (
        "NO COMPROBADA: export: 'a1b2' no es una huella de clave (32 dígitos hexadecimales,"
        " como la anotaron los observadores)"
    )
    assert checking == "Comprobando journal.jsonl: 1,204 de 70,000 eventos\u2026"
