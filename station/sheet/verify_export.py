"""Checking an exported sheet with nothing but its folder (and, optionally, a fingerprint).

What is decided is the verification core's (`station.verification.export_check`): this
reads the folder for it, each file no further than Station ever writes it, and hands it
the `cryptography` package's check of the signature.
"""

import contextlib
import os
from collections import ChainMap
from collections.abc import Collection, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, BinaryIO, cast

from station.progress import Progress
from station.sheet.keys import signature_holds_raw
from station.verification import export_check
from station.verification.export_check import ExportVerdict, SignedFolderProblem
from station.verification.export_files import (
    ALL_FILES,
    LOG_FOLDER,
    MANIFEST,
    MAX_SIZES,
    SIGNATURE,
    is_staging,
    log_limit,
)
from station.verification.signed_note import Vkey

__all__ = [
    "ExportVerdict",
    "FolderFiles",
    "SignedFolderProblem",
    "extra_entry",
    "signed_json",
    "signed_manifest",
    "verify_export",
]


def verify_export(
    folder: Path,
    *,
    expected_key: str | None = None,
    progress: Progress | None = None,
    witness_keys: Sequence[Vkey] = (),
) -> ExportVerdict:
    """Check the export in `folder` (`export_check.check_export` says what is checked).

    `progress`, if given, follows the check of `journal.jsonl` (events checked, in all);
    `witness_keys`: the witnesses' keys given, each cosignature of `log/checkpoint`
    under one's name and key ID held to it.
    """
    if not folder.is_dir():
        return ExportVerdict(False, f"{folder}: is not a folder")
    journal = folder / "journal.jsonl"
    try:
        with contextlib.ExitStack() as stack:
            files: dict[str, export_check.Bytes] = {
                name: _read(folder / name)
                for name in ALL_FILES
                if name != journal.name and (folder / name).is_file()
            }
            if journal.is_file():
                files[journal.name] = _FileView(stack.enter_context(journal.open("rb")))
            log, strays = _log_entries(folder)
            return export_check.check_export(
                # A view of both: the log's files read only when compared.
                ChainMap(files, cast("dict[str, export_check.Bytes]", log)),
                signature_holds=signature_holds_raw,
                others=sorted([*_other_entries(folder), *strays]),
                leftovers=_leftovers(folder),
                expected_key=expected_key,
                progress=progress,
                witness_keys=witness_keys,
            )
    except OSError as error:
        return ExportVerdict(False, f"{error.filename}: cannot be read ({error.strerror})")


def extra_entry(folder: Path) -> str | None:
    """What an export folder holds besides what Station wrote, in words, or None
    (`export_check.others_problem`)."""
    return export_check.others_problem(_other_entries(folder), _leftovers(folder))


def _other_entries(folder: Path) -> list[str]:
    """The folder's entries that are not an export's files (nor its `log` folder), each
    by its name, a staging folder's by the first name in it, in the order of their names."""
    others = sorted(
        (
            entry
            for entry in folder.iterdir()
            if entry.name not in ALL_FILES and not _log_folder(entry)
        ),
        key=lambda e: e.name,
    )
    return [_entry_name(entry) for entry in others]


def _log_folder(entry: Path) -> bool:
    return entry.name == LOG_FOLDER and entry.is_dir() and not entry.is_symlink()


def _log_entries(folder: Path) -> tuple["_LogFiles", list[str]]:
    """The regular files under `log/` (read when the check asks, each bounded), and
    whatever else is there (a link, a device), each by its path in the folder. An
    empty folder inside is not seen, as a browser does not see one."""
    found: list[str] = []
    strays: list[str] = []
    log = folder / LOG_FOLDER
    if _log_folder(log):
        for root, folders, names in os.walk(log):
            here = Path(root)
            for name in [*folders, *names]:
                path = here / name
                relative = path.relative_to(folder).as_posix()
                if path.is_symlink() or not (path.is_dir() or path.is_file()):
                    strays.append(relative)
                elif path.is_file():
                    found.append(relative)
    return _LogFiles(folder, found), strays


class _LogFiles(Mapping[str, bytes]):
    """Files under `log/`, by their path in the folder, each read (no further than
    one byte past `log_limit`) only when the check asks for it."""

    def __init__(self, folder: Path, names: Collection[str]) -> None:
        self._folder = folder
        self._names = sorted(names)

    def __getitem__(self, name: str) -> bytes:
        if name not in self._names:
            raise KeyError(name)
        limit = log_limit(name[len(LOG_FOLDER) + 1 :])
        with (self._folder / name).open("rb") as file:
            return file.read(limit + 1)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def _leftovers(folder: Path) -> list[str]:
    """The folder's staging folders of an interrupted export (not links under the name)."""
    return [entry.name for entry in folder.iterdir() if _staging(entry)]


def _staging(entry: Path) -> bool:
    """Whether `entry` is a staging folder of an export (not a link under its name)."""
    return is_staging(entry.name) and not entry.is_symlink() and entry.is_dir()


def _entry_name(entry: Path) -> str:
    """An entry of the folder by its name, a staging folder's by the first name in it."""
    if not _staging(entry):
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
        raise SignedFolderProblem(f"{folder}: is not a folder", "V1")
    files = {
        name: _read(folder / name) for name in (MANIFEST, SIGNATURE) if (folder / name).is_file()
    }
    return export_check.signed_manifest(files, expected_key, manifest_format, signature_holds_raw)


def signed_json(folder: Path, name: str) -> dict[str, Any]:
    """A JSON file of a signed folder, read bounded and held to its canonical form."""
    return export_check.signed_json(_read(folder / name), name)


class FolderFiles(Mapping[str, export_check.Bytes]):
    """Files of a folder by their path in it ("tables/table-A/tally.json"), each read
    only when the verification core asks for it, as an export's are read: no further
    than `MAX_SIZES` allows for its name, a `journal.jsonl` a window at a time. A file
    the core never asks for (one that is not part of the folder, say) is never opened.

    Use it as a context manager: the journals opened are closed on leaving it.
    """

    def __init__(self, folder: Path, names: Collection[str]) -> None:
        self._folder = folder
        self._names = set(names)
        self._read: dict[str, export_check.Bytes] = {}
        self._open = contextlib.ExitStack()

    def __getitem__(self, name: str) -> export_check.Bytes:
        if name not in self._names:
            raise KeyError(name)
        if name not in self._read:
            path = self._folder / name
            if path.name == "journal.jsonl":
                self._read[name] = _FileView(self._open.enter_context(path.open("rb")))
            else:
                self._read[name] = _read(path)
        return self._read[name]

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._names))

    def __len__(self) -> int:
        return len(self._names)

    def __enter__(self) -> "FolderFiles":
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._open.close()


class _FileView:
    """A long file read as `bytes` are (`export_check.Bytes`), a window at a time, so
    that a huge `journal.jsonl` (a signed one from a stolen key, say) is hashed and
    refused without ever being held whole."""

    _WINDOW = 8 << 20  # more than a line of journal.jsonl may be (`MAX_LINE`)

    def __init__(self, file: BinaryIO) -> None:
        self._file = file
        self._size = os.fstat(file.fileno()).st_size
        self._start = 0
        self._data = b""

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, span: slice, /) -> bytes:
        start, stop, _ = span.indices(self._size)
        offset = self._window(start, stop)
        return self._data[offset : offset + max(stop - start, 0)]

    def find(self, sub: bytes, start: int, end: int, /) -> int:
        offset = self._window(start, min(end, self._size))
        found = self._data.find(sub, offset, offset + max(min(end, self._size) - start, 0))
        return -1 if found < 0 else found - offset + start

    def _window(self, start: int, stop: int) -> int:
        """Where byte `start` is in the window, once the window holds `start` to `stop`
        (or what the file still has of them)."""
        if not (self._start <= start and stop <= self._start + len(self._data)):
            self._file.seek(start)
            self._data = self._file.read(max(stop - start, self._WINDOW))
            self._start = start
        return start - self._start


def _read(path: Path) -> bytes:
    """A file, read no further than one byte past the most Station writes of its kind
    (`MAX_SIZES`), so that a larger one is refused without being read whole (and a
    small one costs no more memory than it has bytes)."""
    limit = MAX_SIZES.get(path.name)
    with path.open("rb") as file:
        if limit is None:
            return file.read()
        blocks: list[bytes] = []
        left = limit + 1
        while left > 0 and (block := file.read(min(left, _BLOCK))):
            blocks.append(block)
            left -= len(block)
        return b"".join(blocks)


_BLOCK = 1 << 20
