"""What `station verify FOLDER` decides about a consolidation, from its files' bytes alone.

A consolidation (`station consolidate`'s folder) holds several tables' exports and the
sum of their sheets. In order, stopping at the first thing wrong and naming it (for a
table's file, the table and the file): the manifest's signature (and the key, against
the fingerprint an observer wrote down); that the folder holds exactly the files the
manifest lists, each unchanged (V11); every table's export checked as
`export_check.check_export` checks one, against the key the consolidation names for
it; that the tables are final sheets of one count, each once, with no voter's envelope
accepted at two of them; that `tally.json` is, in its canonical bytes, the document
`consolidated.consolidated_document` computes from the tables' verified sheets (the
function `station consolidate` wrote it with), naming the first difference; and that
`tally.pdf` shows what `tally.json` says.

Nothing here reads a file or holds a key: a reader (`station.sheet.verify_consolidation`,
or the observers' page) hands in the files by their path in the folder, each read no
further than `MAX_SIZES` allows, and the check of an Ed25519 signature. A checker that
answers later (WebCrypto) is asked every question first (`signature_questions`) and its
answers handed in (`answers_check`).
"""

import hashlib
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from station.domain import Count
from station.domain.statements import how_many
from station.domain.table_statements import ONE_TABLE, table_title
from station.domain.tally_form import FormBallot, line_words
from station.journal.errors import JournalError
from station.verification import consolidation_formats
from station.verification.consolidated import (
    CONSOLIDATION_FORMAT,
    REVISED_REFUSAL,
    ConsolidationError,
    TableSheet,
    a_table,
    consolidated_document,
    journal_count,
    journal_setup,
    listed_files,
    revised,
    table_folder,
    twice_accepted,
    unknown_facts,
)
from station.verification.consolidation_pdf import consolidation_pdf_problem
from station.verification.difference import first_difference
from station.verification.document import canonical_json
from station.verification.export_check import (
    Bytes,
    SignatureCheck,
    SignatureQuestion,
    SignedFolderProblem,
    check_export,
    export_questions,
    journal_lines,
    signature_question,
    signed_json,
    signed_manifest,
)
from station.verification.export_files import (
    ALL_FILES,
    MANIFEST,
    MAX_SIZES,
    SIGNATURE,
)


@dataclass(frozen=True)
class ConsolidationVerdict:
    """The outcome of checking a consolidation.

    Attributes:
        ok: True only if every check held.
        problem: the first thing wrong, naming a table and a file, or a line.
        key: the fingerprint of the key that signed the consolidation, when known.
        key_checked: the key was checked against a fingerprint written down.
        document: `tally.json`, once it is known to be the tables' sum.
        step: the step of docs/format.md's "Checking an export" that found the problem:
            V2 or V3 for the consolidation's own manifest, V11 for the rest.
    """

    ok: bool
    problem: str | None = None
    key: str | None = None
    key_checked: bool = False
    document: dict[str, Any] | None = None
    step: str | None = None


class _Bad(Exception):
    """The first problem found, and the step that found it; becomes the verdict.

    A consolidation's own manifest is held to V2 and V3 as an export's; everything
    after it, each table's export included, is V11 (the consolidation).
    """

    def __init__(self, problem: str, step: str = "V11") -> None:
        super().__init__(problem)
        self.step = step


def is_consolidation_manifest(data: bytes) -> bool:
    """Whether a folder's `manifest.json` (its bytes) claims a consolidation."""
    try:
        return signed_json(data, MANIFEST).get("format") == CONSOLIDATION_FORMAT
    except SignedFolderProblem:
        return False


def check_consolidation(
    files: Mapping[str, Bytes],
    *,
    signature_holds: SignatureCheck,
    folders: Collection[str] = (),
    others: Collection[str] = (),
    expected_key: str | None = None,
    folder: str = "",
) -> ConsolidationVerdict:
    """The verdict on a consolidation; see the module docstring for what is checked.

    Args:
        files: the folder's files, by their path in it ("tally.json",
            "tables/table-A/journal.jsonl"): every regular file the folder holds, at any
            depth. Only those a consolidation lists are read (a mapping may read each on
            demand); each no further than one byte past `MAX_SIZES`, a `journal.jsonl`
            perhaps through a view that reads it a window at a time.
        signature_holds: the check of a signature: the consolidation's and each table's.
        folders: the folders it holds, by their path ("tables", "tables/table-A").
        others: whatever else it holds (a link, a device), by its path.
        expected_key: the fingerprint an observer wrote down, as typed, or None.
        folder: the consolidation's folder as the reader names it, or "": a refusal of
            a table names the table's folder under it ("FOLDER/tables/table-2"), as
            `station consolidate` names each folder it was given.
    """
    key = None
    try:
        try:
            manifest, key = signed_manifest(
                _own(files, (MANIFEST, SIGNATURE)),
                expected_key,
                CONSOLIDATION_FORMAT,
                signature_holds,
            )
        except SignedFolderProblem as refused:
            raise _Bad(str(refused), refused.step) from None
        if "tally.json" not in files:
            raise _Bad("tally.json is missing")
        try:
            document = signed_json(_read(files["tally.json"]), "tally.json")
        except SignedFolderProblem as refused:
            raise _Bad(str(refused)) from None
        names = _listed(document)
        labels = {row["folder"]: table_title(str(row["label"])) for row in document["tables"]}
        _check_files(files, folders, others, manifest, names, labels)
        if document.get("key") != key:
            raise _Bad(
                f"tally.json: names key {document.get('key')}, but the consolidation is signed"
                f" by {key}"
            )
        tables = _checked_tables(files, document, signature_holds, folder)
        _check_versions(document, tables)
        _check_document(document, tables)
        problem = consolidation_pdf_problem(_read(files["tally.pdf"]), document)
        if problem is not None:
            raise _Bad(f"tally.pdf: {problem}")
    except _Bad as bad:
        return ConsolidationVerdict(False, str(bad), key, step=bad.step)
    return ConsolidationVerdict(True, None, key, expected_key is not None, document)


def signature_questions(files: Mapping[str, Bytes]) -> list[SignatureQuestion]:
    """Every signature question `check_consolidation` may ask of these files: the
    consolidation's own, then each table's its `tally.json` names (read from the
    manifests alone; a question is left out where the check will stop before it).

    For a checker that cannot answer at once (WebCrypto answers with a promise): ask
    it these first, then run the check with `answers_check(its answers)`.
    """
    own = signature_question(_own(files, (MANIFEST, SIGNATURE)), CONSOLIDATION_FORMAT)
    if own is None:
        return []
    questions = [own]
    try:
        document = signed_json(_read(files["tally.json"]), "tally.json")
        _listed(document)
    except (KeyError, SignedFolderProblem, _Bad):
        return questions
    for row in document["tables"]:
        questions += export_questions(_table_files(files, row["folder"]))
    return questions


def _own(files: Mapping[str, Bytes], names: Sequence[str]) -> dict[str, bytes]:
    return {name: _read(files[name]) for name in names if name in files}


def _read(data: Bytes) -> bytes:
    return data[0 : len(data)]


def _table_files(files: Mapping[str, Bytes], folder: str) -> dict[str, Bytes]:
    """A table's export, by its files' own names (as `check_export` takes them)."""
    return {name: files[f"{folder}/{name}"] for name in ALL_FILES if f"{folder}/{name}" in files}


def _listed(document: dict[str, Any]) -> list[str]:
    """The files a consolidation's `tally.json` names, once its list of tables is one
    Station writes (signed, but perhaps by anyone's key: its shape comes first)."""
    if not consolidation_formats.known(document) or not isinstance(document.get("tables"), list):
        versions = " or ".join(consolidation_formats.VERSIONS)
        raise _Bad(f"tally.json: is not a {versions} document")
    for row in document["tables"]:
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


def _whose(name: str, labels: Mapping[str, str]) -> str:
    """ "Table 2: tables/table-2/journal.jsonl", or the file alone for the folder's own."""
    folder = name.rpartition("/")[0]
    return f"{labels[folder]}: {name}" if folder in labels else name


def _check_files(
    files: Mapping[str, Bytes],
    folders: Collection[str],
    others: Collection[str],
    manifest: dict[str, Any],
    names: list[str],
    labels: Mapping[str, str],
) -> None:
    listed = manifest.get("files")
    if not isinstance(listed, dict) or sorted(listed) != sorted(names):
        raise _Bad(f"{MANIFEST}: does not list exactly the files tally.json names")
    expected_files = {*names, MANIFEST, SIGNATURE}
    expected_folders = {*labels, *{name.partition("/")[0] for name in labels}}
    for name in sorted({*files, *folders, *others}, key=lambda name: name.split("/")):
        if name in others or (name not in (expected_files if name in files else expected_folders)):
            raise _Bad(f"{name!r} is not part of the signed consolidation")
    for name in names:
        if name not in files:
            raise _Bad(f"{_whose(name, labels)} is missing")
    for name in names:
        data = files[name]
        limit = _limit(name)
        if limit is not None and len(data) > limit:
            raise _Bad(
                f"{_whose(name, labels)}: is larger than any Station writes ({limit:,} bytes)"
            )
    for name in names:
        if _sha256(files[name]) != listed[name]:
            raise _Bad(
                f"{_whose(name, labels)} was changed after the consolidation was signed"
                " (its hash does not match)"
            )


def _limit(name: str) -> int | None:
    return MAX_SIZES.get(name.rpartition("/")[2])


def _sha256(data: Bytes) -> str:
    digest = hashlib.sha256()
    for start in range(0, len(data), 1 << 20):
        digest.update(data[start : start + (1 << 20)])
    return digest.hexdigest()


def _checked_tables(
    files: Mapping[str, Bytes],
    document: dict[str, Any],
    signature_holds: SignatureCheck,
    named_in: str,
) -> list[TableSheet]:
    tables: list[TableSheet] = []
    for row in document["tables"]:
        folder = str(row["folder"])
        name = f"{table_title(str(row['label']))} ({folder})"
        exported = _table_files(files, folder)
        verdict = check_export(exported, signature_holds=signature_holds, expected_key=row["key"])
        if not verdict.ok or verdict.document is None or verdict.key is None:
            raise _Bad(f"{name}: {verdict.problem}")
        if revised(verdict.document):
            raise _Bad(f"{name}: {REVISED_REFUSAL}")
        unknown = unknown_facts(verdict.document)
        if unknown:
            raise _Bad(f"{name}: its sheet states {unknown}, which consolidation cannot sum")
        try:
            setup = journal_setup(next(journal_lines(exported["journal.jsonl"])), folder)
            source = f"{named_in}/{folder}" if named_in else folder
            table = a_table(source, verdict.document, verdict.key, tables, setup)
        except (ConsolidationError, JournalError, ValueError) as error:
            raise _Bad(str(error)) from None
        if table.folder != folder:
            raise _Bad(f"{name}: lies in a folder not named for its table ({table.folder})")
        tables.append(table)
    if all(table.setup.mail for table in tables):
        twice = twice_accepted([t.label for t in tables], _counts(files, tables))
        if twice is not None:
            raise _Bad(f"the tables' envelopes: {twice}")
    return tables


def _counts(files: Mapping[str, Bytes], tables: Sequence[TableSheet]) -> Iterator[Count]:
    """Each table's count, replayed from its verified journal, one table at a time."""
    for table in tables:
        lines = journal_lines(files[f"{table.folder}/journal.jsonl"])
        next(lines)  # the election setup
        yield journal_count(table.setup, lines)


def _check_versions(document: dict[str, Any], tables: list[TableSheet]) -> None:
    """Each table's export of a version the consolidation's own could hold: Station
    0.2.0 consolidated only its own exports."""
    held = consolidation_formats.tables_held(document)
    for table in tables:
        version = table.document.get("format")
        if version not in held:
            raise _Bad(
                f"{table_title(table.label)} ({table.folder}): is a {version} export, which no"
                f" {document['format']} consolidation holds (only {' or '.join(held)})"
            )


def _check_document(document: dict[str, Any], tables: list[TableSheet]) -> None:
    """`tally.json`, brought up the chain of versions to the current one, whole in its
    canonical bytes against the document the tables' sheets give."""
    agent, observers = document.get("agent"), document.get("observers", [])
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
    try:
        stated = consolidation_formats.upgraded(document)
    except consolidation_formats.FormatProblem as problem:
        raise _Bad(f"tally.json: {problem}") from None
    expected = consolidated_document(
        tables,
        str(document["key"]),
        str(document.get("prepared")),  # any other JSON: not what the tables give
        agent if isinstance(agent, str) else None,
        observers,
    )
    if canonical_json(expected) != canonical_json(stated):  # the whole, canonical bytes
        raise _Bad(f"tally.json: {_difference(stated, expected)}")


def _difference(document: dict[str, Any], expected: dict[str, Any]) -> str:
    """Where `tally.json` is not the document the tables' sheets give, in words: a line
    by its number and words, a table's row by the table, a fact by its name, or else
    the first difference by its path (a number of another type: 14.0 for 14)."""
    ballot = FormBallot.of_sheet({**expected, "union": expected["election"]["union"]})
    stated_lines = document.get("lines")
    if not isinstance(stated_lines, dict):
        return "has no lines 1-9"
    for number, value in expected["lines"].items():
        found = stated_lines.get(number)
        if type(found) is not type(value) or found != value:
            return (
                f"line {number} ({line_words(number, ballot)}) says {found};"
                f" the tables' sheets give {value}"
            )
    stated_rows = document["tables"]  # as many as expected: one per table checked
    for stated_row, row in zip(stated_rows, expected["tables"], strict=True):
        for field, value in row.items():
            if stated_row.get(field) != value:
                return (
                    f"{table_title(row['label'])}'s {field} is not what its sheet"
                    f" ({row['folder']}) says"
                )
    for field, value in expected.items():
        if field not in document:
            return f"has no {field}; every {expected['format']} document states it"
        if document.get(field) != value:
            return f"its {field} is not what the tables' sheets give"
    if set(document) != set(expected):
        return "holds facts that no consolidation has"
    return first_difference(document, expected, gives="the tables' sheets give") or _NOT_THE_SUM


_NOT_THE_SUM = "is not the sum of the tables' sheets"
