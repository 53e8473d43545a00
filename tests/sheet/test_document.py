"""journal.jsonl: each event's line is the canonical JSON of its stored fields."""

import pytest

from station.journal.records import EVENT_FIELDS
from station.verification.document import canonical_json, event_line

H = "ab" * 32
ROWS = [
    (1, "2022-03-25T14:00:00.000001+00:00", 12, 1, "open", None, None, '{"station":"0.3"}', H, H),
    (2, "2022-03-25T14:00:01+00:00", 13, 1, "call", "for", None, None, H, H),
    (3, "t", 14, 1, "amend", None, 2, '{"note":"caf\u00e9 \\"quoted\\" \\\\ \u2014 \u0007"}', H, H),
    (4, "t", 15, 1, "undo", "challenge", 3, None, H, H),
    # Not as Station writes: the line must still be exactly what json gives.
    (5, 2022, "15", 1, "call", "for", "x", None, H, H),
    (6, "t", 16, 1, "call", b"for", None, 1.5, H, None),
    (7, "line\nbreak\u2028", -1, 10**30, "\u00e9", "", 0, "", H, H),
]


@pytest.mark.parametrize("row", ROWS)
def test_an_event_line_is_the_canonical_json_of_its_fields(row: tuple[object, ...]) -> None:
    if any(isinstance(value, bytes) for value in row):
        with pytest.raises(TypeError):
            canonical_json(dict(zip(EVENT_FIELDS, row, strict=True)))
        with pytest.raises(TypeError):
            event_line(row)
        return
    assert event_line(row) == canonical_json(dict(zip(EVENT_FIELDS, row, strict=True)))
