"""Which language the windows speak, and Qt's translations of their own words.

The windows' words are Qt's: written in English with `self.tr()` (or
`QCoreApplication.translate()` outside a QObject), collected by `pyside6-lupdate` into
`resources/i18n/station_<code>*.ts` (one file per part of the windows, so two people
can translate at once) and compiled by `pyside6-lrelease` into the one
`resources/i18n/station_<code>.qm` the process loads. Qt's own words (a message box's
OK and Cancel) come from Qt's `qtbase_<code>.qm`, where the wheel ships it. The
sentences the domain states go through `station.domain.words`, whose language is set
here as well, so a window never mixes two languages.

After changing a window's words: `python -m station.ui.language --update` scans the
sources into the .ts files, then compiles them; translate each new message in the
.ts (pyside6-linguist, or by hand) and run it again. tests/ui/test_language.py fails
on a source text missing from the .ts, an unfinished or empty translation, a
translation whose placeholders differ, and a .qm that is not what the .ts make.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import cast

import PySide6
from PySide6 import QtCore
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from station.domain.words import (
    ENGLISH,
    LANGUAGES,
    UnknownLanguage,
    current_language,
    language_code,
    use_language,
)
from station.resources import resource_dir

# Marks a text for pyside6-lupdate without translating it (it is said later, through
# QCoreApplication.translate with the same context): typed, as PySide6's is not.
QT_TRANSLATE_NOOP = cast(Callable[[str, str], str], QtCore.QT_TRANSLATE_NOOP)

# Where the catalogs are, in a source tree and in the PyInstaller bundle alike.
I18N_FOLDER = "i18n"

# Each .ts file's suffix (after station_<code>) and the sources lupdate scans into it,
# relative to the source tree's root: the operator's and start windows in one, the
# dashboard and the envelope window in the other.
CATALOG_PARTS: Mapping[str, tuple[str, ...]] = {
    "": (
        "station/app.py",
        "station/ui/display.py",
        "station/ui/screen_fit.py",
        "station/ui/operator",
        "station/ui/start",
    ),
    "_part2": ("station/ui/dashboard", "station/ui/envelopes"),
}

# The translators installed in the application, named so they are found again.
_TRANSLATOR_NAME = "station-translator"

# Locale names that say "no language chosen" rather than a language.
_NO_LANGUAGE = ("", "C", "POSIX")


def fill(template: str, *values: object) -> str:
    """`template` (a translated one) with %1, %2, ... replaced by `values`, in one pass,
    so that a value holding "%2" (a party's name) is never itself replaced."""
    return _PLACE.sub(lambda match: str(values[int(match.group(1)) - 1]), template)


_PLACE = re.compile(r"%([1-9])")


def chosen_language(requested: str | None) -> str:
    """The language to speak: `requested` (--lang), else the system's, else English.

    An unknown `requested` raises UnknownLanguage naming the languages there are; a
    system language Station has no catalog for is English.
    """
    if requested is not None:
        return language_code(requested)
    return system_language()


def system_language() -> str:
    """The first language the system asks for that Station speaks, else English.

    The environment first, as POSIX orders it (LANGUAGE's list, then LC_ALL,
    LC_MESSAGES, LANG; a "C" locale turns LANGUAGE off), then the languages the
    desktop asks for (Windows and macOS set no variables).
    """
    names: list[str] = []
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            if value.split(".")[0] not in _NO_LANGUAGE:
                names = [*os.environ.get("LANGUAGE", "").split(":"), value]
            break
    else:
        names = list(QLocale.system().uiLanguages())
    for name in names:
        if name.split(".")[0] in _NO_LANGUAGE:
            continue
        try:
            return language_code(name)
        except UnknownLanguage:
            continue
    return ENGLISH


def use_language_everywhere(code: str) -> None:
    """Speak `code` in the domain's sentences and, once the application exists, in Qt."""
    use_language(code)
    app = QCoreApplication.instance()
    if app is not None:
        install_translators(app)


def install_translators(app: QCoreApplication) -> None:
    """Load the windows' and Qt's own words in the process's language (none in English).

    A missing catalog leaves those words in English: a bundle without Qt's
    translations still counts, with OK and Cancel in English.
    """
    for old in app.findChildren(QTranslator, _TRANSLATOR_NAME):
        app.removeTranslator(old)
        old.deleteLater()
    code = current_language()
    if code == ENGLISH:
        return
    # Qt's folder as Qt reports it, else inside the PySide6 package (PyInstaller's bundle
    # keeps the files there without telling Qt).
    qt_folders = (
        QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath),
        str(Path(PySide6.__file__).resolve().parent / "Qt" / "translations"),
    )
    wanted = [(f"qtbase_{code}", folder) for folder in qt_folders]
    wanted.append((f"station_{code}", str(catalog_folder())))
    loaded: set[str] = set()
    for name, folder in wanted:
        if name in loaded:
            continue
        translator = QTranslator(app)
        translator.setObjectName(_TRANSLATOR_NAME)
        if translator.load(name, folder):
            app.installTranslator(translator)
            loaded.add(name)
        else:
            translator.deleteLater()


def catalog_folder() -> Path:
    """The folder of the .ts catalogs and the compiled .qm files."""
    return resource_dir() / I18N_FOLDER


def ts_files(code: str) -> list[Path]:
    """Every .ts file of language `code`, in the order they are compiled."""
    return [catalog_folder() / f"station_{code}{part}.ts" for part in CATALOG_PARTS]


def qm_file(code: str) -> Path:
    return catalog_folder() / f"station_{code}.qm"


def qt_tool(name: str) -> str:
    """The path of PySide6's `lupdate` or `lrelease` (shipped in the wheel)."""
    return str(Path(PySide6.__file__).resolve().parent / name)


def lupdate(sources: Sequence[str], ts: Path, code: str, root: Path) -> None:
    """Scan `sources` (relative to `root`) for translatable words into `ts`."""
    subprocess.run(
        [
            qt_tool("lupdate"),
            "-silent",
            "-locations",
            "none",
            "-no-obsolete",
            "-extensions",
            "py",
            "-target-language",
            code,
            *sources,
            "-ts",
            str(ts),
        ],
        cwd=root,
        check=True,
    )


def lrelease(sources: Sequence[Path], qm: Path) -> None:
    """Compile the .ts files `sources` into the one `qm` (unfinished messages left out)."""
    existing = [str(path) for path in sources if path.exists()]
    subprocess.run([qt_tool("lrelease"), "-silent", *existing, "-qm", str(qm)], check=True)


def update(root: Path) -> None:
    """Scan the sources into every language's .ts files, then compile each language."""
    for code in LANGUAGES:
        if code == ENGLISH:
            continue
        for part, sources in CATALOG_PARTS.items():
            ts = catalog_folder() / f"station_{code}{part}.ts"
            if ts.exists() or not part:  # a part is begun by whoever translates it
                lupdate(sources, ts, code, root)
        lrelease(ts_files(code), qm_file(code))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m station.ui.language",
        description="Update the windows' translation catalogs (resources/i18n).",
    )
    parser.add_argument(
        "--update",
        action="store_true",
        help="scan the sources into the .ts files and compile the .qm files",
    )
    parser.add_argument(
        "--compile", action="store_true", help="only compile the .ts files into the .qm files"
    )
    args = parser.parse_args(argv)
    root = Path(__file__).resolve().parents[2]
    if args.update:
        update(root)
    elif args.compile:
        for code in LANGUAGES[1:]:
            lrelease(ts_files(code), qm_file(code))
    else:
        parser.print_usage()
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
