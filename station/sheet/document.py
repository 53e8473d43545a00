"""The exported sheet's facts (`tally.json`) and the journal beside it (`journal.jsonl`).

Canonical form of `tally.json` (format "station-tally-v2"; the versions and how an
older one is read: `station.verification.formats`): one UTF-8 JSON object with
sorted keys, no insignificant white space, non-ASCII characters kept as they are, and
one final newline. Its keys:

* `format`: "station-tally-v2";
* `election`: `election_id`, `setup_hash`, `case`, `employer`, `union`, `eligible`,
  `ballots`, `agent` (as set up before the count), and `table` (the table's label) for
  one table of a count run at several tables;
* `sheet_event`: `seq` and `hash` of the journal's SIGN event that prepared the sheet;
* `sheet`: that event's detail, exactly: `kind`, `title`, `revision`, `supersedes`,
  `head` (`seq`, `hash`: the last event certified), `counted`, `ballots`, `lines`
  ("1".."9": numbers for lines 1-7, true/false for lines 8 and 9), `statements`
  ("8", "9": the sentences printed), `case`, `employer`, `union`, `agent`,
  `observers` (`party`, `name`), `place`, `count_date`, `prepared`, `key` (the
  signing key's fingerprint), and `witnessed` (the log's checkpoint at the head, cosigned
  by the parties' witnesses) when a witness had cosigned it.

`journal.jsonl` has one JSON object per line: first `{"election": {...}}` with the
stored setup row (hashed as `station.journal.chain` says), then every event up to and
including the sheet's SIGN event, with the fields `seq, utc, mono_ns, session, action,
call, target, detail, prev_hash, hash` exactly as stored (`detail` as its JSON text).
"""

from collections.abc import Iterator

from station.journal import Journal
from station.verification.document import canonical_json, event_line


def journal_lines(journal: Journal, last_seq: int) -> Iterator[bytes]:
    """The lines of `journal.jsonl`: the setup row, then events 1 to `last_seq`."""
    yield canonical_json({"election": journal.election.row})
    for row in journal.rows(1, last_seq):
        yield event_line(row)
