"""Checking an exported sheet with nothing but its folder (and, optionally, a fingerprint).

What is decided is the verification core's (`station.verification.export_check`): this
reads the folder for it, each file no further than Station ever writes it, and hands it
the `cryptography` package's check of the signature.
"""

from pathlib import Path
from typing import Any

from station.progress import Progress
from station.sheet.keys import signature_holds_raw
from station.verification import export_check
from station.verification.export_check import ExportVerdict, SignedFolderProblem
from station.verification.export_files import ALL_FILES, MANIFEST, MAX_SIZES, SIGNATURE, is_staging

__all__ = [
    "ExportVerdict",
    "SignedFolderProblem",
    "extra_entry",
    "signed_json",
    "signed_manifest",
    "verify_export",
]


def verify_export(
    folder: Path, *, expected_key: str | None = None, progress: Progress | None = None
) -> ExportVerdict:
    """Check the export in `folder` (`export_check.check_export` says what is checked).

    `progress`, if given, follows the check of `journal.jsonl` (events checked, in all).
    """
    if not folder.is_dir():
        return ExportVerdict(False, f"{folder}: is not a folder")
    try:
        files = {name: _read(folder / name) for name in ALL_FILES if (folder / name).is_file()}
        others = _other_entries(folder)
    except OSError as error:
        return ExportVerdict(False, f"{error.filename}: cannot be read ({error.strerror})")
    return export_check.check_export(
        files,
        signature_holds=signature_holds_raw,
        others=others,
        expected_key=expected_key,
        progress=progress,
    )


def extra_entry(folder: Path) -> str | None:
    """What an export folder holds besides what Station wrote, in words, or None
    (`export_check.others_problem`)."""
    return export_check.others_problem(_other_entries(folder))


def _other_entries(folder: Path) -> list[str]:
    """The folder's entries that are not an export's files, each by its name, a
    staging folder's by the first name in it, in the order of their names."""
    others = sorted(
        (entry for entry in folder.iterdir() if entry.name not in ALL_FILES), key=lambda e: e.name
    )
    return [_entry_name(entry) for entry in others]


def _entry_name(entry: Path) -> str:
    """An entry of the folder by its name, a staging folder's by the first name in it."""
    if not is_staging(entry.name) or entry.is_symlink() or not entry.is_dir():
        return entry.name
    inside = sorted(inner.name for inner in entry.iterdir())
    return f"{entry.name}/{inside[0]}" if inside else entry.name


def signed_manifest(
    folder: Path, expected_key: str | None, manifest_format: str
) -> tuple[dict[str, Any], str]:
    """The manifest of a folder Station signed, and the fingerprint of the key that did.

    The same checks as an export's (`export_check.signed_manifest`), for other folders
    Station signs (a consolidation of several tables' exports).
    """
    if not folder.is_dir():
        raise SignedFolderProblem(f"{folder}: is not a folder")
    files = {
        name: _read(folder / name) for name in (MANIFEST, SIGNATURE) if (folder / name).is_file()
    }
    return export_check.signed_manifest(files, expected_key, manifest_format, signature_holds_raw)


def signed_json(folder: Path, name: str) -> dict[str, Any]:
    """A JSON file of a signed folder, read bounded and held to its canonical form."""
    return export_check.signed_json(_read(folder / name), name)


def _read(path: Path) -> bytes:
    """A file, read no further than one byte past the most Station writes of its kind
    (`MAX_SIZES`), so that a larger one is refused without being read whole."""
    limit = MAX_SIZES.get(path.name)
    with path.open("rb") as file:
        return file.read() if limit is None else file.read(limit + 1)
