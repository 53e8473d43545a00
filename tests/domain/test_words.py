"""Every template the code says is in every catalog, with the same fields."""

import ast
from pathlib import Path

import pytest

from station.domain import words
from station.domain.words import (
    LANGUAGES,
    UnknownLanguage,
    catalog,
    fields,
    in_english,
    in_language,
    language_code,
    say,
    say_count,
    use_language,
)

PACKAGE = Path(words.__file__).parents[1]


def _constants(trees: list[ast.Module]) -> dict[str, set[str]]:
    """Every module-level `NAME = "text"` of the package, by name."""
    constants: dict[str, set[str]] = {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.Assign):
                value, targets = node.value, node.targets
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                value, targets = node.value, [node.target]
            else:
                continue
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                for target in targets:
                    if isinstance(target, ast.Name):
                        constants.setdefault(target.id, set()).add(value.value)
    return constants


def _says(tree: ast.Module) -> bool:
    """Whether a module's `say` is the one of `station.domain.words` (or is it)."""
    return any(
        isinstance(node, ast.ImportFrom) and node.module == "station.domain.words"
        for node in ast.walk(tree)
    ) or any(isinstance(node, ast.FunctionDef) and node.name == "say_count" for node in tree.body)


def said_templates() -> tuple[set[str], set[tuple[str, str]], set[tuple[str, str]]]:
    """Every template passed to `say` and `say_count` in the package's source: a
    literal, or a module-level constant named in the call."""
    trees = [
        ast.parse(path.read_text(encoding="utf-8"))
        for path in PACKAGE.rglob("*.py")
        if "languages" not in path.parts
    ]
    constants = _constants(trees)
    trees = [tree for tree in trees if _says(tree)]
    said: set[str] = set()
    counted: set[tuple[str, str]] = set()
    in_context: set[tuple[str, str]] = set()
    for tree in trees:
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            literals = [
                a.value
                for a in node.args
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
            if name == "say" and node.args and isinstance(node.args[0], ast.Name):
                said.update(constants.get(node.args[0].id, ()))
            if name == "say" and literals:
                said.add(literals[0])
            if name == "say_count" and len(literals) >= 2:
                counted.add((literals[0], literals[1]))
            if name == "say_in" and len(literals) >= 2:
                said.add(literals[1])  # said as `say` says it where no context is given
                in_context.add((literals[0], literals[1]))
    return said, counted, in_context


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_every_template_said_is_translated_with_the_same_fields(code: str) -> None:
    said, counted, _ = said_templates()
    language = catalog(code)
    missing = sorted(said - set(language.words)) + sorted(map(str, counted - set(language.counts)))
    assert not missing, f"{len(missing)} templates not in {code}.py: {missing[:20]}"
    for english, translated in language.words.items():
        assert fields(english) == fields(translated), (english, translated)
    for (one, other), forms in language.counts.items():
        assert all(fields(form) <= fields(one) | fields(other) for form in forms), forms


@pytest.mark.parametrize("code", [code for code in LANGUAGES if code != "en"])
def test_no_catalog_entry_is_left_over_from_code_that_no_longer_says_it(code: str) -> None:
    said, counted, in_context = said_templates()
    language = catalog(code)
    assert not sorted(set(language.words) - said)
    assert not sorted(set(language.counts) - counted)
    assert not sorted(set(language.in_context) - in_context)


def test_a_sheet_written_in_english_while_the_process_speaks_spanish() -> None:
    use_language("es")
    try:
        assert say(words.SHEET_TRANSLATION).startswith("Traducción")
        with in_english():
            assert say(words.SHEET_TRANSLATION) == words.SHEET_TRANSLATION
        with in_language("es"), in_english():
            assert say(words.SHEET_TRANSLATION) == words.SHEET_TRANSLATION
    finally:
        use_language("en")


def test_counts_choose_their_form_and_an_unknown_template_is_said_in_english() -> None:
    assert say_count(1, "{n:,} ballot", "{n:,} ballots") == "1 ballot"
    assert say_count(1204, "{n:,} ballot", "{n:,} ballots") == "1,204 ballots"
    with in_language("es"):
        assert say("No such template {x}", x=3) == "No such template 3"


def test_one_english_word_said_in_two_contexts_is_two_spanish_words() -> None:
    with in_language("es"):
        assert words.say_in("figure", "VOID") == "NULAS"
        assert say("VOID") == "NULA"  # a call: one ballot
        assert words.say_in("nowhere", "VOID") == "NULA"
    assert words.say_in("figure", "VOID") == "VOID"


def test_locale_names_give_their_language_and_an_unknown_one_is_refused() -> None:
    assert language_code("es_MX.UTF-8") == "es"
    assert language_code("es-419") == "es"
    assert language_code("en_US") == "en"
    with pytest.raises(UnknownLanguage, match="Station speaks en, es"):
        language_code("xx")
