"""What the Python verifier page asks of Station's own Python: the verdict on a folder.

The page (built by `station.verifier.python_page`) runs this module in CPython compiled
to WebAssembly, with the files the observer picked, as bytes, by their paths inside
the folder, and the fingerprint they typed. It imports only what runs there: no Qt, no
SQLite, no `cryptography`, no key store.

The verdict is the verification core's (`station.verification`), in the words
`station verify FOLDER --key FINGERPRINT` prints (`verification.report`). A browser
checks a signature with a promise, so the page first asks `questions` (every signature
the check will ask about, all at once), answers them (`in_browser`: WebCrypto, or the
pinned tweetnacl), then calls `check` with the answers.

How a kind of folder plugs in: a reader of its signature questions and a check that
gives its report, both in `_KINDS`, and a test of the folder in `kind`.
"""

import contextlib
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from station.domain.table_statements import PAGE_REVISED_OF_TABLES
from station.domain.words import ENGLISH, current_language, in_english, say
from station.journal import bounded_json
from station.progress import Progress
from station.verification.consolidated import CONSOLIDATION_FORMAT
from station.verification.consolidation_check import check_consolidation, signature_questions
from station.verification.consolidation_words import consolidation_said
from station.verification.export_check import (
    SignatureQuestion,
    answers_check,
    check_export,
    export_questions,
    log_question,
)
from station.verification.export_files import (
    ALL_FILES,
    LOG_FOLDER,
    MANIFEST,
    MAX_SIZES,
    is_staging,
)
from station.verification.fingerprints import normalise_fingerprint
from station.verification.report import (
    KEY_NOT_TYPED,
    NO_LOG,
    NO_LOG_PICKED,
    Report,
    export_report,
)

TABLES = "tables"  # the folder of a consolidation's tables
NOT_AN_EXPORT = (
    "{folder}: is not an exported sheet (it holds no manifest.json); pick the folder"
    " `station export` wrote"
)

FILES_PICKED = "the files picked"  # the name a verdict gives files picked without their folder
NOT_A_FINGERPRINT = (
    "NOT CHECKED: {folder}: '{typed}' is not a key fingerprint (32 hex digits, as the"
    " observers wrote it down)"
)
# How the page draws a verdict, by what `station verify` exits with.
_KIND = {0: "ok", 1: "bad"}
# Said above a verdict on a page read in another language than English: the verdict is
# `station verify`'s, word for word, as the conformance corpus holds it.
INTACT_NOTE = "INTACT. What {command} says of this folder, word for word, in English:"
NOT_INTACT_NOTE = "NOT INTACT. What {command} says of this folder, word for word, in English:"
NOT_CHECKED_NOTE = "NOT CHECKED. What {command} says of this folder, word for word, in English:"
FINGERPRINT = re.compile(r"[0-9a-f]{4}(-[0-9a-f]{4}){7}")

Questions = Callable[["Picked"], list[SignatureQuestion]]
Check = Callable[["Picked", str | None, Mapping[SignatureQuestion, bool], Progress | None], Report]


@dataclass(frozen=True)
class Picked:
    """The folder the observer picked: its name, and its files by their paths inside it
    ("journal.jsonl", "tables/table-1/tally.json")."""

    folder: str
    files: Mapping[str, bytes]

    def top(self) -> dict[str, bytes]:
        """The files directly in the folder, by name."""
        return {path: data for path, data in self.files.items() if "/" not in path}

    def log(self) -> dict[str, bytes]:
        """The files under `log/`, by their path in the folder ("log/tile/0/000")."""
        return {
            path: data for path, data in self.files.items() if path.startswith(f"{LOG_FOLDER}/")
        }

    def folders(self) -> list[str]:
        """The folders inside, by their paths, as the files picked show them (a browser
        lists files only: an empty folder is not seen)."""
        found: set[str] = set()
        for path in self.files:
            parts = path.split("/")[:-1]
            found.update("/".join(parts[: depth + 1]) for depth in range(len(parts)))
        return sorted(found)

    def entries(self) -> tuple[list[str], list[str]]:
        """What the folder holds besides an export's files, as `station.sheet.verify_export`
        names it from a folder: each entry by its name, a staging folder of an
        interrupted export by "its name/the first name in it", in the order of names;
        and which of those are such staging folders.

        A browser lists files only: an empty folder picked inside is not seen.
        """
        inside: dict[str, set[str]] = {}
        for path in self.files:
            top, _, rest = path.partition("/")
            names = inside.setdefault(top, set())
            if rest:
                names.add(rest.split("/")[0])
        leftovers = [name for name, names in inside.items() if is_staging(name) and names]
        others = []
        log = {LOG_FOLDER} if inside.get(LOG_FOLDER) else set()  # a folder, not a file
        for name in sorted(set(inside) - set(ALL_FILES) - log):
            staged = sorted(inside[name]) if name in leftovers else []
            others.append(f"{name}/{staged[0]}" if staged else name)
        return others, leftovers


def kind(picked: Picked) -> str | None:
    """ "export" or "consolidation" (what the folder claims to be), or None: neither."""
    top = picked.top()
    if any(path.startswith(f"{TABLES}/") for path in picked.files) or (
        _manifest_format(top.get(MANIFEST)) == CONSOLIDATION_FORMAT
    ):
        return "consolidation"
    if not any(name in top for name in ALL_FILES):
        return None
    return "export"


def questions(files: Mapping[str, bytes], folder: str = "") -> list[SignatureQuestion]:
    """Every signature the check of these files will ask about, to be answered first."""
    picked = Picked(folder, files)
    found = kind(picked)
    return [] if found is None else _KINDS[found][0](picked)


def check(
    files: Mapping[str, bytes],
    folder: str,
    fingerprint: str,
    answers: Sequence[bool] = (),
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The verdict on a picked folder, in `station verify`'s words.

    Args:
        files: each file in the folder by its path inside it.
        folder: the folder's name, as the verdict names it.
        fingerprint: the key written down, as typed ("" if none was).
        answers: whether each signature of `questions(files)` holds, in its order.
        progress: follows the check of `journal.jsonl` (events checked, in all).

    Returns:
        `ok`, `exit` (what `station verify` exits with), `kind` (how the page draws
        it: "ok", "bad", or "cannot" for a verdict not given), and the lines of `stdout`
        and of `stderr`, each as `station verify` prints them.
    """
    picked = Picked(folder, files)
    found = kind(picked)
    if found is None:
        return _said(Report(False, (), (NOT_AN_EXPORT.format(folder=folder),)), exit=2)
    asked = _KINDS[found][0](picked)
    given = dict(zip(asked, answers, strict=False))
    with in_english():  # `station verify`'s words, whatever the page is read in
        report = _KINDS[found][1](picked, fingerprint.strip() or None, given, progress)
    return _said(report, exit=report.exit)


def _export_questions(picked: Picked) -> list[SignatureQuestion]:
    asked = [*export_questions(picked.top()), log_question({**picked.top(), **picked.log()})]
    return [question for question in asked if question is not None]


def _export(
    picked: Picked,
    fingerprint: str | None,
    answers: Mapping[SignatureQuestion, bool],
    progress: Progress | None,
) -> Report:
    others, leftovers = picked.entries()
    top = picked.top()
    verdict = check_export(
        {**{name: top[name] for name in ALL_FILES if name in top}, **picked.log()},
        signature_holds=answers_check(answers),
        others=others,
        leftovers=leftovers,
        expected_key=fingerprint,
        progress=progress,
    )
    document = verdict.document
    if verdict.ok and document is not None and document["sheet"].get("revised_of_tables"):
        # Its Original tally is another folder's, which this page is not given.
        refused = f"{picked.folder or FILES_PICKED}: {PAGE_REVISED_OF_TABLES}"
        return Report(False, (), (refused,), given=False)
    no_log = NO_LOG_PICKED if picked.folder in ("", FILES_PICKED) else NO_LOG
    return export_report(verdict, picked.folder, KEY_NOT_TYPED, no_log=no_log)


def _consolidation_questions(picked: Picked) -> list[SignatureQuestion]:
    return signature_questions(picked.files)


def _consolidation(
    picked: Picked,
    fingerprint: str | None,
    answers: Mapping[SignatureQuestion, bool],
    progress: Progress | None,
) -> Report:
    del progress  # each table's journal is short beside one count's
    verdict = check_consolidation(
        picked.files,
        signature_holds=answers_check(answers),
        folders=picked.folders(),
        expected_key=fingerprint,
        folder=picked.folder,
    )
    said = consolidation_said(verdict, picked.folder, KEY_NOT_TYPED)
    return Report(verdict.ok, tuple(said), ()) if verdict.ok else Report(False, (), tuple(said))


_KINDS: dict[str, tuple[Questions, Check]] = {
    "export": (_export_questions, _export),
    "consolidation": (_consolidation_questions, _consolidation),
}


def fingerprint_refused(typed: str, folder: str) -> str | None:
    """Why the fingerprint typed cannot be checked against, in one line; None if it is
    one, or if none is typed (the check then says it held the export to none).

    Said before any check, so that a fingerprint half typed or mistyped is never shown
    beside a verdict it had no part in.
    """
    text = typed.strip()
    if not text or FINGERPRINT.fullmatch(normalise_fingerprint(text)):
        return None
    return say(NOT_A_FINGERPRINT, folder=folder or FILES_PICKED, typed=text)


def checking_words(done: int, total: int) -> str:
    """What the page shows while a long journal is checked."""
    return say("Checking journal.jsonl: {done:,} of {total:,} events\u2026", done=done, total=total)


def verdict_note(kind: str) -> str:
    """What a page read in another language says above a verdict (in English, nothing:
    the verdict says it)."""
    if current_language() == ENGLISH:
        return ""
    command = "station verify"
    if kind == "ok":
        return say(INTACT_NOTE, command=command)
    if kind == "bad":
        return say(NOT_INTACT_NOTE, command=command)
    return say(NOT_CHECKED_NOTE, command=command)


def _manifest_format(data: bytes | None) -> object:
    if data is None or len(data) > MAX_SIZES[MANIFEST]:
        return None
    try:
        manifest = bounded_json.loads(data, max_chars=MAX_SIZES[MANIFEST])
    except ValueError:
        return None
    return manifest.get("format") if isinstance(manifest, dict) else None


def _said(report: Report, *, exit: int) -> dict[str, Any]:
    kind = _KIND.get(exit, "cannot")
    return {
        "ok": report.ok,
        "exit": exit,
        "kind": kind,
        "stdout": list(report.stdout),
        "stderr": list(report.stderr),
        "lang": ENGLISH,
        "note": verdict_note(kind),
    }


def warm() -> None:
    """Import what a check reads only when it reaches it, before a folder is picked.

    The holidays library imports all its two hundred and fifty countries to give the
    United States' calendar (the objections deadline), and pypdf reads the PDF's text
    back: in a slow browser, several seconds the first check would otherwise add to
    the observer's wait. The page calls this once Python is ready, while the observer
    finds the folder.
    """
    from station.domain.objections import objections_due
    from station.verification.pdf_text import pdf_pages

    objections_due(date(2026, 1, 2))
    with contextlib.suppress(ValueError):  # no PDF: only its reader's modules are wanted
        pdf_pages(b"")
