"""Exporting a prepared sheet: a folder of files that anyone can check without Station's file.

The folder holds `tally.pdf`, `tally.json` and `journal.jsonl`, then `manifest.json`
(the SHA-256 of each, the signing key's public half and fingerprint) and
`manifest.sig` (the station key's Ed25519 signature over the manifest's bytes, base64),
and `log/`: the journal as a static transparency log (c2sp.org/tlog-tiles), its
tiles and entry bundles, and `log/checkpoint` signed by the same key
(`station.verification.log_files` says why the manifest need not list them).

Everything is built in memory, written under temporary names, flushed to disk, and only
then given its final names, so a full disk or a crash never leaves a half-written file;
an existing file is never overwritten.
"""

import base64
import contextlib
import errno
import hashlib
import os
import secrets
import shutil
from dataclasses import dataclass
from pathlib import Path

from station.domain import Count, Sheet
from station.domain.words import english
from station.files import create_new, flush, fsync_folder, sweep_stale
from station.journal import Journal
from station.journal.cosigned import CosignedError, cosigned_checkpoint
from station.journal.records import Record
from station.paths import path_problem
from station.progress import EVERY, Progress
from station.sheet.checkpoint_signing import raw_key, sign_head, utc_now
from station.sheet.document import journal_lines
from station.sheet.keys import StationKey, public_key_text, signature_holds_raw
from station.verification.checkpoints import BadHead, origin_of, read_head
from station.verification.document import canonical_json, tally_document
from station.verification.export_files import (
    ALL_FILES,
    EXPORT_FORMAT,
    MANIFEST,
    SIGNATURE,
    STAGING_NAME,
    STAGING_PREFIX,
    is_staging,
)
from station.verification.log_files import LOG, log_files, too_long_statement
from station.verification.tiles import CHECKPOINT, MAX_ENTRY_BYTES

PAPERS = ("letter", "a4")
STALE_AFTER_S = 600
PDF_STEPS = 1  # drawing the sheet counts as one step of an export's progress


class ExportError(Exception):
    """The sheet could not be exported; nothing was left behind (one-line message)."""


@dataclass(frozen=True)
class Exported:
    """What was written."""

    folder: Path
    sheet: Sheet
    fingerprint: str


def choose_sheet(count: Count, seq: int | None) -> Sheet:
    """The latest sheet prepared, or the one whose SIGN event is `seq`."""
    if not count.sheets:
        raise ExportError("no tally sheet has been prepared yet (`station sign`)")
    if seq is None:
        return count.sheets[-1]
    for sheet in count.sheets:
        if sheet.seq == seq:
            return sheet
    known = ", ".join(str(sheet.seq) for sheet in count.sheets)
    raise ExportError(f"no tally sheet was prepared at event {seq} (sheets: {known})")


@english
def export_sheet(
    journal: Journal,
    count: Count,
    folder: Path,
    key: StationKey,
    *,
    sheet_seq: int | None = None,
    paper: str = "letter",
    progress: Progress | None = None,
) -> Exported:
    """Write the signed export of a prepared sheet into `folder`.

    Args:
        journal: the open election file; `count` is its replayed count.
        folder: created if missing; if it exists, none of the export's files may.
        key: the station key; it must be the key the sheet names.
        sheet_seq: the SIGN event of the sheet to export (default: the latest).
        paper: "letter" or "a4".
        progress: called now and then with (steps done, steps in all): one step per
            event written, and the PDF.
    """
    if paper not in PAPERS:
        raise ExportError(f"unknown paper size {paper!r} (letter or a4)")
    problem = path_problem(folder)  # before the work: a name this computer cannot hold
    if problem is not None:
        raise ExportError(problem)
    sheet = choose_sheet(count, sheet_seq)
    sign = journal.record(sheet.seq)
    assert sign is not None
    named_key = sign.details().get("key")
    if named_key != key.fingerprint:
        raise ExportError(
            f"the sheet names signing key {named_key}, but this station's key is"
            f" {key.fingerprint}; export it on the station that prepared it"
        )
    files = build_files(journal, sign, key, paper, progress)
    write_folder(folder, files)
    if progress is not None:
        progress(sign.seq + PDF_STEPS, sign.seq + PDF_STEPS)
    return Exported(folder, sheet, key.fingerprint)


@english
def build_files(
    journal: Journal,
    sign: Record,
    key: StationKey,
    paper: str,
    progress: Progress | None = None,
) -> dict[str, bytes]:
    """The export's files, in memory, manifest and signature included."""
    from station.sheet.pdf import render_pdf  # Qt, loaded only when a PDF is drawn

    steps = sign.seq + PDF_STEPS
    lines: list[bytes] = []
    for index, line in enumerate(journal_lines(journal, sign.seq)):
        lines.append(line)
        if progress is not None and index % EVERY == 0:
            progress(index, steps)
    _refuse_long_lines(lines)
    document = tally_document(journal.election, sign)
    pdf = render_pdf(document, paper)
    if progress is not None:
        progress(steps - 1, steps)  # the files are written last
    files = {
        "tally.pdf": pdf,
        "tally.json": canonical_json(document),
        "journal.jsonl": b"".join(lines),
    }
    manifest = canonical_json(
        {
            "format": EXPORT_FORMAT,
            "case": document["sheet"]["case"],
            "sheet_event": document["sheet_event"],
            "files": {name: hashlib.sha256(data).hexdigest() for name, data in files.items()},
            "public_key": public_key_text(key.public_key),
            "key": key.fingerprint,
        }
    )
    files[MANIFEST] = manifest
    files[SIGNATURE] = base64.b64encode(key.sign(manifest)) + b"\n"
    return {**files, **_log(journal, lines, key)}


def _log(journal: Journal, lines: list[bytes], key: StationKey) -> dict[str, bytes]:
    """`log/`: the tiles and bundles of the journal's lines, and its checkpoint.

    The checkpoint is the one `station serve` had its parties' witnesses cosign at that
    very size, when the cosignatures file holds one that the station's key signed over
    this root; otherwise one signed now.
    """
    leaves = [line[:-1] for line in lines]
    files, root, size = log_files(leaves)
    election = journal.election
    origin = origin_of(election.setup.case_number, election.election_id)
    note = _cosigned(journal, origin, size, root, key)
    if note is None:
        note = sign_head(key, origin, size - 1, root.hex(), utc_now()).note
    files[CHECKPOINT] = note.encode()
    return {f"{LOG}/{path}": data for path, data in files.items()}


def _cosigned(journal: Journal, origin: str, size: int, root: bytes, key: StationKey) -> str | None:
    """The cosigned checkpoint of this size kept beside the election file, if the
    station's signature on it holds and its root is this journal's."""
    try:
        note = cosigned_checkpoint(journal.path, origin, size)
        if note is None:
            return None
        head = read_head(note, raw_key(key.public_key), origin, signature_holds_raw)
    except (CosignedError, BadHead):
        return None
    return note if head.root == root.hex() and head.size == size else None


def write_folder(folder: Path, files: dict[str, bytes]) -> None:
    """Put `files` into `folder` all at once, or leave nothing behind.

    A name may hold folders ("log/tile/0/000"): they are made in the staging folder, and
    each top entry (a file, or the `log` folder whole) is given its name in one step.
    """
    tops = sorted(dict.fromkeys(name.split("/")[0] for name in files), key=_signature_last)
    try:
        if folder.exists() and not folder.is_dir():
            raise ExportError(f"{folder}: is a file, not a folder")
        taken = [name for name in tops if (folder / name).exists()]
        if taken:
            raise ExportError(
                f"{folder}: already holds {', '.join(taken)}; Station never overwrites"
                " an export (choose a new folder)"
            )
        if not folder.parent.is_dir():
            raise ExportError(f"{folder.parent}: no such folder")
        new_folder = not folder.exists()
        others = [] if new_folder else _other_entries(folder)
        if others:
            # `verify FOLDER` fails on any file beside the signed ones: an export
            # never lands among someone's files.
            raise ExportError(
                f"{folder}: already holds {', '.join(others[:3])}"
                f"{' and more' if len(others) > 3 else ''}; an export folder holds only"
                " what Station writes (choose a new or empty folder)"
            )
        home = folder.parent if new_folder else folder
        _remove_stale_staging(home)
        # A short name, so that a folder name near the file system's limit still works.
        staging = home / f"{STAGING_PREFIX}{secrets.token_hex(4)}"
        staging.mkdir(mode=0o755)
    except OSError as error:
        raise ExportError(f"{folder}: cannot be written ({error.strerror})") from None
    placed: list[Path] = []
    made: list[Path] = []  # folders made inside the staging folder, outermost first
    try:
        for name, data in files.items():
            _make_parents(staging, name, made)
            _write_durably(staging / name, data)
        for inner in reversed(made):
            fsync_folder(inner)
        fsync_folder(staging)
        if new_folder:
            os.rename(staging, folder)  # the whole folder appears at once
            fsync_folder(folder.parent)
            return
        for name in tops:  # signature last: without it the folder is plainly unfinished
            if name == SIGNATURE:
                # Every other name durable first: a power cut may otherwise keep the
                # signature's name and lose another's, a finished-looking folder.
                fsync_folder(folder)
            _place(staging / name, folder / name)
            placed.append(folder / name)
        fsync_folder(folder)
    except FileExistsError:
        _undo(placed)
        raise ExportError(
            f"{folder}: a file of the same name appeared; nothing was written"
        ) from None
    except OSError as error:
        _undo(placed)
        reason = "the disk is full" if error.errno == errno.ENOSPC else error.strerror
        raise ExportError(f"{folder}: could not be written ({reason}); nothing was left") from None
    finally:
        if staging.exists():
            for name in files:
                with contextlib.suppress(OSError):
                    (staging / name).unlink(missing_ok=True)
            for inner in reversed(made):
                with contextlib.suppress(OSError):
                    inner.rmdir()
            with contextlib.suppress(OSError):
                staging.rmdir()


def _signature_last(name: str) -> bool:
    return name == SIGNATURE


def _make_parents(staging: Path, name: str, made: list[Path]) -> None:
    """Make the folders `name` is in, inside the staging folder, noting each made."""
    parts = name.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        inner = staging.joinpath(*parts[:depth])
        if inner not in made:
            inner.mkdir(mode=0o755, exist_ok=True)
            made.append(inner)


def _place(source: Path, target: Path) -> None:
    """Give a finished file (or the finished `log` folder) its name, never over an
    existing one."""
    if source.is_dir():
        if target.exists() or target.is_symlink():
            raise FileExistsError(target)
        os.rename(source, target)
        return
    try:
        os.link(source, target)  # fails if the name is taken, atomically
    except FileExistsError:
        raise
    except OSError:
        # FAT and exFAT (USB sticks) have no hard links.
        if target.exists():
            raise FileExistsError(target) from None
        os.rename(source, target)


def _other_entries(folder: Path) -> list[str]:
    """What `folder` holds besides an export's files and Station's staging folders."""
    return sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.name not in ALL_FILES and not is_staging(entry.name)
    )


def _remove_stale_staging(folder: Path) -> None:
    """Remove what an export interrupted by a crash or power cut left half-written.

    Only a staging folder of Station's own (see `sweep_stale`): never through a link
    someone planted under its name, never any file but an export's.
    """
    sweep_stale(folder, STAGING_NAME, older_than_s=STALE_AFTER_S, inside=ALL_FILES, trees=(LOG,))


def _write_durably(path: Path, data: bytes) -> None:
    fd = create_new(path, 0o644)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        flush(fd)
    finally:
        os.close(fd)


def _undo(placed: list[Path]) -> None:
    for path in placed:
        with contextlib.suppress(OSError):
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path)  # the `log` folder this export placed a moment ago
            else:
                path.unlink()


def _refuse_long_lines(lines: list[bytes]) -> None:
    """A line longer than a tlog entry bundle holds (an entry's length is two bytes)
    cannot be in `log/`: refused before anything is drawn or written.

    Station writes no such line (a sheet's facts are a few kilobytes); a detail may be
    up to `bounded_json.MAX_DETAIL_CHARS` characters, so the journal could hold one."""
    for index, line in enumerate(lines):
        if len(line) - 1 > MAX_ENTRY_BYTES:
            raise ExportError(
                f"{too_long_statement(index + 1, len(line) - 1)}; nothing was written"
            )
