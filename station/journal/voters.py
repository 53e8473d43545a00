"""A mail-ballot election's voter list, stored beside its setup and covered by its hash.

Each voter is a row of the `voters` table (position, id, name, the other columns as
canonical JSON), written in the transaction that writes the setup and never changed
after (triggers, `schema.VOTER_GUARDS`). The setup row holds `voters_hash`, so the
setup hash, to which the first event chains, covers the list: the SHA-256 of the
lines `station-voters-v1`, then one canonical JSON array `[id, name, [[column,
value], ...]]` per voter in the list's order, each line ending in a newline.
"""

import hashlib
import json
import sqlite3
from typing import TYPE_CHECKING

from sqlite_utils import Database

from station.domain.voters import Voter, VoterList
from station.journal.errors import CorruptJournal

if TYPE_CHECKING:
    from station.journal.store import Journal

_PREFIX = "station-voters-v1\n"
# One encoder each, made once: json.dumps with options builds a new encoder per call,
# which was most of the time `station new` and the envelope window took on a long list.
_LINE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
_EXTRA = json.JSONEncoder(ensure_ascii=False).encode


def _line(voter: Voter) -> str:
    return _LINE([voter.id, voter.name, [list(pair) for pair in voter.extra]]) + "\n"


def voters_hash(voters: VoterList) -> str:
    """The hash the setup row stores for this list."""
    digest = hashlib.sha256(_PREFIX.encode())
    voter_list = voters.voters
    for start in range(0, len(voter_list), 10_000):  # the same bytes, hashed in blocks
        block = voter_list[start : start + 10_000]
        digest.update("".join(map(_line, block)).encode("utf-8"))
    return digest.hexdigest()


def store_voters(db: Database, voters: VoterList) -> None:
    """Write the list (inside the transaction that writes the setup)."""
    db.conn.executemany(
        "INSERT INTO voters (position, voter_id, name, extra) VALUES (?, ?, ?, ?)",
        (
            (
                position,
                voter.id,
                voter.name,
                _EXTRA([list(pair) for pair in voter.extra]) if voter.extra else None,
            )
            for position, voter in enumerate(voters.voters, start=1)
        ),
    )


def load_voters(conn: sqlite3.Connection, expected_hash: str | None, where: object) -> VoterList:
    """The stored list, checked against the setup's hash (CorruptJournal if it differs)."""
    try:
        rows = conn.execute(
            "SELECT position, voter_id, name, extra FROM voters NOT INDEXED ORDER BY position"
        ).fetchall()
    except sqlite3.Error as error:
        raise CorruptJournal(f"{where}: the voter list cannot be read ({error})") from None
    voters: list[Voter] = []
    columns: tuple[str, ...] = ()
    read: dict[str, tuple[tuple[str, str], ...]] = {}  # voters often share their columns
    try:
        for _position, voter_id, name, extra in rows:
            pairs = read.get(extra, ()) if extra else ()
            if extra and not pairs:
                pairs = read[extra] = tuple((str(k), str(v)) for k, v in json.loads(extra))
            columns = columns or tuple(k for k, _ in pairs)
            voters.append(Voter(str(voter_id), str(name), pairs))
    except (TypeError, ValueError):
        raise CorruptJournal(f"{where}: the voter list was altered") from None
    voter_list = VoterList.of(tuple(voters), columns)
    if expected_hash is None or voters_hash(voter_list) != expected_hash:
        raise CorruptJournal(
            f"{where}: the voter list was altered (it does not match the election setup)"
        )
    return voter_list


def voter_list_problem(journal: "Journal") -> str | None:
    """What is wrong with a mail election's voter list, or with a ruling's voter, if anything.

    `verify` asks it: the list must match the setup's hash (which the chain covers), and
    every ruling of a listed voter (and every envelope received after the tally) must name
    a voter on that list.
    """
    setup = journal.election.setup
    stored_hash = journal.election.row.get("voters_hash")
    if not setup.mail:
        return None
    try:
        voters = load_voters(
            journal.connection, stored_hash if isinstance(stored_hash, str) else None, journal.path
        )
    except CorruptJournal as error:
        return str(error).removeprefix(f"{journal.path}: ")
    rows = journal.connection.execute(
        "SELECT seq, detail FROM events NOT INDEXED"
        " WHERE action IN ('envelope', 'after_tally') ORDER BY seq"
    )
    for seq, detail in rows:
        try:
            voter, group = (json.loads(detail).get(key) for key in ("voter", "group"))
        except (TypeError, ValueError, AttributeError):
            continue  # the replay names what is wrong with the event itself
        if voter is not None and voters.get(str(voter)) is None:
            return f"event {seq}: rules the envelope of voter {voter!r}, who is not on the list"
        listed = None if voter is None else voters.group_of(str(voter))
        if voter is not None and group is not None and group != listed:
            # Its ballot would be counted in another group's pile than its voter's.
            return (
                f"event {seq}: rules the envelope of voter {voter!r} in group {group!r};"
                f" the voter list puts them in group {listed!r}"
            )
    return None
