"""The verification core, bytes in and verdict out: no folder, no key store, no Qt.

The files are those of a genuine export Station 0.2 made (`tests/fixtures/v0_2`), read
once here; the core is handed them as bytes, with a signature check of the test's own.
"""

from pathlib import Path

import pytest

from station.sheet.keys import signature_holds_raw
from station.sheet.verify_export import verify_export
from station.verification.export_check import (
    answers_check,
    check_export,
    signature_question,
)
from station.verification.export_files import ALL_FILES, MAX_SIZES

FIXTURES = Path(__file__).parents[1] / "fixtures" / "v0_2"
KEY = (FIXTURES / "key.txt").read_text().strip()
FOLDER = FIXTURES / "rd-export"
FILES = {name: (FOLDER / name).read_bytes() for name in ALL_FILES}


def says_no(public_key: bytes, signature: bytes, data: bytes) -> bool:
    return False


def says_yes(public_key: bytes, signature: bytes, data: bytes) -> bool:
    return True


def test_a_genuine_export_is_ok_and_the_same_verdict_as_from_its_folder() -> None:
    verdict = check_export(FILES, signature_holds=signature_holds_raw, expected_key=KEY)

    assert verdict.ok, verdict.problem
    assert verdict.key == KEY and verdict.key_checked
    assert verdict == verify_export(FOLDER, expected_key=KEY)


def test_a_signature_check_that_says_no_makes_it_not_intact() -> None:
    verdict = check_export(FILES, signature_holds=says_no, expected_key=KEY)

    assert not verdict.ok
    assert verdict.problem == (
        "manifest.sig: the signature does not match manifest.json (it was changed)"
    )


def test_the_signature_check_is_asked_about_the_manifest_and_its_key() -> None:
    asked: list[tuple[bytes, bytes, bytes]] = []

    def check(public_key: bytes, signature: bytes, data: bytes) -> bool:
        asked.append((public_key, signature, data))
        return signature_holds_raw(public_key, signature, data)

    assert check_export(FILES, signature_holds=check).ok
    assert len(asked) == 1
    public_key, signature, data = asked[0]
    assert data == FILES["manifest.json"] and len(public_key) == 32 and len(signature) == 64


def test_a_checker_that_answers_later_is_asked_first_then_answered() -> None:
    question = signature_question(FILES)
    assert question is not None
    holds = signature_holds_raw(*question)  # what a browser's WebCrypto would answer

    assert check_export(FILES, signature_holds=answers_check({question: holds})).ok
    assert not check_export(FILES, signature_holds=answers_check({question: False})).ok
    changed = {**FILES, "manifest.sig": FILES["manifest.sig"].replace(b"A", b"B", 1)}
    assert not check_export(changed, signature_holds=answers_check({question: True})).ok


def test_no_question_is_asked_of_a_manifest_that_is_not_one() -> None:
    assert signature_question({**FILES, "manifest.json": b"[]\n"}) is None


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"tally.pdf": None}, "tally.pdf is missing"),
        ({"manifest.sig": None}, "manifest.sig is missing"),
        (
            {"tally.json": b" " * (MAX_SIZES["tally.json"] + 1)},
            "tally.json: is larger than any Station writes (1,048,576 bytes)",
        ),
        (
            {"journal.jsonl": b"{}\n"},
            "journal.jsonl was changed after it was signed (its hash does not match)",
        ),
    ],
    ids=["a file missing", "the signature missing", "a file too large", "a file changed"],
)
def test_a_file_missing_too_large_or_changed_is_named(
    change: dict[str, bytes | None], problem: str
) -> None:
    files = {name: data for name, data in {**FILES, **change}.items() if data is not None}

    verdict = check_export(files, signature_holds=says_yes)

    assert (verdict.ok, verdict.problem) == (False, problem)


def test_anything_else_in_the_folder_is_refused_by_its_name() -> None:
    others = [".station-export-0a1b2c3d/tally.pdf", "notes.txt"]

    verdict = check_export(FILES, signature_holds=signature_holds_raw, others=others)

    assert verdict.problem == (
        "'.station-export-0a1b2c3d/tally.pdf' (and 1 more) is not part of the signed export:"
        " an export folder holds only tally.pdf, tally.json, journal.jsonl, manifest.json,"
        " manifest.sig"
    )


def test_the_key_written_down_is_held_against_the_signing_key() -> None:
    other = "0000-1111-2222-3333-4444-5555-6666-7777"

    verdict = check_export(FILES, signature_holds=signature_holds_raw, expected_key=other)

    assert verdict.problem == f"signed by key {KEY}, not by the expected key {other}"


def test_a_verdict_carries_the_certified_head_and_the_document() -> None:
    verdict = check_export(FILES, signature_holds=signature_holds_raw)

    assert verdict.document is not None
    assert verdict.head_seq == verdict.document["sheet"]["head"]["seq"]
    assert verdict.head_hash == verdict.document["sheet"]["head"]["hash"]
    assert verdict.title == verdict.document["sheet"]["title"]


BLOCKED = (
    "sqlite3",
    "sqlite_utils",
    "cryptography",
    "multiprocessing",
    "concurrent.futures",
    "PySide6",
    "station.sheet",
    "station.journal.store",
)


def test_the_core_checks_an_export_with_no_database_pool_key_store_or_qt() -> None:
    """What a browser has: the core runs with those modules unimportable."""
    import subprocess
    import sys

    program = f"""
import sys
for name in {BLOCKED!r}:
    sys.modules[name] = None  # importing it now fails
from station.verification.export_check import check_export
files = {{name: open({str(FOLDER)!r} + "/" + name, "rb").read() for name in {ALL_FILES!r}}}
verdict = check_export(files, signature_holds=lambda key, signature, data: True)
print(verdict.ok, verdict.problem)
"""
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=60
    )

    assert done.stdout.strip() == "True None", done.stderr[-2000:]
