"""Checking a consolidation (`station consolidate`'s folder) with nothing but the folder.

In order, stopping at the first thing wrong and naming it (for a table's file, the
table and the file): the manifest's signature (and the key, against a fingerprint
written down), that the folder holds exactly the files the manifest lists, each
file's hash, every table's export checked fully as `station verify FOLDER` checks one
(against the key the consolidation names for it), that the tables are final sheets
of one count, each once, that every line of `tally.json` is the sum of the tables'
lines, that its deadline for objections follows from the day it was prepared, and that
`tally.pdf` shows what `tally.json` says (the date issued, the deadline and the
observers named among it).
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from station.domain.envelopes import figure_labels
from station.domain.result_statements import as_stated_before
from station.domain.statements import how_many
from station.domain.table_statements import ONE_TABLE, table_title
from station.domain.tally_form import FormBallot, as_drawn_before, line_words
from station.sheet.consolidate import (
    CONSOLIDATED_FORMAT,
    CONSOLIDATION_FORMAT,
    ConsolidationError,
    TableSheet,
    a_table,
    consolidated_document,
    listed_files,
    listed_hashes,
    revised,
    table_folder,
    unknown_facts,
)
from station.sheet.consolidate_pdf import (
    as_groups_sheet,
    kinds_row_text,
    numbered_lines,
    statement_numbers,
    table_row_text,
)
from station.sheet.consolidated_election import REVISED_REFUSAL, table_setup, twice_accepted
from station.sheet.verify_export import (
    SignedFolderProblem,
    signed_json,
    signed_manifest,
    verify_export,
)
from station.verification.export_files import MANIFEST, SIGNATURE
from station.verification.form_words import issued_words, objections_words
from station.verification.group_pdf import group_sections
from station.verification.pdf_text import pdf_words


@dataclass(frozen=True)
class ConsolidationVerdict:
    """The outcome of checking a consolidation.

    Attributes:
        ok: True only if every check held.
        problem: the first thing wrong, naming a table and a file, or a line.
        key: the fingerprint of the key that signed the consolidation, when known.
        key_checked: the key was checked against a fingerprint written down.
        document: `tally.json`, once it is known to be the tables' sum.
    """

    ok: bool
    problem: str | None = None
    key: str | None = None
    key_checked: bool = False
    document: dict[str, Any] | None = None


class _Bad(Exception):
    """The first problem found; becomes the verdict."""


def is_consolidation(folder: Path) -> bool:
    """Whether `folder` claims to be a consolidation (its manifest says so)."""
    try:
        manifest = signed_json(folder, MANIFEST)
    except (SignedFolderProblem, OSError):
        return False
    return manifest.get("format") == CONSOLIDATION_FORMAT


def verify_consolidation(folder: Path, *, expected_key: str | None = None) -> ConsolidationVerdict:
    """Check the consolidation in `folder`; see the module docstring."""
    key = None
    try:
        try:
            manifest, key = signed_manifest(folder, expected_key, CONSOLIDATION_FORMAT)
            document = signed_json(folder, "tally.json")
        except SignedFolderProblem as problem:
            raise _Bad(str(problem)) from None
        names = _listed(document)
        labels = _labels(document)
        _check_files(folder, manifest, names, labels)
        if document.get("key") != key:
            raise _Bad(
                f"tally.json: names key {document.get('key')}, but the consolidation is signed"
                f" by {key}"
            )
        tables = _checked_tables(folder, document)
        _check_sums(document, tables)
        _check_pdf(folder, document)
    except _Bad as bad:
        return ConsolidationVerdict(False, str(bad), key)
    except OSError as error:
        return ConsolidationVerdict(
            False, f"{error.filename}: cannot be read ({error.strerror})", key
        )
    return ConsolidationVerdict(True, None, key, expected_key is not None, document)


def _listed(document: dict[str, Any]) -> list[str]:
    if document.get("format") != CONSOLIDATED_FORMAT or not isinstance(
        document.get("tables"), list
    ):
        raise _Bad(f"tally.json: is not a {CONSOLIDATED_FORMAT} document")
    for row in document["tables"]:
        # Signed, but perhaps by anyone's key: its shape is checked before it is read.
        if not (
            isinstance(row, dict)
            and isinstance(row.get("label"), str)
            and row.get("folder") == table_folder(row["label"])
            and isinstance(row.get("key"), str)
        ):
            raise _Bad("tally.json: its list of tables is not one Station writes")
    if len(document["tables"]) < 2:  # signed, yet one table's count stated as the result
        raise _Bad(f"tally.json: sums {how_many(len(document['tables']), 'table')}; {ONE_TABLE}")
    return listed_files(document)


def _labels(document: dict[str, Any]) -> dict[str, str]:
    """Each table's folder, and how to name the table in a problem."""
    return {table["folder"]: table_title(str(table["label"])) for table in document["tables"]}


def _whose(name: str, labels: dict[str, str]) -> str:
    """ "Table 2: tables/table-2/journal.jsonl", or the file alone for the folder's own."""
    folder = name.rpartition("/")[0]
    return f"{labels[folder]}: {name}" if folder in labels else name


def _check_files(
    folder: Path, manifest: dict[str, Any], names: list[str], labels: dict[str, str]
) -> None:
    listed = manifest.get("files")
    if not isinstance(listed, dict) or sorted(listed) != sorted(names):
        raise _Bad(f"{MANIFEST}: does not list exactly the files tally.json names")
    expected = {*names, MANIFEST, SIGNATURE, *labels, *{n.partition("/")[0] for n in labels}}
    for entry in sorted(folder.rglob("*")):
        name = entry.relative_to(folder).as_posix()
        if name not in expected or (entry.is_symlink()):
            raise _Bad(f"{name!r} is not part of the signed consolidation")
    for name in names:
        if not (folder / name).is_file():
            raise _Bad(f"{_whose(name, labels)} is missing")
    for name, digest in listed_hashes(folder, names).items():
        if digest != listed[name]:
            raise _Bad(
                f"{_whose(name, labels)} was changed after the consolidation was signed"
                " (its hash does not match)"
            )


def _checked_tables(folder: Path, document: dict[str, Any]) -> list[TableSheet]:
    tables: list[TableSheet] = []
    for row in document["tables"]:
        name = f"{table_title(str(row['label']))} ({row['folder']})"
        verdict = verify_export(folder / row["folder"], expected_key=row["key"])
        if not verdict.ok or verdict.document is None or verdict.key is None:
            raise _Bad(f"{name}: {verdict.problem}")
        if revised(verdict.document):
            raise _Bad(f"{name}: {REVISED_REFUSAL}")
        unknown = unknown_facts(verdict.document)
        if unknown:
            raise _Bad(f"{name}: its sheet states {unknown}, which consolidation cannot sum")
        try:
            setup = table_setup(folder / row["folder"])
            table = a_table(folder / row["folder"], verdict.document, verdict.key, tables, setup)
        except ConsolidationError as error:
            raise _Bad(str(error)) from None
        if table.folder != row["folder"]:
            raise _Bad(f"{name}: lies in a folder not named for its table ({table.folder})")
        tables.append(table)
    if not tables:
        raise _Bad("tally.json: names no table")
    twice = twice_accepted([t.label for t in tables], [folder / t.folder for t in tables])
    if twice is not None:
        raise _Bad(f"the tables' envelopes: {twice}")
    return tables


def _check_sums(document: dict[str, Any], tables: list[TableSheet]) -> None:
    """Every line, statement and row of `tally.json`, against the tables' own sheets."""
    agent = document.get("agent")
    observers = document.get("observers", [])
    if not (
        isinstance(observers, list)
        and all(
            isinstance(o, dict)
            and set(o) == {"party", "name"}
            and all(isinstance(v, str) for v in o.values())
            for o in observers
        )
    ):
        raise _Bad("tally.json: its observers are not a list Station writes")
    expected = consolidated_document(
        tables,
        str(document["key"]),
        str(document.get("prepared")),
        agent if isinstance(agent, str) else None,
        observers,
    )
    if "objections_due" not in document:
        # A consolidation made before the consolidated tally stated the deadline.
        expected.pop("objections_due", None)
    ballot = FormBallot.of_sheet({**expected, "union": expected["election"]["union"]})
    stated_lines = document.get("lines")
    if not isinstance(stated_lines, dict):
        raise _Bad("tally.json: has no lines 1-9")
    for number, value in expected["lines"].items():
        found = stated_lines.get(number)
        if type(found) is not type(value) or found != value:
            raise _Bad(
                f"tally.json: line {number} ({line_words(number, ballot)}) says {found};"
                f" the tables' sheets give {value}"
            )
    for stated_row, row in zip(document["tables"], expected["tables"], strict=True):
        for field, value in row.items():  # every row is a dict (`_listed`)
            if stated_row.get(field) != value:
                raise _Bad(
                    f"tally.json: {table_title(row['label'])}'s {field} is not what its"
                    f" sheet ({row['folder']}) says"
                )
    for field, value in expected.items():
        if field == "statements" and document.get(field) == as_stated_before(value):
            continue  # the runoff's sentence as worded before it named its condition
        if document.get(field) != value:
            raise _Bad(f"tally.json: its {field} is not what the tables' sheets give")
    if set(document) != set(expected):
        raise _Bad("tally.json: holds facts that no consolidation has")


def _check_pdf(folder: Path, document: dict[str, Any]) -> None:
    try:
        words = pdf_words((folder / "tally.pdf").read_bytes())
    except ValueError as error:
        raise _Bad(f"tally.pdf: {error}") from None
    expected = [("the case number", str(document["election"]["case"]))]
    envelopes = document.get("envelopes")
    if envelopes:
        labels = figure_labels(envelopes)
        shown = " ".join(f"{label} {envelopes[key]:,}" for key, label in labels)
        expected.append(("the envelope figures", shown))
    for number, label in numbered_lines(document):
        value = document["lines"][number]
        expected.append((f"line {number}", f"{number}. {label} {value:,}"))
    for number in statement_numbers(document):
        said = document["statements"][number]
        expected.append((f"line {number}", f"{number}. {said}" if number != "runoff" else said))
    for title, lines, statements in group_sections(as_groups_sheet(document)):
        expected.append((title, title))  # each voting group's and pooled unit's tally
        expected += [(f"{line.split('.')[0]} of {title}", line) for line in [*lines, *statements]]
    if "agent" in document:
        expected.append(("the Board agent", f"{document['agent']} Board agent"))
    if "objections_due" in document:
        expected.append(("the date issued", f"Date issued {issued_words(document)}"))
        expected.append(("the objections deadline", objections_words(document)))
    for observer in document.get("observers", []):
        expected.append((f"observer {observer['name']}", str(observer["name"])))
    for table in document["tables"]:
        title = table_title(table["label"])
        expected.append((f"{title}'s figures", table_row_text(table)))
        if kinds_row_text(table):
            expected.append((f"{title}'s votes and envelopes", kinds_row_text(table)))
        expected.append((f"{title}'s head hash", str(table["head"]["hash"])))
    for what, text in expected:
        # A consolidation of the previous version named line 5's sum "(lines 3 + 4)".
        drawn_before = " ".join(as_drawn_before(text).split())
        if " ".join(text.split()) not in words and drawn_before not in words:
            raise _Bad(f"tally.pdf: does not show {what} as tally.json gives it ({text[:90]})")
