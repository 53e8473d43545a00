"""The words a person reads on screen, in the language they read best.

Every sentence the dashboard, the operator window and the observers' pages show is
written once, in English, in the module that states it, through `say` (or `say_count`
where it counts something). Each other language is one catalog,
`station/domain/languages/<code>.py`, that maps those English templates to its own;
the pages run this same module under Pyodide, so a statement reads the same on the
projector and in an observer's browser.

What is never translated: the names of the parties and of the choices (they are
values put into a template, never templates), and the Tally of Ballots, which is the
Board's form in English: whatever writes a sheet, a file or a command line's output
does it `in_english()`. A window in Spanish that states a line of the sheet says that
it is a translation (`SHEET_TRANSLATION`).

The language is chosen once for the process (`use_language`, from `--lang` or the
system's locale) and may be set for the current context only (`in_language`), so a
sheet written while the dashboard shows Spanish is still in English.
"""

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import wraps
from string import Formatter
from types import ModuleType
from typing import ParamSpec, TypeVar

ENGLISH = "en"
# Every language a catalog is shipped for, English first (the templates themselves).
LANGUAGES: tuple[str, ...] = (ENGLISH, "es")
# Each language's own name, as its readers write it (the page's and the window's chooser).
LANGUAGE_NAMES: Mapping[str, str] = {ENGLISH: "English", "es": "Español"}


@dataclass(frozen=True)
class Catalog:
    """One language's templates: `words` for `say`, `counts` for `say_count`,
    `in_context` for `say_in` (keyed by context and English template).

    `counts` maps an English (one, other) pair of templates to this language's forms,
    one per plural category `plural_form` returns.
    """

    code: str
    words: Mapping[str, str] = field(default_factory=dict)
    counts: Mapping[tuple[str, str], tuple[str, ...]] = field(default_factory=dict)
    in_context: Mapping[tuple[str, str], str] = field(default_factory=dict)

    def plural_form(self, number: int) -> int:
        """Which of a `counts` entry's forms fits `number` (English and Spanish: one, other)."""
        return 0 if number == 1 else 1


_ENGLISH_CATALOG = Catalog(ENGLISH)
_process_language = ENGLISH
_context_language: ContextVar[str | None] = ContextVar("station_language", default=None)
_catalogs: dict[str, Catalog] = {ENGLISH: _ENGLISH_CATALOG}


class UnknownLanguage(ValueError):
    """A language Station ships no catalog for (one line to show)."""


def language_code(name: str) -> str:
    """The catalog code for a locale name: "es", "es_MX", "es-419.UTF-8" all give "es"."""
    code = name.replace("-", "_").split(".")[0].split("_")[0].lower()
    if code not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise UnknownLanguage(f"no words in language {name!r}; Station speaks {known}")
    return code


def catalog(code: str) -> Catalog:
    """The catalog of language `code` (loaded once from `station.domain.languages`)."""
    if code not in _catalogs:
        if code not in LANGUAGES:
            raise UnknownLanguage(f"no words in language {code!r}")
        module: ModuleType = importlib.import_module(f"station.domain.languages.{code}")
        _catalogs[code] = Catalog(
            code, module.WORDS, module.COUNTS, getattr(module, "IN_CONTEXT", {})
        )
    return _catalogs[code]


def use_language(code: str) -> None:
    """Speak `code` in this process from now on (where no `in_language` says otherwise)."""
    global _process_language
    catalog(code)  # refuse an unknown one now, not at the first sentence
    _process_language = code


def current_language() -> str:
    """The language `say` speaks here and now."""
    return _context_language.get() or _process_language


@contextmanager
def in_language(code: str) -> Iterator[None]:
    """Speak `code` within the block, in this context only (other threads keep theirs)."""
    catalog(code)
    token = _context_language.set(code)
    try:
        yield
    finally:
        _context_language.reset(token)


@contextmanager
def in_english() -> Iterator[None]:
    """English within the block: the sheet, files and the command line are the Board's."""
    with in_language(ENGLISH):
        yield


_P = ParamSpec("_P")
_R = TypeVar("_R")


def english(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """`function` always speaks English, whatever the process speaks: what makes or
    checks the Tally of Ballots (its facts, its pages, the files written) is the Board's
    form, and a sheet checked in a Spanish window must read as the one signed."""

    @wraps(function)
    def in_english_always(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with in_english():
            return function(*args, **kwargs)

    return in_english_always


def say(template: str, /, **values: object) -> str:
    """`template` in the current language with `values` put in (`str.format` fields).

    A template missing from the catalog is said in English: a catalog behind the code
    shows English words, never a gap (the tests fail on it before it ships).
    """
    words = catalog(current_language()).words
    return words.get(template, template).format(**values)


def say_in(context: str, template: str, /, **values: object) -> str:
    """`template` as said in `context`, where one English word is two in another
    language: a pile's heading "VOID" (NULAS, of the ballots) beside a call's "VOID"
    (NULA, of one ballot). Without an entry for the context, as `say` says it."""
    language = catalog(current_language())
    translated = language.in_context.get((context, template))
    if translated is None:
        return say(template, **values)
    return translated.format(**values)


def say_count(number: int, one: str, other: str, /, **values: object) -> str:
    """The template fitting `number` of (`one`, `other`), in the current language, with
    `number` as `{n}` and `values` put in: say_count(3, "{n:,} ballot", "{n:,} ballots")."""
    language = catalog(current_language())
    forms = language.counts.get((one, other), (one, other))
    form = forms[min(language.plural_form(number), len(forms) - 1)]
    return form.format(n=number, **values)


def fields(template: str) -> frozenset[str]:
    """The names a template's fields use (a translation must use the same ones)."""
    return frozenset(
        name.split(".")[0].split("[")[0]
        for _, name, _, _ in Formatter().parse(template)
        if name is not None
    )


def sheet_translation() -> str | None:
    """What a window says above a line of the sheet it states, or None in English."""
    return None if current_language() == ENGLISH else say(SHEET_TRANSLATION)


# Said before a line of the Tally of Ballots shown in another language than English.
SHEET_TRANSLATION = (
    "Translation of the Tally of Ballots; the signed sheet in English is the record."
)
