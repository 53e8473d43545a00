"""Consolidating several tables' signed sheets into one tally (`station consolidate`).

A large unit is counted at several tables at once, each with its own station, file and
signed export (`station export`). A consolidation is a new folder holding:

* `tally.pdf`: the consolidated Tally of Ballots: lines 1-9 on the sums, a table of
  the tables (label, ballots counted, lines 2-7, head hash, signing key) and the
  signature lines;
* `tally.json`: its facts in canonical JSON (format `CONSOLIDATED_FORMAT`, see
  `consolidated_document`);
* `tables/table-LABEL/`: each table's export, copied byte for byte;
* `manifest.json`: the SHA-256 of every file above (by its path in the folder), the
  public key and its fingerprint (format `CONSOLIDATION_FORMAT`);
* `manifest.sig`: this station's Ed25519 signature over `manifest.json` (base64).

Every table's export is copied first, and the copy is what is checked (fully, as
`station verify FOLDER` checks it) and summed, so what the folder holds is exactly what
was verified. The folder is built under a hidden name beside its destination and
renamed into place only once whole: a refusal, a full disk or a crash leaves nothing
under the name asked for.
"""

import base64
import hashlib
import os
import secrets
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from station.domain.description import describe
from station.domain.election import ElectionSetup
from station.domain.table_statements import ONE_TABLE
from station.domain.tally_sheet import Observer, SheetError, clean_name
from station.domain.words import english
from station.files import create_new, flush, fsync_folder
from station.journal.errors import CorruptJournal
from station.paths import path_problem
from station.progress import Progress
from station.sheet.consolidated_election import table_setup, twice_accepted
from station.sheet.keys import StationKey, public_key_text
from station.sheet.verify_export import (
    SignedFolderProblem,
    extra_entry,
    signed_json,
    verify_export,
)
from station.verification.consolidated import (
    CONSOLIDATION_FORMAT,
    REVISED_REFUSAL,
    TABLES_FOLDER,
    ConsolidationError,
    TableSheet,
    a_table,
    consolidated_document,
    listed_files,
    revised,
    unknown_facts,
)
from station.verification.document import canonical_json
from station.verification.export_files import ALL_FILES, MANIFEST, SIGNATURE

STAGING_PREFIX = ".station-consolidation-"


@dataclass(frozen=True)
class Consolidated:
    """What was written."""

    folder: Path
    document: dict[str, Any]
    tables: tuple[TableSheet, ...]


def _times(n: int) -> str:
    """How often an option is given, in plain English: once, twice, 3 times."""
    return {1: "once", 2: "twice"}.get(n, f"{n:,} times")


@english
def consolidate(
    sources: Sequence[Path],
    out: Path,
    key: StationKey,
    *,
    keys: Sequence[str] = (),
    paper: str = "letter",
    progress: Progress | None = None,
    agent: str | None = None,
    observers: Sequence[str] = (),
) -> Consolidated:
    """Verify every table's export in `sources`, sum them, and write the signed `out`.

    Args:
        sources: the tables' export folders, in the order given.
        out: the new folder; it must not exist.
        key: this station's key, which signs the consolidation.
        keys: the fingerprints the tables' exports must be signed by, one per source
            in the same order (none: each table's own key is taken, and named).
        paper: "letter" or "a4".
        progress: called with (tables checked, tables in all).
        agent: the Board agent who certifies the sums, printed under the signature
            line (None: the line is left for a name written by hand).
        observers: "PARTY:NAME" for each observer who certifies the sums, as `station
            sign --observer` takes them (none: the lines are left for names by hand).
    """
    if keys and len(keys) != len(sources):
        raise ConsolidationError(
            f"--key is given {_times(len(keys))} for {len(sources)} folders: give one"
            " fingerprint per folder, in the same order"
        )
    _at_least_two(sources)
    if agent is not None:
        try:
            agent = clean_name(agent, "Board agent")
        except SheetError as error:
            raise ConsolidationError(str(error)) from None
    problem = path_problem(out)
    if problem is not None:
        raise ConsolidationError(problem)
    if out.exists() or out.is_symlink():
        raise ConsolidationError(
            f"{out}: already exists; a consolidation is written into a new folder"
        )
    if not out.parent.is_dir():
        raise ConsolidationError(f"{out.parent}: no such folder")
    for source in sources:
        _an_export(source)
    try:
        staging = out.parent / f"{STAGING_PREFIX}{secrets.token_hex(4)}"
        staging.mkdir(mode=0o755)
    except OSError as error:
        raise ConsolidationError(f"{out}: cannot be written ({error.strerror})") from None
    try:
        tables = _copied_tables(sources, staging, keys, progress)
        named = observer_facts(observers, tables[0].setup)
        # The station's own time and offset: the day the tally issues there is the one
        # printed and the one the parties count the objections deadline from.
        prepared = datetime.now().astimezone().isoformat(timespec="seconds")
        document = consolidated_document(tables, key.fingerprint, prepared, agent, named)
        from station.sheet.consolidate_pdf import render_consolidated_pdf  # Qt: drawing only

        own = {
            "tally.pdf": render_consolidated_pdf(document, paper),
            "tally.json": canonical_json(document),
        }
        for name, data in own.items():
            _write_durably(staging / name, data)
        manifest = canonical_json(
            {
                "format": CONSOLIDATION_FORMAT,
                "case": document["election"]["case"],
                "files": listed_hashes(staging, listed_files(document)),
                "public_key": public_key_text(key.public_key),
                "key": key.fingerprint,
            }
        )
        _write_durably(staging / MANIFEST, manifest)
        _write_durably(staging / SIGNATURE, base64.b64encode(key.sign(manifest)) + b"\n")
        fsync_folder(staging)
        if out.exists() or out.is_symlink():  # made meanwhile: never over it
            raise ConsolidationError(
                f"{out}: already exists; a consolidation is written into a new folder"
            )
        os.rename(staging, out)  # the whole folder appears at once
        fsync_folder(out.parent)
    except OSError as error:
        raise ConsolidationError(
            f"{out}: could not be written ({error.strerror}); nothing was left"
        ) from None
    finally:
        if staging.exists():
            # Our own folder, made just above: everything in it is ours.
            shutil.rmtree(staging, ignore_errors=True)
    return Consolidated(out, document, tuple(tables))


def _at_least_two(sources: Sequence[Path]) -> None:
    """One table's count is part of the election, never its result: refuse to sum it alone."""
    if len(sources) < 2:
        raise ConsolidationError(ONE_TABLE)


def _an_export(source: Path) -> None:
    """Refuse at once what is plainly not one table's export."""
    try:
        if not source.is_dir():
            raise ConsolidationError(
                f"{source}: no such folder (give the folders `station export` wrote)"
            )
        holds_manifest = (source / MANIFEST).is_file()
    except OSError as error:
        raise ConsolidationError(f"{source}: cannot be read ({error.strerror})") from None
    if not holds_manifest:
        raise ConsolidationError(
            f"{source}: is not a folder made by `station export` (it holds no {MANIFEST})"
        )
    if (source / TABLES_FOLDER).is_dir():
        raise ConsolidationError(
            f"{source}: is a consolidation, not one table's export; give the tables' own folders"
        )


def _copied_tables(
    sources: Sequence[Path], staging: Path, keys: Sequence[str], progress: Progress | None
) -> list[TableSheet]:
    """Copy each export into `staging`, then check the copies and the tables together.

    What each sheet says is held against the others first (a kind it cannot sum, an
    interim sheet, another count, a table twice: refused at once, without the long
    check), then every copy is checked fully; only a table whose copy is intact is
    summed, so a sheet that merely claims to be one is never taken.
    """
    tables: list[TableSheet] = []
    copies: list[Path] = []
    (staging / TABLES_FOLDER).mkdir()
    for index, source in enumerate(sources):
        copy = staging / TABLES_FOLDER / f"source-{index}"
        _copy_export(source, copy)
        document = _summable(source, copy)
        manifest_key = _signing_key(source, copy)
        try:
            setup = table_setup(copy)
        except (CorruptJournal, ValueError, OSError):
            raise ConsolidationError(
                f"{source}: NOT INTACT: journal.jsonl does not begin with the election setup"
            ) from None
        tables.append(a_table(str(source), document, manifest_key, tables, setup))
        copies.append(copy)
    for index, (table, copy) in enumerate(zip(tables, copies, strict=True)):
        verdict = verify_export(copy, expected_key=keys[index] if keys else None)
        if not verdict.ok or verdict.key is None:
            raise ConsolidationError(f"{table.source}: NOT INTACT: {verdict.problem}")
        copy.rename(copy.parent / Path(table.folder).name)
        if progress is not None:
            progress(index + 1, len(sources))
    twice = twice_accepted([t.label for t in tables], [staging / t.folder for t in tables])
    if twice is not None:
        raise ConsolidationError(f"refused: {twice}; nothing was written")
    return tables


def _signing_key(source: Path, copy: Path) -> str:
    """The fingerprint the export's manifest names (checked with its signature later)."""
    try:
        key = signed_json(copy, MANIFEST).get("key")
    except SignedFolderProblem as problem:
        raise ConsolidationError(f"{source}: NOT INTACT: {problem}") from None
    if not isinstance(key, str):
        raise ConsolidationError(f"{source}: NOT INTACT: {MANIFEST} names no key")
    return key


def _copy_export(source: Path, copy: Path) -> None:
    """Copy an export's files, refusing a folder holding anything else (as verify does)."""
    problem = extra_entry(source)
    if problem is not None:
        raise ConsolidationError(f"{source}: NOT INTACT: {problem}")
    copy.mkdir()
    for name in ALL_FILES:
        if not (source / name).is_file():
            raise ConsolidationError(f"{source}: NOT INTACT: {name} is missing")
        try:
            data = (source / name).read_bytes()
        except OSError as error:
            raise ConsolidationError(
                f"{source / name}: cannot be read ({error.strerror})"
            ) from None
        _write_durably(copy / name, data)
    fsync_folder(copy)


def _summable(source: Path, copy: Path) -> dict[str, Any]:
    """The table's `tally.json`, if it is a sheet consolidation knows how to sum."""
    try:
        document = signed_json(copy, "tally.json")
    except SignedFolderProblem as problem:
        raise ConsolidationError(f"{source}: NOT INTACT: {problem}") from None
    if revised(document):
        raise ConsolidationError(f"{source}: {REVISED_REFUSAL}; nothing was written")
    unknown = unknown_facts(document)
    if unknown:
        raise ConsolidationError(
            f"{source}: its sheet states {unknown}, which consolidation cannot sum yet"
            " (a kind of tally Station does not consolidate); nothing was written"
        )
    return document


def observer_facts(texts: Sequence[str], setup: ElectionSetup) -> list[dict[str, str]]:
    """The observers named ("Employer:Jane Roe"), as a sheet records them (party id, name)."""
    try:
        parsed = [Observer.parse(text, describe(setup)) for text in texts]
    except SheetError as error:
        raise ConsolidationError(str(error)) from None
    return [{"party": observer.party, "name": observer.name} for observer in parsed]


def listed_hashes(folder: Path, names: Sequence[str]) -> dict[str, str]:
    """The SHA-256 of each named file of `folder`."""
    hashes = {}
    for name in names:
        digest = hashlib.sha256()
        with (folder / name).open("rb") as data:
            for block in iter(lambda: data.read(1 << 20), b""):
                digest.update(block)
        hashes[name] = digest.hexdigest()
    return hashes


def _write_durably(path: Path, data: bytes) -> None:
    fd = create_new(path, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        flush(fd)
    finally:
        os.close(fd)
