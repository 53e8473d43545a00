"""The first place two JSON documents differ, in words: what a verifier names when a
signed document is not the one recomputed (an export's `tally.json` from its journal,
a consolidation's from its tables' sheets)."""

import json

from station.domain.tally_sheet import shown_fact


def first_difference(
    stated: object, expected: object, path: str = "", *, gives: str = "the journal gives"
) -> str | None:
    """The first place, in the canonical order of keys (and of a list's items, when both
    lists are as long), where a stated JSON value is not the recomputed one, in words
    (`its sheet.place says …; the journal gives …`), or None.

    `gives` names what the recomputed value comes from ("the tables' sheets give").
    """
    if isinstance(stated, dict) and isinstance(expected, dict):
        for key in sorted(set(stated) | set(expected)):
            where = f"{path}.{key}" if path else key
            if key not in expected:
                return f"its {where} says {shown_fact(stated[key])}; {gives} nothing"
            if key not in stated:
                return f"its {where} says nothing; {gives} {shown_fact(expected[key])}"
            found = first_difference(stated[key], expected[key], where, gives=gives)
            if found is not None:
                return found
        return None
    if isinstance(stated, list) and isinstance(expected, list) and len(stated) == len(expected):
        for index, (mine, theirs) in enumerate(zip(stated, expected, strict=True)):
            found = first_difference(mine, theirs, f"{path}[{index}]", gives=gives)
            if found is not None:
                return found
        return None
    if same(stated, expected):
        return None
    return f"its {path} says {shown_fact(stated)}; {gives} {shown_fact(expected)}"


def same(stated: object, given: object) -> bool:
    """Whether two JSON values are the same, type for type (1 is not 1.0, nor True)."""
    return json.dumps(stated, sort_keys=True) == json.dumps(given, sort_keys=True)
