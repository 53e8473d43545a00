"""Holding a station to what a witness saw: `verify FOLDER|FILE --witness FILE`.

The witness file is checked first as any record is: its events by the one path every
journal is verified by (`journal.verify.verify_records`: chain, types, rules of the
count, sheets), each head signed by the expected key, for this election, in order
(never a replayed older head), its root recomputed from the witness's own lines (the
Merkle tree of the setup and its events up to the head's).

Then the history verified (an export's `journal.jsonl`, or an election file) must hold
every witnessed head, in order: the root of a head at event S within it must be the root
of its own lines up to S; a head beyond its end (a count that went on after an exported
sheet) is held only if the history's whole tree is the witness's own tree of that size
(the export is the beginning of what was witnessed). The first head that fails is
named: a rewritten count, a cut tail or a history forked after the witness saw it all
fail there.
"""

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from station.journal import JournalError
from station.journal.chain import HEAD_DIGITS
from station.journal.records import EVENT_FIELDS, Record, election_from_row
from station.journal.stream_check import verify_records
from station.sheet.keys import KeyProblem, fingerprint, load_public_key
from station.verification.document import canonical_json, event_line
from station.verification.merkle import Tree
from station.witness.heads import BadHead, Head, follows, origin_of, read_head
from station.witness.store import WitnessFile, WitnessFileError


@dataclass(frozen=True)
class WitnessVerdict:
    """What `verify --witness` found.

    Attributes:
        ok: every witnessed head is held, in order.
        problem: the first thing wrong (one line), or None.
        heads: how many signed heads the witness holds.
        last: the last witnessed head, when there is one.
        beyond: witnessed heads after the history's end (the count went on): not held
            by the history, which only leads up to them.
        key: the fingerprint the heads are signed with.
        end: the history's last event.
    """

    ok: bool
    problem: str | None = None
    heads: int = 0
    last: Head | None = None
    beyond: int = 0
    key: str | None = None
    end: int = 0


class _Bad(Exception):
    pass


def verify_witness(
    path: Path,
    *,
    setup_hash: str,
    history: Tree,
    expected_key: str | None,
) -> WitnessVerdict:
    """Check the witness file at `path` against a verified history.

    Args:
        setup_hash: the history's election setup hash.
        history: the Merkle tree of its lines (the setup, then each event: `log_tree`).
        expected_key: the fingerprint the heads must be signed with (the export's key,
            or one written down), or None to take the witness file's own.
    """
    try:
        with WitnessFile.open(path, read_only=True) as witness:
            return _verify(witness, setup_hash, history, expected_key)
    except WitnessFileError as error:
        return WitnessVerdict(False, str(error))
    except _Bad as bad:
        return WitnessVerdict(False, f"{path.name}: {bad}")


def _verify(
    witness: WitnessFile,
    setup_hash: str,
    history: Tree,
    expected_key: str | None,
) -> WitnessVerdict:
    last_seq = history.size - 1
    row = witness.election_row()
    try:
        election = election_from_row(row, witness.path.name)
        public_key: Ed25519PublicKey = load_public_key(witness.meta.get("public_key", ""))
    except (JournalError, KeyProblem) as error:
        raise _Bad(f"is damaged ({error})") from None
    key = fingerprint(public_key)
    if election.setup_hash != setup_hash:
        raise _Bad(f"witnessed another election (case {election.setup.case_number})")
    if expected_key is not None and key != expected_key:
        raise _Bad(f"its heads are signed by key {key}, not by the expected key {expected_key}")
    records = list(witness.records())
    verdict = verify_records(election, records)
    if not verdict.ok:
        raise _Bad(f"the events the witness kept are not intact: {verdict.problem}")
    own = log_tree(row, (event_line(_row(record)) for record in records))
    origin = origin_of(election.setup.case_number, election.election_id)
    heads: list[Head] = []
    for seq, root, time, note in witness.stored_heads():
        try:
            head = read_head(note, public_key, origin)
        except BadHead as bad:
            raise _Bad(f"head {len(heads) + 1}: {bad}") from None
        if (seq, root, time) != (head.seq, head.root, head.time):  # recomputed, not trusted
            raise _Bad(
                f"head {len(heads) + 1}: its stored event number, root or time is not what"
                " its signed note says"
            )
        replay = follows(heads[-1] if heads else None, head)
        if replay:
            raise _Bad(replay)
        if head.size > own.size or own.root(head.size).hex() != head.root:
            raise _Bad(f"the head at event {head.seq:,} does not match the events it kept")
        heads.append(head)
    if not heads:
        raise _Bad("holds no signed head: there is nothing to hold the station to")
    beyond = 0
    for head in heads:
        if head.seq <= last_seq:
            held = history.root(head.size).hex() == head.root
        else:
            held = own.size >= history.size and own.root(history.size) == history.root()
            beyond += 1
        if not held:
            return WitnessVerdict(
                False,
                f"lacks the head the witness saw signed at event {head.seq:,}"
                f" (root {head.root[:HEAD_DIGITS]}, signed {head.time}): a history other"
                " than the one witnessed",
                len(heads),
                head,
                key=key,
            )
    return WitnessVerdict(True, None, len(heads), heads[-1], beyond, key, last_seq)


def log_tree(setup_row: dict[str, object], events: Iterable[bytes]) -> Tree:
    """The log's Merkle tree of an election's setup row and its events' lines."""
    tree = Tree([canonical_json({"election": setup_row}).rstrip(b"\n")])
    for line in events:
        tree.append(line.rstrip(b"\n"))
    return tree


def export_history(folder: Path) -> tuple[str, Tree]:
    """The setup hash and the log's tree of an export's `journal.jsonl`, read after
    `verify_export` found it intact (its lines are the leaves, exactly as written)."""
    with (folder / "journal.jsonl").open("rb") as lines:
        first = lines.readline()
        tree = Tree([first.rstrip(b"\n")])
        for line in lines:
            tree.append(line.rstrip(b"\n"))
    return str(json.loads(first)["election"]["setup_hash"]), tree


def _row(record: Record) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in EVENT_FIELDS)
