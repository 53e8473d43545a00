"""The revised count of a count run at several tables: what it carries from their
consolidation, what a decision may order, and the Revised Tally's figures.

The tables' sheets are consolidated into the election's one tally of ballots; the
Regional Director decides its determinative challenges once for the whole election and
the ballots ordered opened are commingled and counted once (*Allied Acoustics*, 300 NLRB
1181: "commingled ballots from separate election locations were opened and counted"),
never table by table (docs/rules.md, "Revised and corrected tallies").

A revised count of the tables is an election file of its own whose setup commits to
the consolidation ("tables SHA256" of its `tally.json`, as a runoff of it names it) and
carries two of its facts, checked against it: the consolidated lines (the Revised
Tally's *Original tally* column) and the election's register of every table's
challenges under one numbering (`consolidation.election_numbers`). Nothing here is a
call: the file's own calls are the opened ballots alone, counted as any revised count
counts them, and the final tally is the consolidated lines plus those calls, less the
challenges decided (no carried ballot is ever given a call it was not given at its
table).
"""

from __future__ import annotations

from dataclasses import dataclass

from station.domain.tally import Tally

TABLES_PREFIX = "tables "
OPEN = "open"
# Where a table's challenge stood on its final tally (`resolution.Status` values): only
# an open one is on line 6; the others were settled at the table.
TABLE_STATUSES = (OPEN, "withdrawn", "sustained", "counted")


@dataclass(frozen=True, slots=True)
class CarriedChallenge:
    """One challenge of the election's register, as the consolidation's tables state it.

    Attributes:
        number: its number in the election's one numbering.
        table: the label of the table that recorded it.
        table_number: its number in that table's own register.
        party: who challenged, as `challenges_by_party` keys it.
        status: where it stood on the table's final tally (only an open one is on
            line 6 and may be decided).
        reason: the reason its table's register gives (a `ChallengeReason` value), or
            None where none was given.
        note: the note its table's register gives, or None. A reason and a note are
            what the table's register already shows of the challenge; neither says how
            the ballot was marked.
    """

    number: int
    table: str
    table_number: int
    party: str | None
    status: str
    reason: str | None = None
    note: str | None = None

    def stored(self) -> list[object]:
        return [
            self.number,
            self.table,
            self.table_number,
            self.party,
            self.status,
            self.reason,
            self.note,
        ]

    @classmethod
    def restored(cls, value: object) -> CarriedChallenge:
        """Raises ValueError for anything but what `stored` gives. A file made before
        the reasons were carried stores five items: its challenges carry none."""
        if not isinstance(value, list) or len(value) not in (5, 7):
            raise ValueError(
                "a carried challenge is [number, table, table number, party, status, reason, note]"
            )
        number, table, table_number, party, status, *told = value
        if not isinstance(table, str) or not (party is None or isinstance(party, str)):
            raise ValueError("a carried challenge names its table and party")
        if status not in TABLE_STATUSES:
            raise ValueError(f"a carried challenge is {', '.join(TABLE_STATUSES)}")
        reason, note = told or (None, None)
        if not all(text is None or isinstance(text, str) for text in (reason, note)):
            raise ValueError("a carried challenge's reason and note are text")
        return cls(_whole(number), table, _whole(table_number), party, str(status), reason, note)


@dataclass(frozen=True, slots=True)
class TablesRevision:
    """What a revised count of the tables carries from their consolidation.

    Attributes:
        consolidation: "tables SHA256" of the consolidation's `tally.json`.
        original: the consolidated lines: the tally of ballots of the election.
        challenges: the election's register, in its one numbering.
        prepared: when the consolidated tally was prepared (its `prepared`), from which
            objections ran (29 CFR 102.69(a)(8); a revised tally opens no new period).
    """

    consolidation: str
    original: Tally
    challenges: tuple[CarriedChallenge, ...]
    prepared: str

    def problem(self) -> str | None:
        """Why these carried facts do not hold together, in one line, or None."""
        digest = self.consolidation.removeprefix(TABLES_PREFIX)
        if not self.consolidation.startswith(TABLES_PREFIX) or len(digest) != 64:
            return "a revised count of the tables names its consolidation as tables SHA256"
        if [c.number for c in self.challenges] != list(range(1, len(self.challenges) + 1)):
            return "the election's register is numbered 1, 2, … without gaps"
        still = sum(1 for c in self.challenges if c.status == OPEN)
        if still != self.original.challenged:
            return (
                f"the consolidated tally has {self.original.challenged:,} challenged ballots"
                f" on line 6, but its tables' registers {still:,} open challenges"
            )
        return None

    def stored(self) -> dict[str, object]:
        """As the setup stores it (the journal's first row)."""
        return {
            "consolidation": self.consolidation,
            "original": self.original.figures(),
            "challenges": [c.stored() for c in self.challenges],
            "prepared": self.prepared,
        }

    @classmethod
    def restored(cls, value: object) -> TablesRevision:
        """Raises ValueError for anything but what `stored` gives, or a revision whose
        facts do not hold together."""
        keys = {"consolidation", "original", "challenges", "prepared"}
        if not isinstance(value, dict) or set(value) != keys:
            raise ValueError("a revised count of the tables carries its consolidation's facts")
        figures, rows, prepared = value["original"], value["challenges"], value["prepared"]
        if (
            not isinstance(figures, list)
            or not isinstance(rows, list)
            or not isinstance(prepared, str)
        ):
            raise ValueError("a revised count of the tables carries lines and a register")
        revision = cls(
            str(value["consolidation"]),
            Tally.from_figures([_whole(f) for f in figures]),
            tuple(CarriedChallenge.restored(row) for row in rows),
            prepared,
        )
        problem = revision.problem()
        if problem:
            raise ValueError(problem)
        return revision


def revised_tally(revision: TablesRevision, calls: Tally, ordered: int, sustained: int) -> Tally:
    """The election's tally now: the consolidated lines, plus the opened ballots called
    in this file (`calls`: FOR, AGAINST, VOID and each choice's), less the challenges
    decided. A ballot ordered opened stays on line 6 until it is called; a sustained
    one leaves line 6 and is set aside, never opened.
    """
    original = revision.original
    called = calls.for_union + calls.against + calls.void
    if calls.challenged or called > ordered:
        raise ValueError(
            "a revised count calls only the ballots ordered opened, FOR, AGAINST or VOID"
        )
    uncounted = ordered - called
    choices = tuple(
        before + added
        for before, added in zip(
            original.choices, calls.choices or (0,) * len(original.choices), strict=True
        )
    )
    return Tally(
        original.for_union + calls.for_union,
        original.against + calls.against,
        original.void + calls.void,
        original.challenged - ordered - sustained + uncounted,
        choices,
        sealed_envelopes=original.sealed_envelopes,
        set_aside=original.set_aside + sustained,
        opened_uncounted=uncounted,
    )


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{value!r} is not a whole number")
    return value
