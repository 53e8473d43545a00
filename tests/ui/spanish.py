"""Windows read in Spanish for the tests: the Qt catalog loaded, and every word shown.

`in_spanish` installs a QTranslator of the dashboard's and envelope window's catalog
(resources/i18n/station_es_part2.ts, compiled here by pyside6-lrelease) and speaks
Spanish in the domain (`use_language`); `shown_words` reads a window as its user reads
it: each visible widget's text, tool tip, accessible name and description, its title,
and the words the dashboard paints itself.
"""

import html
import re
import shutil
import subprocess
import sys
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QAbstractButton, QLabel, QLineEdit, QWidget

from station.domain.words import ENGLISH, use_language
from station.ui.dashboard.big_figure import BigFigure
from station.ui.dashboard.race_bar import RaceBar

CATALOG = Path(__file__).resolve().parents[2] / "resources" / "i18n" / "station_es_part2.ts"


def _lrelease() -> str:
    beside = Path(sys.executable).parent / "pyside6-lrelease"
    found = str(beside) if beside.exists() else shutil.which("pyside6-lrelease")
    assert found, "pyside6-lrelease (PySide6-Essentials) is not installed"
    return found


def compiled(folder: Path) -> Path:
    """The catalog compiled into a .qm in `folder`."""
    qm = folder / "station_es_part2.qm"
    if not qm.exists():
        subprocess.run([_lrelease(), str(CATALOG), "-qm", str(qm)], check=True, capture_output=True)
    return qm


@contextmanager
def in_spanish(qm: Path) -> Iterator[None]:
    """Qt's words and the domain's in Spanish within the block, English again after it."""
    app = QCoreApplication.instance()
    assert app is not None
    translator = QTranslator()
    assert translator.load(str(qm)), qm
    app.installTranslator(translator)
    use_language("es")
    try:
        yield
    finally:
        use_language(ENGLISH)
        app.removeTranslator(translator)


def _plain(text: str) -> str:
    """A label's words without its markup."""
    if "<" not in text:
        return text
    return " ".join(
        html.unescape(re.sub(r"<br>|<[^>]+>", lambda m: " " * (m[0] == "<br>"), text)).split()
    )


def shown_words(window: QWidget, skip: Collection[QWidget] = ()) -> list[tuple[str, str]]:
    """(where, words) for everything `window` shows or tells a screen reader, in widget
    order; `skip`: widgets (and their children) whose words are the domain's sentences."""
    said: list[tuple[str, str]] = [("windowTitle", window.windowTitle())]
    for index, widget in enumerate([window, *window.findChildren(QWidget)]):
        if widget is not window and not widget.isVisibleTo(window):
            continue
        if any(widget is w or w.isAncestorOf(widget) for w in skip):
            continue
        where = f"{index}:{type(widget).__name__}:{widget.objectName()}"
        texts = [
            ("toolTip", widget.toolTip()),
            ("accessibleName", widget.accessibleName()),
            ("accessibleDescription", widget.accessibleDescription()),
        ]
        if isinstance(widget, QLabel | QAbstractButton):
            texts.append(("text", _plain(widget.text())))
        if isinstance(widget, QLineEdit):
            texts.append(("placeholder", widget.placeholderText()))
        if isinstance(widget, BigFigure):
            texts.append(("word", widget.word))
        if isinstance(widget, RaceBar):
            texts += [
                ("majority", widget.majority_label()),
                ("challenged", widget.challenged_words()),
                *(("below", words) for words in widget.below_words()),
                ("empty", widget.empty_words()),
            ]
        said += [(f"{where}:{kind}", text) for kind, text in texts if text.strip()]
    return said


def left_in_english(
    english: list[tuple[str, str]], spanish: list[tuple[str, str]], names: set[str]
) -> list[str]:
    """What reads the same in both languages and has words in it other than `names`
    (parties, choices, the case number), numbers and keys: words never translated."""
    spanish_at = dict(spanish)  # a note only Spanish has (the sheet's translation) is new
    left = []
    for where, en in english:
        es = spanish_at.get(where)
        rest = en
        for name in sorted(names, key=len, reverse=True):
            rest = rest.replace(name, " ")
        rest = re.sub(r"\b[0-9a-f]{8,}\b", " ", rest)  # a hash
        rest = re.sub(r"[\d,.:]+|\bStation\b", " ", rest)
        if en == es and re.search(r"[A-Za-z]{2,}", rest) and en not in SAME_IN_SPANISH:
            left.append(f"{where}: {en!r}")
    return left


# Words a Spanish reader reads as they are written in English.
SAME_IN_SPANISH = {"TOTAL"}
