"""Checking a consolidation (`station consolidate`'s folder) with nothing but the folder.

What is decided is the verification core's
(`station.verification.consolidation_check`): this lists the folder for it (every file,
folder and anything else, at any depth, following no link), reads each file it asks for
no further than Station ever writes it, and hands it the `cryptography` package's check
of a signature.
"""

import os
from pathlib import Path

from station.sheet.keys import signature_holds_raw
from station.sheet.verify_export import FolderFiles
from station.verification.consolidation_check import (
    ConsolidationVerdict,
    check_consolidation,
    is_consolidation_manifest,
)
from station.verification.export_files import MANIFEST

__all__ = ["ConsolidationVerdict", "is_consolidation", "verify_consolidation"]


def is_consolidation(folder: Path) -> bool:
    """Whether `folder` claims to be a consolidation (its manifest says so)."""
    try:
        with FolderFiles(folder, [MANIFEST]) as read:
            return is_consolidation_manifest(read[MANIFEST][0 : len(read[MANIFEST])])
    except OSError:
        return False


def verify_consolidation(folder: Path, *, expected_key: str | None = None) -> ConsolidationVerdict:
    """Check the consolidation in `folder` (`consolidation_check` says what is checked)."""
    if not folder.is_dir():
        return ConsolidationVerdict(False, f"{folder}: is not a folder")
    try:
        files, folders, others = _entries(folder)
        with FolderFiles(folder, files) as read:
            return check_consolidation(
                read,
                signature_holds=signature_holds_raw,
                folders=folders,
                others=others,
                expected_key=expected_key,
                folder=str(folder),
            )
    except OSError as error:
        return ConsolidationVerdict(False, f"{error.filename}: cannot be read ({error.strerror})")


def _entries(folder: Path) -> tuple[list[str], list[str], list[str]]:
    """The folder's regular files, its folders and everything else (links, devices),
    each by its path in it, at any depth; a link is never followed."""
    files: list[str] = []
    folders: list[str] = []
    others: list[str] = []
    pending = [""]
    while pending:
        inside = pending.pop()
        with os.scandir(folder / inside) as entries:
            for entry in entries:
                name = f"{inside}/{entry.name}" if inside else entry.name
                if entry.is_symlink():
                    others.append(name)
                elif entry.is_dir(follow_symlinks=False):
                    folders.append(name)
                    pending.append(name)
                elif entry.is_file(follow_symlinks=False):
                    files.append(name)
                else:
                    others.append(name)
    return files, folders, others
