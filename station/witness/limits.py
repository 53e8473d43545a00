"""How large one answer of the feed can be: `station serve` keeps to it, and every
follower refuses an answer larger, before reading it whole.

The events of one answer stop at `BATCH` events, or before the one that would take
them past `PAGE_BYTES`; one event alone always goes, and no event is larger than
`MAX_EVENT_BYTES`, which `PAGE_BYTES` exceeds. The heads of one answer stop before
`HEAD_BYTES`. With the newest head, the answer's frame and the station's problem, that makes
`MAX_ANSWER`: a follower that has read more than it without the answer ending is not
reading a Station feed. The live page reads it from here (station/verifier/live_entry.py).
"""

from station.journal.bounded_json import MAX_DETAIL_CHARS
from station.verification.signed_note import MAX_NOTE_BYTES

BATCH = 2000  # events in one answer at most
# An event as a line: its detail (ASCII, at most MAX_DETAIL_CHARS) quoted as a JSON
# string, which at most doubles it, and the other fields, each a few dozen bytes.
MAX_EVENT_BYTES = 2 * MAX_DETAIL_CHARS + 4096
PAGE_BYTES = 4 << 20  # the events of one answer; a real count's 2,000 take half a MiB
# The heads of one answer: a thousand of the station's own take a third of a MiB. A head
# carrying cosignatures is larger (20 post-quantum ones, ~3.3 kB a line, make ~67 kB):
# fifteen of those go in one answer and the rest come in the next, which asks for the
# heads after the last one received; one head alone always goes.
HEAD_BYTES = 1 << 20
# 7 MiB: the events, the heads, `newest_head` (one signed note, at most MAX_NOTE_BYTES
# as a JSON string, which a note's few newlines barely lengthen), the frame, the problem.
MAX_ANSWER = PAGE_BYTES + HEAD_BYTES + MAX_NOTE_BYTES + (1 << 20)


def within(items: list[bytes], budget: int) -> list[bytes]:
    """The first of `items` whose bytes, a comma after each, fit in `budget`; the first
    one always, whatever its size."""
    used = 0
    for n, item in enumerate(items):
        used += len(item) + 1
        if used > budget and n > 0:
            return items[:n]
    return items
