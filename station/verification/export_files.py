"""The files of an export folder, their names and the most Station ever writes of each.

Shared by the writer (`station.sheet.export`) and the verification core.
"""

import re

from station.journal import bounded_json
from station.verification.signed_note import MAX_NOTE_BYTES
from station.verification.tiles import CHECKPOINT, MAX_ENTRY_BYTES, TILE_WIDTH

EXPORT_FORMAT = "station-export-v1"
DATA_FILES = ("tally.pdf", "tally.json", "journal.jsonl")
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
ALL_FILES = (*DATA_FILES, MANIFEST, SIGNATURE)
LOG_FOLDER = "log"  # the log as c2sp.org/tlog-tiles files (`station.verification.log_files`)
STAGING_PREFIX = ".station-export-"
STAGING_NAME = re.compile(re.escape(STAGING_PREFIX) + "[0-9a-f]{8}")  # token_hex(4)

# The largest file of each kind that Station writes is far below these; a larger one is
# refused before it is read (so a manifest of gigabytes costs nothing). A reader hands the
# core at most one byte more than the limit, so that "larger" can still be said.
MAX_SIZES = {
    MANIFEST: 64 * 1024,
    SIGNATURE: 1024,
    "tally.json": 1 << 20,
    "tally.pdf": 64 << 20,
}
MAX_LINE = bounded_json.MAX_DETAIL_CHARS + 4096  # a line of journal.jsonl: a detail and more


def log_limit(path: str) -> int:
    """The most Station writes of a file under `log/` (`path` relative to it): a
    checkpoint is a signed note, a bundle 256 entries of at most 65,535 bytes each with
    its length, a tile 256 hashes."""
    if path == CHECKPOINT:
        return MAX_NOTE_BYTES
    if path.startswith("tile/entries/"):
        return TILE_WIDTH * (2 + MAX_ENTRY_BYTES)
    return TILE_WIDTH * 32


def is_staging(name: str) -> bool:
    """Whether `name` is that of a staging folder of an export (perhaps one a power cut
    interrupted: the next export sweeps it away once it is old)."""
    return STAGING_NAME.fullmatch(name) is not None
