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


def lone_surrogate(value: object) -> tuple[str, bool, str] | None:
    """Where a parsed JSON value holds a lone surrogate, which is no text at all.

    JSON may escape one (`"\\ud800"`); Python reads it into a string that cannot be
    written as UTF-8, so whatever compares, hashes or prints it would fail. Returns the
    path to it (`sheet.observers[0].name`, keys in sorted order), whether it is in a key
    of the object at that path, and the surrogate as escaped (`\\ud800`); or None.
    """
    found = _surrogate_at(value, [])
    if found is None:
        return None
    path, in_key, char = found
    where = "".join(path)
    return where[1:] if where.startswith(".") else where, in_key, f"\\u{ord(char):04x}"


def _surrogate_at(value: object, path: list[str]) -> tuple[list[str], bool, str] | None:
    if isinstance(value, str):
        char = next((c for c in value if "\ud800" <= c <= "\udfff"), None)
        return None if char is None else (path, False, char)
    inner: list[tuple[str, object]] = []
    if isinstance(value, dict):
        for key in sorted(value):
            char = next((c for c in key if "\ud800" <= c <= "\udfff"), None)
            if char is not None:
                return path, True, char
            found = _surrogate_at(value[key], [*path, f".{key}"])
            if found is not None:
                return found
    elif isinstance(value, list):
        inner = [(f"[{index}]", item) for index, item in enumerate(value)]
    for step, item in inner:
        found = _surrogate_at(item, [*path, step])
        if found is not None:
            return found
    return None
