"""The windows' language: chosen by --lang or the system, and Qt's catalogs complete.

The catalogs are the .ts files in resources/i18n, made by pyside6-lupdate from the
sources and compiled by pyside6-lrelease into one .qm per language: a window string
added without its translation, a translation that drops a placeholder, or a .qm left
behind its .ts fails here.
"""

import re
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from station.cli import main
from station.domain.calls import Call, vote_words
from station.domain.languages import es
from station.domain.words import LANGUAGES, UnknownLanguage, current_language, say
from station.ui.dashboard.race_bar import RaceBar
from station.ui.language import (
    catalog_folder,
    chosen_language,
    fill,
    qm_file,
    qt_tool,
    system_language,
    ts_files,
    use_language_everywhere,
)
from station.ui.operator.call_pad import call_word
from station.ui.operator.key_label import KeyLabel

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
# %1..%9 and %n (Qt's), {name} (str.format's, should a template ever reach Qt).
PLACEHOLDER = re.compile(r"%[1-9n]|\{[A-Za-z_][A-Za-z0-9_]*\}")


def messages(ts: Path) -> Iterator[tuple[str, ET.Element]]:
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            yield name, message


def translations(message: ET.Element) -> list[str]:
    translation = message.find("translation")
    assert translation is not None
    forms = translation.findall("numerusform")
    return [form.text or "" for form in forms] if forms else [translation.text or ""]


@pytest.fixture
def spanish(qapp: QApplication) -> Iterator[None]:
    use_language_everywhere("es")
    try:
        yield
    finally:
        use_language_everywhere("en")


# One Spanish word for each thing, in the windows and in the domain's sentences alike: a
# call is a "lectura" (the observer's own an "anotación"), reading a ballot aloud "leer",
# a pile a "pila", the journal's head its "hash de cabecera".
OTHER_WORDS = re.compile(
    r"\b(mont[óo]n(es)?|cabezas?|cant(ar|a|ó|ad[ao]s?)|[úu]ltimas? papeletas?)\b", re.I
)


def test_the_spanish_says_one_word_for_each_thing() -> None:
    said = [*es.WORDS.values(), *es.IN_CONTEXT.values()]
    said += [form for forms in es.COUNTS.values() for form in forms]
    said += [text for ts in ts_files("es") for _, m in messages(ts) for text in translations(m)]
    assert [text for text in said if OTHER_WORDS.search(text)] == []


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(code: str) -> None:
    found = 0
    for ts in ts_files(code):
        if not ts.exists():
            continue
        for context, message in messages(ts):
            found += 1
            source = message.findtext("source") or ""
            kind = message.find("translation").get("type")  # type: ignore[union-attr]
            where = f"{ts.name} {context}: {source!r}"
            assert kind is None, f"{kind} translation in {where}"
            for text in translations(message):
                assert text.strip(), f"empty translation in {where}"
                assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(source)), (
                    f"placeholders differ in {where}: {text!r}"
                )
    assert found > 100  # the operator and start windows at least


@pytest.mark.parametrize("code", TRANSLATED)
def test_a_fresh_scan_of_the_sources_finds_the_catalogs_whole_and_nothing_else(
    code: str, tmp_path: Path
) -> None:
    scanned = tmp_path / f"scan_{code}.ts"
    subprocess.run(
        [
            qt_tool("lupdate"),
            "-silent",
            "-locations",
            "none",
            "-extensions",
            "py",
            "station",
            "-ts",
            str(scanned),
        ],
        cwd=ROOT,
        check=True,
    )
    in_sources = {(context, m.findtext("source")) for context, m in messages(scanned)}
    in_catalogs = {
        (context, m.findtext("source"))
        for ts in ts_files(code)
        if ts.exists()
        for context, m in messages(ts)
    }
    assert in_sources, "lupdate found no window words at all"
    assert sorted(in_sources - in_catalogs) == [], "run `python -m station.ui.language --update`"
    assert sorted(in_catalogs - in_sources) == [], "leftovers: no source says them any more"


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_committed_qm_is_what_lrelease_makes_of_the_committed_ts(
    code: str, tmp_path: Path
) -> None:
    made = tmp_path / f"station_{code}.qm"
    sources = [str(ts) for ts in ts_files(code) if ts.exists()]
    subprocess.run([qt_tool("lrelease"), "-silent", *sources, "-qm", str(made)], check=True)
    assert qm_file(code).read_bytes() == made.read_bytes(), (
        "run `python -m station.ui.language --update`"
    )


def test_the_catalogs_travel_with_the_package_and_the_bundle() -> None:
    assert catalog_folder() == ROOT / "resources" / "i18n"
    assert '("resources", "resources")' in (ROOT / "build.spec").read_text(encoding="utf-8")


def test_fill_puts_each_value_once_even_one_holding_a_placeholder() -> None:
    assert fill("%1 and %2", "Local %2", "B") == "Local %2 and B"
    assert fill("%2 before %1", "a", "b") == "b before a"


def test_windows_speak_spanish_and_qt_its_own_buttons_too(spanish: None) -> None:
    assert current_language() == "es"
    assert QCoreApplication.translate("OperatorWindow", "&File") == "&Archivo"
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert box.button(QDialogButtonBox.StandardButton.Cancel).text().replace("&", "") == (
        "Cancelar"
    )
    # The domain's sentences speak the same language.
    assert say("Translation of the Tally of Ballots; the signed sheet in English is the record.")
    assert say(
        "Translation of the Tally of Ballots; the signed sheet in English is the record."
    ).startswith("Traducción")


def test_back_in_english_no_translator_is_left(qapp: QApplication) -> None:
    use_language_everywhere("es")
    use_language_everywhere("en")
    assert QCoreApplication.translate("OperatorWindow", "&File") == "&File"
    assert current_language() == "en"


def test_lang_names_a_language_station_speaks() -> None:
    assert chosen_language("es") == "es"
    assert chosen_language("es_MX.UTF-8") == "es"
    with pytest.raises(UnknownLanguage, match="en, es"):
        chosen_language("xx")


@pytest.mark.parametrize(
    ("environment", "expected"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LC_ALL": "es_MX.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANGUAGE": "fr:es", "LANG": "fr_FR.UTF-8"}, "es"),  # the first Station speaks
        ({"LANGUAGE": "es", "LANG": "C"}, "en"),  # a C locale turns LANGUAGE off
        ({"LANG": "de_DE.UTF-8"}, "en"),  # no catalog: English
        ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
    ],
)
def test_the_system_language_is_the_first_station_speaks(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], expected: str
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert system_language() == expected


@pytest.mark.parametrize("command", [[], ["demo"], ["open", "x.station"], ["dashboard", "x"]])
def test_an_unknown_lang_is_one_line_naming_the_languages(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command[:1], "--lang", "xx", *command[1:]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "'xx'" in err and "en, es" in err


def test_a_window_command_speaks_lang_else_the_system_language(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    import argparse

    from station.cli.windows import speak_chosen_language

    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "es_US.UTF-8")
    try:
        speak_chosen_language(argparse.Namespace())  # no --lang: the system's
        assert current_language() == "es"
        assert QCoreApplication.translate("OperatorWindow", "&File") == "&Archivo"
        speak_chosen_language(argparse.Namespace(lang="en"))  # --lang wins
        assert current_language() == "en"
        assert QCoreApplication.translate("OperatorWindow", "&File") == "&File"
    finally:
        use_language_everywhere("en")


def test_the_key_is_a_clave_and_one_challenged_ballot_is_singular(spanish: None) -> None:
    assert KeyLabel(lambda: "53c4-9a01").text() == "clave 53c4-9a01"
    bar = RaceBar(["A FAVOR", "EN CONTRA"])
    bar.set_votes([3, 2], 1)
    assert bar.challenged_words() == "1 impugnada, sellada"
    bar.set_votes([3, 2], 2)
    assert bar.challenged_words() == "2 impugnadas, selladas"


def test_the_operator_window_names_each_call_as_the_dashboard_and_pages_do(
    spanish: None,
) -> None:
    for call in Call:
        assert call_word(call) == vote_words(call.label), call
    assert call_word(Call.FOR) == "A FAVOR" and call_word(Call.AGAINST) == "EN CONTRA"
