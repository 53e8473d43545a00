"""The hash chain: how the election setup and each event are turned into bytes and hashed.

Canonical form, version 1 (documented so that anyone can re-implement the check):

* setup: the UTF-8 JSON object of the setup fields (`SETUP_FIELDS`, plus
  `OPTIONAL_SETUP_FIELDS` that are not null) with sorted keys, no insignificant white
  space and non-ASCII kept as is; its SHA-256 is the *setup hash*, which the first
  event chains to. (Optional fields came later: leaving out a null one keeps the
  hashes of files made before them.)
* event: the fields `seq, utc, mono_ns, session, action, call, target, detail,
  prev_hash` as decimal or text, absent values as the empty string, joined by the
  unit separator U+001F and preceded by "station-event-v1"; its SHA-256 is the event's
  hash. No field can contain U+001F: text fields are validated and `detail` is JSON,
  which escapes control characters.
* snapshot of the count: see `snapshot_digest`.
"""

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the other processes of a check import this module: keep it light
    from station.domain.choices import Ballot

SEPARATOR = "\x1f"
# Hex digits of a head hash shown for people to write down and accepted back from them
# (`verify --head`): 64 bits. Eight digits were matched by a rewritten count in minutes
# on two cores, twelve are within reach of rented GPUs.
HEAD_DIGITS = 16
EVENT_PREFIX = "station-event-v1"
SETUP_FIELDS = (
    "format",
    "election_id",
    "created_utc",
    "case_number",
    "employer",
    "union_name",
    "eligible",
    "ballots",
    "agent",
)
# Schema version 3: the pile size (0: no pile checks); m006_table_label: the table's label;
# m007_ballot_choices: the ballot, as sorted compact JSON text, when it is not one union
# and Neither; m008_mail_ballots: a mail ballot's flag (1) and the hash of its voter list
# (`voters.voters_hash`); m009_mail_rules: a mail ballot's rules (`MAIL_RULES`) and its
# voting at the polls (1). Each is null otherwise, and then left out of the setup hash.
OPTIONAL_SETUP_FIELDS = (
    "pile",
    "table_label",
    "ballot",
    "mail",
    "voters_hash",
    "mail_rules",
    "polls",
)


def ballot_text(ballot: "Ballot") -> str:
    """The ballot as the setup row stores (and hashes) it."""
    return json.dumps(ballot.details(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def setup_hash(setup: Mapping[str, object]) -> str:
    """SHA-256 (hex) of the canonical form of the election setup row."""
    fields = {field: setup[field] for field in SETUP_FIELDS}
    for field in OPTIONAL_SETUP_FIELDS:
        if setup.get(field) is not None:
            fields[field] = setup[field]
    canonical = json.dumps(
        fields,
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def event_hash(
    seq: int,
    utc: str,
    mono_ns: int,
    session: int,
    action: str,
    call: str | None,
    target: int | None,
    detail: str | None,
    prev_hash: str,
) -> str:
    """SHA-256 (hex) of the canonical form of one event, which includes the previous hash."""
    canonical = SEPARATOR.join(
        (
            EVENT_PREFIX,
            str(seq),
            utc,
            str(mono_ns),
            str(session),
            action,
            call or "",
            "" if target is None else str(target),
            detail or "",
            prev_hash,
        )
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


SNAPSHOT_PREFIX = "station-snapshot-v1"


def snapshot_digest(seq: int, event_hash: str, summary: str, done: bytes, undone: bytes) -> str:
    """SHA-256 (hex) of a snapshot of the count, tied to the event it was folded up to.

    The bytes hashed are "station-snapshot-v1", `seq`, `event_hash` and the summary's
    UTF-8, joined by U+001F, then the length of `done` in decimal, U+001F, `done`,
    and the same for `undone`. A station seals this digest with its own secret
    (`seal.py`) to know the snapshots it may start from.
    """
    digest = hashlib.sha256(
        SEPARATOR.join((SNAPSHOT_PREFIX, str(seq), event_hash, summary, "")).encode("utf-8")
    )
    for stack in (done, undone):
        digest.update(f"{len(stack)}{SEPARATOR}".encode())
        digest.update(stack)
    return digest.hexdigest()
