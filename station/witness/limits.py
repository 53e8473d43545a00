"""How large one answer of the feed can be: `station serve` keeps to it, and every
follower refuses an answer larger, before reading it whole.

The events of one answer stop at `BATCH` events, or before the one that would take
them past `PAGE_BYTES`; one event alone always goes, and no event is larger than
`MAX_EVENT_BYTES`, which `PAGE_BYTES` exceeds. The heads of one answer stop before
`HEAD_BYTES`. With the answer's frame and the station's problem, if any, that makes
`MAX_ANSWER`: a follower that has read more than it without the answer ending is not
reading a Station feed. The live page reads it from here (station/verifier/live_entry.py).
"""

from station.journal.bounded_json import MAX_DETAIL_CHARS

BATCH = 2000  # events in one answer at most
# An event as a line: its detail (ASCII, at most MAX_DETAIL_CHARS) quoted as a JSON
# string, which at most doubles it, and the other fields, each a few dozen bytes.
MAX_EVENT_BYTES = 2 * MAX_DETAIL_CHARS + 4096
PAGE_BYTES = 4 << 20  # the events of one answer; a real count's 2,000 take half a MiB
HEAD_BYTES = 1 << 20  # the heads of one answer; a thousand heads take a third of a MiB
MAX_ANSWER = PAGE_BYTES + HEAD_BYTES + (1 << 20)  # 6 MiB: with the frame, the problem


def within(items: list[bytes], budget: int) -> list[bytes]:
    """The first of `items` whose bytes, a comma after each, fit in `budget`; the first
    one always, whatever its size."""
    used = 0
    for n, item in enumerate(items):
        used += len(item) + 1
        if used > budget and n > 0:
            return items[:n]
    return items
