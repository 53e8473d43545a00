"""The observers' pages' own words, in every language Station speaks, and their chooser.

A page is built once, in English, and read in the language its observer chooses: its
scripts must be able to say everything before Station's Python has started (seconds on
a phone), and to say it again in another language at the turn of the chooser. So each
page holds, written by Python when it is built, a table of its words in every language
of `station.domain.words` (`words_element`): its markup's words by name (HTML, for the
elements marked `data-words`) and the few sentences its scripts say themselves (text,
with the browser's `{error}`). Once Python runs, everything else it says is said in the
language chosen (`use_language`, handed the chooser's value by `page_language.js`).

Each page's words are one function of this module's kind, which says them in the
current language: `script_words` here, `python_page.verifier_words`,
`live_markup.live_words` and the others; a page passes its own to `words_element`.
"""

import html
import json
from collections.abc import Callable, Mapping

from station.domain.words import ENGLISH, LANGUAGE_NAMES, LANGUAGES, in_english, in_language, say

# What a page's words are made of, by name: HTML for the markup's, text for the scripts'.
Words = Callable[[], Mapping[str, str]]
# Where a page keeps the observer's choice of language (the browser's localStorage).
STORAGE_KEY = "station-language"
# Said while the runtime starts (seconds on a phone).
STARTING = "Starting Station's Python in this browser\u2026"


def script_words() -> dict[str, str]:
    """What the pages' scripts say before Station's Python can say anything (it may not
    have started, or the browser failed under it): text, "{error}" the browser's words."""
    return {
        "checking": say("Checking\u2026"),
        "not_started": say(
            "Station's Python could not start in this browser: {error}", error="{error}"
        ),
        "not_checked": say(
            "The folder could not be checked in this browser: {error}", error="{error}"
        ),
        "not_embedded": say(
            "This page asks for nothing outside itself (asked for {error}).", error="{error}"
        ),
        "no_hash": say(
            "(cannot be worked out in this browser: compare the file's own, as sha256sum gives it)"
        ),
    }


def language_words() -> dict[str, str]:
    """The chooser's label (HTML)."""
    return {"language": escaped(say("Language"))}


def english(*makers: Words) -> dict[str, str]:
    """The markup's words in English, by name: what a page is built with."""
    with in_english():
        return {name: text for make in makers for name, text in make().items()}


def table(*makers: Words) -> dict[str, object]:
    """Every language's words (markup and scripts'), the languages' own names, and
    which language is the templates' own."""
    words = {}
    for code in LANGUAGES:
        with in_language(code):
            words[code] = {
                "markup": {name: text for make in makers for name, text in make().items()},
                "script": script_words(),
            }
    return {"first": ENGLISH, "names": dict(LANGUAGE_NAMES), "words": words, "kept": STORAGE_KEY}


def words_element(*makers: Words) -> str:
    """The element holding `table(*makers)`, which `page_language.js` reads."""
    text = json.dumps(table(language_words, *makers), ensure_ascii=False, sort_keys=True)
    held = text.replace("<", "\\u003c")  # the element's text never ends it early
    return f'<script type="application/json" id="page-words">{held}</script>\n'


def chooser() -> str:
    """The language chooser: a labelled list of every language, each in its own name
    and language; `page_language.js` sets it to the language chosen."""
    options = "".join(
        f'<option value="{code}" lang="{code}">{html.escape(LANGUAGE_NAMES[code])}</option>'
        for code in LANGUAGES
    )
    label = english(language_words)["language"]
    return (
        f'<p id="languages"><label for="language" data-words="language">{label}</label>'
        f' <select id="language">{options}</select></p>\n'
    )


CHOOSER_STYLE = """
#languages { margin: 0 0 .5rem; text-align: right; }
#languages select { font: inherit; min-height: 32px; }
:focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; }
#live :focus-visible { outline-color: #ffd84d; }
"""
"""The chooser's style, and every control's focus ring with it (both pages hold the
chooser): 3 px, blue on the light page (6.7:1), yellow on the dark live count's (12:1)."""


def escaped(text: str) -> str:
    """`text` said as HTML (the table's markup words are HTML)."""
    return html.escape(text, quote=False)
