"""The voter list of a mail-ballot election (the "Excelsior list"), read from a CSV file.

The list is already in the parties' hands; at the envelope stage each return envelope
is found on it by id or name. It is part of the election's setup: a bad list is refused
whole, in one line naming the line of the file, before any file is made.
"""

from __future__ import annotations

import csv
import io
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from station.domain.election import SetupError

MAX_VOTERS = 1_000_000
GROUP = "group"  # the column naming each voter's voting group
MAX_FIELD = 200


@dataclass(frozen=True, slots=True)
class Voter:
    """One voter on the list.

    Attributes:
        id: the voter's id on the list (unique).
        name: the voter's name as listed.
        extra: the list's other columns, in the file's order (kept and shown).
    """

    id: str
    name: str
    extra: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class VoterList:
    """Every voter, in the list's order, and what finding one as one types needs."""

    voters: tuple[Voter, ...]
    columns: tuple[str, ...] = ()  # the other columns' names, in the file's order
    _by_id: dict[str, Voter] = field(default_factory=dict, compare=False, repr=False)
    _keys: tuple[str, ...] = field(default=(), compare=False, repr=False)
    _positions: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    _index: dict[str, array[int]] = field(default_factory=dict, compare=False, repr=False)
    _names: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, voters: tuple[Voter, ...], columns: tuple[str, ...] = ()) -> VoterList:
        keys = tuple(f"{voter.id}\t{voter.name}".casefold() for voter in voters)
        by_id = {voter.id: voter for voter in voters}
        positions = {voter.id: position for position, voter in enumerate(voters)}
        return cls(voters, columns, by_id, keys, positions)

    def positions_holding(self, gram: str) -> array[int]:
        """The positions of the voters whose id or name holds `gram` (a character or a
        pair), in the list's order.

        Each gram's answer comes from one scan of the list the first time it is asked,
        and is then kept: opening the window costs nothing (indexing every character and
        pair of 200,000 voters up front would take seconds), and a keystroke waits for a
        scan only the first time its rarest gram is met (a few milliseconds per 50,000
        voters).
        """
        found = self._index.get(gram)
        if found is None:
            found = array("i", [p for p, key in enumerate(self._keys) if gram in key])
            self._index[gram] = found
        return found

    def named(self, key: str, read: Callable[[str], str]) -> list[str]:
        """The ids of the voters whose name, read by `read`, is `key` (the names are
        read once, when a write-in first asks: most counts never do)."""
        if not self._names:
            for voter in self.voters:
                self._names.setdefault(read(voter.name), []).append(voter.id)
        return self._names.get(key, [])

    def __len__(self) -> int:
        return len(self.voters)

    def group_of(self, voter_id: str) -> str | None:
        """A voter's voting group (its key), from the list's `group` column (None if
        the list has none: an election of one group)."""
        voter = self._by_id.get(voter_id)
        if voter is None:
            return None
        return next(
            (value.upper() for column, value in voter.extra if column.casefold() == GROUP),
            None,
        )

    def group_sizes(self) -> dict[str, int]:
        """How many voters each voting group has on the list, by key."""
        sizes: dict[str, int] = {}
        for voter in self.voters:
            key = self.group_of(voter.id)
            if key is not None:
                sizes[key] = sizes.get(key, 0) + 1
        return sizes

    def get(self, voter_id: str) -> Voter | None:
        return self._by_id.get(voter_id)

    def position(self, voter_id: str) -> int | None:
        """Where a voter stands on the list."""
        return self._positions.get(voter_id)

    def search(self, text: str, within: Sequence[int] | None = None) -> Sequence[int]:
        """The positions of the voters whose id or name holds `text` (any case), in the
        list's order.

        `within` narrows an earlier result: typing one more letter only searches what
        the shorter text found. Without it, only the voters holding the text's rarest
        character or pair of characters are searched: a list of 50,000 is never
        scanned whole, not even for the first letter typed.
        """
        needle = " ".join(text.split()).casefold()
        if not needle:
            return range(len(self.voters)) if within is None else within
        if within is None:
            grams = (
                {needle}
                if len(needle) == 1
                else {needle[i : i + 2] for i in range(len(needle) - 1)}
            )
            within = min((self.positions_holding(gram) for gram in grams), key=len)
            if len(needle) <= 2:
                return within  # the index's own answer: no voter need be looked at
        keys = self._keys
        return [position for position in within if needle in keys[position]]


def read_voter_list(
    data: bytes, where: str = "the voter list", groups: Sequence[str] = ()
) -> VoterList:
    """The voter list a CSV file holds, or SetupError naming the line that is wrong.

    A header row names the columns; `id` and `name` (any case) are required, the
    others are kept. Every id appears once; the list has at least one voter. In an
    election of voting groups (`groups`: their keys) a `group` column names each
    voter's group by its key, so that their envelope's ballot is counted in that
    group's pile.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SetupError(f"{where}: line {line} is not UTF-8 text") from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise SetupError(f"{where}: line {line} is not text (a NUL byte)")
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        header = next(reader, None)
        if header is None or not any(cell.strip() for cell in header):
            raise SetupError(f"{where}: line 1 should be a header row naming id and name")
        names = [cell.strip().casefold() for cell in header]
        for at, column in enumerate(names):
            # Two columns of one name (`id,name,id`): which is the voter's id would be
            # a guess, and a guess on the voter list is refused.
            if column and column in names[:at]:
                raise SetupError(
                    f"{where}: line 1 (the header row) names the column"
                    f" {header[at].strip()!r} twice"
                )
        for required in ("id", "name"):
            if required not in names:
                raise SetupError(
                    f"{where}: line 1 (the header row) has no {required!r} column"
                    f" (it has {', '.join(repr(cell.strip()) for cell in header)})"
                )
        if groups and GROUP not in names:
            raise SetupError(
                f"{where}: line 1 (the header row) has no 'group' column: an election of"
                f" voting groups names each voter's group ({', '.join(groups)})"
            )
        group_at = names.index(GROUP) if groups else None
        id_at, name_at = names.index("id"), names.index("name")
        others = [i for i in range(len(header)) if i not in (id_at, name_at)]
        other_names = [(i, header[i].strip()) for i in others]  # once, not once a row
        voters: list[Voter] = []
        seen: dict[str, int] = {}
        for row in reader:
            line = reader.line_num
            if not "".join(row).strip():
                continue  # a blank line (one join, not a strip per cell: lists are long)
            if len(row) != len(header):
                raise SetupError(
                    f"{where}: line {line} has {len(row)} fields, the header {len(header)}"
                )
            voter_id, name = _cell(where, line, row[id_at]), _cell(where, line, row[name_at])
            if not voter_id or not name:
                raise SetupError(f"{where}: line {line} has no {'id' if not voter_id else 'name'}")
            if voter_id in seen:
                raise SetupError(
                    f"{where}: line {line} repeats id {voter_id!r} (first on line {seen[voter_id]})"
                )
            seen[voter_id] = line
            if group_at is not None:
                _check_group(where, line, voter_id, row[group_at], groups)
            extra = tuple((column, _cell(where, line, row[i])) for i, column in other_names)
            voters.append(Voter(voter_id, name, extra))
            if len(voters) > MAX_VOTERS:
                raise SetupError(f"{where}: more than {MAX_VOTERS:,} voters")
    except csv.Error as error:
        raise SetupError(f"{where}: line {reader.line_num} is not CSV ({error})") from None
    if not voters:
        raise SetupError(f"{where}: line 2 should be the first voter; the list is empty")
    return VoterList.of(tuple(voters), tuple(header[i].strip() for i in others))


def _check_group(where: str, line: int, voter_id: str, value: str, groups: Sequence[str]) -> None:
    key = value.strip().upper()
    if not key:
        raise SetupError(f"{where}: line {line} (voter {voter_id!r}) names no group")
    if key not in groups:
        raise SetupError(
            f"{where}: line {line} (voter {voter_id!r}) names group {value.strip()!r:.20},"
            f" not one of {', '.join(groups)}"
        )


def _cell(where: str, line: int, value: str) -> str:
    text = " ".join(value.split())
    if len(text) > MAX_FIELD:
        raise SetupError(f"{where}: line {line} has a field longer than {MAX_FIELD} characters")
    return text
