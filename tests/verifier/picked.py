"""The verifier page's Python (`station.verifier.entry`) run here, on a folder as an
observer's pick hands it over, and held to `station verify`'s words on the same folder.

The page runs this same entry in the browser (tests/verifier/test_page_corpus.py holds
the two to the same words on the whole corpus in Chromium); run here, with the
`cryptography` package answering its signature questions, each kind of export and
forgery is checked in a fraction of a second.
"""

from pathlib import Path
from typing import Any

from station.sheet.keys import signature_holds_raw
from station.verification.report import KEY_NOT_CHECKED, KEY_NOT_TYPED
from station.verifier import entry
from tests.sheet.helpers import station


def in_page(folder: Path, key: str | None) -> dict[str, Any]:
    """The page's verdict on `folder`: `ok`, `cannot` and its `lines`, as it draws them."""
    files = {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }
    answers = [signature_holds_raw(*asked) for asked in entry.questions(files, folder.name)]
    said = entry.check(files, folder.name, key or "", answers)
    return {"ok": said["ok"], "cannot": said["exit"] == 2, "lines": said["stdout"] + said["stderr"]}


def said_by_verify(folder: Path, key: str | None) -> tuple[int, list[str]]:
    """`station verify FOLDER [--key]`: its exit and lines, the folder named as a browser
    names it (by its name, not its path)."""
    code, out, err = station("verify", folder, *(["--key", key] if key else []))
    text = (out if code == 0 else err).replace(str(folder), folder.name)
    return code, text.rstrip("\n").splitlines()


def assert_same_verdict(folder: Path, key: str | None) -> dict[str, Any]:
    """The page's verdict on `folder` is `station verify`'s, word for word (but where no
    key was given: the page says to type it in its field, the command to add --key)."""
    code, said = said_by_verify(folder, key)
    verdict = in_page(folder, key)
    assert (code == 0, code == 2) == (verdict["ok"], verdict["cannot"]), (said, verdict)
    shown = [line.replace(KEY_NOT_TYPED, KEY_NOT_CHECKED) for line in verdict["lines"]]
    assert shown == said
    return verdict
