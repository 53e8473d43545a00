"""JSON read from a file, bounded: no text Station reads can exhaust the stack or memory.

Python's `json` parser recurses once per level of nesting, so a detail of ten thousand
`[` in an event (or in an export's `manifest.json`) raised RecursionError wherever it
was read: `verify`, `tally`, `log`, opening, the dashboard. Station never writes
anything nested more than a few levels deep, or larger than a few kilobytes per event,
so `loads` refuses, as a ValueError like any other malformed JSON, text over a size or
nesting that no Station wrote. The size is checked first, then the nesting, then the
text is parsed.

`canonical_detail` is the one form in which Station writes an event's detail (and the
form its hash covers): sorted keys, each once, compact, ASCII. Anything else in a file
(a key given twice, which readers resolve differently) was not written by Station.
"""

import json
import re

MAX_DEPTH = 32  # Station's deepest JSON (a frozen count's register) is a handful of levels
MAX_DETAIL_CHARS = 1 << 20  # an event's detail: a sheet's facts are a few kilobytes
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)


class TooLarge(ValueError):
    """JSON text larger or more deeply nested than any Station writes."""


def nesting(text: str) -> int:
    """How deeply the arrays and objects of a JSON text nest (outside its strings)."""
    depth = deepest = 0
    for char in _STRINGS.sub("", text):
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def loads(
    text: str | bytes, *, max_chars: int = MAX_DETAIL_CHARS, max_depth: int = MAX_DEPTH
) -> object:
    """`json.loads`, refusing (TooLarge, a ValueError) text larger or deeper than allowed."""
    if len(text) > max_chars:
        raise TooLarge(f"larger than {max_chars:,} characters")
    if isinstance(text, bytes):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError too
    # Counting brackets costs nothing; only text with many of them is looked at closely.
    if text.count("[") + text.count("{") > max_depth and nesting(text) > max_depth:
        raise TooLarge(f"nested more than {max_depth} levels deep")
    return json.loads(text)


def canonical_detail(value: object) -> str:
    """An event's detail as Station writes it (and hashes it)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def is_canonical_detail(text: str) -> bool:
    """Whether a stored detail is a JSON object exactly in the form Station writes."""
    try:
        value = loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and canonical_detail(value) == text
