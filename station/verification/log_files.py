"""An export's `log/`: the election's log as static c2sp.org/tlog-tiles files, built and
checked from `journal.jsonl` in one pass.

The leaves are the lines of `journal.jsonl` without their newline (`merkle`); the files
are those `tiles.tiles` and `tiles.entry_bundles` lay out, plus `checkpoint`, the
station's signed checkpoint of the whole journal (`checkpoints`). Everything but the
checkpoint is a function of `journal.jsonl`, which the manifest covers, and the
checkpoint carries its own signature by the export's key: so `log/` is not listed in
the manifest, and a verifier recomputes every file of it byte for byte.

`LogBuilder` reads the lines once and never holds them: a tile or bundle is handed out
as soon as it is whole, and the root is kept as the hashes of the complete subtrees on
its right edge (one per bit of the size). A verifier hands each file, as it comes, to
the comparison with the folder's (`LogCheck`), so a journal of a million events is
checked without its tree in memory. It gives the same bytes as `tiles.tiles` over a
`merkle.Tree` (the tests hold the two equal).
"""

import base64
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from station.verification.checkpoints import BadHead, read_head
from station.verification.merkle import EMPTY_ROOT, leaf_hash, node_hash
from station.verification.signed_note import SignatureCheck
from station.verification.tiles import (
    CHECKPOINT,
    MAX_ENTRY_BYTES,
    TILE_WIDTH,
    TileError,
    bundle,
    tile_path,
)

LOG = "log"  # the folder of an export that holds the log, its prefix in tlog-tiles' words

Emit = Callable[[str, bytes], None]
"""Given each file of the log as it is complete: (its path under `log/`, its bytes)."""


def too_long_statement(line_number: int, length: int) -> str:
    """Why a journal cannot be laid out as a tlog (an entry's length is two bytes)."""
    return (
        f"line {line_number:,} of journal.jsonl is {length:,} bytes; a tlog entry bundle"
        f" holds at most {MAX_ENTRY_BYTES:,}"
    )


class LogBuilder:
    """The tiles and entry bundles of a log, leaf by leaf, and its root at the end."""

    def __init__(self, emit: Emit) -> None:
        self._emit = emit
        self._entries: list[bytes] = []
        self._levels: list[list[bytes]] = [[]]  # tile level -> hashes of its open tile
        self._tiles_done: list[int] = [0]  # tile level -> full tiles handed out
        self._edge: list[tuple[int, bytes]] = []  # (leaves, hash) of the right edge
        self.size = 0

    def add(self, leaf: bytes) -> None:
        """Add the next entry; raises TileError for one longer than a bundle holds."""
        if len(leaf) > MAX_ENTRY_BYTES:
            raise TileError(too_long_statement(self.size + 1, len(leaf)))
        hashed = leaf_hash(leaf)
        self.size += 1
        self._entries.append(leaf)
        if len(self._entries) == TILE_WIDTH:
            self._emit(tile_path("entries", self._tiles_done[0]), bundle(self._entries))
            self._entries = []
        self._add_hash(0, hashed)
        self._edge.append((1, hashed))
        while len(self._edge) > 1 and self._edge[-1][0] == self._edge[-2][0]:
            (count, left), (_, right) = self._edge[-2], self._edge[-1]
            self._edge[-2:] = [(2 * count, node_hash(left, right))]

    def _add_hash(self, level: int, hashed: bytes) -> None:
        if level == len(self._levels):
            self._levels.append([])
            self._tiles_done.append(0)
        hashes = self._levels[level]
        hashes.append(hashed)
        if len(hashes) == TILE_WIDTH:
            self._emit(tile_path(level, self._tiles_done[level]), b"".join(hashes))
            self._tiles_done[level] += 1
            self._levels[level] = []
            self._add_hash(level + 1, _full_tile_root(hashes))

    def finish(self) -> bytes:
        """Hand out the partial tiles and bundle; the root of the whole tree."""
        if self._entries:
            n = self._tiles_done[0]
            self._emit(tile_path("entries", n, len(self._entries)), bundle(self._entries))
        for level, hashes in enumerate(self._levels):
            if hashes:
                self._emit(tile_path(level, self._tiles_done[level], len(hashes)), b"".join(hashes))
        if not self._edge:
            return EMPTY_ROOT
        root = self._edge[-1][1]
        for _, left in reversed(self._edge[:-1]):
            root = node_hash(left, root)
        return root


def _full_tile_root(hashes: list[bytes]) -> bytes:
    """MTH of a full tile's 256 hashes: the subtree one hash of the level above stands for."""
    while len(hashes) > 1:
        hashes = [node_hash(hashes[i], hashes[i + 1]) for i in range(0, len(hashes), 2)]
    return hashes[0]


def log_files(leaves: Iterable[bytes]) -> tuple[dict[str, bytes], bytes, int]:
    """Every tile and bundle of the log of `leaves` by its path under `log/`, the root,
    and the size (the checkpoint is the signer's). Raises TileError for a leaf too long."""
    files: dict[str, bytes] = {}
    builder = LogBuilder(files.__setitem__)
    for leaf in leaves:
        builder.add(leaf)
    root = builder.finish()
    return files, root, builder.size


class LogProblem(ValueError):
    """What is wrong with an export's `log/`, in one line."""


class LogCheck:
    """An export's `log/` held to what its journal gives, file by file, as the builder
    hands each out: the first file that differs is kept (`problem`), the rest of the
    journal still read, so that a journal's own fault is named first by its step."""

    def __init__(self, paths: Collection[str], read: Callable[[str], bytes]) -> None:
        """`paths`: the files the folder's `log/` holds, by their path in it; `read`
        gives one's bytes (read when compared, and only then)."""
        self._given = set(paths)
        self._read = read
        self._seen: set[str] = set()
        self.problem: str | None = None
        self._builder = LogBuilder(self._compare)

    def add(self, leaf: bytes) -> None:
        if self.problem is not None:
            return
        try:
            self._builder.add(leaf)
        except TileError as error:
            self.problem = str(error)

    def _compare(self, path: str, data: bytes) -> None:
        self._seen.add(path)
        if self.problem is not None:
            return
        if path not in self._given:
            self.problem = f"{LOG}/{path} is missing"
        elif self._read(path) != data:
            self.problem = f"{LOG}/{path} is not what journal.jsonl gives (it was changed)"

    def finish(self) -> tuple[bytes, int]:
        """The root and size of the journal's tree; raises LogProblem for the first
        file that differs, is missing or is one too many."""
        root = self._builder.finish()
        if self.problem is not None:
            raise LogProblem(self.problem)
        extra = sorted(self._given - self._seen - {CHECKPOINT})
        if extra:
            more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
            raise LogProblem(f"{LOG}/{extra[0]}{more} is not part of the log journal.jsonl gives")
        return root, self._builder.size


@dataclass(frozen=True, slots=True)
class CheckedCheckpoint:
    """`log/checkpoint`, checked: its signed text and signature lines, as written."""

    note: str
    size: int
    root: bytes


def check_checkpoint(
    data: bytes | None,
    origin: str,
    raw_public_key: bytes,
    size: int,
    root: bytes,
    signature_holds: SignatureCheck,
) -> CheckedCheckpoint:
    """`log/checkpoint` is the checkpoint of the journal's tree: its origin the
    election's, its size the number of lines, its root the one recomputed, signed by
    the export's key under the origin's name. Raises LogProblem."""
    where = f"{LOG}/{CHECKPOINT}"
    if data is None:
        raise LogProblem(f"{where} is missing")
    try:
        note = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LogProblem(f"{where}: is not a checkpoint (not UTF-8)") from None
    try:
        head = read_head(note, raw_public_key, origin, signature_holds)
    except BadHead as bad:
        raise LogProblem(f"{where}: {bad}") from None
    if head.size != size:
        raise LogProblem(
            f"{where}: is of {head.size:,} entries, but journal.jsonl has {size:,} lines"
        )
    if bytes.fromhex(head.root) != root:
        stated = base64.b64encode(bytes.fromhex(head.root)).decode()
        raise LogProblem(
            f"{where}: its root {stated} is not the root of journal.jsonl's lines"
            f" ({base64.b64encode(root).decode()})"
        )
    return CheckedCheckpoint(note, head.size, root)
