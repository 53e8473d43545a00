"""The log as static files, the way c2sp.org/tlog-tiles lays them out.

- `checkpoint`: the signed checkpoint;
- `tile/<L>/<N>[.p/<W>]`: tile N of level L, 256 hashes (partial: W < 256); a hash of
  level 0 is a leaf hash, a hash of level L the root of 256**L leaves;
- `tile/entries/<N>[.p/<W>]`: the entries of level-0 tile N, each as a big-endian uint16
  length and the entry's bytes (the lines of journal.jsonl, without their newline).

N is written in groups of three digits, all but the last with an `x` (1234067 is
`x001/x234/067`). Every path here is relative to the log's prefix: `log/` in an export,
`/log/` on `station serve`.
"""

from collections.abc import Sequence

from station.verification.merkle import HASH_SIZE, Tree

TILE_HEIGHT = 8
TILE_WIDTH = 1 << TILE_HEIGHT
MAX_ENTRY_BYTES = 0xFFFF  # an entry bundle writes each length in two bytes
CHECKPOINT = "checkpoint"


class TileError(ValueError):
    """A tile or bundle that cannot be, or a path that names none (one line)."""


def index_path(n: int) -> str:
    """A tile index as path elements: 1234067 -> x001/x234/067."""
    digits = str(n)
    digits = "0" * (-len(digits) % 3) + digits
    groups = [digits[i : i + 3] for i in range(0, len(digits), 3)]
    return "/".join([*("x" + g for g in groups[:-1]), groups[-1]])


def tile_path(level: int | str, n: int, width: int = TILE_WIDTH) -> str:
    """`tile/<L>/<N>[.p/<W>]`; level "entries" for an entry bundle."""
    partial = "" if width == TILE_WIDTH else f".p/{width}"
    return f"tile/{level}/{index_path(n)}{partial}"


def tiles(tree: Tree, size: int) -> dict[str, bytes]:
    """Every hash tile of the tree's first `size` leaves, full and partial, by path."""
    found: dict[str, bytes] = {}
    level = 0
    while size >> (TILE_HEIGHT * level):
        hashes = tree.levels[TILE_HEIGHT * level] if TILE_HEIGHT * level < len(tree.levels) else []
        count = size >> (TILE_HEIGHT * level)  # complete subtrees of 256**level leaves
        for n in range(0, count, TILE_WIDTH):
            width = min(TILE_WIDTH, count - n)
            found[tile_path(level, n // TILE_WIDTH, width)] = b"".join(hashes[n : n + width])
        level += 1
    return found


def entry_bundles(entries: Sequence[bytes]) -> dict[str, bytes]:
    """The entry bundles of a log whose entries are `entries`, by path."""
    found: dict[str, bytes] = {}
    for n in range(0, len(entries), TILE_WIDTH):
        part = entries[n : n + TILE_WIDTH]
        found[tile_path("entries", n // TILE_WIDTH, len(part))] = bundle(part)
    return found


def bundle(entries: Sequence[bytes]) -> bytes:
    out = bytearray()
    for entry in entries:
        if len(entry) > MAX_ENTRY_BYTES:
            raise TileError(
                f"an entry of {len(entry):,} bytes: a tlog entry bundle holds at most"
                f" {MAX_ENTRY_BYTES:,}"
            )
        out += len(entry).to_bytes(2, "big") + entry
    return bytes(out)


def read_bundle(data: bytes) -> list[bytes]:
    """The entries of a bundle; raises TileError on one that does not parse."""
    entries: list[bytes] = []
    at = 0
    while at < len(data):
        if at + 2 > len(data):
            raise TileError("an entry bundle cut inside an entry's length")
        length = int.from_bytes(data[at : at + 2], "big")
        if at + 2 + length > len(data):
            raise TileError("an entry bundle cut inside an entry")
        entries.append(data[at + 2 : at + 2 + length])
        at += 2 + length
    return entries


def read_tile(data: bytes) -> list[bytes]:
    if not data or len(data) % HASH_SIZE or len(data) > TILE_WIDTH * HASH_SIZE:
        raise TileError(f"a tile of {len(data):,} bytes is not 1 to 256 hashes")
    return [data[i : i + HASH_SIZE] for i in range(0, len(data), HASH_SIZE)]


def parse_tile_path(path: str) -> tuple[int | str, int, int]:
    """(level or "entries", N, width) of a `tile/...` path; raises TileError."""
    parts = path.split("/")
    if len(parts) < 3 or parts[0] != "tile":
        raise TileError(f"not a tile path: {path}")
    level_text, rest = parts[1], parts[2:]
    width = TILE_WIDTH
    if len(rest) >= 2 and rest[-2].endswith(".p"):
        width_text = rest[-1]
        if not width_text.isdigit() or str(int(width_text)) != width_text:
            raise TileError(f"not a tile path: {path}")
        width = int(width_text)
        rest = [*rest[:-2], rest[-2][:-2]]
        if not 1 <= width < TILE_WIDTH:
            raise TileError(f"not a tile path: {path}")
    groups = [g[1:] for g in rest[:-1]] + [rest[-1]]
    if any(not g.startswith("x") for g in rest[:-1]) or any(
        len(g) != 3 or not g.isdigit() for g in groups
    ):
        raise TileError(f"not a tile path: {path}")
    n = int("".join(groups))
    if index_path(n) != "/".join(rest):
        raise TileError(f"not a tile path: {path}")
    if level_text == "entries":
        return "entries", n, width
    if not level_text.isdigit() or str(int(level_text)) != level_text or int(level_text) > 63:
        raise TileError(f"not a tile path: {path}")
    return int(level_text), n, width
