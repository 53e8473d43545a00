"""The pages' JavaScript only loads, fetches and draws: every sentence an observer reads
is Station's Python's (the verdicts, the live count's words, and the pages' own words,
written into each page in every language for what is said before Python can say it)."""

import json
import re
from pathlib import Path

from station.domain.words import LANGUAGES, in_language
from station.verifier import live_markup, page_words

SCRIPTS = sorted(
    path
    for path in (Path(__file__).parents[2] / "station").rglob("*.js")
    if "vendor" not in path.parts
)
# A string literal of the scripts, comments left out.
_COMMENT = re.compile(r"^\s*//.*$|\s//\s.*$", re.MULTILINE)
_LITERAL = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
# Three words or more: a sentence, or a piece of one.
_WORDS = re.compile(r"[A-Za-z]+[,.:;]* +[A-Za-z]+[,.:;]* +[A-Za-z]+")
# Python handed to the runtime is code, not words.
_PYTHON = "import sys; sys.path[0:0] = "


def test_no_script_writes_a_sentence_of_its_own() -> None:
    assert SCRIPTS  # the pages' scripts are found
    written = {
        path.name: [
            literal
            for literal in _LITERAL.findall(_COMMENT.sub("", path.read_text(encoding="utf-8")))
            if _WORDS.search(literal) and _PYTHON not in literal
        ]
        for path in SCRIPTS
    }
    assert {name: found for name, found in written.items() if found} == {}


def test_the_pages_hold_python_s_words_in_every_language_for_their_scripts() -> None:
    element = page_words.words_element(live_markup.live_words)
    held = re.fullmatch(r'<script type="application/json" id="page-words">(.*)</script>\n', element)
    assert held is not None
    table = json.loads(held.group(1))
    assert set(table["words"]) == set(LANGUAGES)
    for code in LANGUAGES:
        with in_language(code):
            assert table["words"][code]["script"] == page_words.script_words()
            assert (
                table["words"][code]["markup"]["last_calls"]
                == live_markup.live_words()["last_calls"]
            )
    assert (
        table["words"]["es"]["markup"]["last_calls"] != table["words"]["en"]["markup"]["last_calls"]
    )
