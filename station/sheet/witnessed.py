"""What the witnesses cosigned, taken onto the sheet the agent signs.

`station serve --witness` keeps each checkpoint it sent and the cosignatures returned in
`<election file>.cosigned` (`station.journal.cosigned`). When a sheet is prepared, the
checkpoint of the log as the sheet certifies it (tree size head + 1) with the most
cosignatures is read from there and recorded in the `sign` event, as the `witnessed`
fact, once checked as `verify` will check it (`station.verification.witnessed`): its
origin is the election's, its size the head's + 1, its root the root of the export's
journal lines to the head, its station signature this station's key's. A checkpoint that
is not (another history, another election, another key) is not recorded, and said.
"""

import time
from dataclasses import dataclass

from station.journal import Journal
from station.journal.cosigned import (
    CosignedError,
    cosigned_checkpoint,
    cosigned_path,
    cosigners,
)
from station.sheet.document import journal_lines
from station.sheet.keys import signature_holds_raw
from station.verification.checkpoints import origin_of
from station.verification.merkle import Tree
from station.verification.witnessed import WitnessedProblem, cosigned_note, witnesses


@dataclass(frozen=True, slots=True)
class Cosigned:
    """The `witnessed` fact to record at the head, or None and why there is none.

    Attributes:
        fact: the cosigned checkpoint, as the sheet records it, or None.
        statement: one line for whoever signs: how many witnesses cosigned, or why
            none of their cosignatures is on the sheet.
    """

    fact: str | None
    statement: str


def cosigned_at_head(
    journal: Journal, raw_public_key: bytes, root: bytes | None = None
) -> Cosigned:
    """The checkpoint of the journal at its head with the witnesses' cosignatures, checked
    against the journal and this station's key (`raw_public_key`); `root`, the tree's
    root at the head when the caller has it already (`head_root`)."""
    setup = journal.election.setup
    origin = origin_of(setup.case_number, journal.election.election_id)
    head = journal.head_seq
    size = head + 1
    try:
        note = cosigned_checkpoint(journal.path, origin, size)
    except CosignedError as error:
        return Cosigned(None, not_witnessed_statement(head, str(error)))
    if note is None:
        return Cosigned(None, not_witnessed_statement(head))
    if root is None:
        root = head_root(journal)
    try:
        fact = cosigned_note(
            note,
            origin=origin,
            size=size,
            root=root,
            raw_public_key=raw_public_key,
            holds=signature_holds_raw,
        )
    except WitnessedProblem as problem:
        why = str(problem).removeprefix("its witnessed checkpoint")
        return Cosigned(None, not_witnessed_statement(head, f"the cosigned checkpoint{why}"))
    found = witnesses(fact)
    if not found:
        return Cosigned(None, not_witnessed_statement(head))
    return Cosigned(fact, witnessed_statement(head, [w.name for w in found]))


def head_root(journal: Journal) -> bytes:
    """The root of the log's tree at the journal's head: its lines as the export writes
    them, the setup's first."""
    return Tree(line[:-1] for line in journal_lines(journal, journal.head_seq)).root()


# `station serve` sees a new event within 25 ms, signs its checkpoint within a quarter of
# a second and each witness answers within a round trip: a few seconds is ample, and
# short enough that an agent with no witness running waits for nothing noticeable.
WITNESS_WAIT_S = 5.0


def cosigned_at_head_waiting(
    journal: Journal, raw_public_key: bytes, wait_s: float = WITNESS_WAIT_S
) -> Cosigned:
    """`cosigned_at_head`, waiting up to `wait_s` for the witnesses to cosign the head
    when `station serve` keeps their cosignatures for this file: `station sign` opens a
    session of its own, an event no witness has seen until serve sends it."""
    path = cosigned_path(journal.path)
    if not path.exists():
        return cosigned_at_head(journal, raw_public_key)
    setup = journal.election.setup
    try:  # every witness that has cosigned this count before, or at least one
        expected = max(
            1, cosigners(path, origin_of(setup.case_number, journal.election.election_id))
        )
    except CosignedError:
        expected = 1
    root = head_root(journal)  # the head does not move while this waits
    deadline = time.monotonic() + wait_s
    while True:
        cosigned = cosigned_at_head(journal, raw_public_key, root)
        if len(witnesses(cosigned.fact)) >= expected or time.monotonic() >= deadline:
            return cosigned
        time.sleep(0.1)


def not_witnessed_statement(head: int, why: str | None = None) -> str:
    """What the sign dialog and `station sign` say when no cosignature is on the sheet."""
    said = f"No witness had cosigned the log at event {head:,}; the sheet carries no cosignature"
    return said if why is None else f"{said} ({why})"


def witnessed_statement(head: int, names: list[str]) -> str:
    """What they say when the witnesses' cosignatures are on the sheet."""
    count = "1 witness" if len(names) == 1 else f"{len(names)} witnesses"
    return f"Cosigned by {count} at event {head:,}: {', '.join(names)}; on the sheet"
