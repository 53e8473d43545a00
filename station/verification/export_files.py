"""The files of an export folder, their names and the most Station ever writes of each.

Shared by the writer (`station.sheet.export`) and the verification core.
"""

import re

from station.journal import bounded_json

EXPORT_FORMAT = "station-export-v1"
DATA_FILES = ("tally.pdf", "tally.json", "journal.jsonl")
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
ALL_FILES = (*DATA_FILES, MANIFEST, SIGNATURE)
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


def is_staging(name: str) -> bool:
    """Whether `name` is that of a staging folder of an export (perhaps one a power cut
    interrupted: the next export sweeps it away once it is old)."""
    return STAGING_NAME.fullmatch(name) is not None
