"""Windows read in Spanish for the tests: the Qt catalog loaded, and every word shown.

`in_spanish` installs a QTranslator of the windows' catalog (resources/i18n/station_es*.ts,
compiled here by pyside6-lrelease) and speaks
Spanish in the domain (`use_language`); `shown_words` reads a window as its user reads
it: each visible widget's text, tool tip, accessible name and description, its title,
and the words the dashboard paints itself; `english_left` finds the English words
left anywhere in a window or dialog, shown or not (the operator's and start windows).
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
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QTableWidget,
    QWidget,
)

from station.domain import ElectionSetup, words
from station.ui.dashboard.big_figure import BigFigure
from station.ui.dashboard.race_bar import RaceBar

# Every part of the windows' catalog: the envelope window says a challenge's reasons as
# the operator window does, in its words.
CATALOGS = sorted(
    (Path(__file__).resolve().parents[2] / "resources" / "i18n").glob("station_es*.ts")
)


def _lrelease() -> str:
    beside = Path(sys.executable).parent / "pyside6-lrelease"
    found = str(beside) if beside.exists() else shutil.which("pyside6-lrelease")
    assert found, "pyside6-lrelease (PySide6-Essentials) is not installed"
    return found


def compiled(folder: Path) -> Path:
    """The catalog compiled into a .qm in `folder`."""
    qm = folder / "station_es.qm"
    if not qm.exists():
        ts = [str(catalog) for catalog in CATALOGS]
        subprocess.run([_lrelease(), *ts, "-qm", str(qm)], check=True, capture_output=True)
    return qm


@contextmanager
def in_spanish(qm: Path) -> Iterator[None]:
    """Qt's words and the domain's in Spanish within the block, English again after it."""
    app = QCoreApplication.instance()
    assert app is not None
    translator = QTranslator()
    assert translator.load(str(qm)), qm
    app.installTranslator(translator)
    words.use_language("es")
    try:
        yield
    finally:
        words.use_language(words.ENGLISH)
        app.removeTranslator(translator)


def _plain(text: str) -> str:
    """A label's words without its markup."""
    if "<" not in text:
        return text
    return " ".join(
        html.unescape(re.sub(r"<br>|<[^>]+>", lambda m: " " * (m[0] == "<br>"), text)).split()
    )


def shown_words(window: QWidget) -> list[tuple[str, str]]:
    """(where, words) for everything `window` shows or tells a screen reader, in widget
    order."""
    said: list[tuple[str, str]] = [("windowTitle", window.windowTitle())]
    for index, widget in enumerate([window, *window.findChildren(QWidget)]):
        if widget is not window and not widget.isVisibleTo(window):
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
        if isinstance(widget, QListWidget):
            texts += [(f"item{row}", widget.item(row).text()) for row in range(widget.count())]
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


def _without_names(text: str, names: Collection[str]) -> str:
    """`text` without `names` (parties, choices, the case number), hashes, numbers and
    Station's own name: what is left are words."""
    for name in sorted([*names, FORM], key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"\b[0-9a-f]{8,}\b", " ", text)  # a hash
    return re.sub(r"[\d,.:]+|\bStation\b", " ", text)


def left_in_english(
    english: list[tuple[str, str]], spanish: list[tuple[str, str]], names: set[str]
) -> list[str]:
    """What reads the same in both languages and has words in it other than `names`,
    numbers and keys: words never translated; and each Spanish text that still holds an
    English word (`ENGLISH`): a sentence only partly translated."""
    spanish_at = dict(spanish)  # a note only Spanish has (the sheet's translation) is new
    left = []
    for where, en in english:
        es = spanish_at.get(where)
        rest = _without_names(en, names)
        if en == es and re.search(r"[A-Za-z]{2,}", rest) and en not in SAME_IN_SPANISH:
            left.append(f"{where}: {en!r}")
    for where, es in spanish:
        found = re.findall(r"[A-Za-z']+", _without_names(es, names))
        if any(word.lower() in ENGLISH for word in found) and f"{where}: {es!r}" not in left:
            left.append(f"{where}: {es!r}")
    return left


# The Board's form keeps its English name beside its translation ("Acta de Escrutinio
# (Tally of Ballots)"): the signed sheet is in English.
FORM = "Tally of Ballots"

# Words a Spanish reader reads as they are written in English.
SAME_IN_SPANISH = {"TOTAL"}


# English words that are no Spanish word: one of them left in a window is untranslated.
ENGLISH = frozenset(
    [
        "the",
        "and",
        "of",
        "to",
        "is",
        "are",
        "was",
        "be",
        "been",
        "it",
        "its",
        "this",
        "that",
        "these",
        "which",
        "who",
        "why",
        "what",
        "when",
        "with",
        "from",
        "by",
        "for",
        "against",
        "at",
        "on",
        "in",
        "or",
        "not",
        "yet",
        "any",
        "only",
        "more",
        "than",
        "so",
        "far",
        "then",
        "also",
        "ballot",
        "ballots",
        "call",
        "calls",
        "called",
        "count",
        "counted",
        "counting",
        "record",
        "recorded",
        "records",
        "vote",
        "votes",
        "voter",
        "voters",
        "undo",
        "redo",
        "last",
        "file",
        "files",
        "open",
        "opened",
        "help",
        "view",
        "key",
        "keys",
        "sheet",
        "sheets",
        "tally",
        "election",
        "elections",
        "new",
        "pile",
        "piles",
        "export",
        "exported",
        "print",
        "verify",
        "quit",
        "board",
        "agent",
        "observers",
        "observer",
        "signing",
        "first",
        "keyboard",
        "shortcuts",
        "press",
        "click",
        "back",
        "challenged",
        "challenge",
        "challenges",
        "void",
        "valid",
        "recent",
        "demo",
        "try",
        "choose",
        "set",
        "up",
        "dashboard",
        "group",
        "groups",
        "box",
        "name",
        "names",
        "union",
        "unions",
        "employer",
        "save",
        "create",
        "browse",
        "optional",
        "number",
        "case",
        "cancel",
        "recount",
        "found",
        "holds",
        "journal",
        "event",
        "events",
        "reason",
        "reopen",
        "pause",
        "prepare",
        "lock",
        "locked",
        "paused",
        "resume",
        "warning",
        "sent",
        "done",
    ]
)


# A command to type, as a tool tip quotes it: `station verify FOLDER --key ...`.
COMMAND = re.compile(r"station [a-z]+|--[a-z-]+")
QUOTED = re.compile(r'"[^"]*"')


def texts(root: QWidget) -> Iterator[tuple[str, str]]:
    """(where, text) for every word a user or a screen reader meets in `root`."""
    for widget in [root, *root.findChildren(QWidget)]:
        where = f"{type(widget).__name__} {widget.objectName()}"
        yield where, widget.toolTip()
        yield where, widget.accessibleName()
        yield where, widget.accessibleDescription()
        if widget.isWindow():
            yield where, widget.windowTitle()
        if isinstance(widget, QLabel | QAbstractButton):
            yield where, widget.text()
        if isinstance(widget, QLineEdit | QPlainTextEdit):
            yield where, widget.placeholderText()
        if isinstance(widget, QGroupBox):
            yield where, widget.title()
        if isinstance(widget, QMenu):
            yield where, widget.title()
        if isinstance(widget, QComboBox):
            for row in range(widget.count()):
                yield where, widget.itemText(row)
        if isinstance(widget, QListWidget):
            for row in range(widget.count()):
                yield where, widget.item(row).text()
                yield where, widget.item(row).toolTip()
        if isinstance(widget, QTableWidget):
            for column in range(widget.columnCount()):
                item = widget.horizontalHeaderItem(column)
                if item is not None:
                    yield where, item.text()
                    yield where, item.toolTip()
    for action in root.findChildren(QAction):
        yield f"action {action.text()!r}", action.text()
        yield f"action {action.text()!r}", action.toolTip()


def english_left(root: QWidget, values: list[str]) -> list[tuple[str, str, list[str]]]:
    """Each text of `root` that still holds English words, once `values` are taken out."""
    left = []
    for where, text in texts(root):
        plain = html.unescape(re.sub(r"<[^>]+>", " ", text)).replace("&", "")
        plain = COMMAND.sub(" ", plain)  # the command line stays in English
        plain = QUOTED.sub(" ", plain)  # as typed: a CSV file's column "name"
        plain = re.sub(r"\b[0-9a-f]{8,}\b", " ", plain)  # a hash: "…2751be6a" is no "be"
        for value in sorted(values, key=len, reverse=True):
            plain = plain.replace(value, " ")
        english = [word for word in re.findall(r"[A-Za-z']+", plain) if word.lower() in ENGLISH]
        if english:
            left.append((where, text, english))
    return left


def values_of(setup: ElectionSetup, *more: str) -> list[str]:
    """The names the window shows as given (the parties', the case's, a file's)."""
    names = [setup.case_number, setup.employer, *setup.ballot.unions]
    return [name for name in (*names, *more) if name]
