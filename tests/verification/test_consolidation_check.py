"""A consolidation's verification core, bytes in and verdict out: no folder, no key store.

The files are those of the corpus's genuine consolidation of two tables (read once
here); the core is handed them as bytes by their path in the folder. A forgery is made
as an attacker holding the station's key makes one: `tally.json` changed, its hash in
the manifest changed with it, the manifest signed again (here: a check that says yes).
"""

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from station.sheet.keys import signature_holds_raw
from station.sheet.verify_consolidation import verify_consolidation
from station.verification.consolidation_check import check_consolidation, signature_questions
from station.verification.consolidation_words import consolidation_said
from station.verification.document import canonical_json
from station.verification.export_check import answers_check

CASES = Path(__file__).parents[2] / "conformance" / "cases"


def folder_files(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


FOLDER = CASES / "consolidation" / "export"
FILES = folder_files(FOLDER)
FOLDERS = ["tables", "tables/table-1", "tables/table-2"]
KEY = json.loads((CASES / "consolidation" / "case.json").read_bytes())["key"]


def says_yes(public_key: bytes, signature: bytes, data: bytes) -> bool:
    return True


def checked(files: dict[str, bytes], **options: Any) -> Any:
    return check_consolidation(files, signature_holds=says_yes, folders=FOLDERS, **options)


def forged(change: Callable[[dict[str, Any]], None]) -> dict[str, bytes]:
    """The consolidation with its `tally.json` changed and its manifest made to match."""
    document = json.loads(FILES["tally.json"])
    change(document)
    data = canonical_json(document)
    manifest = json.loads(FILES["manifest.json"])
    manifest["files"]["tally.json"] = hashlib.sha256(data).hexdigest()
    return {**FILES, "tally.json": data, "manifest.json": canonical_json(manifest)}


def test_a_genuine_consolidation_is_ok_as_from_its_folder() -> None:
    verdict = check_consolidation(
        FILES, signature_holds=signature_holds_raw, folders=FOLDERS, expected_key=KEY
    )

    assert verdict.ok, verdict.problem
    assert verdict.key == KEY and verdict.key_checked
    assert verdict == verify_consolidation(FOLDER, expected_key=KEY)


CONSOLIDATIONS = sorted(
    case.parent.name
    for case in CASES.glob("*/case.json")
    if (case.parent / "export" / "tables").is_dir()
)


@pytest.mark.parametrize("name", CONSOLIDATIONS)
def test_each_consolidation_of_the_corpus_is_said_as_the_command_says_it(name: str) -> None:
    case = json.loads((CASES / name / "case.json").read_bytes())
    files = folder_files(CASES / name / "export")
    folders = sorted({p.rpartition("/")[0] for p in files if "/" in p} | {"tables"})

    verdict = check_consolidation(
        files,
        signature_holds=signature_holds_raw,
        folders=folders,
        expected_key=case["key"],
        folder="export",
    )
    said = "".join(f"{line}\n" for line in consolidation_said(verdict, "export", ""))

    assert verdict.ok is (case["verdict"] == "OK")
    assert said == (case["stdout"] if verdict.ok else case["stderr"])


def test_every_signature_is_asked_first_and_the_answers_decide() -> None:
    questions = signature_questions(FILES)

    assert len(questions) == 3  # the consolidation's own, then each table's
    answers = {question: signature_holds_raw(*question) for question in questions}
    assert all(answers.values())
    assert checked(FILES, expected_key=KEY).ok
    verdict = check_consolidation(FILES, signature_holds=answers_check(answers), folders=FOLDERS)
    assert verdict.ok, verdict.problem


def test_a_table_whose_signature_the_checker_denies_is_named() -> None:
    questions = signature_questions(FILES)
    answers = {question: question != questions[2] for question in questions}

    verdict = check_consolidation(FILES, signature_holds=answers_check(answers), folders=FOLDERS)

    assert verdict.problem == (
        "Table 2 (tables/table-2): manifest.sig: the signature does not match manifest.json"
        " (it was changed)"
    )


def test_a_question_never_answered_holds_no_signature() -> None:
    verdict = check_consolidation(FILES, signature_holds=answers_check({}), folders=FOLDERS)

    assert verdict.problem == (
        "manifest.sig: the signature does not match manifest.json (it was changed)"
    )


def test_a_changed_sum_names_the_line() -> None:
    files = forged(lambda d: d["lines"].update({"3": d["lines"]["3"] + 1}))

    assert checked(files).problem == (
        "tally.json: line 3 (Number of votes cast for ALU) says 9; the tables' sheets give 8"
    )


def test_a_number_written_as_another_type_is_not_what_station_wrote() -> None:
    # 14.0 for 14: equal in Python and in a browser, yet not the document the tables give.
    files = forged(lambda d: d.update(counted=float(d["counted"])))

    assert checked(files).problem == "tally.json: its counted says 16.0; the tables' sheets give 16"


def test_a_tables_row_names_the_table() -> None:
    files = forged(lambda d: d["tables"][1]["head"].update(seq=d["tables"][1]["head"]["seq"] + 1))

    assert checked(files).problem == (
        "tally.json: Table 2's head is not what its sheet (tables/table-2) says"
    )


def test_a_number_of_another_type_in_a_tables_row_is_named_by_its_place() -> None:
    seq = json.loads(FILES["tally.json"])["tables"][1]["head"]["seq"]
    files = forged(lambda d: d["tables"][1]["head"].update(seq=float(seq)))

    assert checked(files).problem == (
        f"tally.json: its tables[1].head.seq says {float(seq)}; the tables' sheets give {seq}"
    )


def test_a_fact_no_consolidation_has_is_named() -> None:
    files = forged(lambda d: d.update(runoff=True))

    assert checked(files).problem == "tally.json: holds facts that no consolidation has"


@pytest.mark.parametrize(
    ("place", "problem"),
    [
        ("tables/notes.txt", "'tables/notes.txt' is not part of the signed consolidation"),
        ("tables/table-3/tally.json", "'tables/table-3' is not part of the signed consolidation"),
    ],
)
def test_anything_else_in_the_folder_is_named(place: str, problem: str) -> None:
    files = {**FILES, place: b"{}"}
    folders = [*FOLDERS, *(["tables/table-3"] if "table-3" in place else [])]

    verdict = check_consolidation(files, signature_holds=says_yes, folders=folders)

    assert verdict.problem == problem


def test_a_link_in_the_folder_is_named_even_under_a_listed_name() -> None:
    files = {name: data for name, data in FILES.items() if name != "tally.pdf"}

    verdict = check_consolidation(
        files, signature_holds=says_yes, folders=FOLDERS, others=["tally.pdf"]
    )

    assert verdict.problem == "'tally.pdf' is not part of the signed consolidation"


def test_a_table_file_missing_names_the_table() -> None:
    files = {n: d for n, d in FILES.items() if n != "tables/table-2/journal.jsonl"}

    assert checked(files).problem == "Table 2: tables/table-2/journal.jsonl is missing"


def test_one_table_is_no_consolidation() -> None:
    files = forged(lambda d: d.update(tables=d["tables"][:1]))

    assert checked(files).problem == (
        "tally.json: sums 1 table; a consolidation sums two or more tables' exports; one"
        " table's sheet is not the election's result"
    )
